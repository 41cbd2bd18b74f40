"""The local stack's SMTP entry point: aiosmtpd in the running event loop, no relaying out.

It accepts mail for the stack's own users only (550 for anybody else) and answers the
client only after the message is in every recipient's mailbox: "SMTP accepted" means
"deliverable by IMAP now". There is no authentication and no TLS: it listens on loopback.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Container
from typing import Any

from aiosmtpd.smtp import SMTP as SmtpProtocol
from aiosmtpd.smtp import Envelope, Session

log = logging.getLogger("pbem.localmail")

Deliver = Callable[[bytes, str, str], Awaitable[None]]
"""``deliver(raw, recipient, envelope_sender)``; raises when the mail could not be stored."""


class _Handler:
    """aiosmtpd handler: known recipients only, each one delivered before the 250."""

    def __init__(self, users: Container[str], deliver: Deliver) -> None:
        self._users = users
        self._deliver = deliver

    async def handle_RCPT(
        self,
        server: SmtpProtocol,
        session: Session,
        envelope: Envelope,
        address: str,
        rcpt_options: list[str],
    ) -> str:
        if address.lower() not in self._users:
            return "550 5.1.1 No such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server: SmtpProtocol, session: Session, envelope: Envelope) -> str:
        content = envelope.original_content or envelope.content
        if not isinstance(content, bytes):
            return "554 5.6.0 message content unusable"
        sender = envelope.mail_from or ""
        for rcpt in envelope.rcpt_tos:
            try:
                await self._deliver(content, rcpt.lower(), sender)
            except Exception as exc:
                log.warning("local delivery to %s failed: %s", rcpt, exc)
                return f"451 4.3.0 delivery to {rcpt} failed: {exc}"
        return "250 OK delivered"


class SmtpRelay:
    """An SMTP listener on ``host:port`` in the current event loop."""

    def __init__(self, host: str, port: int, users: Container[str], deliver: Deliver) -> None:
        self.host = host
        self.port = port
        self._handler = _Handler(users, deliver)
        self._server: asyncio.Server | None = None
        self._sessions: set[SmtpProtocol] = set()

    @property
    def running(self) -> bool:
        """The relay is listening."""
        return self._server is not None

    async def start(self) -> None:
        """Start listening (a no-op when already listening)."""
        if self._server is not None:
            return
        loop = asyncio.get_running_loop()
        self._server = await loop.create_server(self._new_session, self.host, self.port)

    async def stop(self) -> None:
        """Stop listening and drop every open session."""
        server, self._server = self._server, None
        if server is None:
            return
        server.close()
        for session in list(self._sessions):
            transport: Any = session.transport
            if transport is not None:
                transport.close()
        self._sessions.clear()
        await server.wait_closed()

    def _new_session(self) -> SmtpProtocol:
        session = _Session(
            self._handler,
            self._sessions.discard,
            hostname="localhost",
            ident="pbem local mail",
            enable_SMTPUTF8=True,
            data_size_limit=50 * 1024 * 1024,
        )
        self._sessions.add(session)
        return session


class _Session(SmtpProtocol):
    """aiosmtpd's protocol that says when it ends (so stop() can drop the open ones)."""

    def __init__(
        self, handler: _Handler, on_close: Callable[[SmtpProtocol], None], **options: Any
    ) -> None:
        super().__init__(handler, **options)
        self._on_close = on_close

    def connection_lost(self, exc: Exception | None) -> None:
        """Forget the session, then let aiosmtpd clean up."""
        self._on_close(self)
        super().connection_lost(exc)
