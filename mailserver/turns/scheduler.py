"""Deadlines and reminders: APScheduler jobs rebuilt from the database.

The database is the only truth: every game's ``next_deadline`` and ``reminder_hours``.
The jobs are a cache of it, rebuilt at start-up (a deadline missed while the server was
down fires at once), after every change made in this process (:meth:`poke`), and every
``resync_seconds`` for changes made elsewhere (``pbem gm`` on the command line, a second
server process). A job that fires twice does no harm: the turn run locks the game and
checks the turn number, reminders carry a dedup key. A resync reads every running game
but touches the jobs only of those whose plan changed or whose passed deadline or
reminder is due to fire (every game's jobs at every pass made a burst's cost grow with
the square of its games).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from apscheduler.jobstores.base import JobLookupError
from apscheduler.schedulers.asyncio import AsyncIOScheduler
from sqlalchemy import Engine, bindparam
from sqlmodel import Session, select

from config.settings import Settings
from db import repo
from db.models import Game, GameStatus, utcnow
from db.session import reading, transaction
from mailserver.common.faults import crash_point
from mailserver.common.priority import MailFirst
from mailserver.common.terms import HostTerms
from mailserver.turns import mails as turn_mails
from mailserver.turns import run as turns
from mailserver.turns.ahead import TurnAhead
from mailserver.turns.claims import TurnClaim, TurnClaims
from mailserver.turns.plan import early_run_ready
from mailserver.turns.ranked import RankedSlots

log = logging.getLogger("pbem.scheduler")


class AheadEvaluators(Protocol):
    """Processes that evaluate a game's pending turn ahead of its run (the app's worker
    pool); the scheduler needs no more of them than this."""

    count: int

    async def evaluate_ahead(
        self, game_id: int, turn_fee_cents: int, due_by: datetime | None = None
    ) -> TurnAhead | None:
        """The pending turn of ``game_id`` evaluated ahead, or None when they cannot (or,
        with ``due_by``, when the turn is not due then)."""


CLAIM_REFUSALS = {
    "taken": "claimed by another run",
    "not_due": "not due when claimed (run elsewhere, or held)",
}
"""The log's words for a run given up at its claim (:func:`db.repo.claim_turn`)."""

POKE_DELAY = 0.1
"""Seconds between a change in this process and the re-planning pass it causes."""


@dataclass(frozen=True)
class SchedulerConfig:
    """What the turn runs need from the settings."""

    terms: HostTerms = field(default_factory=HostTerms)
    """What the turns' mails are written with (the From address, the fee, the links)."""
    resync_seconds: float = 60.0
    mail_retention_days: int = 180
    """Received mails older than this keep their record but not their text."""

    @classmethod
    def from_settings(cls, settings: Settings) -> SchedulerConfig:
        """The part of ``settings`` that turn runs and reminders use."""
        return cls(
            terms=HostTerms.from_settings(settings),
            resync_seconds=settings.resync_seconds,
            mail_retention_days=settings.mail_retention_days,
        )


# Built once: building the statement cost a replan more than running it.
# Three columns, not the games: a resync reads every running game.
_RUNNING = select(Game.id, Game.next_deadline, Game.reminder_hours).where(
    Game.status == GameStatus.RUNNING,
    Game.held == False,  # noqa: E712
)
_ONE_RUNNING = _RUNNING.where(Game.id == bindparam("game_id"))


@dataclass(frozen=True)
class _Plan:
    """The jobs one game needs now."""

    game_id: int
    deadline: datetime | None
    reminders: tuple[tuple[int, datetime], ...]


def _plans_in(session: Session, game_id: int | None) -> list[_Plan]:
    """The plans of every running game (``None``) or of one, as ``session`` sees them."""
    if game_id is None:
        rows = session.exec(_RUNNING).all()
    else:
        rows = session.exec(_ONE_RUNNING, params={"game_id": game_id}).all()
    plans = []
    for id_, deadline, reminder_hours in rows:
        reminders: tuple[tuple[int, datetime], ...] = ()
        if deadline is not None:
            reminders = tuple(
                (hours, deadline - timedelta(hours=hours))
                for hours in sorted(set(reminder_hours), reverse=True)
                if hours > 0
            )
        plans.append(_Plan(id_ or 0, deadline, reminders))
    return plans


