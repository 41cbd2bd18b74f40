"""Slow and greedy clients held off the pages.

uvicorn closes only idle keep-alive connections: a connection that never finishes its
request headers is held for ever, and its ``limit_concurrency`` counts every open
connection, so 300 such connections made every real request a 503. Here

* each request's headers must be complete :data:`HEADER_SECONDS` after the connection
  opened or the previous answer went out (:class:`GuardedH11Protocol`, uvicorn's own h11
  protocol handed to it as ``http=``, the documented way to choose one), else the
  connection is closed;
* one client address (an IPv6 /64) keeps at most :data:`PER_CLIENT` connections, and the
  server :data:`MAX_CONNECTIONS`: past that, the oldest connection still waiting for its
  headers is closed to make room (:class:`ConnectionGuard`), so a flood evicts itself
  and a real request, whose headers come at once, is never the one that waits longest;
* the requests being answered at once are at most :data:`IN_FLIGHT` (503 past that), and
  a request body must be complete :data:`BODY_SECONDS` after its headers (408)
  (:class:`RequestLimits`). Only requests count, not connections.

A TLS proxy in front (deploy/) does its own buffering: its connections send whole
requests at once and never look slow here.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
from collections.abc import Awaitable, Callable, Iterable
from typing import Any, ClassVar, Protocol

from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_SECONDS = 10.0
"""How long a request's headers may take to arrive (nginx allows 60, Apache 20-40)."""
BODY_SECONDS = 30.0
"""How long a request body (at most 1.5 MB: the order form) may take after its headers."""
PER_CLIENT = 32
"""Connections one address (an IPv6 /64) keeps; a browser opens about six."""
MAX_CONNECTIONS = 500
"""Connections the server keeps at once (each is a file descriptor)."""
IN_FLIGHT = 200
"""Requests answered at once; past that a request gets 503 at once."""


def client_key(host: str) -> str:
    """The address a connection counts against: the host itself, an IPv6 address's /64
    (one subscriber's network), ``""`` for what is no IP address (a Unix socket)."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return ""
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class Watched(Protocol):
    """What the guard needs of a connection."""

    waiting: bool
    """No request's headers in hand: idle, or its client slow."""

    def drop(self) -> None:
        """Close the connection."""


class ConnectionGuard:
    """The open connections of one server, by client address, oldest first.

    A connection is *waiting* until its request headers are complete and again after
    each answer (keep-alive). Making room always closes the oldest waiting connection:
    of the same address when it holds :attr:`per_client`, of any address when the
    server holds :attr:`total`. Only when every connection is busy with a request is a
    new one refused (the requests in flight are bounded by :class:`RequestLimits`).
    """

    def __init__(
        self,
        *,
        per_client: int = PER_CLIENT,
        total: int = MAX_CONNECTIONS,
        header_seconds: float = HEADER_SECONDS,
    ) -> None:
        self.per_client = per_client
        self.total = total
        self.header_seconds = header_seconds
        self._all: dict[Watched, str] = {}
        self._by_client: dict[str, dict[Watched, None]] = {}
        self.dropped = 0
        """Connections closed for being slow or to make room (for logs and tests)."""

    def __len__(self) -> int:
        return len(self._all)

    def admit(self, connection: Watched, host: str) -> bool:
        """Count a new connection from ``host``, closing older waiting ones to make room;
        False: no room (every connection busy), close the new one."""
        key = client_key(host)
        mine = self._by_client.get(key, {})
        if len(mine) >= self.per_client:
            self._evict(mine)
        if len(self._all) >= self.total and not self._evict(self._all):
            return False
        self._all[connection] = key
        self._by_client.setdefault(key, {})[connection] = None
        return True

    def release(self, connection: Watched) -> None:
        """Forget a connection (closed)."""
        key = self._all.pop(connection, None)
        if key is None:
            return
        mine = self._by_client.get(key)
        if mine is not None:
            mine.pop(connection, None)
            if not mine:
                del self._by_client[key]

    def _evict(self, connections: Iterable[Watched]) -> bool:
        oldest = next((c for c in connections if c.waiting), None)
        if oldest is None:
            return False
        self.release(oldest)
        oldest.drop()
        return True


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for every request's headers and the
    connection caps of :attr:`guard` (a subclass per server sets it: :func:`guarded`)."""

    guard: ClassVar[ConnectionGuard]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.waiting = True
        """No request's headers in hand: the connection is idle or its client slow."""
        self._deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        """Count the connection and start waiting for its first request's headers."""
        super().connection_made(transport)
        host = self.client[0] if self.client else ""
        if not self.guard.admit(self, host):
            self.drop()
            return
        self._await_headers()

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the connection."""
        self._cancel_deadline()
        self.guard.release(self)
        super().connection_lost(exc)

    def handle_events(self) -> None:
        """uvicorn's event handling; a new request cycle means its headers are in."""
        before = self.cycle
        super().handle_events()
        if self.cycle is not before:
            self.waiting = False
            self._cancel_deadline()

    def on_response_complete(self) -> None:
        """The answer is out: the next request's headers have their deadline (armed
        first: uvicorn may start a pipelined request at once)."""
        self._await_headers()
        super().on_response_complete()

    def drop(self) -> None:
        """Close the connection (too slow, or room needed)."""
        self._cancel_deadline()
        if self.transport is not None and not self.transport.is_closing():
            self.guard.dropped += 1
            self.transport.close()

    def _await_headers(self) -> None:
        self._cancel_deadline()
        self.waiting = True
        self._deadline = self.loop.call_later(self.guard.header_seconds, self.drop)

    def _cancel_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None


