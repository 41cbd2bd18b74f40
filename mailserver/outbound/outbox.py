"""The sender: drains the outbox over a reused SMTP connection, exactly as the table says.

A row leaves the outbox as sent only after the relay accepted the mail. Rows are claimed
(``FOR UPDATE SKIP LOCKED`` on PostgreSQL) in the name of this process's server row, so
several server processes can send side by side without handing out a mail twice. While
it runs, the sender renews its heartbeat and the lease of the mails in hand
(:mod:`mailserver.outbound.liveness`): a slow relay never lets a claim run out under a
mail still queued. A process that dies between sending and marking leaves its claims to
the next server, at once on the same machine, within the heartbeat's grace elsewhere;
the mails accepted but not yet marked then go out again, under the same Message-ID.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage
from typing import Any, Protocol, TypedDict

from sqlalchemy import Engine, Row
from sqlmodel import Session

from config.game_options import gm_language
from config.settings import SmtpSettings
from db import repo
from db.models import PASSWORD_PLACEHOLDER, Game, Outbox, OutboxKind, OutboxStatus, Player, utcnow
from db.session import reading, transaction
from mailserver.common.catalog import say, wrap
from mailserver.common.priority import MailFirst
from mailserver.outbound.liveness import HEARTBEAT_SECONDS, Liveness
from mailserver.outbound.smtp import (
    Attachment,
    FlatMail,
    SmtpError,
    SmtpRejected,
    SmtpTransport,
    SmtpUnavailable,
    build_message,
    flatten,
)
from mailserver.outbound.wire import flat_mail

log = logging.getLogger("pbem.outbox")


SMALL_BATCH = 4
"""A claim of at most this many mails is read and built in the claim's own thread, not
by the workers: for a lone acknowledgement the round trip to a worker process (which
reads the row again) was the tail of the sender's part, p90 20 against 16 ms, at the
same median (docs/performance.md, "Intake")."""


class MailBuilders(Protocol):
    """Processes that read, build and flatten outbox mails for the sender (the app's
    worker pool); the sender needs no more of them than this."""

    async def flatten_outbox(
        self, outbox_ids: Sequence[int], from_addr: str, from_name: str
    ) -> dict[int, FlatMail | str] | None:
        """The mails of ``outbox_ids`` built and flattened, by id; None when they cannot."""


class _MailParts(TypedDict):
    """The keyword arguments :func:`flat_mail` and :func:`build_message` share."""

    from_addr: str
    from_name: str
    to: str
    subject: str
    body: str
    message_id: str
    in_reply_to: str | None
    references: Sequence[str]
    auto_submitted: str | None
    date: datetime
    attachments: Sequence[Attachment]


@dataclass(frozen=True)
class OutboxMail:
    """What a due outbox row's message is made of, detached from its session (it may go
    to a worker process to be built: :mod:`mailserver.app.workers`)."""

    id: int
    to: str
    subject: str
    body: str
    message_id: str
    in_reply_to: str | None
    references: tuple[str, ...]
    auto_submitted: str | None
    date: datetime
    attachments: tuple[dict[str, str], ...]

    @classmethod
    def of(cls, row: Outbox | Row[Any]) -> OutboxMail:
        """The row's mail (a model object, or :func:`db.repo.outbox_rows`'s plain row); a
        takeover's password goes into the text only now."""
        return cls(
            id=row.id or 0,
            to=row.to_address,
            subject=row.subject,
            body=row.body.replace(PASSWORD_PLACEHOLDER, row.secret or ""),
            message_id=row.message_id,
            in_reply_to=row.in_reply_to,
            references=tuple((row.thread_references or "").split()),
            auto_submitted=row.auto_submitted,
            date=row.created_at,
            attachments=tuple(row.attachments or ()),
        )

    def flat(self, from_addr: str, from_name: str) -> FlatMail:
        """The mail's wire bytes: written directly when it has the usual shape
        (:mod:`mailserver.outbound.wire`), else built and flattened by the email package
        (ValueError: an address no SMTP line takes)."""
        direct = flat_mail(**self._parts(from_addr, from_name))
        return direct if direct is not None else flatten(self.message(from_addr, from_name))

    def message(self, from_addr: str, from_name: str) -> EmailMessage:
        """The mail as it goes out (ValueError: an address no SMTP line takes)."""
        return build_message(**self._parts(from_addr, from_name))

    def _parts(self, from_addr: str, from_name: str) -> _MailParts:
        # One list of the mail's fields for both ways of writing it (flat_mail and
        # build_message), so the two cannot drift apart.
        return _MailParts(
            from_addr=from_addr,
            from_name=from_name,
            to=self.to,
            subject=self.subject,
            body=self.body,
            message_id=self.message_id,
            in_reply_to=self.in_reply_to,
            references=self.references,
            auto_submitted=self.auto_submitted,
            date=self.date,
            attachments=[Attachment.from_json(a) for a in self.attachments],
        )


