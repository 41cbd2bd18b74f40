"""Benchmark of a deadline burst: 200 games of 8 players whose deadline is the same moment.

Run: ``python tests/bench/bench_burst.py [--runs 3] [--games 200] [--seats 8]
[--connections 1] [--backend sqlite|postgresql] [--quick] [--json] [--profile FILE]``
(from the repository root; needs Dovecot, as the tests). ``--quick``: 30 games;
``--maps``: the printouts carry their map pictures (off by default: bench_maps.py
measures them, this is the mail path with the JSON twin);
``--json``: the medians as JSON on the last line (for tests/bench/report.py);
``--profile``: py-spy's collapsed stacks of the server and its workers during the first
burst; ``--workers N``: the server's worker processes (default: its own choice).

``pbem serve`` runs as its own process (tests/e2e/server.py) with its IMAP poller on the
Dovecot of tests/mailstack.py; its SMTP relay is a plain aiosmtpd sink in a process of
its own that accepts every mail and notes when (Dovecot is kept out of the measured
path: the sink stores nothing).

* Set-up, not timed: the games are created and started with ``mailserver.gm.operations`` and each
  player's bot orders for turn 1 are parsed and stored as intake would, once into a
  template database that each run copies. Password hashing is made cheap for the set-up
  (Argon2id at its least cost, ``tests.factories.QUICK_HASHING``; 3,400 hashes at the real
  cost would take minutes and nothing in the burst verifies a password). The turn-0
  printouts are marked sent.
* Burst: with the server running, every game's deadline is set to the same moment a few
  seconds ahead. The clock runs from that deadline until the sink has accepted every
  printout and GM summary of turn 1 (games x (seats + 1) mails); the moment the last turn
  was committed is read from the server's log.
* Baseline: the very same messages (read back from the outbox and built as the sender
  builds them, ``mailserver.outbound.outbox.OutboxMail``, attachments included; the sink's sizes
  are compared) sent one after the other over one ``mailserver.outbound.smtp.SmtpTransport``
  connection to a fresh sink, as the outbox sender does, without any database or turn
  run.

* Size: the server's peak memory (``VmHWM`` of the server process, its workers apart)
  read just before it stops, and the database's growth over the burst (the SQLite file
  and its WAL, or ``pg_database_size``) per game-turn.

Prints per run and the medians over the runs: burst seconds, baseline seconds, ratio,
memory and growth (tests/bench/bench_growth.py runs it at several sizes).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from cli import mail_bench_args, mail_bench_parser  # tests/bench/cli.py, beside this script
from sqlalchemy import text, update
from sqlalchemy.engine import make_url
from sqlmodel import col, select

import db.passwords
from config.settings import SmtpSettings
from db import repo
from db.models import Game, Outbox, OutboxStatus
from db.session import make_engine, transaction
from engine.ashes.bots import bot_orders
from engine.ashes.kind import ASHES
from engine.ashes.state import AshesState
from mailserver.common.kinds import order_language
from mailserver.common.logs import JsonFormatter
from mailserver.common.terms import HostTerms
from mailserver.gm import operations as gm
from mailserver.outbound.outbox import OutboxMail
from mailserver.outbound.smtp import SmtpTransport
from tests.dbfixtures import postgres_database, temporary_database
from tests.e2e.server import ServerProcess
from tests.factories import QUICK_HASHING
from tests.mailstack import MailStack, free_port

MESSAGE_KINDS = {"press", "secret", "urgent"}
"""Order kinds intake keeps as messages, not in the submission."""
FROM = "pbem@bench.example"
LEAD = 3.0
"""Seconds between setting the deadlines and the deadline (the server resyncs every 0.5 s)."""
SINK_CODE = """
import sys, time
from aiosmtpd.controller import Controller
port, path = int(sys.argv[1]), sys.argv[2]
out = open(path, "a", buffering=1)
class Sink:
    async def handle_RCPT(self, server, session, envelope, address, options):
        envelope.rcpt_tos.append(address)
        return "250 OK"
    async def handle_DATA(self, server, session, envelope):
        out.write(f"{time.time()} {len(envelope.original_content or envelope.content)}\\n")
        return "250 OK"
