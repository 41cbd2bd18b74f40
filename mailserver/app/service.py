"""``pbem serve``: the whole service in one process — intake, deadlines, outbox.

The stages only meet in the database: the IMAP poller hands each mail to intake, which
commits the mail and everything it caused in one transaction (in a burst up to four mails
at once, each in a savepoint of its own); the sender only ever sends what the outbox
holds. SIGTERM stops the poller after the mail in hand and the sender
after the mail in flight; nothing is lost because nothing lives only in memory.
"""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

from sqlalchemy import Engine
from sqlalchemy.exc import OperationalError

from config.settings import Settings
from db import repo
from db.models import InboundStatus
from db.passwords import VERIFIED, needs_rehash, verify_ahead
from db.session import make_engine, reading, transaction, upgrade
from mailserver.app.workers import Workers, auto_count, quiet_collector
from mailserver.common.faults import crash_point
from mailserver.common.kinds import UnknownGameKind, game_kind, load_kinds
from mailserver.common.priority import MailFirst
from mailserver.inbound.handover import FetchedMail
from mailserver.inbound.imap import ImapPoller
from mailserver.inbound.intake import IntakeConfig, ParsedMail, parse_mail, preverify, process_mail
from mailserver.outbound.outbox import OutboxSender, RetryPolicy
from mailserver.outbound.smtp import SmtpTransport
from mailserver.turns.scheduler import DeadlineScheduler, SchedulerConfig

if TYPE_CHECKING:
    from mailserver.web.server import WebServer

log = logging.getLogger("pbem.service")

PREFETCH_KEPT = 8
"""Read-aheads kept for mails not yet handed over (the poller starts a group ahead)."""
PASSWORD_CHECKS = 4
"""Passwords checked at once, beside the reading of their mails (Argon2id takes 19 MiB a
check)."""


class DbUidStore:
    """The poller's UIDVALIDITY / last-UID bookkeeping, kept in the database.

    The last UID is only a place to start the search from (a processed mail carries the
    keyword and is skipped anyway), so in a burst it is written at most every
    ``every_seconds`` instead of once per mail: one write transaction less per mail. A
    new UIDVALIDITY is written at once.
    """

    def __init__(self, engine: Engine, *, every_seconds: float = 1.0) -> None:
        self.engine = engine
        self.every_seconds = every_seconds
        self._written: tuple[str, int, float] | None = None
        """(mailbox, uidvalidity, monotonic time) of the last write."""

    async def load(self, mailbox: str) -> tuple[int | None, int]:
        """``(uidvalidity, last_uid)`` of ``mailbox``; ``(None, 0)`` if never seen."""

        def read() -> tuple[int | None, int]:
            with reading(self.engine) as session:
                state = repo.get_mailbox_state(session, mailbox)
                return (None, 0) if state is None else (state.uidvalidity, state.last_uid)

        return await asyncio.to_thread(read)

    async def save(self, mailbox: str, uidvalidity: int, last_uid: int) -> None:
        """Remember the highest processed UID (see the class doc for how often)."""
        now = time.monotonic()
        last = self._written
        if (
            last is not None
            and last[:2] == (mailbox, uidvalidity)
            and now - last[2] < self.every_seconds
        ):
            return
        self._written = (mailbox, uidvalidity, now)

        def write() -> None:
            with transaction(self.engine) as session:
                repo.set_mailbox_state(session, mailbox, uidvalidity=uidvalidity, last_uid=last_uid)

        await asyncio.to_thread(write)


