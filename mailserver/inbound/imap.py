"""The IMAP side of mail intake: wait for mail with IDLE, hand each one over, then flag it.

A mail is flagged with the processed keyword (or moved) only after the caller's ``handle``
coroutine returned, i.e. after the database committed it and everything it caused. Every
failure on the way ends in "the mail is handed over again later", never in "lost": a crash
between commit and flag reprocesses the mail, and ingestion downstream is idempotent.

Which mails are new is decided by two things together: the last processed UID of the
mailbox (kept in a :class:`UidStore` with the mailbox's UIDVALIDITY) and the processed
keyword on the server. The UID watermark keeps the search cheap; the keyword protects
against a watermark that lags behind (a crash after flagging, a UIDVALIDITY reset).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import ssl
import time
from collections import deque
from collections.abc import Iterable
from typing import Any

import aioimaplib

from config.settings import ImapSettings
from mailserver.inbound.handover import (
    GROUP,
    PREFETCH_AHEAD,
    FetchedMail,
    MailHandler,
    ManyHandler,
    UidStore,
)
from mailserver.inbound.imap_connection import (
    Connection,
    ImapError,
    ImapUnreachable,
    mails_in,
    quote_mailbox,
    search_lines,
    sizes_in,
    uid_list,
)
from mailserver.outbound.smtp import backoff

log = logging.getLogger("pbem.imap")

_KEYWORD_RE = re.compile(r"[A-Za-z0-9$_.\-]+")
_UIDVALIDITY_RE = re.compile(rb"\[UIDVALIDITY (\d+)\]")
_PERMANENTFLAGS_RE = re.compile(rb"\[PERMANENTFLAGS \(([^)]*)\)\]")
FETCH_BYTES = 20_000_000
"""At most this much mail is fetched in one command (the rest waits for the next)."""


class ImapPoller:
    """Hands every new mail of one mailbox to ``handle``, flags it, and waits for more.

    ``run()`` returns after ``stop()``: the mail being handled is finished and flagged
    first, then the poller logs out. All connection trouble is logged and retried with
    exponential backoff; ``handle`` failing on a mail only postpones that mail. A server
    that cannot be reached at all is said once, in words, until it answers again (the
    attempts between are logged at debug level only).
    """

    def __init__(
        self,
        settings: ImapSettings,
        store: UidStore,
        handle: MailHandler,
        *,
        ssl_context: ssl.SSLContext | None = None,
        reconnect_base: float = 1.0,
        reconnect_cap: float = 60.0,
        retry_base: float = 5.0,
        retry_cap: float = 900.0,
        max_mail_bytes: int | None = None,
    ) -> None:
        """``ssl_context`` replaces the default (verifying) one when ``settings.ssl``.

        ``max_mail_bytes``: of a larger mail only its first ``max_mail_bytes`` are fetched
        (and handed over with its ``size``: intake reads the text parts among them and
        leaves the attachments); batches are cut so that one holds at most a few such
        mails.

        ``reconnect_*`` bound the delays between connection attempts, ``retry_*`` those
        between attempts to hand over a mail whose ``handle`` raised (seconds).
        """
        if settings.starttls:
            raise ValueError(
                "IMAP STARTTLS is not supported (aioimaplib has no STARTTLS); "
                "use ssl = true, implicit TLS on port 993"
            )
        if not _KEYWORD_RE.fullmatch(settings.processed_keyword):
            raise ValueError(f"not an IMAP keyword: {settings.processed_keyword!r}")
        self.settings = settings
        self._mailbox = quote_mailbox(settings.mailbox)
        self._move_to = quote_mailbox(settings.move_to) if settings.move_to else None
        self._store = store
        self._handle = handle
        self._ssl_context = ssl_context
        if settings.ssl and ssl_context is None:
            self._ssl_context = ssl.create_default_context()
        self._reconnect = (reconnect_base, reconnect_cap)
        self._retry_delays = (retry_base, retry_cap)
        self._stop = asyncio.Event()
        self._status = "new"
        self._attempt = 0
        self._uidvalidity = 0
        self._last_uid = 0
        # UID -> (failed attempts, monotonic time before which it is not retried)
        self._failures: dict[int, tuple[int, float]] = {}
        # Processed UIDs above the watermark (an unfinished mail below holds it back).
        self._done_above: set[int] = set()
        self._max_bytes = max_mail_bytes
        self._too_big: dict[int, int] = {}
        """UID -> size of mails above ``max_mail_bytes`` (only their start is fetched)."""
        self.reconnects = 0
        """Connections opened after the first one (for health checks and tests)."""
        self._unreachable_said = False
        """The warning that the server cannot be reached was logged (once per outage)."""

    @property
    def status(self) -> str:
        """One of new, connecting, processing, idle, polling, backoff, stopped."""
        return self._status

    def stop(self) -> None:
        """Ask ``run()`` to finish the current mail, log out and return."""
        self._stop.set()

    async def run(self) -> None:
        """Poll until :meth:`stop`; never raises for mail or connection trouble."""
        first = True
        while not self._stop.is_set():
            if not first:
                self.reconnects += 1
            first = False
            try:
                await self._session()
            except ImapUnreachable as exc:
                delay = backoff(self._attempt, base=self._reconnect[0], cap=self._reconnect[1])
                self._attempt += 1
                self._unreachable(exc, delay)
                self._status = "backoff"
                await _wait_any([self._stop], delay)
            except Exception as exc:
                delay = backoff(self._attempt, base=self._reconnect[0], cap=self._reconnect[1])
                self._attempt += 1
                log.warning(
                    "IMAP session on %s:%d failed (%s); reconnecting in %.1f s",
                    self.settings.host,
                    self.settings.port,
                    exc,
                    delay,
                    exc_info=not isinstance(exc, ImapError),  # a traceback for the unexpected
                    extra={"mailbox": self.settings.mailbox, "delay": delay},
                )
                self._status = "backoff"
                await _wait_any([self._stop], delay)
        self._status = "stopped"
        log.info("IMAP poller stopped", extra={"mailbox": self.settings.mailbox})

    def _unreachable(self, exc: ImapUnreachable, delay: float) -> None:
        """Say once, in words, that no IMAP server answers; the next tries only at debug
        level (the delays grow to ``reconnect_cap``), until a login works again."""
        extra = {"mailbox": self.settings.mailbox, "delay": delay, "reason": str(exc)}
        where = f"{self.settings.host}:{self.settings.port}"
        if self._unreachable_said:
            log.debug("IMAP at %s still unreachable (%s)", where, exc, extra=extra)
            return
        self._unreachable_said = True
        log.warning(
            "cannot reach IMAP at %s — is the mail server running? (%s; trying again, "
            "at the latest every %g s)",
            where,
            exc.reason,
            self._reconnect[1],
            extra=extra,
        )

    # -- one connection ----------------------------------------------------------------

    async def _session(self) -> None:
        self._status = "connecting"
        conn = Connection(self.settings, self._ssl_context)
        signals = conn.signals
        healthy = False
        try:
            # stop() need not wait for a server that is slow to greet or to log us in.
            login = asyncio.ensure_future(self._login(conn))
            try:
                await _wait_any([self._stop], None, also=[login])
            finally:
                abandoned = not login.done()
                if abandoned:
                    login.cancel()
            if abandoned:
                return
            login.result()
            select = True
            while not self._stop.is_set():
                if select:
                    # Also after every quiet IDLE period: a session on a mailbox that was
                    # deleted and recreated sees nothing new until it selects again.
                    signals.trouble.clear()
                    await self._select(conn)
                    self._attempt = 0
                self._status = "processing"
                signals.new_mail.clear()  # anything reported from here on gets another pass
                await self._catch_up(conn)
                select = False
                if not self._stop.is_set() and not signals.new_mail.is_set():
                    select = await self._wait(conn)
            healthy = True
        finally:
            if healthy:
                with contextlib.suppress(ImapError):
                    await conn.call("LOGOUT", conn.client.logout())
            conn.close()

    async def _login(self, conn: Connection) -> None:
        settings = self.settings
        try:
            await conn.call("connect", conn.client.wait_hello_from_server())
        except ImapError as exc:
            raise ImapUnreachable(str(exc), _in_words(exc.__cause__)) from exc
        if self._unreachable_said:
            self._unreachable_said = False
            log.warning(
                "IMAP at %s:%d answers again",
                settings.host,
                settings.port,
                extra={"mailbox": settings.mailbox},
            )
        await conn.command(
            f"LOGIN as {settings.user}",
            conn.client.login(aioimaplib.quoted(settings.user), settings.password),
        )
        log.info(
            "IMAP logged in to %s:%d as %s (idle: %s)",
            settings.host,
            settings.port,
            settings.user,
            conn.has("IDLE"),
            extra={"mailbox": settings.mailbox},
        )
        if self._move_to is not None:
            # CREATE fails harmlessly when the folder exists; a real problem shows at MOVE.
            await conn.call(f"CREATE {self._move_to}", conn.client.create(self._move_to))

    async def _select(self, conn: Connection) -> None:
        settings = self.settings
        response = await conn.command(f"SELECT {self._mailbox}", conn.client.select(self._mailbox))
        uidvalidity = search_lines(_UIDVALIDITY_RE, response.lines)
        if uidvalidity is None:
            raise ImapError(f"SELECT {self._mailbox} gave no UIDVALIDITY")
        if self._move_to is None:
            self._check_keyword_allowed(response.lines)
        await self._check_uidvalidity(int(uidvalidity))
        log.debug(
            "IMAP %s:%d selected %s, uidvalidity %d, last uid %d, idle %s",
            settings.host,
            settings.port,
            settings.mailbox,
            self._uidvalidity,
            self._last_uid,
            conn.has("IDLE"),
            extra={"mailbox": settings.mailbox, "uidvalidity": self._uidvalidity},
        )

    def _check_keyword_allowed(self, lines: Iterable[Any]) -> None:
        flags = search_lines(_PERMANENTFLAGS_RE, lines)
        if flags is None:
            return  # RFC 3501: without PERMANENTFLAGS every flag may be set permanently
        allowed = flags.split()
        if "\\*" not in allowed and self.settings.processed_keyword not in allowed:
            raise ImapError(
                f"mailbox {self.settings.mailbox} does not allow the keyword "
                f"{self.settings.processed_keyword}; set move_to instead"
            )

    async def _check_uidvalidity(self, uidvalidity: int) -> None:
        mailbox = self.settings.mailbox
        stored, last_uid = await self._store.load(mailbox)
        if stored != uidvalidity:
            if stored is not None:
                log.warning(
                    "UIDVALIDITY of %s changed from %d to %d: every unflagged mail is new",
                    mailbox,
                    stored,
                    uidvalidity,
                    extra={"mailbox": mailbox, "uidvalidity": uidvalidity},
                )
            last_uid = 0
            await self._store.save(mailbox, uidvalidity, 0)
        if uidvalidity != self._uidvalidity:
            self._failures.clear()
            self._done_above.clear()
        self._uidvalidity, self._last_uid = uidvalidity, last_uid

    # -- handing mail over -------------------------------------------------------------

    async def _catch_up(self, conn: Connection) -> None:
        """Hand over every mail above the watermark that lacks the keyword."""
        response = await conn.command(
            "UID SEARCH",
            conn.client.uid_search(
                "UID",
                f"{self._last_uid + 1}:*",
                "UNKEYWORD",
                self.settings.processed_keyword,
                "UNDELETED",
                charset=None,
            ),
        )
        # "UID n:*" always matches the highest UID, even one below n: filter.
        uids = sorted(u for u in uid_list(response.lines) if u > self._last_uid)
        found = set(uids)
        self._failures = {u: f for u, f in self._failures.items() if u in found}
        now = time.monotonic()
        due = [u for u in uids if self._failures.get(u, (0, now))[1] <= now]
        # Processed UIDs held above the watermark by an earlier failure count as done.
        pending = deque(sorted(found | self._done_above))
        for start in range(0, len(due), self.settings.batch):
            if self._stop.is_set():
                return
            batch = due[start : start + self.settings.batch]
            for part in await self._by_size(conn, batch):
                if not await self._hand_over_all(conn, part, pending):
                    return

    async def _by_size(self, conn: Connection, uids: list[int]) -> list[list[int]]:
        """``uids`` in fetch groups of at most :data:`FETCH_BYTES` (a huge mail alone);
        the sizes of mails too big to read are remembered in ``self._too_big``."""
        if self._max_bytes is None:
            return [uids]
        sizes = await self._sizes(conn, uids)
        groups: list[list[int]] = [[]]
        total = 0
        for uid in uids:
            size = sizes.get(uid, 0)
            if size > self._max_bytes:
                self._too_big[uid] = size
                size = self._max_bytes  # only its start is fetched
            if groups[-1] and total + size > FETCH_BYTES:
                groups.append([])
                total = 0
            groups[-1].append(uid)
            total += size
        return [g for g in groups if g]

    async def _hand_over_all(self, conn: Connection, batch: list[int], pending: deque[int]) -> bool:
        """Fetch ``batch`` and hand its mails over in order; ``False`` when stopping."""
        big = [u for u in batch if u in self._too_big]
        mails = await self._fetch(conn, [u for u in batch if u not in self._too_big])
        if big:
            # Its start: the text parts come first in the mails players write.
            part = f"BODY.PEEK[]<0.{self._max_bytes}>"
            mails.update(await self._fetch(conn, big, part=part))
        fetched = [
            FetchedMail(
                self.settings.mailbox, self._uidvalidity, uid, raw, self._too_big.pop(uid, None)
            )
            if (raw := mails.get(uid)) is not None
            else None
            for uid in batch
        ]
        prefetch = getattr(self._handle, "prefetch", None)
        many = getattr(self._handle, "many", None)
        # The flags of a committed group go out while the next group is handled (one
        # IMAP command at a time; the next flag waits for this one). Flagged only after
        # the commit, as before: a crash between leaves committed mails unflagged, which
        # intake recognises as duplicates.
        flagging: asyncio.Future[None] | None = None
        try:
            index = 0
            while index < len(batch):
                if self._stop.is_set():
                    return False
                mail = fetched[index]
                if mail is None:
                    # Expunged by someone else since the search; nothing to hand over.
                    if flagging is not None:
                        await flagging
                        flagging = None
                    self._done_above.add(batch[index])
                    await self._advance(pending)
                    index += 1
                    continue
                group = [mail]
                while (
                    many is not None
                    and len(group) < GROUP
                    and index + len(group) < len(batch)
                    and (following := fetched[index + len(group)]) is not None
                ):
                    group.append(following)
                index += len(group)
                if prefetch is not None:
                    ahead = GROUP if many is not None else PREFETCH_AHEAD
                    for following in fetched[index : index + ahead]:
                        if following is not None:
                            prefetch(following)
                handled = await self._hand_over(group, many)
                if not handled:
                    continue
                if flagging is not None:
                    await flagging
                flagging = asyncio.ensure_future(self._flag_and_advance(conn, handled, pending))
        finally:
            if flagging is not None:
                await flagging
        return True

    async def _flag_and_advance(
        self, conn: Connection, uids: list[int], pending: deque[int]
    ) -> None:
        await self._mark_processed(conn, uids)
        self._done_above.update(uids)
        await self._advance(pending)

    async def _sizes(self, conn: Connection, uids: list[int]) -> dict[int, int]:
        response = await conn.command(
            f"UID FETCH of {len(uids)} sizes",
            conn.client.uid("fetch", ",".join(map(str, uids)), "(UID RFC822.SIZE)"),
        )
        return sizes_in(response.lines)

    async def _fetch(
        self, conn: Connection, uids: list[int], part: str = "BODY.PEEK[]"
    ) -> dict[int, bytes]:
        if not uids:
            return {}
        response = await conn.command(
            f"UID FETCH of {len(uids)} mails",
            conn.client.uid("fetch", ",".join(map(str, uids)), f"(UID {part})"),
            bounded=False,
        )
        return mails_in(response.lines)

    async def _hand_over(self, group: list[FetchedMail], many: ManyHandler | None) -> list[int]:
        """Hand ``group`` over; the UIDs handled. A group that fails is handed over again
        one mail at a time, so that one bad mail holds back no other."""
        try:
            if many is not None:
                await many(group)
            else:
                await self._handle(group[0])
        except Exception:
            if len(group) > 1:
                return [uid for mail in group for uid in await self._hand_over([mail], many)]
            self._failed(group[0])
            return []
        for mail in group:
            self._failures.pop(mail.uid, None)
            log.debug("mail uid %d handled", mail.uid)  # the handler logs its outcome
        return [mail.uid for mail in group]

    def _failed(self, mail: FetchedMail) -> None:
        """Note a failed hand-over of ``mail``: it is handed over again after a delay."""
        attempts = self._failures.get(mail.uid, (0, 0.0))[0] + 1
        delay = backoff(attempts - 1, base=self._retry_delays[0], cap=self._retry_delays[1])
        self._failures[mail.uid] = (attempts, time.monotonic() + delay)
        log.warning(
            "handling mail uid %d failed (attempt %d); retrying in %.1f s",
            mail.uid,
            attempts,
            delay,
            exc_info=True,
            extra={**mail.place(), "attempt": attempts, "delay": delay},
        )

    async def _mark_processed(self, conn: Connection, uids: list[int]) -> None:
        uid = ",".join(map(str, uids))
        flags = f"(\\Seen {self.settings.processed_keyword})"
        await conn.command(
            f"UID STORE {uid}", conn.client.uid("store", str(uid), "+FLAGS.SILENT", flags)
        )
        if self._move_to is None:
            return
        # Flagged first: a move that fails leaves a processed mail, never a repeated one.
        if conn.has("MOVE"):
            await conn.command(f"UID MOVE {uid}", conn.client.uid("move", str(uid), self._move_to))
            return
        await conn.command(f"UID COPY {uid}", conn.client.uid("copy", str(uid), self._move_to))
        await conn.command(
            f"UID STORE {uid} \\Deleted",
            conn.client.uid("store", str(uid), "+FLAGS.SILENT", "(\\Deleted)"),
        )
        if conn.has("UIDPLUS"):
            await conn.command(f"UID EXPUNGE {uid}", conn.client.uid("expunge", str(uid)))
        else:
            await conn.command("EXPUNGE", conn.client.expunge())

    async def _advance(self, pending: deque[int]) -> None:
        """Move the watermark over the leading run of processed UIDs."""
        last = self._last_uid
        while pending and pending[0] in self._done_above:
            last = pending.popleft()
            self._done_above.discard(last)
        if last != self._last_uid:
            await self._store.save(self.settings.mailbox, self._uidvalidity, last)
            self._last_uid = last

    # -- waiting -----------------------------------------------------------------------

    async def _wait(self, conn: Connection) -> bool:
        """IDLE (or sleep, without IDLE) until new mail, a retry is due, or stop().

        True when the mailbox should be selected again: nothing new came (the time ran
        out) or the server reported trouble.
        """
        limit = float(
            self.settings.idle_seconds if conn.has("IDLE") else self.settings.poll_seconds
        )
        if self._failures:
            next_retry = min(at for _, at in self._failures.values()) - time.monotonic()
            limit = max(0.0, min(limit, next_retry))
        signals = conn.signals
        events = [self._stop, conn.lost, signals.new_mail, signals.trouble]
        if not conn.has("IDLE"):
            self._status = "polling"
            await _wait_any(events, limit)
        else:
            idle = await conn.call("IDLE", conn.client.idle_start(timeout=limit))
            self._status = "idle"
            await _wait_any(events, limit)
            if not conn.lost.is_set():
                conn.client.idle_done()
            await conn.command("IDLE DONE", idle)
            queue = conn.client.protocol.idle_queue
            while not queue.empty():  # pushes are acted on via new_mail; drop the copies
                queue.get_nowait()
        if conn.lost.is_set():
            raise ImapError("connection lost")
        return signals.trouble.is_set() or not (signals.new_mail.is_set() or self._stop.is_set())


def _in_words(cause: BaseException | None) -> str:
    """Why a connection failed, as a person says it (``connection refused``)."""
    if isinstance(cause, TimeoutError | aioimaplib.CommandTimeout) or cause is None:
        return "no greeting from the server"
    if isinstance(cause, OSError):
        # asyncio's "Connect call failed (...)" hides the reason its errno gives.
        number = cause.errno or 0
        words = os.strerror(number) if number > 0 else cause.strerror
        if words:
            return words[:1].lower() + words[1:]
    return str(cause) or type(cause).__name__


async def _wait_any(
    events: Iterable[asyncio.Event],
    timeout: float | None,
    also: Iterable[asyncio.Future[Any]] = (),
) -> None:
    """Return when one of the events is set, one of ``also`` is done, or after ``timeout``."""
    waiters = [asyncio.ensure_future(event.wait()) for event in events]
    try:
        await asyncio.wait([*waiters, *also], timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for waiter in waiters:
            waiter.cancel()