controller = Controller(Sink(), hostname="127.0.0.1", port=port)
controller.start()
print("ready", flush=True)
sys.stdin.read()
controller.stop()
"""


# ------------------------------------------------------------------------------ sink


class Sink:
    """An aiosmtpd process that accepts everything and writes ``time size`` per mail."""

    def __init__(self, workdir: Path, name: str) -> None:
        self.port = free_port()
        self.path = workdir / f"{name}.accepted"
        self.path.touch()
        self._read = 0
        self._found: list[tuple[float, int]] = []
        self.process = subprocess.Popen(
            [sys.executable, "-c", SINK_CODE, str(self.port), str(self.path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        assert self.process.stdout is not None
        if self.process.stdout.readline().strip() != b"ready":
            raise RuntimeError("the SMTP sink did not start")

    def accepted(self) -> list[tuple[float, int]]:
        """(time, size) of every accepted mail so far.

        Read on from where the last call stopped: reading the whole file every 50 ms
        while waiting made the wait cost more the more mails there were (at 7,200 mails
        the benchmark's own process took the CPU from what it measured)."""
        with self.path.open("rb") as file:
            file.seek(self._read)
            chunk = file.read()
        complete = chunk[: chunk.rfind(b"\n") + 1]  # a line being written waits
        self._read += len(complete)
        for line in complete.decode().splitlines():
            t, n = line.split()
            self._found.append((float(t), int(n)))
        return list(self._found)

    def wait(self, count: int, timeout: float = 900) -> list[tuple[float, int]]:
        """Wait until ``count`` mails were accepted."""
        end = time.monotonic() + timeout
        while len(found := self.accepted()) < count:
            if time.monotonic() > end:
                raise TimeoutError(f"{len(found)} of {count} mails accepted")
            time.sleep(0.05)
        return found

    def close(self) -> None:
        """Stop the sink process."""
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=10)


# ------------------------------------------------------------------------------ set-up


def build_games(url: str, games: int, seats: int, maps: bool = False) -> None:
    """Create and start ``games`` games with stored turn-1 orders for every player."""
    db.passwords.COST = QUICK_HASHING  # set-up only (see the module doc)
    engine = make_engine(url)
    language = order_language(ASHES)
    now = datetime.now(UTC)
    try:
        for number in range(1, games + 1):
            with transaction(engine) as session:
                game = gm.create_game(
                    session,
                    kind="ashes",
                    number=number,
                    gm_address=f"gm{number}@bench.example",
                    gm_password="spielleiter",
                    seats=[
                        gm.SeatSpec(s, f"g{number}p{s}@bench.example") for s in range(1, seats + 1)
                    ],
                    every_days=None,
                    at=None,
                    first_deadline=now + timedelta(days=30),
                    reminder_hours=[],
                    seed=number,
                    now=now,
                    # The map pictures (about 0.1 s each: tests/bench/bench_maps.py) are
                    # measured on their own; this burst is the mail path with the JSON twin.
                    options={"printout_map": maps},
                )
                gm.start_game(session, number, HostTerms(from_address=FROM).at(now))
                snapshot = repo.load_snapshot(session, game.id or 0, 0)
                assert snapshot is not None
                state = AshesState.from_json(snapshot.state_data())
                for player in repo.current_players(session, game.id or 0):
                    text = bot_orders(state, player.seat, Random(number * 100 + player.seat))
                    parsed = language.parse(text, None, None).to_json("de")
                    repo.store_submission(
                        session,
                        player=player,
                        turn=1,
                        raw_text=text,
                        orders=[o for o in parsed["orders"] if o["kind"] not in MESSAGE_KINDS],
                        errors=parsed["errors"],
                        now=now,
                    )
            if number % 50 == 0:
                print(f"  set-up: {number} games", flush=True)
        with transaction(engine) as session:
            session.execute(update(Outbox).values(status=OutboxStatus.SENT))
    finally:
        engine.dispose()


