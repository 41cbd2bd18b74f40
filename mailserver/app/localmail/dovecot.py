"""Dovecot on loopback, from a configuration of its own: IMAP for reading, LMTP for delivery.

Nothing of the system's Dovecot setup is used or touched: the configuration, the users (one
passwd-file per user), the Maildirs and the log live under a data directory; the runtime
files (unix sockets, whose paths must stay under ~100 characters) under a short scratch
folder in /tmp. Ports are free loopback ports picked at construction.

Dovecot refuses mail access as root: run as root, mail belongs to the ``vmail`` system user
(created when missing); run as anybody else, Dovecot runs as that user.
"""

from __future__ import annotations

import contextlib
import email.utils
import grp
import os
import pwd
import re
import shutil
import signal
import smtplib
import socket
import subprocess
import tempfile
import time
from pathlib import Path

VMAIL_UID = 5000
LMTP_BINARY = Path("/usr/lib/dovecot/lmtp")
INSTALL_HINT = (
    "Dovecot is not installed: `apt-get install -y dovecot-imapd dovecot-lmtpd` "
    "(the local mail stack falls back to its embedded IMAP server without it)."
)
_ADDRESS_RE = re.compile(r"[^\s:@/\\]+@[^\s:@/\\]+")


def find_dovecot() -> str | None:
    """The path of the ``dovecot`` binary, also when /usr/sbin is not on PATH."""
    return shutil.which("dovecot") or shutil.which("dovecot", path="/usr/sbin:/usr/local/sbin")


def dovecot_available() -> bool:
    """Dovecot with its LMTP service is installed (what :class:`DovecotServer` needs)."""
    return find_dovecot() is not None and LMTP_BINARY.exists()


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port on ``host`` that nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def check_credentials(address: str, password: str) -> None:
    """ValueError unless the address and password fit a passwd-file line and a file name."""
    if not _ADDRESS_RE.fullmatch(address):
        raise ValueError(f"not a usable mail address: {address!r}")
    if not password or any(ch in password for ch in ":\r\n\0"):
        raise ValueError(f"unusable password for {address} (empty, or ':' or a line break)")


def ensure_vmail_user() -> tuple[int, int]:
    """Create the ``vmail`` system user if missing (Dovecot refuses mail access as root)."""
    try:
        entry = pwd.getpwnam("vmail")
    except KeyError:
        if os.geteuid() != 0:
            raise RuntimeError("only root can create the `vmail` user Dovecot needs") from None
        subprocess.run(
            ["useradd", "-r", "-u", str(VMAIL_UID), "-m", "-d", "/var/vmail", "vmail"],
            check=True,
            capture_output=True,
        )
        entry = pwd.getpwnam("vmail")
    return entry.pw_uid, entry.pw_gid


def mail_owner() -> tuple[str, str, int, int]:
    """``(user name, group name, uid, gid)`` Dovecot's mail processes run as."""
    if os.geteuid() == 0:
        uid, gid = ensure_vmail_user()
    else:
        uid, gid = os.geteuid(), os.getegid()
    return pwd.getpwuid(uid).pw_name, grp.getgrgid(gid).gr_name, uid, gid


def reachable_by(path: Path, uid: int, gid: int) -> bool:
    """Whether ``uid``/``gid`` may enter every directory above ``path`` (a rough check)."""
    for parent in path.resolve().parents:
        st = parent.stat()
        if st.st_uid == uid:
            allowed = st.st_mode & 0o100
        elif st.st_gid == gid:
            allowed = st.st_mode & 0o010
        else:
            allowed = st.st_mode & 0o001
        if not allowed:
            return False
    return True