class MailHandler:
    """Turns a fetched mail into a committed intake; wakes the sender afterwards."""

    def __init__(
        self,
        engine: Engine,
        config: IntakeConfig,
        wake: Callable[[], None],
        on_game: Callable[[int], None] | None = None,
        mail_first: MailFirst | None = None,
    ) -> None:
        self.engine = engine
        self.config = config
        self.wake = wake
        self.on_game = on_game
        self.mail_first = mail_first or MailFirst()
        """Marks each mail's intake as mail work (the pages wait for a pause in it)."""
        self._prefetched: dict[tuple[int, int], asyncio.Future[ParsedMail | None]] = {}
        self._checks = ThreadPoolExecutor(PASSWORD_CHECKS, thread_name_prefix="password")
        """Where a password is checked beside the reading of its mail."""

    def prefetch(self, mail: FetchedMail) -> None:
        """Start verifying the next mail's password while the current one is committed."""
        key = (mail.uidvalidity, mail.uid)
        if key not in self._prefetched:
            while len(self._prefetched) >= PREFETCH_KEPT:  # mails never handed over
                self._prefetched.pop(next(iter(self._prefetched))).cancel()
            self._prefetched[key] = asyncio.ensure_future(self._preverified(mail))

    async def _preverified(self, mail: FetchedMail) -> ParsedMail | None:
        return await asyncio.to_thread(self._read_ahead, mail)

    def _read_ahead(self, mail: FetchedMail) -> ParsedMail | None:
        """:meth:`preverify`, None if it failed."""
        try:
            return self.preverify(mail)
        except Exception:  # only a head start: intake verifies again if this failed
            log.debug("pre-verification of mail uid %d failed", mail.uid, exc_info=True)
            return None

    async def __call__(self, mail: FetchedMail) -> None:
        await self.many([mail])

    async def many(self, mails: list[FetchedMail]) -> None:
        """Take ``mails`` in, in one write transaction (each in a savepoint of its own),
        then wake the sender once."""
        with self.mail_first.working():
            ahead: dict[int, ParsedMail | None] = {}
            for mail in mails:
                pending = self._prefetched.pop((mail.uidvalidity, mail.uid), None)
                if pending is not None:
                    ahead[mail.uid] = await pending
            games = await asyncio.to_thread(self._read_and_process, mails, ahead)
        self.wake()
        if self.on_game is not None:
            for game_id in games:
                self.on_game(game_id)

    def _read_and_process(
        self, mails: list[FetchedMail], ahead: Mapping[int, ParsedMail | None] | None = None
    ) -> list[int]:
        """The mails not read ahead (not in ``ahead``, by UID) are read here: a lone mail
        goes to a thread once, not twice (each hand-over cost it a wait for the
        interpreter under load). Then all of them are processed."""
        ahead = ahead or {}
        read = [ahead[mail.uid] if mail.uid in ahead else self._read_ahead(mail) for mail in mails]
        return self.process_many(mails, read)

    def preverify(self, mail: FetchedMail) -> ParsedMail:
        """Take the mail apart and verify its password into the process's cache, outside
        any write transaction: intake, holding the write lock, then finds the answer there
        instead of spending ~50 ms on it, and gets the parsed mail instead of parsing it
        again. A password not in the cache is checked in a thread of its own while the
        order text is read (the hashing releases the GIL). A stored hash of an older kind
        or cost gets its successor made there too (:func:`db.passwords.verify_ahead`)."""
        parsed = parse_mail(mail.raw, config=self.config, size=mail.size)
        checks: list[Future[bool]] = []

        def start(password: str, stored: str) -> None:
            if not VERIFIED.known(password, stored) or needs_rehash(stored):
                checks.append(self._checks.submit(verify_ahead, password, stored, parsed.rehashed))

        with reading(self.engine) as session:
            preverify(session, parsed, config=self.config, start=start)
        for check in checks:
            check.result()
        return parsed

    def process(self, mail: FetchedMail, parsed: ParsedMail | None = None) -> int | None:
        """One mail in one transaction (:meth:`process_many` of one mail)."""
        games = self.process_many([mail], [parsed])
        return games[0] if games else None

    def process_many(self, mails: list[FetchedMail], read: list[ParsedMail | None]) -> list[int]:
        """Mails in one transaction, each in a savepoint of its own: a bug keeps its mail
        (status error), never loses it, and leaves the others as they went.

        Returns the ids of the games the scheduler must pass over
        (:attr:`~mailserver.inbound.context.IntakeOutcome.replan`). ``read``: each mail
        taken apart by :meth:`preverify`, or None (intake does it).
        """
        handled: list[tuple[int, str]] = []
        games: list[int] = []
        with transaction(self.engine) as session:
            for mail, parsed in zip(mails, read, strict=True):
                try:
                    with session.begin_nested():
                        outcome = process_mail(
                            session,
                            mail.raw,
                            config=self.config,
                            size=mail.size,
                            parsed=parsed,
                            **mail.place(),
                        )
                except OperationalError:
                    raise  # the database is busy or away: the poller tries these mails again
                except Exception as exc:
                    log.exception("mail uid %d could not be processed; kept as error", mail.uid)
                    with session.begin_nested():
                        record, _ = repo.record_inbound_mail(
                            session, raw=mail.raw, message_id=None, **mail.place()
                        )
                        record.status = InboundStatus.ERROR
                        record.reason = f"{type(exc).__name__}: {exc}"[:2000]
                        session.add(record)
                    handled.append((mail.uid, f"error {type(exc).__name__}"))
                    continue
                handled.append((mail.uid, f"{outcome.status.value} {outcome.reason}"))
                if outcome.replan and outcome.game_id is not None and outcome.game_id not in games:
                    games.append(outcome.game_id)
            crash_point("intake-before-commit")
        crash_point("intake-after-commit")
        for uid, said in handled:
            # The one line a handled mail writes (the poller's is at debug level).
            log.info("mail uid %d handled: %s", uid, said)
        return games