@contextlib.contextmanager
def copy_of(template: str, workdir: Path, name: str) -> Iterator[str]:
    """A copy of the template database (a file copy, or PostgreSQL's TEMPLATE)."""
    if template.startswith("sqlite"):
        source = Path(make_url(template).database or "")
        target = workdir / f"{name}.sqlite3"
        shutil.copyfile(source, target)
        yield f"sqlite:///{target}"
        return
    source_name = make_url(template).database
    assert source_name, template
    with postgres_database(f"{source_name}_{name}", template=source_name) as url:
        yield url


def database_bytes(url: str) -> int:
    """The database's size on disk: the SQLite file with its WAL, or PostgreSQL's own
    count of the database."""
    if url.startswith("sqlite"):
        path = Path(make_url(url).database or "")
        wal = path.with_name(path.name + "-wal")
        return path.stat().st_size + (wal.stat().st_size if wal.exists() else 0)
    engine = make_engine(url)
    try:
        with engine.connect() as conn:
            return int(
                conn.execute(text("SELECT pg_database_size(current_database())")).scalar_one()
            )
    finally:
        engine.dispose()


def peak_mb(pid: int) -> float:
    """The peak resident memory of process ``pid`` in MB (``VmHWM``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmHWM for process {pid}")


def cpu_seconds(pid: int) -> float:
    """The processor time (user and system) process ``pid`` has used so far, in seconds."""
    # /proc/PID/stat: the name in parentheses may hold blanks; utime and stime are the
    # 12th and 13th fields after it, in clock ticks.
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children(pid: int) -> list[int]:
    """The child processes of ``pid`` (the server's workers)."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


# ------------------------------------------------------------------------------ runs


@dataclass
class RunResult:
    """The figures of one run."""

    mails: int
    mean_bytes: float
    turns_seconds: float
    """From the deadline until the last turn was committed (server log)."""
    burst_seconds: float
    """From the deadline until the sink accepted the last mail."""
    baseline_seconds: float
    """The same mails over ``SmtpTransport`` alone."""
    server_mb: float
    """The server process's peak resident memory."""
    workers_mb: float
    """The peak resident memory of its worker processes, summed."""
    db_bytes: int
    """How much the database grew over the burst (one turn of every game)."""
    server_cpu: float = 0.0
    """The server process's processor seconds from the deadline to the last mail."""
    workers_cpu: float = 0.0
    """Its worker processes' processor seconds over the same time, summed."""
    baseline_cpu: float = 0.0
    """The processor seconds of sending the same mails over ``SmtpTransport`` alone."""

    @property
    def ratio(self) -> float:
        return self.burst_seconds / self.baseline_seconds


def burst(
    stack: MailStack,
    url: str,
    workdir: Path,
    games: int,
    seats: int,
    connections: int = 1,
    profile: Path | None = None,
    workers: int | None = None,
) -> RunResult:
    """One burst on a copy of the games, then the baseline with the same messages.

    With ``profile``, py-spy samples the server's threads holding the GIL (CPU, not waits)
    from the deadline on and writes its
    collapsed stacks there (the burst is then slower: figures of such a run are not kept).
    """
    expected = games * (seats + 1)
    db_before = database_bytes(url)
    sink = Sink(workdir, "burst")
    try:
        settings = {
            "resync_seconds": 0.5,
            "smtp": {
                "host": "127.0.0.1",
                "port": sink.port,
                "from_address": FROM,
                "connections": connections,
            },
        }
        if workers is not None:
            settings["workers"] = workers
        with ServerProcess(stack, url, workdir / "server", settings=settings) as server:
            server.start(timeout=120)
            # A server runs for weeks: its start-up, workers included, is not the burst's.
            server.wait_for_log("worker processes", timeout=120)
            deadline = datetime.now(UTC) + timedelta(seconds=LEAD)
            with transaction(server.engine) as session:
                session.execute(update(Game).values(next_deadline=deadline))
            workers = children(server.pid)
            cpu_before = [cpu_seconds(pid) for pid in (server.pid, *workers)]
            spy = None
            if profile is not None:
                spy = subprocess.Popen(
                    [
                        *("py-spy", "record", "--pid", str(server.pid), "--format", "raw"),
                        *(
                            "--output",
                            str(profile),
                            "--rate",
                            "200",
                            "--threads",
                            "--gil",
                            "--subprocesses",
                        ),
                    ],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            accepted = sink.wait(expected)
            cpu_after = [cpu_seconds(pid) for pid in (server.pid, *workers)]
            if spy is not None:
                spy.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
                spy.wait(timeout=60)
            burst_seconds = max(t for t, _ in accepted) - deadline.timestamp()
            done = [
                datetime.fromisoformat(r["time"]).timestamp()
                for r in server.log_records()
                if str(r.get("message", "")).endswith("turn 1: done ")
            ]
            if len(done) != games or server.errors_logged():
                raise RuntimeError(f"{len(done)} turns done of {games}\n{server.log_tail()}")
            turns_seconds = max(done) - deadline.timestamp()
            with server.session() as session:
                rows = session.exec(
                    select(Outbox).where(Outbox.turn == 1).order_by(col(Outbox.id))
                ).all()
            server_mb = peak_mb(server.pid)
            workers_mb = sum(peak_mb(pid) for pid in children(server.pid))
            if server.terminate() != 0:
                raise RuntimeError(f"server did not stop cleanly\n{server.log_tail()}")
    finally:
        sink.close()
    if len(rows) != expected or len(accepted) != expected:
        raise RuntimeError(f"{len(rows)} outbox rows, {len(accepted)} accepted, {expected} wanted")
    # The very messages the sender built, attachments (the JSON twins) included.
    messages = [OutboxMail.of(row).message(FROM, "PBEM Spielleitung") for row in rows]
    baseline_seconds, sizes, baseline_cpu = baseline(messages, workdir, connections)
    if sizes != sorted(n for _, n in accepted):
        raise RuntimeError("the baseline did not send the same mails (sizes differ)")
    return RunResult(
        mails=expected,
        mean_bytes=statistics.mean(n for _, n in accepted),
        turns_seconds=turns_seconds,
        burst_seconds=burst_seconds,
        baseline_seconds=baseline_seconds,
        server_mb=server_mb,
        workers_mb=workers_mb,
        db_bytes=database_bytes(url) - db_before,
        server_cpu=cpu_after[0] - cpu_before[0],
        workers_cpu=sum(cpu_after[1:]) - sum(cpu_before[1:]),
        baseline_cpu=baseline_cpu,
    )


def baseline(
    messages: list[EmailMessage], workdir: Path, connections: int = 1
) -> tuple[float, list[int], float]:
    """Seconds to send ``messages`` over ``connections`` SmtpTransports, to a fresh sink:
    one after the other on each connection, every connection taking the next message
    (as the outbox sender shares a batch out); the sizes the sink saw, sorted; and the
    processor seconds the sending took in this process.

    Logged as the server logs (JSON lines into a file), so that both pay for their logs.
    """
    sink = Sink(workdir, "baseline")
    handler = logging.FileHandler(workdir / "baseline.log")
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    try:
        settings = SmtpSettings(host="127.0.0.1", port=sink.port, from_address=FROM)

        async def send_all() -> float:
            transports = [SmtpTransport(settings) for _ in range(connections)]
            queue = list(reversed(messages))

            async def worker(transport: SmtpTransport) -> None:
                while queue:
                    await transport.send(queue.pop())
                await transport.close()

            start = time.time()
            await asyncio.gather(*(worker(t) for t in transports))
            return start

        cpu = time.process_time()
        start = asyncio.run(send_all())
        cpu = time.process_time() - cpu
        accepted = sink.wait(len(messages))
        return max(t for t, _ in accepted) - start, sorted(n for _, n in accepted), cpu
    finally:
        root.removeHandler(handler)
        handler.close()
        sink.close()


def run_bursts(
    backend: str,
    games: int,
    seats: int,
    runs: int,
    *,
    connections: int = 1,
    maps: bool = False,
    workers: int | None = None,
    profile: Path | None = None,
) -> list[RunResult]:
    """Set up ``games`` games once, then ``runs`` bursts on copies of them (printed as
    they end); ``profile`` is for the first."""
    results: list[RunResult] = []
    with (
        tempfile.TemporaryDirectory(prefix="pbem-burst-") as tmp,
        temporary_database(backend, Path(tmp)) as template,
        MailStack() as stack,
    ):
        started = time.perf_counter()
        build_games(template, games, seats, maps)
        print(f"set-up of {games} games: {time.perf_counter() - started:.1f} s", flush=True)
        for run in range(runs):
            workdir = Path(tmp) / f"run{run}"
            workdir.mkdir()
            with copy_of(template, workdir, f"run{run}") as url:
                result = burst(
                    stack,
                    url,
                    workdir,
                    games,
                    seats,
                    connections,
                    profile if run == 0 else None,
                    workers,
                )
            results.append(result)
            print(
                f"run {run + 1}: {result.mails} mails of {result.mean_bytes:.0f} bytes on "
                f"average; turns done after {result.turns_seconds:.2f} s, all accepted after "
                f"{result.burst_seconds:.2f} s; SmtpTransport alone {result.baseline_seconds:.2f}"
                f" s; ratio {result.ratio:.2f}; server {result.server_mb:.0f} MB, workers "
                f"{result.workers_mb:.0f} MB; database +{result.db_bytes / games:.0f} bytes "
                f"per game-turn; processor time per game-turn: server "
                f"{result.server_cpu * 1000 / games:.1f} ms, workers "
                f"{result.workers_cpu * 1000 / games:.1f} ms, SmtpTransport alone "
                f"{result.baseline_cpu * 1000 / games:.1f} ms",
                flush=True,
            )
    return results


def main() -> None:
    """Set up once, run the burst several times and print the medians."""
    parser = mail_bench_parser(
        "Deadline burst: turn runs and printouts.",
        quick="30 games (report.py --quick)",
        profile="py-spy collapsed stacks of run 1 here",
    )
    parser.add_argument(
        "--connections", type=int, default=1, help="SMTP connections, server and baseline"
    )
    parser.add_argument("--maps", action="store_true", help="printouts with map pictures too")
    parser.add_argument(
        "--workers", type=int, help="the server's worker processes (default: its own choice)"
    )
    args = mail_bench_args(parser, games=(200, 30), seats=(8, None))

    results = run_bursts(
        args.backend,
        args.games,
        args.seats,
        args.runs,
        connections=args.connections,
        maps=args.maps,
        workers=args.workers,
        profile=args.profile,
    )

    def med(figure: str) -> float:
        return float(statistics.median(getattr(r, figure) for r in results))

    print(
        f"\nDeadline burst ({args.backend}, {args.games} games x {args.seats} players, "
        f"{results[0].mails} mails, medians of {args.runs} runs):"
    )
    print(f"  deadline -> last turn committed:      {med('turns_seconds'):8.2f} s")
    print(f"  deadline -> last mail accepted:       {med('burst_seconds'):8.2f} s")
    print(f"  same mails over SmtpTransport alone:  {med('baseline_seconds'):8.2f} s")
    print(f"  ratio burst / SmtpTransport alone:    {med('ratio'):8.2f}")
    print(f"  server's peak memory:                 {med('server_mb'):8.1f} MB")
    print(f"  its workers' peak memory:             {med('workers_mb'):8.1f} MB")
    print(f"  database growth per game-turn:        {med('db_bytes') / args.games:8.0f} bytes")
    for figure, what in (
        ("server_cpu", "server's processor per game-turn:"),
        ("workers_cpu", "workers' processor per game-turn:"),
        ("baseline_cpu", "SmtpTransport alone, per game-turn:"),
    ):
        print(f"  {what:37s}{med(figure) * 1000 / args.games:8.1f} ms")
    if args.json:
        figures = ("turns_seconds", "burst_seconds", "baseline_seconds", "ratio")
        medians = {figure: med(figure) for figure in figures}
        medians |= {figure: med(figure) for figure in ("server_mb", "workers_mb")}
        print(json.dumps(medians | {"db_bytes_per_game_turn": med("db_bytes") / args.games}))


if __name__ == "__main__":
    main()
