"""Benchmark of the deadline burst with one server and with two on one PostgreSQL database
(deploy/servers.md): the same games, the same moment, the same SMTP sink.

Run: ``python tests/bench/bench_servers.py [--runs 3] [--games 200] [--seats 8] [--quick]
[--json]`` (from the repository root; needs Dovecot and PostgreSQL, as the tests).
``--quick``: 30 games; ``--json``: the medians as JSON on the last line (for
tests/bench/report.py).

The set-up is bench_burst.py's (games created and started, every player's turn-1 orders
stored, once into a template database that each run copies). Each run measures the
burst once with one ``pbem serve`` and once with two on their own copy of the games,
one after the other (which goes first alternates), so both see the same load; the two
share the server's mailbox and the sink, as two hosts would. The clock runs from the
deadline until the sink has accepted every printout and GM summary of turn 1; over the
same span the processor time of every server and its workers is read from
``/proc/PID/stat`` (on a shared machine it moves far less with the neighbours' load than
the seconds, and it shows work done twice). Each server keeps its own choice of worker
processes (on two cores: one each).

Checked in every run: every turn ran once (one ``turn 1: done`` over all servers' logs
per game), every mail was accepted once, no server logged an error. Counted with two
servers: the turns evaluated ahead and thrown away (a run refused after its evaluation:
``busy``, the other held the game's row; or ``no longer pending``, the other had
committed), and the runs a server gave up at its claim, before any evaluation (the game
claimed by the other, or already run by it: :mod:`mailserver.turns.claims`);
``wasted_evaluations`` in the JSON is the median of the first count over the runs.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bench_burst import (  # beside this script
    FROM,
    LEAD,
    Sink,
    build_games,
    children,
    copy_of,
    cpu_seconds,
)
from cli import mail_bench_args, tell  # tests/bench/cli.py, beside this script
from sqlalchemy import update

from db.models import Game
from db.session import transaction
from tests.dbfixtures import temporary_database
from tests.e2e.server import ServerProcess
from tests.mailstack import MailStack


def wasted(server: ServerProcess) -> int:
    """The turns ``server`` evaluated ahead and threw away: its runs refused after the
    evaluation (the scheduler's line ``game N turn T: busy …`` or ``… no longer pending``)."""

    def thrown_away(record: dict[str, object]) -> bool:
        message = str(record.get("message", ""))
        return ": busy " in message or message.endswith("is no longer pending")

    return server.count_log(thrown_away)


@dataclass
class Burst:
    """One burst's figures."""

    seconds: float
    """From the deadline until the sink accepted every mail of turn 1."""
    cpu_seconds: float
    """Processor time of every server and its workers over the same span."""
    wasted: int
    """Turns evaluated ahead for nothing, over all servers."""


def burst(stack: MailStack, url: str, workdir: Path, games: int, seats: int, servers: int) -> Burst:
    """The deadline burst of turn 1 with ``servers`` servers on the database ``url``."""
    expected = games * (seats + 1)
    sink = Sink(workdir, f"servers{servers}")
    settings = {
        "resync_seconds": 0.5,
        "smtp": {"host": "127.0.0.1", "port": sink.port, "from_address": FROM},
    }
    try:
        with contextlib.ExitStack() as running:
            first = running.enter_context(
                ServerProcess(stack, url, workdir / "server1", settings=settings)
            )
            started = [first] + [
                running.enter_context(
                    ServerProcess(
                        stack,
                        url,
                        workdir / f"server{n}",
                        settings=settings,
                        mailbox=first.mailbox,
                    )
                )
                for n in range(2, servers + 1)
            ]
            for server in started:
                server.start(timeout=120)
                server.wait_for_log("worker processes", timeout=120)
            pids = [p for s in started for p in (s.pid, *children(s.pid))]
            deadline = datetime.now(UTC) + timedelta(seconds=LEAD)
            with transaction(first.engine) as session:
                session.execute(update(Game).values(next_deadline=deadline))
            cpu_before = sum(cpu_seconds(pid) for pid in pids)
            accepted = sink.wait(expected)
            cpu = sum(cpu_seconds(pid) for pid in pids) - cpu_before
            time.sleep(1)  # a mail sent twice would arrive now
            ran = [
                s.count_log(lambda r: str(r.get("message", "")).endswith("turn 1: done "))
                for s in started
            ]
            done = sum(ran)
            thrown = sum(wasted(s) for s in started)
            if servers > 1:
                # Each server fires every deadline; the one that did not run the turn
                # logs why (busy: locked by the other; not_due: already done; claimed:
                # the other was evaluating it).
                left = sum(s.count_log("claimed by another run") for s in started)
                run_there = sum(s.count_log("not due when claimed") for s in started)
                print(
                    f"  turns run per server: {ran}, evaluations thrown away: {thrown}, "
                    f"runs left to the other at the claim: {left} claimed, "
                    f"{run_there} run already",
                    flush=True,
                )
            errors = [e for s in started for e in s.errors_logged()]
            if done != games or errors or len(sink.accepted()) != expected:
                raise RuntimeError(
                    f"{done} turns done of {games}, {len(sink.accepted())} mails of "
                    f"{expected}, errors {errors}\n{first.log_tail()}"
                )
            for server in started:
                if server.terminate() != 0:
                    raise RuntimeError(f"server did not stop cleanly\n{server.log_tail()}")
    finally:
        sink.close()
    return Burst(max(t for t, _ in accepted) - deadline.timestamp(), cpu, thrown)


def main() -> None:
    """Set up once, run both bursts several times and print the medians."""
    parser = argparse.ArgumentParser(
        description="Deadline burst with one and two servers on one PostgreSQL database."
    )
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="30 games (report.py --quick)")
    parser.add_argument("--json", action="store_true", help="last line: the medians as JSON")
    args = mail_bench_args(parser, games=(200, 30), seats=(8, None))
    one: list[Burst] = []
    two: list[Burst] = []
    with (
        tempfile.TemporaryDirectory(prefix="pbem-servers-") as tmp,
        temporary_database("postgresql", Path(tmp)) as template,
        MailStack() as stack,
    ):
        started = time.perf_counter()
        build_games(template, args.games, args.seats)
        print(f"set-up of {args.games} games: {time.perf_counter() - started:.1f} s", flush=True)
        for run in range(args.runs):
            # Which goes first alternates: a first burst meets colder caches.
            order = ((1, one), (2, two)) if run % 2 == 0 else ((2, two), (1, one))
            for servers, results in order:
                workdir = Path(tmp) / f"run{run}-{servers}"
                workdir.mkdir()
                with copy_of(template, workdir, f"run{run}s{servers}") as url:
                    results.append(burst(stack, url, workdir, args.games, args.seats, servers))
            print(
                f"run {run + 1}: one server {one[-1].seconds:.2f} s "
                f"(processor {one[-1].cpu_seconds:.2f} s), two servers {two[-1].seconds:.2f} s "
                f"(processor {two[-1].cpu_seconds:.2f} s)",
                flush=True,
            )
    thrown = [b.wasted for b in two]
    figures = {
        "one_server_seconds": statistics.median(b.seconds for b in one),
        "two_servers_seconds": statistics.median(b.seconds for b in two),
        "one_server_cpu_seconds": statistics.median(b.cpu_seconds for b in one),
        "two_servers_cpu_seconds": statistics.median(b.cpu_seconds for b in two),
        "wasted_evaluations": statistics.median(thrown),
    }
    tell(
        figures,
        args.json,
        f"\nDeadline burst on PostgreSQL ({args.games} games x {args.seats} players, medians "
        f"of {args.runs} runs): one server {figures['one_server_seconds']:.2f} s, two "
        f"servers {figures['two_servers_seconds']:.2f} s, ratio "
        f"{figures['two_servers_seconds'] / figures['one_server_seconds']:.2f}; processor "
        f"time of the servers and their workers {figures['one_server_cpu_seconds']:.2f} s and "
        f"{figures['two_servers_cpu_seconds']:.2f} s, ratio "
        f"{figures['two_servers_cpu_seconds'] / figures['one_server_cpu_seconds']:.2f}; turns "
        f"evaluated ahead for nothing with two servers: {thrown}",
    )


if __name__ == "__main__":
    main()
