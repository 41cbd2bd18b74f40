"""The deadline scheduler over a real database (SQLite and PostgreSQL).

The scheduler is driven in the test's event loop; the outbox is read back from the
database (sending is the outbox sender's business, tested elsewhere).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

import pytest
from sqlalchemy import Engine
from sqlmodel import col, func, select

from db.models import Game, Outbox, OutboxKind, TurnSnapshot, utcnow
from db.session import transaction
from mailserver.common.terms import HostTerms
from mailserver.gm import operations as gm
from mailserver.inbound.intake import IntakeConfig, process_mail
from mailserver.turns.run import TurnRun
from mailserver.turns.scheduler import DeadlineScheduler, SchedulerConfig
from tests.factories import order_mail

HOST = "ashes@example.org"
TERMS = HostTerms(from_address=HOST)
CONFIG = SchedulerConfig(TERMS, resync_seconds=0.5)


def new_game(
    engine: Engine,
    *,
    deadline: datetime | None,
    number: int = 31,
    early_run: bool = False,
    reminder_hours: tuple[int, ...] = (),
    every_days: int | None = None,
) -> tuple[int, dict[int, str]]:
    """A started 3-player game whose next deadline is ``deadline``."""
    now = utcnow()
    with transaction(engine) as session:
        game = gm.create_game(
            session,
            kind="ashes",
            number=number,
            gm_address="gm@example.org",
            gm_password="gm-secret-42",
            seats=[gm.SeatSpec(seat, f"p{seat}@example.org") for seat in (1, 2, 3)],
            every_days=every_days,
            at=None if every_days is None else (now + timedelta(hours=1)).time(),
            timezone="UTC",
            # create refuses a first deadline in the past: a missed one is set below
            first_deadline=deadline if deadline is not None and deadline > now else None,
            early_run=early_run,
            reminder_hours=reminder_hours,
            seed=7,
            now=now,
        )
        passwords = gm.start_game(session, number, TERMS.at(now))
        if deadline is not None:
            game.next_deadline = deadline  # also in the past: a deadline missed while down
            session.add(game)
        return game.id or 0, passwords


def move_deadline(engine: Engine, game_id: int, when: datetime) -> None:
    with transaction(engine) as session:
        game = session.get(Game, game_id)
        assert game is not None
        game.next_deadline = when
        session.add(game)


def turn_of(engine: Engine, game_id: int) -> int:
    with transaction(engine) as session:
        game = session.get(Game, game_id)
        assert game is not None
        return game.turn


def snapshots(engine: Engine, game_id: int) -> int:
    with transaction(engine) as session:
        stmt = select(func.count(col(TurnSnapshot.id))).where(TurnSnapshot.game_id == game_id)
        return int(session.exec(stmt).one())


def outbox_of(engine: Engine, kind: OutboxKind) -> list[Outbox]:
    with transaction(engine) as session:
        return list(session.exec(select(Outbox).where(Outbox.kind == kind)))


async def until(condition: Callable[[], bool], timeout: float = 20.0) -> None:
    loop = asyncio.get_running_loop()
    give_up = loop.time() + timeout
    while not await asyncio.to_thread(condition):
        assert loop.time() < give_up, "condition not met in time"
        await asyncio.sleep(0.05)


def orders(engine: Engine, seat: int, password: str, text: str) -> None:
    body = f"Partie 31 Spieler {seat} Kennwort {password}\n{text}"
    with transaction(engine) as session:
        process_mail(session, order_mail(f"p{seat}@example.org", body), config=IntakeConfig())


def everybody_votes(engine: Engine, passwords: dict[int, str]) -> None:
    """Orders from every player (else the mass-NMR guard would hold the turn)."""
    for seat, password in passwords.items():
        orders(engine, seat, password, "Rundenzahl 20")


def due_now(engine: Engine) -> int:
    """A game whose players have all sent orders and whose deadline has just passed (the
    orders came while it was a day away)."""
    game_id, passwords = new_game(engine, deadline=utcnow() + timedelta(days=1))
    everybody_votes(engine, passwords)
    move_deadline(engine, game_id, utcnow())
    return game_id


def turn_due(
    engine: Engine,
    gate: Callable[[list[int]], Awaitable[bool]],
    config: SchedulerConfig | None = None,
) -> tuple[int, DeadlineScheduler, list[int]]:
    """A game whose deadline has just passed (:func:`due_now`), a scheduler on it, and the
    game ids its turn runs started for: each run notes its game, then awaits ``gate`` with
    the ids so far; it goes on if the gate says so, else it is refused (``None``)."""
    game_id = due_now(engine)
    scheduler = DeadlineScheduler(engine, config or SchedulerConfig(TERMS), lambda: None)
    runs: list[int] = []
    run_turn = scheduler.run_turn

    async def gated(game_id: int, *, force: bool = False) -> TurnRun | None:
        runs.append(game_id)
        if not await gate(runs):
            return None
        return await run_turn(game_id, force=force)

    scheduler.run_turn = gated  # type: ignore[method-assign]
    return game_id, scheduler, runs


async def test_a_deadline_missed_while_down_fires_at_start(db_engine: Engine) -> None:
    game_id, passwords = new_game(db_engine, deadline=utcnow() - timedelta(hours=3))
    everybody_votes(db_engine, passwords)
    woken: list[int] = []
    scheduler = DeadlineScheduler(db_engine, CONFIG, lambda: woken.append(1))
    await scheduler.start()
    try:
        await until(lambda: turn_of(db_engine, game_id) == 1)
    finally:
        await scheduler.stop()
    assert snapshots(db_engine, game_id) == 2  # turn 0 and turn 1, once
    assert len(outbox_of(db_engine, OutboxKind.PRINTOUT)) == 3 * 2
    assert woken, "the sender is woken for the printouts"


@pytest.mark.slow  # waits for deadlines and resyncs on the real clock
async def test_the_turn_runs_at_the_deadline_and_the_next_one_is_planned(
    db_engine: Engine,
) -> None:
    game_id, passwords = new_game(db_engine, deadline=utcnow() + timedelta(days=1), every_days=7)
    everybody_votes(db_engine, passwords)
    move_deadline(db_engine, game_id, utcnow() + timedelta(seconds=1.5))
    scheduler = DeadlineScheduler(db_engine, CONFIG, lambda: None)
    await scheduler.start()
    try:
        await asyncio.sleep(0.5)
        assert turn_of(db_engine, game_id) == 0, "not before the deadline"
        await until(lambda: turn_of(db_engine, game_id) == 1)
        await until(lambda: scheduler.job_times().get(f"deadline:{game_id}") is not None)
        with transaction(db_engine) as session:
            game = session.get(Game, game_id)
            assert game is not None and game.next_deadline is not None
            planned = game.next_deadline
        assert planned > utcnow() + timedelta(days=6)
        assert scheduler.job_times()[f"deadline:{game_id}"] == planned
    finally:
        await scheduler.stop()


@pytest.mark.slow  # waits for deadlines and resyncs on the real clock
async def test_a_deadline_changed_elsewhere_is_picked_up_by_the_resync(
    db_engine: Engine,
) -> None:
    game_id, passwords = new_game(db_engine, deadline=utcnow() + timedelta(days=3))
    everybody_votes(db_engine, passwords)
    scheduler = DeadlineScheduler(db_engine, CONFIG, lambda: None)
    await scheduler.start()
    try:
        with transaction(db_engine) as session:  # as `pbem gm deadline` would, in another process
            when = utcnow() + timedelta(seconds=1)
            gm.set_deadline(session, 31, when, TERMS.at(utcnow()), tell=False)
        await until(lambda: turn_of(db_engine, game_id) == 1)
    finally:
        await scheduler.stop()


@pytest.mark.slow  # waits for deadlines and resyncs on the real clock
async def test_reminders_go_to_players_without_orders_once(db_engine: Engine) -> None:
    game_id, passwords = new_game(
        db_engine, deadline=utcnow() + timedelta(minutes=30), reminder_hours=(1,)
    )
    orders(db_engine, 1, passwords[1], "HP=2")
    scheduler = DeadlineScheduler(db_engine, CONFIG, lambda: None)
    await scheduler.start()
    try:
        await until(lambda: len(outbox_of(db_engine, OutboxKind.REMINDER)) == 2)
        await scheduler.resync()
        await asyncio.sleep(1.2)  # two more resyncs: the reminders must not repeat
    finally:
        await scheduler.stop()
    reminders = outbox_of(db_engine, OutboxKind.REMINDER)
    assert sorted(r.to_address for r in reminders) == ["p2@example.org", "p3@example.org"]
    assert turn_of(db_engine, game_id) == 0


@pytest.mark.slow  # waits for deadlines and resyncs on the real clock
async def test_the_turn_runs_early_once_everybody_is_final(db_engine: Engine) -> None:
    game_id, passwords = new_game(db_engine, deadline=utcnow() + timedelta(days=5), early_run=True)
    scheduler = DeadlineScheduler(db_engine, CONFIG, lambda: None)
    await scheduler.start()
    try:
        for seat in (1, 2):
            orders(db_engine, seat, passwords[seat], "HP=2\nFertig")
            scheduler.poke(game_id)
        await asyncio.sleep(0.5)
        assert turn_of(db_engine, game_id) == 0, "one player is not final yet"
        orders(db_engine, 3, passwords[3], "Fertig")
        scheduler.poke(game_id)
        await until(lambda: turn_of(db_engine, game_id) == 1)
    finally:
        await scheduler.stop()


@pytest.mark.slow  # waits for deadlines and resyncs on the real clock
async def test_two_schedulers_on_one_database_run_the_turn_once(db_engine: Engine) -> None:
    game_id, passwords = new_game(db_engine, deadline=utcnow() + timedelta(days=1))
    everybody_votes(db_engine, passwords)
    move_deadline(db_engine, game_id, utcnow() + timedelta(seconds=1))
    first = DeadlineScheduler(db_engine, CONFIG, lambda: None)
    second = DeadlineScheduler(db_engine, CONFIG, lambda: None)
    await first.start()
    await second.start()
    try:
        await until(lambda: turn_of(db_engine, game_id) == 1)
        await asyncio.sleep(1.0)  # both have fired by now
    finally:
        await first.stop()
        await second.stop()
    assert snapshots(db_engine, game_id) == 2
    assert len(outbox_of(db_engine, OutboxKind.PRINTOUT)) == 3 * 2
    assert first.turns_run + second.turns_run == 1


async def test_a_deadline_planned_again_while_its_run_waits_starts_no_second_run(
    db_engine: Engine,
) -> None:
    resyncs = 0

    async def resyncs_go_by(count: int) -> None:
        target = resyncs + count
        await until(lambda: resyncs >= target)

    async def after_a_burst(runs: list[int]) -> bool:
        await resyncs_go_by(3)  # the run waits while resyncs plan the deadline again
        return True

    # Resyncs in quick succession, counted: the test waits for them, not for the clock.
    config = SchedulerConfig(TERMS, resync_seconds=0.05)
    game_id, scheduler, runs = turn_due(db_engine, after_a_burst, config)
    resync = scheduler.resync

    async def counted() -> None:
        nonlocal resyncs
        await resync()
        resyncs += 1

    scheduler.resync = counted  # type: ignore[method-assign]
    await scheduler.start()
    try:
        await until(lambda: turn_of(db_engine, game_id) == 1)
        await resyncs_go_by(2)
    finally:
        await scheduler.stop()
    assert runs == [game_id]
    assert scheduler.turns_run == 1


async def test_a_deadline_job_firing_twice_while_its_run_waits_starts_one_run(
    db_engine: Engine,
) -> None:
    # The resync does not plan a due game's job again (the test above); this is the
    # job's own guard, for a job that fires anyway (a misfire caught up, a job planned
    # by an earlier resync just before the first one fired).
    release = asyncio.Event()

    async def held_then_refused(runs: list[int]) -> bool:
        await release.wait()
        return False

    game_id, scheduler, runs = turn_due(db_engine, held_then_refused)
    await scheduler._deadline(game_id)
    await until(lambda: runs == [game_id])
    await scheduler._deadline(game_id)
    await asyncio.sleep(0.05)  # a second run, had it been spawned, would have started
    release.set()
    await until(lambda: not scheduler._due)
    assert runs == [game_id]


async def test_a_turn_replans_its_own_game_and_leaves_the_others_alone(
    db_engine: Engine,
) -> None:
    later = utcnow() + timedelta(days=1)
    other_id, _ = new_game(db_engine, deadline=later, number=32)
    game_id, passwords = new_game(db_engine, deadline=later)
    everybody_votes(db_engine, passwords)
    scheduler = DeadlineScheduler(db_engine, SchedulerConfig(TERMS), lambda: None)
    await scheduler.start()  # resync only at start: what follows is the per-game replan
    try:
        move_deadline(db_engine, game_id, utcnow())
        scheduler.poke(game_id)
        await until(lambda: turn_of(db_engine, game_id) == 1)
        await until(lambda: f"deadline:{game_id}" not in scheduler.job_times())
        assert scheduler.job_times()[f"deadline:{other_id}"] == later
    finally:
        await scheduler.stop()


async def test_a_burst_of_pokes_for_a_game_is_one_pass(db_engine: Engine) -> None:
    game_id, _ = new_game(db_engine, deadline=utcnow() + timedelta(days=1))
    scheduler = DeadlineScheduler(db_engine, CONFIG, lambda: None)
    await scheduler.start()
    passes: list[int] = []
    one_pass = scheduler._pass

    async def counted(game: int) -> None:
        passes.append(game)
        await one_pass(game)

    scheduler._pass = counted  # type: ignore[method-assign]
    try:
        for _ in range(10):  # ten order mails of the game within moments
            scheduler.poke(game_id)
            await asyncio.sleep(0)  # the loop runs between them (no wall time: no flake)
        await until(lambda: not scheduler._poking)
        assert passes == [game_id]
        scheduler.poke(game_id)  # a later change: a pass of its own
        await until(lambda: len(passes) == 2)
    finally:
        await scheduler.stop()


def reminders_due(engine: Engine, *, failing: int = 0) -> tuple[int, DeadlineScheduler, list[int]]:
    """A game whose reminder's hour has passed, a scheduler on it (resyncs only when the
    test asks), and the game ids its reminders were sent for; the first ``failing``
    sendings fail."""
    game_id, _ = new_game(engine, deadline=utcnow() + timedelta(minutes=30), reminder_hours=(1,))
    scheduler = DeadlineScheduler(engine, SchedulerConfig(TERMS), lambda: None)
    sends: list[int] = []
    send_reminders = scheduler.send_reminders

    async def counted(game_id: int) -> None:
        sends.append(game_id)
        if len(sends) <= failing:
            raise RuntimeError("database is locked")
        await send_reminders(game_id)

    scheduler.send_reminders = counted  # type: ignore[method-assign]
    return game_id, scheduler, sends


async def test_a_resync_does_not_fire_a_passed_reminder_again(db_engine: Engine) -> None:
    game_id, scheduler, sends = reminders_due(db_engine)
    await scheduler.start()  # its hour passed already: it fires at once
    try:
        await until(lambda: len(outbox_of(db_engine, OutboxKind.REMINDER)) == 3)
        for _ in range(3):  # as every resync_seconds until the deadline
            await scheduler.resync()
            await asyncio.sleep(0.1)
        assert f"reminder:{game_id}:1" not in scheduler.job_times()
    finally:
        await scheduler.stop()
    assert sends == [game_id]


async def test_a_reminder_that_failed_is_planned_again_by_the_resync(db_engine: Engine) -> None:
    game_id, scheduler, sends = reminders_due(db_engine, failing=1)
    await scheduler.start()
    try:
        await until(lambda: len(sends) == 1)
        await asyncio.sleep(0.1)
        assert outbox_of(db_engine, OutboxKind.REMINDER) == []
        await scheduler.resync()
        await until(lambda: len(outbox_of(db_engine, OutboxKind.REMINDER)) == 3)
    finally:
        await scheduler.stop()
    assert sends == [game_id, game_id]


async def test_a_resync_removes_the_jobs_of_a_game_paused_elsewhere(db_engine: Engine) -> None:
    later = utcnow() + timedelta(days=1)
    other_id, _ = new_game(db_engine, deadline=later, number=32, reminder_hours=(2,))
    game_id, _ = new_game(db_engine, deadline=later, reminder_hours=(2,))
    scheduler = DeadlineScheduler(db_engine, SchedulerConfig(TERMS), lambda: None)
    await scheduler.start()
    try:
        assert {f"deadline:{game_id}", f"reminder:{game_id}:2"} <= scheduler.job_times().keys()
        with transaction(db_engine) as session:  # as `pbem gm pause` would, in another process
            gm.pause(session, 31, now=utcnow())
        await scheduler.resync()
        jobs = scheduler.job_times()
        assert f"deadline:{game_id}" not in jobs and f"reminder:{game_id}:2" not in jobs
        assert jobs[f"deadline:{other_id}"] == later
        assert jobs[f"reminder:{other_id}:2"] == later - timedelta(hours=2)
    finally:
        await scheduler.stop()


async def test_a_passed_deadline_whose_run_was_refused_is_planned_again_by_the_resync(
    db_engine: Engine,
) -> None:
    async def refused_once(runs: list[int]) -> bool:
        return len(runs) > 1  # the first refused, as when another server holds the game

    game_id, scheduler, runs = turn_due(db_engine, refused_once)
    await scheduler.start()  # resync only at start and below
    try:
        await until(lambda: runs == [game_id] and not scheduler._due)
        await scheduler.resync()  # the same deadline, still passed: its job again
        await until(lambda: turn_of(db_engine, game_id) == 1)
    finally:
        await scheduler.stop()
    assert runs == [game_id, game_id]


async def test_a_resync_leaves_the_jobs_of_an_unchanged_game_alone(db_engine: Engine) -> None:
    game_id, _ = new_game(db_engine, deadline=utcnow() + timedelta(days=1), reminder_hours=(2,))
    scheduler = DeadlineScheduler(db_engine, SchedulerConfig(TERMS), lambda: None)
    await scheduler.start()
    planned = dict(scheduler.job_times())
    touched: list[str] = []
    schedule = scheduler._schedule

    def counted(job_id: str, *args: object) -> None:
        touched.append(job_id)
        schedule(job_id, *args)  # type: ignore[arg-type]

    scheduler._schedule = counted  # type: ignore[assignment, method-assign]
    try:
        await scheduler.resync()
        assert touched == []
        move_deadline(db_engine, game_id, utcnow() + timedelta(days=2))
        await scheduler.resync()
        assert sorted(touched) == [f"deadline:{game_id}", f"reminder:{game_id}:2"]
    finally:
        await scheduler.stop()
    assert planned[f"deadline:{game_id}"] < scheduler.job_times()[f"deadline:{game_id}"]
