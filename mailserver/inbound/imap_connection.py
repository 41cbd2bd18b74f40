"""One IMAP connection: aioimaplib with every command bounded by a timeout and by
connection loss, what the server says in passing, and the reading of its answers.
"""

from __future__ import annotations

import asyncio
import re
import ssl
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, TypeVar

import aioimaplib

from config.settings import ImapSettings

T = TypeVar("T")

# Untagged EXISTS/RECENT, or NO/BAD/BYE, anywhere in the byte stream; the leading CRLF
# anchors them to the start of a line. A false positive (text inside a mail body) only
# costs one extra search or SELECT.
_NEW_MAIL_RE = re.compile(rb"\r\n\* \d+ (?:EXISTS|RECENT)\r\n")
_TROUBLE_RE = re.compile(rb"\r\n\* (?:NO|BAD|BYE) ")
_TAIL_BYTES = 32  # longer than any EXISTS line, so a line split across reads is still seen
_UID_LIST_RE = re.compile(rb"\d+(?: \d+)*")
_FETCH_RE = re.compile(rb"\d+ FETCH \((.*)\{(\d+)\}")
_UID_RE = re.compile(rb"\bUID (\d+)")
_SIZE_RE = re.compile(rb"\bRFC822\.SIZE (\d+)")


class ImapError(Exception):
    """The server refused a command, answered nonsense, went silent or hung up."""


class ImapUnreachable(ImapError):
    """No IMAP server answered at the address: nothing listens there, the name is
    unknown, or no greeting came. ``reason`` says which in words."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


def quote_mailbox(name: str) -> str:
    """A mailbox name as an IMAP quoted string (aioimaplib sends arguments verbatim)."""
    if not name.isascii() or any(ch in name for ch in "\r\n\0"):
        # Non-ASCII names need modified UTF-7 (RFC 3501 5.1.3); not supported here.
        raise ValueError(f"mailbox names must be printable ASCII: {name!r}")
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


class _Signals:
    """What the server said in passing, outside the answers to our commands."""

    def __init__(self) -> None:
        self.new_mail = asyncio.Event()
        """An untagged EXISTS or RECENT: search again."""
        self.trouble = asyncio.Event()
        """An untagged NO, BAD or BYE (Dovecot: "* NO Internal error" after the selected
        mailbox was deleted under us): SELECT again to see whether it still is the same."""


class _WatchingProtocol(aioimaplib.IMAP4ClientProtocol):  # type: ignore[misc]
    """aioimaplib's protocol, plus :class:`_Signals` from the raw byte stream.

    aioimaplib drops an untagged EXISTS that arrives during SEARCH, FETCH or STORE.
    Dovecot reports a new mail only once, so a mail arriving while we process others
    would otherwise wait for the next re-IDLE.
    """

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        conn_lost_cb: Callable[[Exception | None], None] | None,
        signals: _Signals,
    ) -> None:
        super().__init__(loop, conn_lost_cb)
        self._signals = signals
        self._tail = b""

    def data_received(self, d: bytes) -> None:
        """Note new mail and trouble, then parse as usual."""
        window = self._tail + d
        if _NEW_MAIL_RE.search(window):
            self._signals.new_mail.set()
        if _TROUBLE_RE.search(window):
            self._signals.trouble.set()
        self._tail = window[-_TAIL_BYTES:]
        super().data_received(d)


class _Client(aioimaplib.IMAP4):  # type: ignore[misc]
    """aioimaplib's client with :class:`_WatchingProtocol` underneath."""

    def __init__(
        self,
        host: str,
        port: int,
        timeout: float,
        conn_lost_cb: Callable[[Exception | None], None],
        signals: _Signals,
        ssl_context: ssl.SSLContext | None,
    ) -> None:
        self._signals = signals
        super().__init__(
            host=host,
            port=port,
            timeout=timeout,
            conn_lost_cb=conn_lost_cb,
            ssl_context=ssl_context,
        )

    def create_client(
        self,
        host: str,
        port: int,
        loop: asyncio.AbstractEventLoop | None,
        conn_lost_cb: Callable[[Exception | None], None] | None = None,
        ssl_context: ssl.SSLContext | None = None,
    ) -> None:
        """Same as aioimaplib's, with our protocol class."""
        local_loop = loop if loop is not None else asyncio.get_running_loop()
        self.protocol = _WatchingProtocol(local_loop, conn_lost_cb, self._signals)
        self._client_task = local_loop.create_task(
            local_loop.create_connection(lambda: self.protocol, host, port, ssl=ssl_context)
        )


