"""Mail before pages: while intake, the sender or a turn run is at work, the pages wait.

The pages run in the server's process beside the mail stages (``pbem serve``) and share
its interpreter: a flood of page requests took the time the intake and the sender needed
and made every acknowledgement late. The mail stages say when they work
(:meth:`MailFirst.working`); a page asks for a pause first (:meth:`MailFirst.pause`) and
waits for one, at most :attr:`MailFirst.max_wait` seconds, so that pages are slower
during a burst of mail but never starved. Everything happens in the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

MAX_WAIT_SECONDS = 2.0
"""The longest a page waits for the mail stages to pause."""


class MailFirst:
    """Whether mail work is going on now; a page waits for a pause in it."""

    def __init__(self, max_wait: float = MAX_WAIT_SECONDS) -> None:
        self.max_wait = max_wait
        self._working = 0
        self._idle = asyncio.Event()
        self._idle.set()

    @property
    def busy(self) -> bool:
        """Whether a mail stage is at work."""
        return self._working > 0

    @contextlib.contextmanager
    def working(self) -> Iterator[None]:
        """Mark mail work (intake of a mail, a sender's pass, a turn run) for its block."""
        self._working += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._working -= 1
            if self._working == 0:
                self._idle.set()

    async def pause(self) -> None:
        """Wait until no mail work goes on, at most :attr:`max_wait` seconds."""
        if self._working:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._idle.wait(), self.max_wait)
