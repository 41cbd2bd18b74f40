"""A turn claimed before its evaluation ahead (mailserver.turns.claims): two servers on one
PostgreSQL database never evaluate the same turn, and a killed holder's game is taken
over; on SQLite a claim costs nothing."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections import Counter
from datetime import datetime, timedelta

import pytest
from sqlalchemy import Engine, event
from sqlmodel import Session

from db import repo
from db.models import Game, utcnow
from db.session import reading, transaction
from mailserver.inbound.intake import IntakeConfig, process_mail
from mailserver.turns.ahead import TurnAhead, evaluate_ahead
from mailserver.turns.claims import TurnClaims
from mailserver.turns.ranked import RankedSlots
from mailserver.turns.run import TurnRun
from mailserver.turns.scheduler import DeadlineScheduler, SchedulerConfig
from tests.factories import order_mail
from tests.scheduler.test_scheduler import TERMS, move_deadline, new_game, snapshots, turn_of, until

postgresql_only = pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)
sqlite_only = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)

CONFIG = SchedulerConfig(TERMS, resync_seconds=0.2)


class CountingEvaluators:
    """A server's worker pool, in threads: evaluates as the workers do and counts the
    turns it evaluated (a worker that finds the turn not due evaluates nothing)."""

    count = 1

    def __init__(self, engine: Engine, evaluated: Counter[tuple[int, int]]) -> None:
        self.engine = engine
        self.evaluated = evaluated

    async def evaluate_ahead(
        self, game_id: int, turn_fee_cents: int, due_by: datetime | None = None
    ) -> TurnAhead | None:
        def evaluate() -> TurnAhead | None:
            with reading(self.engine) as session:
                return evaluate_ahead(
                    session, game_id, turn_fee_cents=turn_fee_cents, due_by=due_by
                )

        ahead = await asyncio.to_thread(evaluate)
        if ahead is not None:
            self.evaluated[(game_id, ahead.turn)] += 1
            # An evaluation takes a while: the other server, working through the same
            # games, would meet this one's game meanwhile.
            await asyncio.sleep(0.05)
        return ahead


def due_games(engine: Engine, count: int) -> list[int]:
    """``count`` started games whose players have all sent orders (else the mass-NMR guard
    holds the turn) and whose deadlines have just passed."""
    ids = []
    for number in range(51, 51 + count):
        game_id, passwords = new_game(engine, deadline=utcnow() + timedelta(days=1), number=number)
        for seat, password in passwords.items():
            body = f"Partie {number} Spieler {seat} Kennwort {password}\nRundenzahl 20"
            with transaction(engine) as session:
                mail = order_mail(f"p{seat}@example.org", body)
                process_mail(session, mail, config=IntakeConfig())
        ids.append(game_id)
    for game_id in ids:
        move_deadline(engine, game_id, utcnow())
    return ids


def server(engine: Engine, evaluated: Counter[tuple[int, int]]) -> DeadlineScheduler:
    """A server's scheduler with a worker, its turns evaluated ahead counted in
    ``evaluated``; every such server takes the games in the same order (the worst case:
    both go through them side by side, as in one order before each drew its own)."""
    scheduler = DeadlineScheduler(
        engine, CONFIG, lambda: None, CountingEvaluators(engine, evaluated)
    )
    scheduler._ahead_slots = RankedSlots(3, salt=27)
    return scheduler


@postgresql_only
async def test_two_servers_never_evaluate_the_same_turn_twice(db_engine: Engine) -> None:
    games = due_games(db_engine, 6)
    evaluated: Counter[tuple[int, int]] = Counter()
    first, second = server(db_engine, evaluated), server(db_engine, evaluated)
    await asyncio.gather(first.start(), second.start())
    try:
        await until(lambda: all(turn_of(db_engine, g) == 1 for g in games))
        await asyncio.sleep(0.5)  # the resyncs after the burst fire nothing due
    finally:
        await asyncio.gather(first.stop(), second.stop())
    assert first.turns_run + second.turns_run == len(games)
    assert all(snapshots(db_engine, g) == 2 for g in games)  # turn 0 and turn 1, once
    assert evaluated == Counter({(g, 1): 1 for g in games})


@postgresql_only
async def test_a_game_claimed_by_a_killed_server_is_run_by_the_other(
    db_engine: Engine, db_url: str
) -> None:
    (game_id,) = due_games(db_engine, 1)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_THE_CLAIM, db_url, str(game_id)],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "claimed\n"
        evaluated: Counter[tuple[int, int]] = Counter()
        other = server(db_engine, evaluated)
        refused: list[TurnRun | None] = []
        run_turn = other.run_turn

        async def counted(game_id: int, *, force: bool = False) -> TurnRun | None:
            result = await run_turn(game_id, force=force)
            if result is None:
                refused.append(result)
            return result

        other.run_turn = counted  # type: ignore[method-assign]
        await other.start()
        try:
            # The deadline fires at the start and again at every resync: left to the
            # holder each time, nothing evaluated.
            await until(lambda: len(refused) >= 3)
            assert turn_of(db_engine, game_id) == 0 and not evaluated
            holder.kill()  # SIGKILL: its connection dies, and with it the claim
            holder.wait(timeout=10)
            await until(lambda: turn_of(db_engine, game_id) == 1)
        finally:
            await other.stop()
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait(timeout=10)
    assert other.turns_run == 1
    assert evaluated == Counter({(game_id, 1): 1})


HOLD_THE_CLAIM = """
import sys, time
from sqlmodel import Session
from db import repo
from db.models import Game, utcnow
from db.session import make_engine

