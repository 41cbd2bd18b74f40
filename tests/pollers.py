"""Running an IMAP poller for the length of a test block."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from mailserver.inbound.imap import ImapPoller


@contextlib.asynccontextmanager
async def polling(poller: ImapPoller, timeout: float = 10.0) -> AsyncIterator[ImapPoller]:
    """Run the poller in the background for the block; stop it afterwards and insist that
    it ends within ``timeout`` seconds."""
    task = asyncio.create_task(poller.run())
    try:
        yield poller
    finally:
        poller.stop()
        await asyncio.wait_for(task, timeout)
