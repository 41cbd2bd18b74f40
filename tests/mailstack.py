"""A real mail stack on loopback for tests: Dovecot (IMAP + LMTP) and an SMTP relay into it.

Dovecot runs from its own configuration under a short scratch folder, with Maildir storage
and users in passwd-files: one file per user, because Dovecot looks at a passwd-file at most
once a second, so a user appended to a shared file right after a login would stay unknown
for up to a second. The SMTP entry point is an aiosmtpd ``Controller`` that
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
import os
import pwd
import re
import secrets
import shutil
import signal
import smtplib
import socket
import ssl
import subprocess
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

VMAIL_UID = 5000
INSTALL_HINT = (
    "Dovecot is not installed. The mail tests need a real Dovecot (IMAP + LMTP): "
    ".ci/run installs it with `apt-get install -y dovecot-imapd dovecot-lmtpd`."
)
_UID_RE = re.compile(rb"\bUID (\d+)")
_FLAGS_RE = re.compile(rb"\bFLAGS \(([^)]*)\)")
_counter = itertools.count(1)


def find_dovecot() -> str | None:
    """The path of the ``dovecot`` binary, also when /usr/sbin is not on PATH."""
    return shutil.which("dovecot") or shutil.which("dovecot", path="/usr/sbin:/usr/local/sbin")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def ensure_vmail_user() -> tuple[int, int]:
    """Create the ``vmail`` system user if missing (Dovecot refuses mail access as root)."""
    try:
        entry = pwd.getpwnam("vmail")
    except KeyError:
        if os.geteuid() != 0:
            raise RuntimeError("the mail tests must run as root once to create `vmail`") from None
        subprocess.run(
            ["useradd", "-r", "-u", str(VMAIL_UID), "-m", "-d", "/var/vmail", "vmail"],
            check=True,
            capture_output=True,
        )
        entry = pwd.getpwnam("vmail")
    return entry.pw_uid, entry.pw_gid


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
        dovecot = find_dovecot()
        if dovecot is None:
            raise RuntimeError(INSTALL_HINT)
        self.dovecot = dovecot
        self.extra_config = extra_config
        # Unix sockets live under base_dir: keep the path short (limit ~100 characters).
        self.root = Path(tempfile.mkdtemp(prefix="pbem-dc-", dir="/tmp"))
        self.conf = self.root / "dovecot.conf"
        self.users_dir = self.root / "users"
        self.cert = self.root / "cert.pem"
        """Self-signed certificate for 127.0.0.1 (IMAPS and the relay's STARTTLS)."""
        self.key = self.root / "key.pem"
        self.log = self.root / "dovecot.log"
        self.imap_port = free_port()
        self.imaps_port = free_port()
        self.lmtp_port = free_port()
        self.smtp_port = free_port()
        self.users: dict[str, str] = {}
        self.smtp_connections = 0
        """SMTP sessions the relay has seen (counted at EHLO)."""
        self._process: subprocess.Popen[bytes] | None = None
        self._controller: Controller | None = None
        try:
            self._uid, self._gid = ensure_vmail_user()
            self._write_config()
        except BaseException:
            shutil.rmtree(self.root, ignore_errors=True)
            raise

    # -- lifecycle ---------------------------------------------------------------------

    def __enter__(self) -> MailStack:
        self.start()
        self.smtp_up()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> None:
        """Start Dovecot and wait until IMAP and LMTP answer."""
        if self._process is not None and self._process.poll() is None:
            return
        with open(self.root / "dovecot.stderr", "ab") as stderr:
            self._process = subprocess.Popen(
                [self.dovecot, "-F", "-c", str(self.conf)],
                stdout=subprocess.DEVNULL,
                stderr=stderr,
                start_new_session=True,  # own process group: teardown can kill every child
            )
        deadline = time.monotonic() + 15
        while not (self._greets(self.imap_port, b"* OK") and self._greets(self.lmtp_port, b"220")):
            if self._process.poll() is not None:
                err = (self.root / "dovecot.stderr").read_text(errors="replace")
                raise RuntimeError(f"dovecot exited at start: {err}\n{self.dovecot_log()}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"dovecot did not answer within 15 s\n{self.dovecot_log()}")
            time.sleep(0.05)

    def stop(self) -> None:
        """Stop Dovecot and wait for it; whatever is left of its process group is killed."""
        process, self._process = self._process, None
        if process is None:
            return
        try:
            if process.poll() is None:
                # What `doveadm stop` does, minus its 2 s of polling: SIGTERM to the master.
                process.terminate()
                process.wait(timeout=10)
        finally:
            # Leftovers (a hung master, children that outlived it) die with the group.
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)
        deadline = time.monotonic() + 10
        while self._listening(self.imap_port) and time.monotonic() < deadline:
            time.sleep(0.05)

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
            self.stop()
            shutil.rmtree(self.root, ignore_errors=True)

    def client_ssl_context(self) -> ssl.SSLContext:
        """A verifying client context that trusts this stack's certificate."""
        return ssl.create_default_context(cafile=str(self.cert))

    def dovecot_log(self) -> str:
        """Dovecot's log so far (for failure messages)."""
        try:
            return self.log.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    # -- users and delivery ------------------------------------------------------------

    def add_user(self, address: str, password: str) -> MailUser:
        """Add a mailbox owner; usable at once, also while Dovecot runs (a new passwd-file)."""
        if not re.fullmatch(r"[^\s:@]+@[^\s:@]+", address) or ":" in password or "\n" in password:
            raise ValueError(f"unusable test address or password: {address!r}")
        self.users[address.lower()] = password
        path = self.users_dir / address.lower()
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(f"{address.lower()}:{{PLAIN}}{password}::::::\n")
        os.chown(tmp, self._uid, self._gid)
        os.replace(tmp, path)  # atomic: Dovecot never reads a half-written file
        return MailUser(address, password)

    def new_user(self, prefix: str = "user") -> MailUser:
        """A user with a unique address and a random password."""
        address = f"{prefix}{next(_counter)}-{secrets.token_hex(3)}@test.example"
        return self.add_user(address, secrets.token_urlsafe(12))

    def deliver(self, raw: bytes, rcpt: str, sender: str | None = None) -> None:
        """Deliver a message straight into Dovecot's LMTP, as if it had just arrived."""
        if sender is None:
            parsed = email.message_from_bytes(raw)
            sender = email.utils.parseaddr(str(parsed.get("From", "")))[1]
        with smtplib.LMTP(self.host, self.lmtp_port, timeout=10) as lmtp:
            refused = lmtp.sendmail(sender, [rcpt], raw)
        if refused:
            raise smtplib.SMTPRecipientsRefused(refused)

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

    async def async_wait_for(
        self,
        address: str,
        password: str,
        predicate: Callable[[list[StoredMail]], bool],
        timeout: float = 10.0,
        mailbox: str = "INBOX",
    ) -> list[StoredMail]:
        """:meth:`wait_for` for async tests: polls in a thread, sleeps without blocking."""
        deadline = time.monotonic() + timeout
        while True:
            mails = await asyncio.to_thread(self.list_mail, address, password, mailbox)
            if predicate(mails):
                return mails
            if time.monotonic() > deadline:
                raise AssertionError(_describe_timeout(address, mailbox, timeout, mails))
            await asyncio.sleep(0.1)

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

    # -- internals ---------------------------------------------------------------------

    def _write_config(self) -> None:
        d = self.root
        for sub in ("run", "state", "home", "users"):
            (d / sub).mkdir()
        subprocess.run(
            [
                "openssl",
                "req",
                "-x509",
                "-newkey",
                "ec",
                "-pkeyopt",
                "ec_paramgen_curve:P-256",
                "-nodes",
                "-days",
                "2",
                "-subj",
                f"/CN={self.host}",
                "-addext",
                f"subjectAltName=IP:{self.host}",
                "-keyout",
                str(self.key),
                "-out",
                str(self.cert),
            ],
            check=True,
            capture_output=True,
        )
        self.log.touch()
        self.conf.write_text(
            _CONFIG_TEMPLATE.format(
                d=d,
                imap_port=self.imap_port,
                imaps_port=self.imaps_port,
                lmtp_port=self.lmtp_port,
                extra=self.extra_config,
            )
        )
        for path in (d, *d.rglob("*")):
            os.chown(path, self._uid, self._gid)

    def _greets(self, port: int, greeting: bytes) -> bool:
        try:
            with socket.create_connection((self.host, port), timeout=1) as sock:
                return sock.recv(64).startswith(greeting)
        except OSError:
            return False

    def _listening(self, port: int) -> bool:
        try:
            with socket.create_connection((self.host, port), timeout=0.5):
                return True
        except OSError:
            return False


def _quote(mailbox: str) -> str:
    return '"' + mailbox.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _describe_timeout(address: str, mailbox: str, timeout: float, mails: list[StoredMail]) -> str:
    summary: list[Any] = [(m.uid, sorted(m.flags), m.message["Subject"]) for m in mails]
    return f"{address} {mailbox}: condition not met within {timeout} s; mailbox holds {summary}"


_CONFIG_TEMPLATE = """\
base_dir = {d}/run
state_dir = {d}/state
log_path = {d}/dovecot.log
protocols = imap lmtp
listen = 127.0.0.1
ssl = yes
ssl_cert = <{d}/cert.pem
ssl_key = <{d}/key.pem
disable_plaintext_auth = no
auth_failure_delay = 0
default_internal_user = vmail
default_internal_group = vmail
default_login_user = vmail
mail_location = maildir:~/Maildir
mail_fsync = never
first_valid_uid = 100
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {d}/users/%u
}}
userdb {{
  driver = passwd-file
  args = username_format=%u {d}/users/%u
  default_fields = uid=vmail gid=vmail home={d}/home/%u
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {imap_port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {imaps_port}
  }}
}}
service lmtp {{
  inet_listener lmtp {{
    address = 127.0.0.1
    port = {lmtp_port}
  }}
}}
service anvil {{
  chroot =
}}
{extra}
"""