def load_kinds_in_play(engine: Engine) -> list[str]:
    """Import the engines of the kinds of the games not finished, and name them.

    A kind's engine is imported when first used: at start, not in the first turn run after a
    restart, where it would hold up that deadline's burst of mail."""
    with reading(engine) as session:
        names = repo.kinds_in_play(session)
    loaded = []
    for name in names:
        try:
            game_kind(name)
        except UnknownGameKind as err:  # a game of a kind this server was not given
            log.warning("%s", err)
        else:
            loaded.append(name)
    return loaded


class Service:
    """Poller, scheduler and sender over one database; ``run()`` until SIGTERM or ``stop()``."""

    def __init__(self, settings: Settings, *, retry: RetryPolicy | None = None) -> None:
        self.settings = settings
        load_kinds(settings.game_kinds)
        upgrade(settings.database_url)
        self.engine = make_engine(settings.database_url)
        self.workers = Workers(
            auto_count() if settings.workers is None else settings.workers,
            settings.database_url,
            game_kinds=settings.game_kinds,
            log_format=settings.log_format,
        )
        transports = [SmtpTransport(settings.smtp) for _ in range(settings.smtp.connections)]
        self.mail_first = MailFirst()
        """Intake, sender and turn runs mark their work; the pages wait for a pause."""
        self.sender = OutboxSender(
            self.engine,
            transports,
            settings.smtp,
            retry=retry,
            workers=self.workers,
            mail_first=self.mail_first,
        )
        self.scheduler = DeadlineScheduler(
            self.engine,
            SchedulerConfig.from_settings(settings),
            self.sender.wake,
            self.workers,
            mail_first=self.mail_first,
        )
        self.handler = MailHandler(
            self.engine,
            IntakeConfig.from_settings(settings),
            self.sender.wake,
            self.scheduler.poke,
            mail_first=self.mail_first,
        )
        self.poller = ImapPoller(
            settings.imap,
            DbUidStore(self.engine),
            self.handler,
            max_mail_bytes=settings.limits.max_mail_bytes,
        )
        self.web: WebServer | None = None
        if settings.web.enabled:
            # Imported here: the pages' libraries load only when the pages are on.
            from mailserver.web.app import create_app
            from mailserver.web.server import WebServer

            app = create_app(settings, self.engine, self.orders_from_web, self.mail_first)
            self.web = WebServer(app, settings.web)
        self._shutdown: asyncio.Task[None] | None = None

    def orders_from_web(self, game_id: int) -> None:
        """Orders came from a page: send the acknowledgement now, re-plan the game."""
        self.sender.wake()
        self.scheduler.poke(game_id)

    def stop(self) -> None:
        """Graceful shutdown: finish what is in hand, then return from :meth:`run`."""
        if self._shutdown is None:
            log.info("stopping")
            self._shutdown = asyncio.ensure_future(self._stop_stages())

    async def _stop_stages(self) -> None:
        # Intake first, then a turn run in progress commits, then the sender drains the
        # mail in flight: whatever is left waits in the outbox for the next start.
        self.poller.stop()
        if self.web is not None:
            self.web.stop()
        await self.scheduler.stop()
        self.sender.stop()

    async def run(self) -> None:
        """Run every stage until stopped."""
        # Database work runs in threads beside the event loop; with Python's default
        # 5 ms switch interval a thread busy with a transaction holds up the loop (the
        # next IMAP command, the next SMTP line) for that long each time. 1 ms keeps the
        # stages flowing into each other at a negligible cost in switching.
        sys.setswitchinterval(0.001)
        quiet_collector()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, self.stop)
        log.info("service started (database %s)", self.engine.url.render_as_string())
        # The workers start beside the other stages: until they are up, work waits for them.
        # So do the engines of the kinds in play.
        warming = asyncio.gather(
            self.workers.start(), asyncio.to_thread(load_kinds_in_play, self.engine)
        )
        try:
            await self.scheduler.start()
            stages = [self.poller.run(), self.sender.run()]
            if self.web is not None:
                stages.append(self.web.run())
                log.info("web pages on %s", self.settings.web.public_url())
            await asyncio.gather(*stages)
            if self._shutdown is not None:
                await self._shutdown
        finally:
            for sig in (signal.SIGTERM, signal.SIGINT):
                loop.remove_signal_handler(sig)
            await self.scheduler.stop()
            await asyncio.gather(warming, return_exceptions=True)
            await asyncio.to_thread(self.workers.close)
            self.engine.dispose()
            log.info("service stopped")