class DovecotServer:
    """One Dovecot master process serving IMAP (and IMAPS with ``tls``) and LMTP on loopback.

    ``start()`` waits until IMAP and LMTP answer; ``stop()`` ends the whole process group;
    both may be called again (same ports, same mailboxes). ``close()`` also removes the
    runtime folder; the data directory stays unless ``remove_data``.
    """

    def __init__(
        self,
        directory: Path,
        *,
        host: str = "127.0.0.1",
        tls: bool = False,
        extra_config: str = "",
        imap_port: int | None = None,
    ) -> None:
        """``tls`` makes a self-signed certificate (needs ``openssl``) and opens IMAPS."""
        dovecot = find_dovecot()
        if dovecot is None:
            raise RuntimeError(INSTALL_HINT)
        self.dovecot = dovecot
        self.host = host
        self.directory = directory
        self.tls = tls
        self.users_dir = directory / "users"
        self.home_dir = directory / "home"
        self.conf = directory / "dovecot.conf"
        self.log = directory / "dovecot.log"
        self.cert = directory / "cert.pem"
        self.key = directory / "key.pem"
        self.imap_port = imap_port or free_port(host)
        self.imaps_port = free_port(host)
        self.lmtp_port = free_port(host)
        self.user, self._group, self._uid, self._gid = mail_owner()
        directory.mkdir(parents=True, exist_ok=True)
        if not reachable_by(directory, self._uid, self._gid):
            raise RuntimeError(
                f"{directory} is not reachable for the mail user {self.user}: "
                "choose a data directory under /tmp or /var"
            )
        self.runtime = Path(tempfile.mkdtemp(prefix="pbem-run-", dir="/tmp"))
        self._process: subprocess.Popen[bytes] | None = None
        try:
            self._write_config(extra_config)
        except BaseException:
            shutil.rmtree(self.runtime, ignore_errors=True)
            raise

    # -- lifecycle ---------------------------------------------------------------------

    def start(self) -> None:
        """Start Dovecot (if not running) and wait until IMAP and LMTP answer."""
        if self._process is not None and self._process.poll() is None:
            return
        stderr_path = self.runtime / "dovecot.stderr"
        with open(stderr_path, "ab") as stderr:
            self._process = subprocess.Popen(
                [self.dovecot, "-F", "-c", str(self.conf)],
                stdout=subprocess.DEVNULL,
                stderr=stderr,
                start_new_session=True,  # own process group: stop() can kill every child
            )
        deadline = time.monotonic() + 15
        while not (self._greets(self.imap_port, b"* OK") and self._greets(self.lmtp_port, b"220")):
            if self._process.poll() is not None:
                err = stderr_path.read_text(errors="replace")
                self._process = None
                raise RuntimeError(f"dovecot exited at start: {err}\n{self.dovecot_log()}")
            if time.monotonic() > deadline:
                self.stop()
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

    @property
    def running(self) -> bool:
        """The master process is alive."""
        return self._process is not None and self._process.poll() is None

    def close(self, *, remove_data: bool = False) -> None:
        """Stop and remove the runtime folder (and the data directory if asked)."""
        try:
            self.stop()
        finally:
            shutil.rmtree(self.runtime, ignore_errors=True)
            if remove_data:
                shutil.rmtree(self.directory, ignore_errors=True)

    def dovecot_log(self) -> str:
        """Dovecot's log so far (for error messages)."""
        try:
            return self.log.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    # -- users and delivery ------------------------------------------------------------

    def add_user(self, address: str, password: str) -> None:
        """Add (or change) a mailbox owner; usable at once, also while Dovecot runs.

        One passwd-file per user: Dovecot looks at a passwd-file at most once a second, so
        a user appended to a shared file right after a login would stay unknown that long.
        """
        check_credentials(address, password)
        name = address.lower()
        path = self.users_dir / name
        tmp = path.with_name(name + ".tmp")
        tmp.write_text(f"{name}:{{PLAIN}}{password}::::::\n")
        tmp.chmod(0o600)
        os.chown(tmp, self._uid, self._gid)
        os.replace(tmp, path)  # atomic: Dovecot never reads a half-written file

    def maildir(self, address: str) -> Path:
        """The Maildir holding the user's INBOX."""
        return self.home_dir / address.lower() / "Maildir"

    def deliver(self, raw: bytes, rcpt: str, sender: str | None = None) -> None:
        """Deliver a message through LMTP (blocking); raises when LMTP refuses it."""
        if sender is None:
            parsed = email.message_from_bytes(raw)
            sender = email.utils.parseaddr(str(parsed.get("From", "")))[1]
        with smtplib.LMTP(self.host, self.lmtp_port, timeout=30) as lmtp:
            refused = lmtp.sendmail(sender, [rcpt], raw)
        if refused:
            raise smtplib.SMTPRecipientsRefused(refused)

    # -- internals ---------------------------------------------------------------------

    def _write_config(self, extra_config: str) -> None:
        for folder in (self.users_dir, self.home_dir, self.runtime / "run", self.runtime / "state"):
            folder.mkdir(parents=True, exist_ok=True)
        if self.tls:
            self._make_certificate()
        self.log.touch()
        tls = _TLS_TEMPLATE.format(d=self.directory) if self.tls else "ssl = no\n"
        imaps = (
            _IMAPS_TEMPLATE.format(host=self.host, port=self.imaps_port)
            if self.tls
            else "  inet_listener imaps {\n    port = 0\n  }\n"
        )
        self.conf.write_text(
            _CONFIG_TEMPLATE.format(
                d=self.directory,
                r=self.runtime,
                host=self.host,
                user=self.user,
                group=self._group,
                uid=self._uid,
                gid=self._gid,
                first_uid=min(self._uid, 100),
                tls=tls,
                imap_port=self.imap_port,
                imaps=imaps,
                lmtp_port=self.lmtp_port,
                extra=extra_config,
            )
        )
        for root in (self.directory, self.runtime):
            for path in (root, *root.rglob("*")):
                os.chown(path, self._uid, self._gid)

    def _make_certificate(self) -> None:
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
                "30",
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


_TLS_TEMPLATE = """\
ssl = yes
ssl_cert = <{d}/cert.pem
ssl_key = <{d}/key.pem
"""

_IMAPS_TEMPLATE = """\
  inet_listener imaps {{
    address = {host}
    port = {port}
  }}
"""

_CONFIG_TEMPLATE = """\
base_dir = {r}/run
state_dir = {r}/state
log_path = {d}/dovecot.log
protocols = imap lmtp
listen = {host}
{tls}disable_plaintext_auth = no
auth_failure_delay = 0
default_internal_user = {user}
default_internal_group = {group}
default_login_user = {user}
mail_location = maildir:~/Maildir
mail_fsync = never
first_valid_uid = {first_uid}
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%Lu {d}/users/%Lu
}}
userdb {{
  driver = passwd-file
  args = username_format=%Lu {d}/users/%Lu
  default_fields = uid={uid} gid={gid} home={d}/home/%Lu
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = {host}
    port = {imap_port}
  }}
{imaps}}}
service lmtp {{
  inet_listener lmtp {{
    address = {host}
    port = {lmtp_port}
  }}
}}
service anvil {{
  chroot =
}}
{extra}
"""
