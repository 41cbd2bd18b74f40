"""A real mail stack on loopback for tests: Dovecot (IMAP + LMTP) and an SMTP relay into it.

Dovecot is :class:`mailserver.app.localmail.dovecot.DovecotServer` (the one ``pbem demo``
uses), here with TLS, under a scratch folder in /tmp: its own configuration, Maildir
storage, one passwd-file per user. The SMTP entry point is an aiosmtpd ``Controller`` that
hands every accepted message to Dovecot's LMTP, one recipient at a time, and answers the
SMTP client only after LMTP accepted it: "SMTP accepted" means "in the mailbox".

The recipe is the one in ``shared/design/TESTING-MAIL.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import email
import email.policy
import email.utils
import imaplib
import itertools
import re
import secrets
import shutil
import smtplib
import ssl
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP as SmtpServer
from aiosmtpd.smtp import Envelope, Session

from mailserver.app.localmail.dovecot import DovecotServer, find_dovecot, free_port

INSTALL_HINT = (
    "Dovecot is not installed. The mail tests need a real Dovecot (IMAP + LMTP): "
    ".ci/run installs it with `apt-get install -y dovecot-imapd dovecot-lmtpd`."
)
_UID_RE = re.compile(rb"\bUID (\d+)")
_FLAGS_RE = re.compile(rb"\bFLAGS \(([^)]*)\)")
_counter = itertools.count(1)


@dataclass(frozen=True)
class MailUser:
    """A mailbox owner on the test stack."""

    address: str
    password: str


@dataclass(frozen=True)
class StoredMail:
    """One message as it sits in an IMAP mailbox."""

    uid: int
    flags: frozenset[str]
    message: EmailMessage


class _RelayHandler:
    """aiosmtpd handler: accept known users only, deliver each recipient through LMTP."""

    def __init__(self, stack: MailStack) -> None:
        self._stack = stack

    async def handle_EHLO(
        self,
        server: SmtpServer,
        session: Session,
        envelope: Envelope,
        hostname: str,
        responses: list[str],
    ) -> list[str]:
        self._stack.smtp_connections += 1  # a client says EHLO once per connection
        session.host_name = hostname
        return responses

    async def handle_RCPT(
        self,
        server: SmtpServer,
        session: Session,
        envelope: Envelope,
        address: str,
        rcpt_options: list[str],
    ) -> str:
        if address.lower() not in self._stack.users:
            return "550 5.1.1 No such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SmtpServer, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or envelope.content
        assert isinstance(content, bytes)
        sender = envelope.mail_from or ""
        for rcpt in envelope.rcpt_tos:
            try:
                # Blocking smtplib in a worker thread keeps other SMTP sessions responsive.
                await asyncio.to_thread(self._stack.deliver, content, rcpt, sender)
            except (OSError, smtplib.SMTPException) as exc:
                return f"451 4.3.0 LMTP delivery to {rcpt} failed: {exc}"
        return "250 OK delivered"


class MailStack:
    """Dovecot on free loopback ports plus an SMTP relay into its LMTP.

    ``start()`` brings both up, ``close()`` tears everything down and removes the scratch
    folder. ``stop()``/``start()``/``restart()`` act on Dovecot only (same ports, same
    mailboxes); ``smtp_down()``/``smtp_up()`` on the relay only.
    """

    host = "127.0.0.1"

    def __init__(self, *, extra_config: str = "") -> None:
        if find_dovecot() is None:
            raise RuntimeError(INSTALL_HINT)
        # Unix sockets live under a short runtime folder of DovecotServer; the data here.
        self.root = Path(tempfile.mkdtemp(prefix="pbem-dc-", dir="/tmp"))
        try:
            self.dovecot = DovecotServer(
                self.root, host=self.host, tls=True, extra_config=extra_config
            )
        except BaseException:
            shutil.rmtree(self.root, ignore_errors=True)
            raise
        self.imap_port = self.dovecot.imap_port
        self.imaps_port = self.dovecot.imaps_port
        self.lmtp_port = self.dovecot.lmtp_port
        self.cert = self.dovecot.cert
        """Self-signed certificate for 127.0.0.1 (IMAPS and the relay's STARTTLS)."""
        self.key = self.dovecot.key
        self.smtp_port = free_port()
        self.users: dict[str, str] = {}
        self.smtp_connections = 0
        """SMTP sessions the relay has seen (counted at EHLO)."""
        self._controller: Controller | None = None

    # -- lifecycle ---------------------------------------------------------------------

    def __enter__(self) -> MailStack:
        self.start()
        self.smtp_up()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> None:
        """Start Dovecot and wait until IMAP and LMTP answer."""
        self.dovecot.start()

    def stop(self) -> None:
        """Stop Dovecot (its whole process group) and wait until its IMAP port is closed."""
        self.dovecot.stop()

    def restart(self) -> None:
        """Stop and start Dovecot on the same ports with the same mailboxes."""
        self.stop()
        self.start()

    def smtp_up(self) -> None:
        """Start the SMTP relay (a new controller each time: a stopped one cannot restart)."""
        if self._controller is not None:
            return
        tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        tls.load_cert_chain(self.cert, self.key)
        controller = Controller(
            _RelayHandler(self),
            hostname=self.host,
            port=self.smtp_port,
            ready_timeout=10,
            tls_context=tls,  # offers STARTTLS; plain SMTP keeps working
        )
        controller.start()
        self._controller = controller

    def smtp_down(self) -> None:
        """Stop the SMTP relay; open client connections are dropped."""
        controller, self._controller = self._controller, None
        if controller is not None:
            controller.stop()

    def close(self) -> None:
        """Tear everything down and remove the scratch folder."""
        try:
            self.smtp_down()
        finally:
            self.dovecot.close(remove_data=True)

    def client_ssl_context(self) -> ssl.SSLContext:
        """A verifying client context that trusts this stack's certificate."""
        return ssl.create_default_context(cafile=str(self.cert))

    def dovecot_log(self) -> str:
        """Dovecot's log so far (for failure messages)."""
        return self.dovecot.dovecot_log()

    # -- users and delivery ------------------------------------------------------------

    def add_user(self, address: str, password: str) -> MailUser:
        """Add a mailbox owner; usable at once, also while Dovecot runs (a new passwd-file)."""
        self.dovecot.add_user(address, password)  # ValueError for an unusable address
        self.users[address.lower()] = password
        return MailUser(address, password)

    def new_user(self, prefix: str = "user") -> MailUser:
        """A user with a unique address and a random password."""
        address = f"{prefix}{next(_counter)}-{secrets.token_hex(3)}@test.example"
        return self.add_user(address, secrets.token_urlsafe(12))

    def deliver(self, raw: bytes, rcpt: str, sender: str | None = None) -> None:
        """Deliver a message straight into Dovecot's LMTP, as if it had just arrived."""
        self.dovecot.deliver(raw, rcpt, sender)

    # -- reading mailboxes -------------------------------------------------------------

    @contextlib.contextmanager
    def imap(self, address: str, password: str) -> Iterator[imaplib.IMAP4]:
        """A logged-in standard-library IMAP session."""
        conn = imaplib.IMAP4(self.host, self.imap_port, timeout=10)
        try:
            conn.login(address, password)
            yield conn
        finally:
            with contextlib.suppress(imaplib.IMAP4.error, OSError):
                conn.logout()

    def list_mail(self, address: str, password: str, mailbox: str = "INBOX") -> list[StoredMail]:
        """Every message in a mailbox with its UID and flags; read-only (sets no \\Seen)."""
        with self.imap(address, password) as conn:
            typ, _ = conn.select(_quote(mailbox), readonly=True)
            if typ != "OK":
                raise AssertionError(f"cannot select {mailbox!r} of {address}")
            typ, data = conn.uid("FETCH", "1:*", "(UID FLAGS BODY.PEEK[])")
            if typ != "OK":
                raise AssertionError(f"fetch failed in {mailbox!r}: {data!r}")
        found: list[StoredMail] = []
        for item in data:
            if not isinstance(item, tuple):
                continue
            uid, flags = _UID_RE.search(item[0]), _FLAGS_RE.search(item[0])
            if uid is None or flags is None:
                raise AssertionError(f"unexpected FETCH response: {item[0]!r}")
            message = email.message_from_bytes(item[1], policy=email.policy.default)
            assert isinstance(message, EmailMessage)
            found.append(StoredMail(int(uid[1]), frozenset(flags[1].decode().split()), message))
        return found

    def fetch_all(self, address: str, password: str, mailbox: str = "INBOX") -> list[EmailMessage]:
        """Every message in a mailbox, oldest first."""
        return [stored.message for stored in self.list_mail(address, password, mailbox)]

    def wait_for(
        self,
        address: str,
        password: str,
        predicate: Callable[[list[StoredMail]], bool],
        timeout: float = 10.0,
        mailbox: str = "INBOX",
    ) -> list[StoredMail]:
        """Poll a mailbox until ``predicate(mails)`` holds; AssertionError on timeout.

        Blocking: from async code use :meth:`async_wait_for` so the event loop keeps running.
        """
        deadline = time.monotonic() + timeout
        while True:
            mails = self.list_mail(address, password, mailbox)
            if predicate(mails):
                return mails
            if time.monotonic() > deadline:
                raise AssertionError(_describe_timeout(address, mailbox, timeout, mails))
            time.sleep(0.1)

    async def async_wait_for(self, *args: Any, **kwargs: Any) -> list[StoredMail]:
        """:meth:`wait_for` for async tests, the same arguments: it polls and sleeps in a
        thread, so the event loop keeps running."""
        return await asyncio.to_thread(self.wait_for, *args, **kwargs)

    def append(
        self, address: str, password: str, raw: bytes, mailbox: str = "INBOX", flags: str = ""
    ) -> None:
        """Put a message into any folder (LMTP only delivers to INBOX)."""
        with self.imap(address, password) as conn:
            typ, data = conn.append(_quote(mailbox), f"({flags})" if flags else None, None, raw)
            if typ != "OK":
                raise AssertionError(f"APPEND to {mailbox!r} failed: {data!r}")

    def create_mailbox(self, address: str, password: str, mailbox: str) -> None:
        """Create a folder for the user."""
        with self.imap(address, password) as conn:
            typ, data = conn.create(_quote(mailbox))
            if typ != "OK":
                raise AssertionError(f"CREATE {mailbox!r} failed: {data!r}")

    def delete_mailbox(self, address: str, password: str, mailbox: str) -> None:
        """Delete a folder with everything in it."""
        with self.imap(address, password) as conn:
            typ, data = conn.delete(_quote(mailbox))
            if typ != "OK":
                raise AssertionError(f"DELETE {mailbox!r} failed: {data!r}")


def _quote(mailbox: str) -> str:
    return '"' + mailbox.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _describe_timeout(address: str, mailbox: str, timeout: float, mails: list[StoredMail]) -> str:
    summary: list[Any] = [(m.uid, sorted(m.flags), m.message["Subject"]) for m in mails]
    return f"{address} {mailbox}: condition not met within {timeout} s; mailbox holds {summary}"
