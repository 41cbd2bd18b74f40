"""What a deadline burst costs the server per game-turn: processor time and statements.

Run: ``python tests/bench/bench_turncost.py [--games 30] [--seats 8] [--rounds 3]
[--profile FILE]`` (from the repository root; SQLite, no Dovecot, no SMTP).

The deadline burst (bench_burst.py) is timed by the wall clock, which on a shared machine
moves with the neighbours' load more than with the server. This measures the server's
own part of each game-turn in one process, one stage after the other, by the thread's
processor time, which the load disturbs far less, and counts the statements each stage
sends (these do not depend on the load at all):

* the worker's part, not the server's (shown apart): the turn evaluated ahead
  (:func:`mailserver.turns.ahead.evaluate_ahead`) and pickled, as the worker pool sends it;
* **run**: the ahead unpickled, and the turn run in its one transaction as the scheduler
  runs it (:meth:`DeadlineScheduler._run_turn`), then its re-planning read;
* **claim**: the sender claiming its batches of 50 (:meth:`OutboxSender._claim`, the
  mails then built by the workers: apart again) and marking them sent in groups.

The SMTP exchanges are left out: the transport alone (bench_burst.py's baseline) pays
them too. Each round copies the set-up's database and runs every stage on it; the
figures are the least of the rounds (the one the load disturbed least) and the median.
"""

from __future__ import annotations

import argparse
import cProfile
import pickle
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bench_burst import FROM, build_games  # tests/bench/bench_burst.py, beside this script
from sqlalchemy import Engine, event, select, update
from sqlalchemy.engine import make_url

from db import repo
from db.models import Game, utcnow
from db.session import make_engine, reading, transaction
from mailserver.common.terms import HostTerms
from mailserver.outbound.outbox import OutboxMail
from mailserver.turns.ahead import evaluate_ahead
from mailserver.turns.claims import TurnClaim
from mailserver.turns.scheduler import DeadlineScheduler, SchedulerConfig
from tests.dbfixtures import temporary_database

BATCH = 50
"""The sender's claim (OutboxSender's default batch)."""
MARKS = 10
"""Mails marked sent per group commit (a 50 ms group holds about this many in a burst)."""


@dataclass
class Stage:
    """One stage's processor time (seconds) and statements, summed over a round."""

    cpu: float = 0.0
    statements: int = 0


class Counter:
    """Statements sent through the engine's cursors."""

    def __init__(self, engine: Engine) -> None:
        self.count = 0
        event.listen(engine, "before_cursor_execute", self._seen)

    def _seen(self, *_: Any) -> None:
        self.count += 1


def timed(
    stage: Stage, counter: Counter, work: Callable[[], Any], profile: cProfile.Profile | None = None
) -> Any:
    """``work`` run with its thread time and statements added to ``stage`` (and profiled
    with ``profile``)."""
    before, started = counter.count, time.thread_time()
    if profile is not None:
        profile.enable()
    result = work()
    if profile is not None:
        profile.disable()
    stage.cpu += time.thread_time() - started
    stage.statements += counter.count - before
    return result


def one_round(url: str, profile: cProfile.Profile | None) -> dict[str, Stage]:
    """Every stage of a burst on the database at ``url``, one game after the other."""
    engine = make_engine(url)
    counter = Counter(engine)
    stages = {name: Stage() for name in ("ahead", "run", "claim", "build")}
    terms = HostTerms(from_address=FROM)
    scheduler = DeadlineScheduler(engine, SchedulerConfig(terms=terms), lambda: None)
    try:
        with reading(engine) as session:
            game_ids = [int(i or 0) for i in session.exec(select(Game.id)).scalars()]
        with transaction(engine) as session:  # every deadline has passed
            session.execute(update(Game).values(next_deadline=utcnow()))

        def ahead_of(game_id: int) -> bytes:
            with reading(engine) as session:
                return pickle.dumps(evaluate_ahead(session, game_id))

        aheads = {g: timed(stages["ahead"], counter, lambda g=g: ahead_of(g)) for g in game_ids}

        def run(game_id: int) -> None:
            ahead = pickle.loads(aheads[game_id])
            done, _ = scheduler._run_turn(game_id, False, ahead, TurnClaim(None))
            if done.status != "done":
                raise RuntimeError(f"game id {game_id}: {done.status} {done.reason}")

        def claim() -> list[int]:
            with transaction(engine) as session:
                claimed = repo.claim_due_outbox_ids(session, limit=BATCH)
            return [outbox_id for outbox_id, _ in claimed]

        def build(ids: list[int]) -> None:
            with reading(engine) as session:
                mails = [OutboxMail.of(row) for row in repo.outbox_rows(session, ids)]
            for mail in mails:
                mail.flat(FROM, "PBEM Spielleitung")

        def mark(ids: list[int]) -> None:
            for start in range(0, len(ids), MARKS):
                with transaction(engine) as session:
                    repo.mark_sent_many(session, ids[start : start + MARKS])

        for game_id in game_ids:
            timed(stages["run"], counter, lambda game_id=game_id: run(game_id), profile)
        while ids := timed(stages["claim"], counter, claim, profile):
            timed(stages["build"], counter, lambda ids=ids: build(ids))
            timed(stages["claim"], counter, lambda ids=ids: mark(ids), profile)
        return stages
    finally:
        engine.dispose()


def main() -> None:
    """Set up once, then measure ``--rounds`` rounds on copies and print per game-turn."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seats", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--profile", type=Path, help="cProfile of the server's stages (the last round)"
    )
    args = parser.parse_args()

    rounds: list[dict[str, Stage]] = []
    with (
        tempfile.TemporaryDirectory(prefix="pbem-turncost-") as tmp,
        temporary_database("sqlite", Path(tmp)) as template,
    ):
        build_games(template, args.games, args.seats)
        source = Path(make_url(template).database or "")
        for number in range(args.rounds):
            copy = Path(tmp) / f"round{number}.sqlite3"
            shutil.copyfile(source, copy)
            last = number == args.rounds - 1
            profile = cProfile.Profile() if args.profile and last else None
            rounds.append(one_round(f"sqlite:///{copy}", profile))
            if profile is not None:
                profile.dump_stats(args.profile)

    games = args.games
    print(f"per game-turn ({games} games x {args.seats} seats, {args.rounds} rounds):")
    for name, what in (
        ("run", "server: the turn run and its re-planning"),
        ("claim", "server: claims and marks of its mails"),
        ("ahead", "worker: the turn evaluated ahead"),
        ("build", "worker: its mails built"),
    ):
        cpu = [r[name].cpu * 1000 / games for r in rounds]
        statements = rounds[0][name].statements / games
        print(
            f"  {what:44s} CPU least {min(cpu):6.2f} ms, median {statistics.median(cpu):6.2f} ms;"
            f" {statements:5.1f} statements"
        )
    server = [(r["run"].cpu + r["claim"].cpu) * 1000 / games for r in rounds]
    print(f"  server in all: least {min(server):.2f} ms, median {statistics.median(server):.2f} ms")


if __name__ == "__main__":
    main()