@dataclass(frozen=True)
class _Letter:
    """A mail ready to send: what is needed to send and to mark it."""

    id: int
    to: str
    message: EmailMessage | FlatMail

    @property
    def message_id(self) -> str:
        """The mail's Message-ID."""
        if isinstance(self.message, FlatMail):
            return self.message.message_id
        return str(self.message.get("Message-ID", ""))


@dataclass(frozen=True)
class RetryPolicy:
    """How long to wait before a mail is tried again."""

    rejected_base: timedelta = timedelta(minutes=1)
    rejected_cap: timedelta = timedelta(hours=6)
    rejected_attempts: int = 10
    """A mail the relay refuses with 4xx this often is given up (5xx at once)."""
    unavailable_base: timedelta = timedelta(seconds=5)
    unavailable_cap: timedelta = timedelta(minutes=5)
    """While the relay is unreachable mails are never given up, only retried."""


class _GroupCommit:
    """Marks accepted mails as sent in the background, many per transaction.

    A commit gathers the mails accepted within ``pause`` seconds of the first one (and
    those accepted while it runs go into the next). Committing after every mail or two
    put a transaction in a thread between every two SMTP exchanges, and the thread's
    turn with the interpreter delayed each exchange. A crash loses at most the marks of
    the mails accepted since the last commit, which are then sent once more under the
    same Message-ID (never lost). :meth:`flush` commits at once.
    """

    pause = 0.05
    """Seconds a commit waits for more marks after the first."""

    def __init__(self, commit: Callable[[list[int]], None]) -> None:
        self._commit = commit
        self._waiting: list[int] = []
        self._running: asyncio.Task[None] | None = None
        self._now = asyncio.Event()

    async def add(self, outbox_id: int) -> None:
        self._waiting.append(outbox_id)
        if self._running is None or self._running.done():
            await self._collect()
            self._running = asyncio.ensure_future(self._commit_soon())

    async def flush(self) -> None:
        self._now.set()
        await self._collect()
        if self._waiting:
            self._running = asyncio.ensure_future(self._commit_soon())
            await self._collect()

    async def _commit_soon(self) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._now.wait(), self.pause)
        ids, self._waiting = self._waiting, []
        await asyncio.to_thread(self._commit, ids)

    async def _collect(self) -> None:
        if self._running is not None:
            running, self._running = self._running, None
            await running  # a failed commit raises here (the drain pass is retried)


