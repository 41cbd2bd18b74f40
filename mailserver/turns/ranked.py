"""The order in which a server takes up the turn runs of one deadline: its own.

Every server on one database fires every game's deadline at the same moment. Taken in
the order the jobs fired (the same order in every server), two servers went through the
games side by side: both evaluated the same turn ahead in their workers, and one of the
two runs was then refused (``busy``, or ``not_due`` once the other had committed), its
evaluation thrown away. Each server now takes the runs waiting for a slot in an order
of its own, drawn when it starts (:class:`RankedSlots`), so that two servers mostly work
on different games, and a game the other server has run is skipped before its
evaluation (:func:`mailserver.turns.ahead.evaluate_ahead`, ``due_by``).
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import random
from collections.abc import AsyncIterator


class RankedSlots:
    """At most ``size`` holders at once, let in by rank, the least first (ties: the first
    to come), not in the order they came. Those arriving together (the runs of one
    deadline start in one pass of the event loop) all wait for the first hand-out, so
    that even the first slots go by rank."""

    def __init__(self, size: int, salt: int | None = None) -> None:
        self._free = size
        self._salt = random.getrandbits(64) if salt is None else salt
        self._waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self._arrivals = itertools.count()
        self._handing_out = False

    def rank(self, game_id: int) -> int:
        """The game's place in this server's order (the same for the process's life)."""
        return hash((self._salt, game_id))

    @contextlib.asynccontextmanager
    async def held(self, game_id: int) -> AsyncIterator[None]:
        """A slot for ``game_id``'s run, for the block (waiting by the game's rank)."""
        loop = asyncio.get_running_loop()
        handed: asyncio.Future[None] = loop.create_future()
        heapq.heappush(self._waiting, (self.rank(game_id), next(self._arrivals), handed))
        if self._free > 0 and not self._handing_out:
            self._handing_out = True
            loop.call_soon(self._hand_out)
        try:
            await handed
        except asyncio.CancelledError:
            # A slot handed over just before the cancellation is passed on; a cancelled
            # wait stays in the heap and is skipped there.
            if handed.done() and not handed.cancelled():
                self._release()
            raise
        try:
            yield
        finally:
            self._release()

    def _hand_out(self) -> None:
        self._handing_out = False
        while self._free > 0 and self._hand_on():
            self._free -= 1

    def _hand_on(self) -> bool:
        """The slot to the least-ranked run still waiting; False when none waits."""
        while self._waiting:
            _, _, handed = heapq.heappop(self._waiting)
            if not handed.done():
                handed.set_result(None)
                return True
        return False

    def _release(self) -> None:
        if not self._hand_on():
            self._free += 1
