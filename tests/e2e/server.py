"""The real service as a separate process, against a real database and the test mail stack.

:class:`ServerProcess` writes a TOML settings file, starts ``pbem serve --config FILE``
(the console script's own entry point, run with this interpreter so it works without the
script on PATH), captures its JSON log lines in a file per start, and can stop it cleanly
(SIGTERM), kill it (SIGKILL) and start it again on the same database and mailbox. Waiting
is always for a condition — a log line, a database state, a mail — never for a time.

Typical use::

    server = ServerProcess(stack, database_url, tmp_path, settings={"fees": {...}})
    server.start()                      # returns once the poller is logged in
    server.send(raw_mail)               # a real SMTP hop into the server's mailbox
    server.wait_for_db(lambda s: ...)   # poll the database until a condition holds
    assert server.terminate() == 0

The server's own mailbox (IMAP user, also its sender address) is a fresh user of the stack.
"""

from __future__ import annotations

import contextlib
import email
import email.utils
import json
import os
import re
import signal
import smtplib
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlmodel import Session

from config.settings import Settings, toml_value
from db.session import make_engine, transaction
from tests.factories import make_game
from tests.mailstack import MailStack, MailUser, StoredMail

T = TypeVar("T")

ROOT = Path(__file__).resolve().parents[2]
READY_MESSAGE = "IMAP logged in"
"""The poller logs this after LOGIN; from then on every mail is caught up or pushed."""
ENTRY_POINT = "import sys; from mailserver.app.cli.main import main; sys.argv[0] = 'pbem'; main()"
"""What the ``pbem`` console script runs."""

_BARE_LF = re.compile(rb"\r?\n")

LogMatch = str | Callable[[dict[str, Any]], bool]
"""A substring of the log message, or a predicate over the whole parsed log record."""


class ServerDied(AssertionError):
    """The server process exited while a test was waiting for something else."""