class OutboxSender:
    """Sends what the outbox holds; ``wake()`` after committing new rows to send at once.

    ``transport`` is one SMTP connection or several (``smtp.connections``): the mails of
    a batch are shared out over them, each connection sending one mail at a time.
    """

    def __init__(
        self,
        engine: Engine,
        transport: SmtpTransport | Sequence[SmtpTransport],
        settings: SmtpSettings,
        *,
        batch: int = 50,
        idle_seconds: float = 5.0,
        retry: RetryPolicy | None = None,
        workers: MailBuilders | None = None,
        lease: timedelta = repo.OUTBOX_LEASE,
        heartbeat_seconds: float = HEARTBEAT_SECONDS,
        mail_first: MailFirst | None = None,
    ) -> None:
        self.engine = engine
        self.workers = workers
        """Where messages are built and flattened (none: in a thread of this process)."""
        self.transports = [transport] if isinstance(transport, SmtpTransport) else list(transport)
        if not self.transports:
            raise ValueError("the sender needs at least one SMTP transport")
        self.transport = self.transports[0]
        self.settings = settings
        self.batch = batch
        self.idle_seconds = idle_seconds
        self.retry = retry or RetryPolicy()
        self.lease = lease
        self.mail_first = mail_first or MailFirst()
        """Marks each pass as mail work (the pages wait for a pause in it)."""
        self.liveness = Liveness(engine, every=heartbeat_seconds, lease=lease)
        """This process's server row: :meth:`run` registers it and keeps it beating."""
        self._wake = asyncio.Event()
        self._stop = asyncio.Event()
        self.sent = 0
        self._relay_said = False
        """The relay's being down was said; said again only after a mail went out."""

    def _relay_down(self, exc: SmtpUnavailable) -> None:
        """Say once, in words, that the relay does not answer; the next failures only at
        debug level, until a mail goes out again (as the IMAP poller does)."""
        where = f"{self.settings.host}:{self.settings.port}"
        if self._relay_said:
            log.debug("SMTP relay at %s still unavailable (%s)", where, exc)
            return
        self._relay_said = True
        log.warning(
            "cannot reach the SMTP relay at %s — is the mail server running? (%s; the mails "
            "wait in the outbox and go out when it answers)",
            where,
            exc,
        )

    def wake(self) -> None:
        """New mail is waiting: stop idling."""
        self._wake.set()

    def stop(self) -> None:
        """Finish the mails being sent, then return from :meth:`run`."""
        self._stop.set()
        self._wake.set()

    async def run(self) -> None:
        """Send until stopped; idle when the outbox holds nothing due. The server row is
        registered first (taking over the claims of dead processes on this machine) and
        removed at the end, its claims given back."""
        await self.liveness.start()
        try:
            while not self._stop.is_set():
                self._wake.clear()
                try:
                    with self.mail_first.working():
                        sent = await self.drain()
                except Exception:  # the database may be briefly unavailable: never die
                    log.exception("outbox pass failed")
                    sent = 0
                    await self._give_back()
                if sent == 0 and not self._stop.is_set():
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self._wake.wait(), self.idle_seconds)
        finally:
            for transport in self.transports:
                await transport.close()
            await self.liveness.stop()

    async def _give_back(self) -> None:
        """After a failed pass: the mails still in hand go back for the next pass."""
        try:
            await asyncio.to_thread(self.liveness.release)
        except Exception:  # still claimed: renewed no more, free after the lease
            log.exception("giving back claimed mails failed")
            self.liveness.let_go(self.liveness.holding())

    async def drain_once(self) -> int:
        """Claim one batch of due mails and send them; returns how many were accepted.

        Accepted mails are recorded as sent by a group commit that runs while the next
        mails go out: each is marked only after the relay accepted it, and the database
        round trip no longer stands between two SMTP transactions.
        """
        return await self._send_batch((await self._next_batch())[0])

    async def drain(self) -> int:
        """Send batch after batch while the outbox holds due mail; how many were accepted.

        The next batch is claimed (and its messages built) while the current one is
        being sent, so that in a burst the relay never waits for the database. A claimed
        batch is sent even after :meth:`stop` (a failed pass gives its mails back
        instead, :meth:`run`); only a full batch is a reason to claim another.
        """
        total = 0
        letters, full = await self._next_batch()
        while letters:
            upcoming: asyncio.Future[tuple[list[_Letter], bool]] | None = None
            if full and not self._stop.is_set():
                upcoming = asyncio.ensure_future(self._next_batch())
            try:
                total += await self._send_batch(letters)
            except BaseException:
                if upcoming is not None:  # no claim left running behind a failed pass
                    await asyncio.gather(upcoming, return_exceptions=True)
                raise
            letters, full = await upcoming if upcoming is not None else ([], False)
        return total

    async def _send_batch(self, letters: list[_Letter]) -> int:
        marks = _GroupCommit(self._sent_many)
        try:
            accepted = await self._send_all(letters, marks)
        finally:
            await marks.flush()
        self.sent += accepted
        return accepted

    async def _send_all(self, letters: list[_Letter], marks: _GroupCommit) -> int:
        """Send ``letters`` over every transport at once, each taking the next letter."""
        queue = deque(letters)
        down: list[_Letter] = []
        """Put back because the relay is unreachable (with the letters never tried)."""
        accepted = 0

        async def worker(transport: SmtpTransport) -> None:
            nonlocal accepted
            while queue and not down:
                letter = queue.popleft()
                try:
                    await transport.send(letter.message)
                except SmtpUnavailable as exc:
                    self._relay_down(exc)
                    # The relay is down: this mail and the untried rest go back together.
                    down.append(letter)
                    down.extend(queue)
                    queue.clear()
                    await asyncio.to_thread(self._failed, down[:], str(exc), False, False)
                except SmtpRejected as exc:
                    log.warning("relay refused outbox %d to %s: %s", letter.id, letter.to, exc)
                    await asyncio.to_thread(self._failed, [letter], str(exc), exc.permanent, True)
                except (SmtpError, ValueError) as exc:
                    log.warning("cannot send outbox %d: %s", letter.id, exc)
                    await asyncio.to_thread(self._failed, [letter], str(exc), True, True)
                else:
                    self._relay_said = False
                    await marks.add(letter.id)
                    accepted += 1
                    # The one line a sent mail writes (the transport's is at debug level).
                    log.info("sent outbox %d %s to %s", letter.id, letter.message_id, letter.to)

        used = self.transports[: max(1, min(len(self.transports), len(letters)))]
        await asyncio.gather(*(worker(t) for t in used))
        return accepted

    async def _next_batch(self) -> tuple[list[_Letter], bool]:
        """The next batch, messages built, and whether it was full (more may be due).

        Only the claim itself holds the write lock, and it reads ids only. The mails are
        read and built after the commit: a small batch in the claim's thread, a larger
        one by the workers when there are any; an unsendable address is marked failed in
        a second short transaction.
        """
        claimed, full, made = await asyncio.to_thread(self._claim)
        ids = [outbox_id for outbox_id, _ in claimed]
        if made is None and self.workers is not None:
            made = await self.workers.flatten_outbox(ids, *self._sender())
        if made is None:
            made = await asyncio.to_thread(self._build, ids)
        letters = []
        unsendable: list[tuple[int, str]] = []
        for outbox_id, to in claimed:
            message = made.get(outbox_id)  # None: the row is gone since (deleted by hand)
            if isinstance(message, str):
                unsendable.append((outbox_id, f"unsendable: {message}"))
            elif message is not None:
                letters.append(_Letter(outbox_id, to, message))
            else:
                self.liveness.let_go([outbox_id])
        if unsendable:
            await asyncio.to_thread(self._unsendable, unsendable)
        return letters, full

    def _claim(
        self,
    ) -> tuple[list[tuple[int, str]], bool, Mapping[int, EmailMessage | FlatMail | str] | None]:
        """Claim the next batch: the claimed ids and addresses, whether the batch is full,
        and the mails built here when the batch is small (:data:`SMALL_BATCH`) or there
        are no workers (None: the workers build them)."""
        with transaction(self.engine) as session:
            claimed = repo.claim_due_outbox_ids(
                session, limit=self.batch, lease=self.lease, owner=self.liveness.server_id
            )
        ids = [outbox_id for outbox_id, _ in claimed]
        self.liveness.hold(ids)
        full = len(claimed) >= self.batch
        if not ids:
            return claimed, full, {}
        if self.workers is None or len(ids) <= SMALL_BATCH:
            return claimed, full, self._build(ids)
        return claimed, full, None

    def _build(self, outbox_ids: list[int]) -> dict[int, FlatMail | str]:
        """The mails of ``outbox_ids`` read and built here (no workers to do it)."""
        with reading(self.engine) as session:
            mails = [OutboxMail.of(row) for row in repo.outbox_rows(session, outbox_ids)]
        built: dict[int, FlatMail | str] = {}
        for mail in mails:
            try:
                built[mail.id] = mail.flat(*self._sender())
            except ValueError as exc:  # an address that cannot go on an SMTP line
                built[mail.id] = str(exc) or type(exc).__name__
        return built

    def _sender(self) -> tuple[str, str]:
        return self.settings.from_address, self.settings.from_name

    def _unsendable(self, failed: list[tuple[int, str]]) -> None:
        with transaction(self.engine) as session:
            for outbox_id, error in failed:
                repo.mark_failed(session, outbox_id, error, permanent=True)
        self.liveness.let_go(outbox_id for outbox_id, _ in failed)

    def _sent_many(self, outbox_ids: list[int]) -> None:
        with transaction(self.engine) as session:
            repo.mark_sent_many(session, outbox_ids)
        self.liveness.let_go(outbox_ids)

    def _failed(self, letters: list[_Letter], error: str, permanent: bool, counts: bool) -> None:
        policy = self.retry
        told = False
        with transaction(self.engine) as session:
            for letter in letters:
                row = repo.mark_failed(
                    session,
                    letter.id,
                    error,
                    permanent=permanent,
                    max_attempts=policy.rejected_attempts if counts else 2**31,
                    base_delay=policy.rejected_base if counts else policy.unavailable_base,
                    max_delay=policy.rejected_cap if counts else policy.unavailable_cap,
                )
                if row.status == OutboxStatus.FAILED:
                    told = report_refusal(session, row, self.settings.from_address) or told
        self.liveness.let_go(letter.id for letter in letters)
        if told:
            self.wake()


