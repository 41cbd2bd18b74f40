"""A complete mail system on loopback for ``pbem demo``: IMAP to read, SMTP to send, no setup.

:class:`LocalMail` runs Dovecot from a configuration of its own when Dovecot is installed
(``kind == "dovecot"``), otherwise an IMAP server inside the event loop (pymap,
``kind == "embedded"``). Either way an SMTP listener in the event loop accepts mail for the
stack's users and answers only once the mail is in the recipient's INBOX.

All mail lives in ``directory`` (Maildirs) and stays there after :meth:`LocalMail.stop`,
so the demo's mail can be read afterwards; the users and their passwords are kept in
``directory/users.json``, so a new ``LocalMail`` on the same directory serves the same
mailboxes again (on new ports).

Usage::

    async with LocalMail() as mail:
        mail.add_user("game@pbem.test", "secret")
        poller = ImapPoller(mail.imap_settings("game@pbem.test"), store, handle)
        transport = SmtpTransport(mail.smtp_settings("game@pbem.test"))
        ...
        print(mail.client_instructions())
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shutil
import tempfile
from email.message import EmailMessage
from pathlib import Path
from types import TracebackType
from typing import Literal
from urllib.parse import quote

from config.settings import ImapSettings, SmtpSettings
from mailserver.app.localmail.dovecot import (
    DovecotServer,
    check_credentials,
    dovecot_available,
    free_port,
)
from mailserver.app.localmail.embedded import EmbeddedImap
from mailserver.app.localmail.maildir import read_maildir
from mailserver.app.localmail.mutt import muttrc, write_private
from mailserver.app.localmail.relay import SmtpRelay

__all__ = ["Kind", "LocalMail", "dovecot_available"]

log = logging.getLogger("pbem.localmail")

Kind = Literal["dovecot", "embedded"]
USERS_FILE = "users.json"


class LocalMail:
    """IMAP + SMTP on loopback for a set of users with passwords; an async context manager.

    ``kind="auto"`` picks Dovecot when it is installed and starts, else the embedded server.
    ``directory`` defaults to a new folder under the temp directory, kept after
    :meth:`stop` (``remove_on_stop=True`` deletes it then: tests).
    ``prefer_embedded=True`` is ``kind="embedded"`` (``pbem demo --embedded``).
    As root, Dovecot's mail user ``vmail`` must be able to enter ``directory``: under /root
    it cannot, and ``kind="auto"`` falls back to the embedded server (with a warning).
    ``processed_keyword`` is declared as a permanent keyword in every INBOX (the embedded
    server only allows declared ones; Dovecot allows any).
    """

    def __init__(
        self,
        directory: str | Path | None = None,
        *,
        kind: Kind | Literal["auto"] = "auto",
        host: str = "127.0.0.1",
        processed_keyword: str = ImapSettings().processed_keyword,
        remove_on_stop: bool = False,
        prefer_embedded: bool = False,
    ) -> None:
        if directory is None:
            directory = tempfile.mkdtemp(prefix="pbem-mail-")
            # Traversable (not listable) for Dovecot's mail user; users.json stays 0600.
            Path(directory).chmod(0o711)
        self.directory = Path(directory).resolve()
        self.directory.mkdir(parents=True, exist_ok=True)
        if kind == "dovecot" and not dovecot_available():
            raise RuntimeError("Dovecot (with /usr/lib/dovecot/lmtp) is not installed")
        if prefer_embedded:
            kind = "embedded"
        self._requested = kind
        self.kind: Kind = "dovecot" if kind == "auto" and dovecot_available() else "embedded"
        if kind != "auto":
            self.kind = kind
        self.imap_host = host
        self.smtp_host = host
        self.imap_port = free_port(host)
        self.smtp_port = free_port(host)
        self.processed_keyword = processed_keyword
        self.remove_on_stop = remove_on_stop
        self.users: dict[str, str] = self._load_users()
        """Address (lower case) -> password."""
        self.muttrcs: dict[str, Path] = {}
        """Address -> the muttrc :meth:`write_muttrc` wrote for it."""
        self._dovecot: DovecotServer | None = None
        self._embedded: EmbeddedImap | None = None
        self._relay: SmtpRelay | None = None

    # -- lifecycle ---------------------------------------------------------------------

    async def __aenter__(self) -> LocalMail:
        await self.start()
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.stop()

    @property
    def running(self) -> bool:
        """IMAP and SMTP are up."""
        return self._relay is not None and self._relay.running

    async def start(self) -> None:
        """Start IMAP, then SMTP; with ``kind="auto"``, fall back to embedded if Dovecot fails."""
        if self.running:
            return
        if self.kind == "dovecot":
            try:
                await self._start_dovecot()
            except (RuntimeError, OSError) as exc:
                if self._requested != "auto":
                    raise
                log.warning("Dovecot did not start (%s); using the embedded IMAP server", exc)
                self.kind = "embedded"
        if self.kind == "embedded":
            embedded = EmbeddedImap(
                self.directory / "embedded",
                host=self.imap_host,
                imap_port=self.imap_port,
                keywords=[self.processed_keyword],
            )
            for address, password in self.users.items():
                embedded.add_user(address, password)
            await embedded.start()
            self._embedded = embedded
        relay = SmtpRelay(self.smtp_host, self.smtp_port, self.users, self._deliver)
        try:
            await relay.start()
        except BaseException:
            await self._stop_imap()
            raise
        self._relay = relay
        log.info(
            "local mail (%s) up: IMAP %s:%d, SMTP %s:%d, data in %s",
            self.kind,
            self.imap_host,
            self.imap_port,
            self.smtp_host,
            self.smtp_port,
            self.directory,
        )

    async def _start_dovecot(self) -> None:
        def start() -> DovecotServer:
            server = DovecotServer(
                self.directory / "dovecot", host=self.imap_host, imap_port=self.imap_port
            )
            try:
                for address, password in self.users.items():
                    server.add_user(address, password)
                server.start()
            except BaseException:
                server.close()
                raise
            return server

        self._dovecot = await asyncio.to_thread(start)

    async def stop(self) -> None:
        """Stop SMTP, then IMAP; the mail stays in :attr:`directory` (unless removed)."""
        relay, self._relay = self._relay, None
        try:
            if relay is not None:
                await relay.stop()
        finally:
            await self._stop_imap()
            if self.remove_on_stop:
                shutil.rmtree(self.directory, ignore_errors=True)

    async def _stop_imap(self) -> None:
        dovecot, self._dovecot = self._dovecot, None
        embedded, self._embedded = self._embedded, None
        if dovecot is not None:
            await asyncio.to_thread(dovecot.close)
        if embedded is not None:
            await embedded.stop()

    # -- users and mail ----------------------------------------------------------------

    def add_user(self, address: str, password: str) -> None:
        """Add (or change) a mailbox owner; before or after :meth:`start`, usable at once."""
        check_credentials(address, password)
        name = address.lower()
        self.users[name] = password
        self._save_users()
        if self._dovecot is not None:
            self._dovecot.add_user(name, password)
        if self._embedded is not None:
            self._embedded.add_user(name, password)

    def imap_settings(self, address: str, password: str | None = None) -> ImapSettings:
        """How the game server (or a bot) reads ``address``'s INBOX here."""
        name = address.lower()
        return ImapSettings(
            host=self.imap_host,
            port=self.imap_port,
            user=name,
            password=password if password is not None else self.users[name],
            processed_keyword=self.processed_keyword,
        )

    def smtp_settings(self, from_address: str, from_name: str | None = None) -> SmtpSettings:
        """How to send through this stack's SMTP listener as ``from_address``."""
        settings = SmtpSettings(host=self.smtp_host, port=self.smtp_port, from_address=from_address)
        if from_name is not None:
            settings = settings.model_copy(update={"from_name": from_name})
        return settings

    async def deliver(self, raw: bytes, rcpt: str, sender: str = "") -> None:
        """Put a message into ``rcpt``'s INBOX directly, as if it had just arrived."""
        if rcpt.lower() not in self.users:
            raise KeyError(f"no such user here: {rcpt}")
        await self._deliver(raw, rcpt.lower(), sender)

    async def _deliver(self, raw: bytes, rcpt: str, sender: str) -> None:
        if self._dovecot is not None:
            await asyncio.to_thread(self._dovecot.deliver, raw, rcpt, sender)
        elif self._embedded is not None:
            await self._embedded.deliver(raw, rcpt)
        else:
            raise RuntimeError("the local mail stack is not running")

    def maildir(self, address: str) -> Path:
        """The Maildir of ``address``'s INBOX (for mutt -f, or any Maildir reader)."""
        name = address.lower()
        if self.kind == "dovecot":
            return self.directory / "dovecot" / "home" / name / "Maildir"
        return self.directory / "embedded" / name

    def mailbox(self, address: str) -> list[EmailMessage]:
        """Every message in ``address``'s INBOX, oldest first (read from disk, also stopped)."""
        return read_maildir(self.maildir(address))

    def write_muttrc(self, address: str, path: Path, realname: str = "") -> Path:
        """Write a ready muttrc for ``address`` (IMAP, ``smtp_url``, no TLS on loopback) to
        ``path``, readable by the owner only; ``mutt -F path`` then reads and sends. It
        names this run's ports: it holds while the stack runs."""
        name = address.lower()
        note = (
            f"mutt -F {path}  (while this stack runs: its ports change with every start)\n"
            "Written anew by every start; changes here are lost then."
        )
        text = muttrc(
            name,
            self.users[name],
            imap=(self.imap_host, self.imap_port),
            smtp=(self.smtp_host, self.smtp_port),
            realname=realname,
            note=note,
        )
        write_private(path, text)
        self.muttrcs[name] = path
        return path

    def client_instructions(self) -> str:
        """How to read the mailboxes with Thunderbird, mutt or any IMAP client."""
        width = max((len(a) for a in self.users), default=10)
        lines = [
            f"Local mail ({self.kind}), on this machine only:",
            f"  IMAP  {self.imap_host} port {self.imap_port}  (no encryption, normal password)",
            f"  SMTP  {self.smtp_host} port {self.smtp_port}  (no encryption, no authentication)",
            "  user name = the full address:",
        ]
        lines += [
            f"    {address:<{width}}  password {password}  (on disk: {self.maildir(address)})"
            for address, password in sorted(self.users.items())
        ]
        example = next(iter(sorted(self.muttrcs or self.users)), "player@example")
        if example in self.muttrcs:
            mutt = f"  mutt -F {self.muttrcs[example]}   (a file per mailbox: read, reply, send)"
        else:  # Debian's mutt insists on TLS unless told otherwise
            url = f"imap://{quote(example)}@{self.imap_host}:{self.imap_port}/INBOX"
            mutt = f"  mutt -e 'set ssl_force_tls=no ssl_starttls=no' -f '{url}'"
        lines += [
            "Thunderbird: Account Settings > Add Mail Account > Configure manually: the IMAP and",
            "  SMTP lines above, connection security None, authentication Normal password.",
            "mutt, while the mail stack runs (pbem demo --keep-running):",
            mutt,
            "mutt, any time later (the mail stays on disk as Maildir):",
            f"  mutt -f {self.maildir(example)}",
            f"All mailboxes: {self.directory}",
        ]
        return "\n".join(lines) + "\n"

    # -- persistence of the user list -------------------------------------------------

    def _load_users(self) -> dict[str, str]:
        path = self.directory / USERS_FILE
        try:
            data = json.loads(path.read_text())
        except FileNotFoundError:
            return {}
        return {str(k): str(v) for k, v in dict(data).items()}

    def _save_users(self) -> None:
        path = self.directory / USERS_FILE
        tmp = path.with_name(f".{USERS_FILE}.tmp")
        tmp.write_text(json.dumps(self.users, indent=2, sort_keys=True) + "\n")
        tmp.chmod(0o600)
        os.replace(tmp, path)