def deep_merge(base: Mapping[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    """``base`` updated with ``extra``; nested mappings are merged, not replaced."""
    merged = dict(base)
    for key, value in extra.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = deep_merge(merged[key], value)
        else:
            merged[key] = value
    return merged


def to_toml(data: Mapping[str, Any]) -> str:
    """A TOML document for nested settings (str, bool, int, float, lists of them; None
    leaves the key out, so the setting keeps its default)."""
    lines: list[str] = []
    tables: list[tuple[str, Mapping[str, Any]]] = []
    for key, value in data.items():
        if isinstance(value, Mapping):
            tables.append((key, value))
        elif value is not None:
            lines.append(f"{key} = {toml_value(value)}")
    out = "\n".join(lines) + ("\n" if lines else "")
    for name, table in tables:
        body = to_toml({k: v for k, v in table.items() if not isinstance(v, Mapping)})
        out += f"\n[{name}]\n{body}"
        for sub, value in table.items():
            if isinstance(value, Mapping):
                out += to_toml({f"{name}.{sub}": value}).lstrip("\n")
    return out


class ServerProcess:
    """``pbem serve`` as a subprocess on ``database_url`` and ``stack``.

    ``settings`` are merged over the defaults (the stack's IMAP and SMTP, JSON logs) and
    validated with :class:`Settings` before they are written; ``env`` is added to the
    process environment on every start (``start(env=...)`` for one start only).
    ``program`` replaces ``pbem serve`` (the rest of the command is ``--config FILE``).
    """

    def __init__(
        self,
        stack: MailStack,
        database_url: str,
        workdir: Path,
        *,
        settings: Mapping[str, Any] | None = None,
        env: Mapping[str, str] | None = None,
        mailbox: MailUser | None = None,
        program: Sequence[str] | None = None,
    ) -> None:
        self.stack = stack
        self.program = list(program) if program else [sys.executable, "-c", ENTRY_POINT, "serve"]
        """The command before ``--config FILE``: ``pbem serve`` unless told otherwise
        (e.g. the echo bot of the benchmark, which reads the same settings file)."""
        self.database_url = database_url
        self.workdir = workdir
        workdir.mkdir(parents=True, exist_ok=True)
        self.mailbox = mailbox or stack.new_user("pbem")
        """The server's own address: the players write here, the server sends from here."""
        defaults: dict[str, Any] = {
            "database_url": database_url,
            "log_format": "json",
            "imap": {
                "host": stack.host,
                "port": stack.imap_port,
                "user": self.mailbox.address,
                "password": self.mailbox.password,
                "timeout_seconds": 10,
            },
            "smtp": {
                "host": stack.host,
                "port": stack.smtp_port,
                "from_address": self.mailbox.address,
                "timeout_seconds": 10,
            },
        }
        self.settings_data = deep_merge(defaults, settings or {})
        Settings.model_validate(self.settings_data)  # a typo fails here, not in the child
        self.config_path = workdir / "pbem.toml"
        self.config_path.write_text(to_toml(self.settings_data), encoding="utf-8")
        self.env = dict(env or {})
        self.starts = 0
        self.log_path = workdir / "server-0.log"
        self.process: subprocess.Popen[bytes] | None = None
        self._engine: Engine | None = None

    # -- lifecycle ---------------------------------------------------------------------

    def __enter__(self) -> ServerProcess:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def address(self) -> str:
        """The address players send to."""
        return self.mailbox.address

    @property
    def pid(self) -> int:
        """The process id of the running server."""
        if self.process is None:
            raise RuntimeError("server not started")
        return self.process.pid

    @property
    def alive(self) -> bool:
        """Whether the current process is still running."""
        return self.process is not None and self.process.poll() is None

    @property
    def returncode(self) -> int | None:
        """Exit code of the last process (negative: killed by that signal); None if running."""
        return None if self.process is None else self.process.poll()

    def command(self) -> list[str]:
        """The command line of the server: ``pbem serve --config FILE``."""
        return [*self.program, "--config", str(self.config_path)]

    def start(
        self,
        env: Mapping[str, str] | None = None,
        *,
        wait_ready: bool = True,
        timeout: float = 30.0,
    ) -> None:
        """Start the server (logs go to a new ``server-N.log``); by default wait until ready.

        No ``PBEM_*`` variable of the test process is inherited (the settings file says
        everything; a stray ``PBEM_TEST_CRASH_AT`` would kill every start): pass them in
        ``env`` here or to the constructor.
        """
        if self.alive:
            raise RuntimeError("server already running")
        child_env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
        child_env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(ROOT), os.environ.get("PYTHONPATH", "")) if p
        )
        child_env["PYTHONUNBUFFERED"] = "1"
        child_env.update(self.env)
        child_env.update(env or {})
        self.log_path = self.workdir / f"server-{self.starts}.log"
        self.starts += 1
        with open(self.log_path, "wb") as log:
            self.process = subprocess.Popen(
                self.command(),
                cwd=ROOT,
                env=child_env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # a Ctrl-C in the terminal reaches pytest only
            )
        if wait_ready:
            self.wait_ready(timeout)

    def wait_ready(self, timeout: float = 30.0) -> None:
        """Wait until the poller has logged in to IMAP."""
        self.wait_for_log(READY_MESSAGE, timeout=timeout)

    def signal(self, signum: int) -> None:
        """Send a signal to the server process."""
        if self.process is None:
            raise RuntimeError("server not started")
        self.process.send_signal(signum)

    def wait_exit(self, timeout: float = 30.0) -> int:
        """Wait for the process to end; its exit code (-N when killed by signal N)."""
        if self.process is None:
            raise RuntimeError("server not started")
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(
                f"server did not exit within {timeout} s\n{self.log_tail()}"
            ) from None

    def terminate(self, timeout: float = 30.0) -> int:
        """SIGTERM (graceful shutdown) and wait; the exit code."""
        if self.alive:
            self.signal(signal.SIGTERM)
        return self.wait_exit(timeout)

    def kill(self) -> int:
        """SIGKILL, like a power cut; the exit code (-9)."""
        if self.alive:
            self.signal(signal.SIGKILL)
        return self.wait_exit(10)

    def restart(self, env: Mapping[str, str] | None = None, *, graceful: bool = True) -> None:
        """Stop (SIGTERM, or SIGKILL if ``graceful`` is false) and start again."""
        if self.alive:
            if graceful:
                self.terminate()
            else:
                self.kill()
        self.start(env)

    def close(self) -> None:
        """Kill the server if it still runs and release the database engine."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None

    # -- logs --------------------------------------------------------------------------

    def log_records(self, *, all_runs: bool = False) -> list[dict[str, Any]]:
        """The parsed log of the current run (or of every run, oldest first).

        Lines that are not JSON (a traceback printed before logging was set up) come back
        as ``{"level": "raw", "message": line}``.
        """
        paths = [self.workdir / f"server-{n}.log" for n in range(self.starts)]
        records: list[dict[str, Any]] = []
        for path in paths if all_runs else [self.log_path]:
            with contextlib.suppress(FileNotFoundError):
                records.extend(_parse_log(path.read_text("utf-8", errors="replace")))
        return records

    def log_tail(self, lines: int = 40) -> str:
        """The end of the current run's log, for failure messages."""
        try:
            text = self.log_path.read_text("utf-8", errors="replace")
        except FileNotFoundError:
            return "(no server log)"
        return "server log (tail):\n" + "\n".join(text.splitlines()[-lines:])

    def count_log(self, match: LogMatch, *, all_runs: bool = False) -> int:
        """How many records of the log match."""
        test = _matcher(match)
        return sum(1 for record in self.log_records(all_runs=all_runs) if test(record))

    def wait_for_log(
        self, match: LogMatch, *, count: int = 1, timeout: float = 10.0
    ) -> list[dict[str, Any]]:
        """Wait until at least ``count`` records of the current run match; returns them."""
        test = _matcher(match)

        def found() -> list[dict[str, Any]] | None:
            hits = [record for record in self.log_records() if test(record)]
            return hits if len(hits) >= count else None

        return self.wait_until(found, timeout=timeout, what=f"log {match!r} x{count}")

    def errors_logged(self, *, all_runs: bool = True) -> list[dict[str, Any]]:
        """Records at level error or above (and raw lines such as tracebacks)."""
        return [
            record
            for record in self.log_records(all_runs=all_runs)
            if record.get("level") in ("error", "critical", "raw")
        ]

    # -- database ----------------------------------------------------------------------

    @property
    def engine(self) -> Engine:
        """An engine on the server's database (for setting up games and checking state)."""
        if self._engine is None:
            self._engine = make_engine(self.database_url)
        return self._engine

    @contextlib.contextmanager
    def session(self) -> Iterator[Session]:
        """A read session on the server's database (nothing is committed)."""
        with Session(self.engine, expire_on_commit=False) as session:
            yield session

    def query(self, read: Callable[[Session], T]) -> T:
        """``read(session)`` in a fresh session."""
        with self.session() as session:
            return read(session)

    def wait_for_db(
        self, check: Callable[[Session], T | None], *, timeout: float = 10.0, what: str = ""
    ) -> T:
        """Poll the database until ``check(session)`` is truthy; returns that value."""
        return self.wait_until(lambda: self.query(check), timeout=timeout, what=what or "db")

    # -- mail --------------------------------------------------------------------------

    def send(self, raw: bytes, *, sender: str | None = None, to: str | None = None) -> None:
        """Mail ``raw`` to the server (or ``to``) through the stack's SMTP relay."""
        send_smtp(self.stack, [raw], to=to or self.address, sender=sender)

    def deliver_bulk(self, raws: Iterable[bytes]) -> int:
        """Put many mails into the server's mailbox over one LMTP session (fast)."""
        return deliver_lmtp(self.stack, raws, self.address)

    def server_mail(self) -> list[StoredMail]:
        """The server's own mailbox as it stands (flags show what was processed)."""
        return self.stack.list_mail(self.mailbox.address, self.mailbox.password)

    # -- waiting -----------------------------------------------------------------------

    def wait_until(
        self,
        probe: Callable[[], T | None],
        *,
        timeout: float = 10.0,
        what: str = "condition",
        interval: float = 0.05,
        allow_exit: bool = False,
    ) -> T:
        """Call ``probe`` until it returns something truthy; fail if the server dies first
        (unless ``allow_exit``) or the time runs out."""
        deadline = time.monotonic() + timeout
        while True:
            value = probe()
            if value:
                return value
            if not allow_exit and self.process is not None and self.process.poll() is not None:
                raise ServerDied(
                    f"server exited ({self.process.returncode}) while waiting for {what}\n"
                    f"{self.log_tail()}"
                )
            if time.monotonic() > deadline:
                raise AssertionError(f"{what}: not within {timeout} s\n{self.log_tail()}")
            time.sleep(interval)