class DeadlineScheduler:
    """Fires each game's turn run at its deadline and its reminders before it."""

    def __init__(
        self,
        engine: Engine,
        config: SchedulerConfig,
        wake_sender: Callable[[], None],
        workers: AheadEvaluators | None = None,
        mail_first: MailFirst | None = None,
    ) -> None:
        self.engine = engine
        self.mail_first = mail_first or MailFirst()
        """Marks each turn run as mail work (the pages wait for a pause in it)."""
        self.config = config
        self.wake_sender = wake_sender
        self.workers = workers
        """Where turns are evaluated ahead (none: each run evaluates its own turn)."""
        self._scheduler = AsyncIOScheduler(timezone=UTC)
        self._turn_lock = asyncio.Lock()
        # Turns evaluated ahead wait here for the turn lock; a few suffice to keep the
        # workers busy, and more would only hold states in memory.
        # Taken in an order of this server's own (mailserver.turns.ranked): several
        # servers then mostly run different games of one deadline.
        slots = workers.count + 2 if workers else 1
        self._ahead_slots = RankedSlots(slots)
        # Each slot's game claimed before its evaluation ahead (mailserver.turns.claims):
        # another server does not evaluate it too.
        self._claims = TurnClaims(engine, slots)
        self._running: set[asyncio.Task[object]] = set()
        self._stopping = False
        self._poking: set[int] = set()
        self._poked_again: set[int] = set()
        self._due: set[int] = set()
        """Games whose deadline fired and whose run has not ended yet."""
        self._planned: dict[int, set[str]] = {}
        """Each game's job ids as last planned (some may have fired and gone since)."""
        self._applied: dict[int, _Plan] = {}
        """Each game's plan as its jobs were last made from it."""
        self._reminded: dict[int, tuple[datetime, set[int]]] = {}
        """Each game's deadline and the reminders (hours) fired for it."""
        self.turns_run = 0

    # -- lifecycle
    async def start(self) -> None:
        """Start the scheduler and build every job from the database."""
        self._scheduler.start()
        self._scheduler.add_job(
            self.resync,
            "interval",
            seconds=self.config.resync_seconds,
            id="resync",
            coalesce=True,
            max_instances=1,
        )
        self._scheduler.add_job(
            self.housekeeping,
            "interval",
            hours=6,
            id="housekeeping",
            coalesce=True,
            max_instances=1,
        )
        await self.resync()
        await self.housekeeping()

    async def housekeeping(self) -> None:
        """Forget the text of received mails past the retention period."""

        def expire() -> int:
            cutoff = utcnow() - timedelta(days=self.config.mail_retention_days)
            with transaction(self.engine) as session:
                return repo.expire_inbound_mail(session, before=cutoff)

        expired = await asyncio.to_thread(expire)
        if expired:
            log.info("expired the text of %d received mails", expired)

    async def stop(self) -> None:
        """No new jobs; wait for a turn run in progress to commit."""
        self._stopping = True
        if self._scheduler.running:
            self._scheduler.shutdown(wait=False)
        if self._running:
            await asyncio.gather(*self._running, return_exceptions=True)
        self._claims.close()

    def job_times(self) -> dict[str, datetime]:
        """The planned jobs and when they fire (for status and tests)."""
        return {
            job.id: job.next_run_time
            for job in self._scheduler.get_jobs()
            if job.next_run_time is not None
        }

    # -- building jobs from the database
    def poke(self, game_id: int | None = None) -> None:
        """Something changed in this process (a submission, a GM command): re-plan now.

        The pass starts :data:`POKE_DELAY` seconds later; pokes for a game whose pass is
        waiting or under way are folded into it or into one more pass after it: a burst of
        a game's mails costs a few passes, not one each.
        """
        if self._stopping:
            return
        if game_id is not None and game_id in self._poking:
            self._poked_again.add(game_id)
            return
        if game_id is not None:
            self._poking.add(game_id)
        self._spawn(self._poke(game_id))

    async def _poke(self, game_id: int | None) -> None:
        if game_id is None:
            await self.resync()
            return
        try:
            while True:
                # A burst of a game's mails arrives within moments: one pass after them
                # all, and while they keep coming one pass per POKE_DELAY, not one pass
                # right after the other (each a thread's turn the burst waited for).
                await asyncio.sleep(POKE_DELAY)
                self._poked_again.discard(game_id)
                await self._pass(game_id)
                if game_id not in self._poked_again or self._stopping:
                    break
        finally:
            self._poking.discard(game_id)

    async def _pass(self, game_id: int) -> None:
        """One pass for a changed game: its turn run early if it is ready (the run plans
        the game's jobs after it), else its jobs made to match the database; one read."""
        if self._stopping:
            return
        ready, plans = await asyncio.to_thread(self._ready_and_plans, game_id)
        if ready:
            await self.run_turn(game_id)
        else:
            self._plan_game(game_id, plans)

    def _ready_and_plans(self, game_id: int) -> tuple[bool, list[_Plan]]:
        # One reading transaction for both: a second one cost the pass a third more.
        with reading(self.engine) as session:
            return _early_ready(session, game_id), _plans_in(session, game_id)

    async def resync(self) -> None:
        """Make every job match the database."""
        if self._stopping:
            return
        plans = await asyncio.to_thread(self._read_plans, None)
        now = utcnow()
        for plan in plans:
            self._apply(plan, now)
        for game_id in self._planned.keys() - {plan.game_id for plan in plans}:
            self._retire(game_id)

    async def replan(self, game_id: int) -> None:
        """Make one game's jobs match the database (cheap: after its turn or a mail)."""
        if self._stopping:
            return
        self._plan_game(game_id, await asyncio.to_thread(self._read_plans, game_id))

    def _plan_game(self, game_id: int, plans: list[_Plan]) -> None:
        """Make one game's jobs match ``plans`` (its plan read from the database)."""
        for plan in plans:
            self._apply(plan, utcnow())
        if not plans:  # held, finished or gone
            self._retire(game_id)

    def _apply(self, plan: _Plan, now: datetime) -> None:
        """Schedule one game's jobs and remove those it no longer needs."""
        # The plan its jobs were made from, with nothing due to fire now: they are in
        # place. A resync (each 0.5 s in the benchmarks) went through every game's jobs,
        # a burst's work that grew with the number of games squared.
        if self._applied.get(plan.game_id) == plan and not self._fires_now(plan, now):
            return
        ids: set[str] = set()
        if plan.deadline is not None:
            job_id = f"deadline:{plan.game_id}"
            ids.add(job_id)
            # A passed deadline whose run is under way or waiting (``_due``) is not
            # planned again: the job would fire at once for nothing. Re-adding every due
            # game's job at each resync cost a burst of 200 games an eighth of the
            # server's time, and more the more games (docs/performance.md, "Growth").
            if not (plan.deadline <= now and plan.game_id in self._due):
                self._schedule(job_id, max(plan.deadline, now), self._deadline, plan.game_id)
        fired = self._fired_reminders(plan)
        for hours, when in plan.reminders:
            # A reminder whose hour has passed is planned once, not at every resync
            # until the deadline (each a transaction that sends nothing new).
            if when <= now and hours in fired:
                continue
            job_id = f"reminder:{plan.game_id}:{hours}"
            ids.add(job_id)
            self._schedule(
                job_id, max(when, now), self._reminders, plan.game_id, plan.deadline, hours
            )
        self._retire(plan.game_id, keep=ids)
        self._applied[plan.game_id] = plan

    def _fires_now(self, plan: _Plan, now: datetime) -> bool:
        """Whether applying ``plan`` would plan a job at ``now``: a passed deadline whose
        run is not under way (a run refused, say), a passed reminder not fired."""
        if plan.deadline is not None and plan.deadline <= now and plan.game_id not in self._due:
            return True
        fired = self._fired_reminders(plan)
        return any(when <= now and hours not in fired for hours, when in plan.reminders)

    def _retire(self, game_id: int, keep: set[str] | frozenset[str] = frozenset()) -> None:
        """Remove the game's jobs not in ``keep``.

        Looked up by the game's own job ids: going through every job after each game's
        run cost a burst of n games n² steps (docs/performance.md, "Growth").
        """
        for job_id in self._planned.pop(game_id, set()) - keep:
            with contextlib.suppress(JobLookupError):  # fired and gone meanwhile
                self._scheduler.remove_job(job_id)
        if keep:
            self._planned[game_id] = set(keep)
        else:
            self._reminded.pop(game_id, None)
            self._applied.pop(game_id, None)

    def _fired_reminders(self, plan: _Plan) -> set[int]:
        """The hours of the reminders fired for the game's planned deadline."""
        fired = self._reminded.get(plan.game_id)
        if fired is None or fired[0] != plan.deadline:
            self._reminded.pop(plan.game_id, None)  # a new deadline: its reminders are due
            return set()
        return fired[1]

    def _read_plans(self, game_id: int | None) -> list[_Plan]:
        # A reader: it would otherwise queue for the write lock behind a turn run.
        with reading(self.engine) as session:
            return _plans_in(session, game_id)

    def _schedule(
        self, job_id: str, when: datetime, func: Callable[..., object], *args: object
    ) -> None:
        existing = self._scheduler.get_job(job_id)
        if existing is not None and existing.next_run_time == when:
            return
        self._scheduler.add_job(
            func,
            "date",
            run_date=when,
            args=list(args),
            id=job_id,
            replace_existing=True,
            misfire_grace_time=None,  # a missed deadline still fires (it is checked anyway)
            coalesce=True,
        )

    # -- the jobs
    def _spawn(self, coro: Coroutine[Any, Any, object]) -> None:
        task = asyncio.ensure_future(coro)
        self._running.add(task)
        task.add_done_callback(self._running.discard)

    async def _deadline(self, game_id: int) -> None:
        # Until its run is over, a game's passed deadline stays in the database, and each
        # resync plans its job anew, at once: the run already waiting is the one it asks
        # for. (Without this a burst of 30 games started 105 runs too many, each a turn
        # evaluated ahead for nothing and then refused, and more the longer it lasted.)
        if game_id in self._due:
            return
        self._due.add(game_id)
        # Tracked as a task so that SIGTERM waits for the commit of a running turn.
        self._spawn(self._run_due(game_id))

    async def _run_due(self, game_id: int) -> None:
        try:
            await self.run_turn(game_id)
        finally:
            self._due.discard(game_id)

    async def _reminders(self, game_id: int, deadline: datetime, hours: int) -> None:
        # Remembered as it fires: the resyncs until the deadline leave it alone.
        fired = self._reminded.setdefault(game_id, (deadline, set()))
        if fired[0] == deadline:
            fired[1].add(hours)
        self._spawn(self._remind(game_id, deadline, hours))

    async def _remind(self, game_id: int, deadline: datetime, hours: int) -> None:
        try:
            await self.send_reminders(game_id)
        except BaseException:
            # Not sent: the next resync plans the reminder again.
            fired = self._reminded.get(game_id)
            if fired is not None and fired[0] == deadline:
                fired[1].discard(hours)
            raise

    async def run_turn(self, game_id: int, *, force: bool = False) -> turns.TurnRun | None:
        """Evaluate the game's pending turn if it is due (exactly once, see ``turns``).

        None when the run did not start: the server stops, or another server has claimed
        the game (it evaluates and runs the turn; should it die first, the next resync
        fires the deadline here again)."""
        async with self._ahead_slots.held(game_id):
            due_by = None if force else utcnow()
            found, claim = await self._claim(game_id, due_by)
            if found != "claimed":
                # Taken: the other server evaluates and runs it (should it die first,
                # the next resync fires the deadline here again). Not due: run by the
                # other already, as a rule; the resync plans its next deadline.
                log.info("game id %d: %s", game_id, CLAIM_REFUSALS[found])
                return None
            try:
                ahead = None
                if self.workers is not None and not self._stopping:
                    fee = self.config.terms.turn_fee_cents
                    # Not for a turn the run would refuse as not due: with several
                    # servers the other one may have run it already.
                    ahead = await self.workers.evaluate_ahead(game_id, fee, due_by)
                async with self._turn_lock:  # one run at a time per process
                    if self._stopping:
                        return None
                    with self.mail_first.working():
                        result, plans = await asyncio.to_thread(
                            self._run_turn, game_id, force, ahead, claim
                        )
            finally:
                claim.release()  # given back in the run's thread already, but for an error
        log.info(
            "game %d turn %d: %s %s", result.game_number, result.turn, result.status, result.reason
        )
        if result.outbox_ids:
            self.wake_sender()
        if result.status == "done":
            self.turns_run += 1
        if not self._stopping:  # the next deadline, or no job when held or finished
            self._plan_game(game_id, plans)
        return result

    async def _claim(
        self, game_id: int, due_by: datetime | None
    ) -> tuple[repo.ClaimOutcome, TurnClaim]:
        """The game claimed for a run whose turn a worker evaluates ahead; a run that
        evaluates in its own transaction needs no claim (its row lock is one)."""
        if self.workers is None or self._stopping:
            return "claimed", TurnClaim(None)
        return await self._claims.take(game_id, due_by)

    def _run_turn(
        self, game_id: int, force: bool, ahead: TurnAhead | None, claim: TurnClaim
    ) -> tuple[turns.TurnRun, list[_Plan]]:
        """The run in its transaction, and the game's plan as the run leaves it: read in
        the same transaction, where a reader of its own after the commit was a session,
        a transaction and a thread's turn more for every game of a deadline."""
        try:
            with transaction(self.engine) as session:
                result = turns.run_turn(
                    session,
                    game_id,
                    self.config.terms.at(utcnow()),
                    force=force,
                    # The turn evaluated ahead is the one this run is for: should another
                    # process have run it meanwhile, the refusal names it.
                    expected_turn=ahead.turn - 1 if ahead is not None else None,
                    ahead=ahead,
                )
                plans = _plans_in(session, game_id)
        finally:
            # After the commit: a server that claims the game next finds the turn run.
            claim.release()
        crash_point("turn-after-commit")
        return result, plans

    async def send_reminders(self, game_id: int) -> None:
        """Remind players without orders (idempotent: one reminder per seat and hour)."""

        def send() -> list[int]:
            with transaction(self.engine) as session:
                sent: list[int] = turn_mails.send_reminders(
                    session, game_id, self.config.terms.at(utcnow())
                )
                return sent

        if await asyncio.to_thread(send):
            self.wake_sender()


def _early_ready(session: Session, game_id: int) -> bool:
    """Whether the game allows a turn run early and every player is final."""
    game = session.get(Game, game_id)
    return (
        game is not None
        and game.status == GameStatus.RUNNING
        and game.early_run
        and early_run_ready(session, game)
    )