def guarded(guard: ConnectionGuard) -> type[GuardedH11Protocol]:
    """The protocol class for one server, its connections counted by ``guard``."""

    class Guarded(GuardedH11Protocol):
        pass

    Guarded.guard = guard
    return Guarded


async def answered_unless(
    app: ASGIApp,
    scope: Scope,
    receive: Receive,
    send: Send,
    error: type[Exception],
    answer: Callable[[Send], Awaitable[None]],
) -> None:
    """Run ``app``; when it stops with ``error`` before its answer began (a body too
    slow, too big), ``answer`` instead; after, the half-sent answer is left as it is."""
    started = False

    async def watched(message: Message) -> None:
        nonlocal started
        started = started or message["type"] == "http.response.start"
        await send(message)

    try:
        await app(scope, receive, watched)
    except error:
        if not started:
            await answer(send)


class BodyTimeout(Exception):
    """A request body was not complete within its deadline."""


class RequestLimits:
    """ASGI middleware: at most ``in_flight`` requests answered at once (503 past that)
    and a request body complete within ``body_seconds`` of its headers (408)."""

    def __init__(
        self, app: ASGIApp, *, in_flight: int = IN_FLIGHT, body_seconds: float = BODY_SECONDS
    ) -> None:
        self.app = app
        self.in_flight = in_flight
        self.body_seconds = body_seconds
        self.running = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if self.running >= self.in_flight:
            await plain_answer(send, 503, b"Busy, try again in a moment\n", b"5")
            return
        self.running += 1
        try:
            await self._answer(scope, receive, send)
        finally:
            self.running -= 1

    async def _answer(self, scope: Scope, receive: Receive, send: Send) -> None:
        deadline = asyncio.get_running_loop().time() + self.body_seconds
        body_done = False

        async def timed() -> Message:
            nonlocal body_done
            if body_done:  # afterwards only the disconnect is awaited: no deadline
                return await receive()
            left = deadline - asyncio.get_running_loop().time()
            try:
                message = await asyncio.wait_for(receive(), max(left, 0.0))
            except TimeoutError:
                raise BodyTimeout from None
            if message["type"] != "http.request" or not message.get("more_body", False):
                body_done = True
            return message

        async def too_slow(send: Send) -> None:
            await plain_answer(send, 408, b"Request body too slow\n")

        # A client that went away while sending its body: nobody to answer.
        with contextlib.suppress(ClientDisconnect):
            await answered_unless(self.app, scope, timed, send, BodyTimeout, too_slow)


class BodyTooLarge(Exception):
    """A request body grew past the limit while it was read."""


class BodyLimit:
    """Refuse a body over ``limit`` bytes with 413: by its Content-Length before reading,
    and by counting as it arrives (a chunked body has no length)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length", b"0")
        try:
            declared = int(length)
        except ValueError:
            declared = self.limit + 1
        if declared > self.limit:
            await self.refuse(send)
            return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.limit:
                    raise BodyTooLarge
            return message

        await answered_unless(self.app, scope, counted, send, BodyTooLarge, self.refuse)

    @staticmethod
    async def refuse(send: Send) -> None:
        """413, closing the connection."""
        await plain_answer(send, 413, b"Request body too large\n")


async def plain_answer(send: Send, status: int, body: bytes, retry_after: bytes = b"") -> None:
    """A short plain-text answer that closes the connection."""
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    if retry_after:
        headers.append((b"retry-after", retry_after))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