def send_smtp(
    stack: MailStack, raws: Iterable[bytes], *, to: str, sender: str | None = None
) -> None:
    """Send mails through the stack's SMTP relay on one connection (a player's client).

    Line ends become CRLF, as a mail client sends them (smtplib leaves bytes alone, and
    the relay refuses a message whose bare-LF lines add up to an over-long line).
    """
    with smtplib.SMTP(stack.host, stack.smtp_port, timeout=30) as smtp:
        for raw in raws:
            smtp.sendmail(sender or _from_of(raw), [to], _BARE_LF.sub(b"\r\n", raw))


def deliver_lmtp(stack: MailStack, raws: Iterable[bytes], rcpt: str) -> int:
    """Deliver mails straight into ``rcpt``'s INBOX over one LMTP session; how many."""
    count = 0
    with smtplib.LMTP(stack.host, stack.lmtp_port, timeout=60) as lmtp:
        for raw in raws:
            refused = lmtp.sendmail("sender@test.example", [rcpt], raw)
            if refused:
                raise smtplib.SMTPRecipientsRefused(refused)
            count += 1
    return count


def _from_of(raw: bytes) -> str:
    header = email.message_from_bytes(raw).get("From", "")
    return email.utils.parseaddr(str(header))[1] or "sender@test.example"