with Session(make_engine(sys.argv[1])) as session:
    assert repo.claim_turn(session, int(sys.argv[2])) == "claimed"
    print("claimed", flush=True)
    time.sleep(300)
"""
"""A server that claimed the game (and is then killed): the claim, then nothing."""


@postgresql_only
def test_a_claim_is_refused_while_held_and_free_once_its_transaction_ends(
    db_engine: Engine,
) -> None:
    first, second = due_games(db_engine, 2)
    with Session(db_engine) as holder:
        assert repo.claim_turn(holder, first) == "claimed"
        with Session(db_engine) as other:
            assert repo.claim_turn(other, first) == "taken"
            assert repo.claim_turn(other, second) == "claimed"  # another game, another lock
        holder.rollback()
        with Session(db_engine) as other:
            assert repo.claim_turn(other, first) == "claimed"


@postgresql_only
def test_a_claim_says_not_due_when_the_run_would_refuse_the_turn(db_engine: Engine) -> None:
    (game_id,) = due_games(db_engine, 1)
    now = utcnow()

    def found(due_by: datetime | None) -> str:
        with Session(db_engine) as session:
            return repo.claim_turn(session, game_id, due_by)

    assert found(now) == "claimed"
    move_deadline(db_engine, game_id, now + timedelta(hours=1))  # as after another's run
    assert found(now) == "not_due"
    assert found(None) == "claimed"  # a forced run: whatever the deadline
    with transaction(db_engine) as session:
        game = session.get(Game, game_id)
        assert game is not None
        game.early_run = True  # whether it is ready is the worker's and the run's question
        session.add(game)
    assert found(now) == "claimed"
    with transaction(db_engine) as session:
        game = session.get(Game, game_id)
        assert game is not None
        game.next_deadline, game.early_run, game.held = now, False, True
        session.add(game)
    assert found(now) == "not_due"


@sqlite_only
async def test_on_sqlite_a_claim_asks_nothing_of_the_database(db_engine: Engine) -> None:
    statements: list[str] = []

    def count(*args: object) -> None:
        statements.append(str(args[2]))

    event.listen(db_engine, "before_cursor_execute", count)
    try:
        claims = TurnClaims(db_engine, 3)
        held = [await claims.take(7, utcnow()), await claims.take(7, utcnow())]
        assert [found for found, _ in held] == ["claimed", "claimed"]
        for _, claim in held:
            claim.release()
        claims.close()
    finally:
        event.remove(db_engine, "before_cursor_execute", count)
    assert statements == []