class Connection:
    """One IMAP connection: every command bounded by a timeout and by connection loss."""

    def __init__(self, settings: ImapSettings, ssl_context: ssl.SSLContext | None) -> None:
        self.timeout = float(settings.timeout_seconds)
        self.lost = asyncio.Event()
        self.signals = _Signals()
        self.client = _Client(
            settings.host, settings.port, self.timeout, self._on_lost, self.signals, ssl_context
        )

    def _on_lost(self, exc: Exception | None) -> None:
        self.lost.set()

    def has(self, capability: str) -> bool:
        return bool(self.client.has_capability(capability))

    async def call(self, what: str, aw: Awaitable[T], *, bounded: bool = True) -> T:
        """Await one command; ImapError if the connection drops or the answer is late.

        ``bounded=False`` leaves the bound to aioimaplib's own inactivity timer (FETCH of
        large mails: slow but steady is fine there).
        """
        if self.lost.is_set():
            raise ImapError(f"{what}: connection lost")
        task = asyncio.ensure_future(aw)
        lost = asyncio.ensure_future(self.lost.wait())
        limit = self.timeout if bounded else None
        try:
            done, _ = await asyncio.wait(
                {task, lost}, timeout=limit, return_when=asyncio.FIRST_COMPLETED
            )
        finally:
            lost.cancel()
            if not task.done():
                task.cancel()
        if task in done:
            try:
                return task.result()
            except aioimaplib.CommandTimeout as exc:
                raise ImapError(f"{what}: no answer within {self.timeout:g} s") from exc
            except (TimeoutError, aioimaplib.AioImapException, OSError) as exc:
                raise ImapError(f"{what}: {type(exc).__name__}: {exc}") from exc
        if lost in done:
            raise ImapError(f"{what}: connection lost")
        raise ImapError(f"{what}: no answer within {self.timeout:g} s")

    async def command(self, what: str, aw: Awaitable[Any], *, bounded: bool = True) -> Any:
        """:meth:`call` that also insists on a tagged OK."""
        response = await self.call(what, aw, bounded=bounded)
        if response.result != "OK":
            text = response.lines[-1] if response.lines else b""
            raise ImapError(f"{what} answered {response.result}: {line_text(text)}")
        return response

    def close(self) -> None:
        """Drop the connection without a goodbye."""
        transport = self.client.protocol.transport
        if transport is not None:
            transport.close()


def sizes_in(lines: Iterable[Any]) -> dict[int, int]:
    """UID -> size from the answer to ``UID FETCH (UID RFC822.SIZE)``."""
    sizes: dict[int, int] = {}
    for line in lines:
        if not isinstance(line, bytes | bytearray):
            continue
        uid, size = _UID_RE.search(line), _SIZE_RE.search(line)
        if uid is not None and size is not None:
            sizes[int(uid.group(1))] = int(size.group(1))
    return sizes


def mails_in(lines: list[Any]) -> dict[int, bytes]:
    """UID -> bytes from the answer to ``UID FETCH (UID BODY.PEEK[...])``."""
    mails: dict[int, bytes] = {}
    for i, line in enumerate(lines):
        if not isinstance(line, bytes) or i + 1 >= len(lines):
            continue
        match = _FETCH_RE.match(line)
        literal = lines[i + 1]
        if match is None or not isinstance(literal, bytearray):
            continue  # unsolicited FETCH (flag changes by another client) and the like
        uid = _UID_RE.search(match.group(1))
        if uid is None and i + 2 < len(lines):
            uid = _UID_RE.search(bytes(lines[i + 2]))  # UID after the literal
        if uid is None or len(literal) != int(match.group(2)):
            raise ImapError(f"unusable FETCH response: {line_text(line)}")
        mails[int(uid.group(1))] = bytes(literal)
    return mails


def search_lines(pattern: re.Pattern[bytes], lines: Iterable[Any]) -> str | None:
    for line in lines:
        if isinstance(line, bytes):
            match = pattern.search(line)
            if match is not None:
                return match.group(1).decode("ascii", "replace")
    return None


def uid_list(lines: list[Any]) -> list[int]:
    # The last line is the tagged completion text; the others carry "SEARCH" results.
    return [
        int(token)
        for line in lines[:-1]
        if isinstance(line, bytes) and _UID_LIST_RE.fullmatch(line)
        for token in line.split()
    ]


def line_text(line: bytes | bytearray) -> str:
    return bytes(line).decode("utf-8", "replace")