def _parse_log(text: str) -> Iterator[dict[str, Any]]:
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except ValueError:
            record = None
        yield record if isinstance(record, dict) else {"level": "raw", "message": line}


def _matcher(match: LogMatch) -> Callable[[dict[str, Any]], bool]:
    if callable(match):
        return match
    return lambda record: match in str(record.get("message", ""))


@dataclass(frozen=True)
class Seat:
    """A player of a game on the server: his mailbox and his game password."""

    seat: int
    user: MailUser
    password: str

    @property
    def address(self) -> str:
        """The registered address."""
        return self.user.address

    def header(self, game: int) -> str:
        """The identification line of his order mails."""
        return f"Partie {game} Spieler {self.seat} Kennwort {self.password}"


def create_game(
    server: ServerProcess,
    seats: Iterable[int] = (2, 3, 5),
    *,
    number: int = 227,
    gm: MailUser | None = None,
    **game_options: Any,
) -> dict[int, Seat]:
    """A running game in the server's database whose players are fresh stack users.

    ``game_options`` go to :func:`tests.factories.make_game` (``next_deadline``, ``turn``,
    ``language``...). The GM address is ``gm`` or a fresh stack user (``gm`` prefix).
    """
    gm_user = gm or server.stack.new_user("gm")
    players = {
        seat: Seat(seat, server.stack.new_user(f"p{seat}-"), f"kennwort{seat}") for seat in seats
    }
    with transaction(server.engine) as session:
        make_game(
            session,
            number,
            [(p.seat, p.address, p.password) for p in players.values()],
            gm_address=gm_user.address,
            **game_options,
        )
    return players