def report_refusal(session: Session, row: Outbox, from_address: str) -> bool:
    """A mail the relay refused for good (or that never got through): its player is
    flagged (``bounced_at``, shown in ``Status``) and the game's GM told once. Whether a
    notice went into the outbox (never about a notice to the GM: no loops).

    A refusal belongs to the address it came back from: an answer to a stranger who
    wrote for a seat (the seat named in the row) flags neither the seat nor tells the GM."""
    now = utcnow()
    player = session.get(Player, row.player_id) if row.player_id else None
    if player is not None and repo.normalise_address(row.to_address) != player.address:
        return False
    if player is not None:
        player.bounced_at = now
        session.add(player)
    game = session.get(Game, row.game_id) if row.game_id else None
    if game is None or row.to_address == game.gm_address:
        return False
    lang = gm_language(game.options)
    repo.enqueue_outbox(
        session,
        to_address=game.gm_address,
        subject=say(lang, "refused_subject", game=game.number),
        body=wrap(
            say(
                lang,
                "refused_body",
                game=game.number,
                address=row.to_address,
                seat=player.seat if player else "-",
                subject=row.subject,
                error=row.last_error or "?",
            )
        )
        + "\n",
        kind=OutboxKind.NOTICE,
        domain=from_address.rsplit("@", 1)[-1] or "localhost",
        game_id=game.id,
        dedup_key=f"refused:{row.id}",
        now=now,
    )
    return True
