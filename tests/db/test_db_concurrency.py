"""Two processes (here: threads with their own connections) working on one database."""

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from db import repo
from db.models import Game, InboundMail, Outbox, OutboxKind, utcnow
from db.session import transaction
from tests.db.helpers import add_game

T = TypeVar("T")
postgresql_only = pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)


def in_threads(*jobs: Callable[[], T]) -> list[T]:
    """Run the jobs at the same time; their results in order (re-raises a job's error)."""
    with ThreadPoolExecutor(len(jobs)) as pool:
        futures = [pool.submit(job) for job in jobs]
        return [f.result(timeout=60) for f in futures]


def new_game(engine: Engine) -> int:
    with transaction(engine) as session:
        game_id = add_game(session).id
    assert game_id is not None
    return game_id


def fill_outbox(engine: Engine, n: int) -> set[int]:
    with transaction(engine) as session:
        rows = [
            repo.enqueue_outbox(
                session, to_address=f"p{i}@example.org", subject="s", body="b", kind=OutboxKind.ACK
            )
            for i in range(n)
        ]
    return {r.id for r in rows if r.id is not None}


@postgresql_only
def test_skip_locked_never_hands_out_a_row_twice(db_engine: Engine) -> None:
    all_ids = fill_outbox(db_engine, 10)
    a_claimed = threading.Event()
    b_done = threading.Event()

    def worker_a() -> set[int]:
        with transaction(db_engine) as session:
            rows = repo.claim_due_outbox(session, limit=4)
            a_claimed.set()
            # Keep the row locks (and the uncommitted lease) while B claims.
            assert b_done.wait(30)
            return {r.id for r in rows if r.id is not None}

    def worker_b() -> set[int]:
        assert a_claimed.wait(30)
        try:
            with transaction(db_engine) as session:
                # A keeps its locks until B is done: had B waited for A's rows instead of
                # skipping them, it would end in this timeout's error, not with rows.
                session.connection().exec_driver_sql("SET LOCAL lock_timeout = '2s'")
                rows = repo.claim_due_outbox(session, limit=10)
                return {r.id for r in rows if r.id is not None}
        finally:
            b_done.set()

    with ThreadPoolExecutor(2) as pool:
        a_future, b_future = pool.submit(worker_a), pool.submit(worker_b)
        a_ids, b_ids = a_future.result(60), b_future.result(60)
    assert len(a_ids) == 4 and len(b_ids) == 6
    assert a_ids.isdisjoint(b_ids) and a_ids | b_ids == all_ids


def test_concurrent_senders_claim_each_row_exactly_once(db_engine: Engine) -> None:
    all_ids = fill_outbox(db_engine, 30)
    start = threading.Barrier(3)

    def sender() -> list[int]:
        start.wait()
        claimed: list[int] = []
        while True:
            with transaction(db_engine) as session:
                rows = repo.claim_due_outbox(session, limit=3)
            if not rows:
                return claimed
            for row in rows:
                assert row.id is not None
                with transaction(db_engine) as session:
                    assert repo.mark_sent(session, row.id)
                claimed.append(row.id)

    results = in_threads(sender, sender, sender)
    flat = [i for ids in results for i in ids]
    assert sorted(flat) == sorted(all_ids)
    with Session(db_engine) as session:
        assert {r.attempts for r in session.exec(select(Outbox))} == {1}


def test_lock_game_lets_only_one_turn_runner_evaluate_a_turn(db_engine: Engine) -> None:
    game_id = new_game(db_engine)
    start = threading.Barrier(2)

    def turn_runner() -> str:
        start.wait()
        with transaction(db_engine) as session:
            game = repo.lock_game(session, game_id)
            assert game is not None
            if game.turn != 0:
                return f"saw turn {game.turn}"
            time.sleep(0.3)  # the evaluation
            game.turn += 1
            session.add(game)
            return "ran turn 1"

    assert sorted(in_threads(turn_runner, turn_runner)) == ["ran turn 1", "saw turn 1"]
    with Session(db_engine) as session:
        game = session.get(Game, game_id)
        assert game is not None and game.turn == 1


@postgresql_only
def test_lock_game_rereads_a_row_the_session_already_holds(db_engine: Engine) -> None:
    game_id = new_game(db_engine)
    with transaction(db_engine) as session:
        stale = session.get(Game, game_id)
        assert stale is not None and stale.turn == 0
        with transaction(db_engine) as other:
            other_game = other.get(Game, game_id)
            assert other_game is not None
            other_game.turn = 5
        locked = repo.lock_game(session, game_id)
        assert locked is stale and locked.turn == 5


@postgresql_only
def test_skip_locked_gives_nothing_while_another_runner_holds_the_game(db_engine: Engine) -> None:
    game_id = new_game(db_engine)
    with transaction(db_engine) as session:
        game = session.get(Game, game_id)
        assert game is not None
        game.next_deadline = utcnow()
    locked = threading.Event()
    release = threading.Event()

    def holder() -> None:
        with transaction(db_engine) as session:
            assert repo.lock_game(session, game_id) is not None
            locked.set()
            assert release.wait(30)

    def other_runner() -> Game | None:
        assert locked.wait(30)
        try:
            with transaction(db_engine) as session:
                return repo.lock_game(session, game_id, skip_locked=True)
        finally:
            release.set()

    with ThreadPoolExecutor(2) as pool:
        holding = pool.submit(holder)
        skipped = pool.submit(other_runner).result(60)
        holding.result(60)
    assert skipped is None
    with transaction(db_engine) as session:
        game = repo.lock_game(session, game_id, skip_locked=True)
        assert game is not None and game.id == game_id


@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)
def test_sqlite_writers_queue_instead_of_failing(db_engine: Engine) -> None:
    """Read-then-write transactions from several threads: none fails, no update is lost.

    With a plain (deferred) BEGIN the second writer would fail at once with "database is
    locked"; BEGIN IMMEDIATE makes it wait for the first.
    """
    game_id = new_game(db_engine)
    threads, rounds = 4, 15

    def writer() -> int:
        for _ in range(rounds):
            with transaction(db_engine) as session:
                game = session.get(Game, game_id, populate_existing=True)
                assert game is not None
                turn = game.turn
                time.sleep(0.001)
                game.turn = turn + 1
                session.add(game)
        return rounds

    assert sum(in_threads(*[writer] * threads)) == threads * rounds
    with Session(db_engine) as session:
        game = session.get(Game, game_id)
        assert game is not None and game.turn == threads * rounds


def test_the_same_mail_from_two_pollers_is_recorded_once(db_engine: Engine) -> None:
    start = threading.Barrier(2)

    def poller() -> bool:
        start.wait()
        with transaction(db_engine) as session:
            _, new = repo.record_inbound_mail(session, raw=b"mail", message_id="<same@x>")
            time.sleep(0.1)
            return new

    assert sorted(in_threads(poller, poller)) == [False, True]
    with Session(db_engine) as session:
        assert len(session.exec(select(InboundMail)).all()) == 1
