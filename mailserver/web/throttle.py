"""Token buckets for the order form's check: it parses the whole text each time, so a
page (or a script holding its link) may not ask it without bound."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable

CHECK_RATE = 2.0
"""Checks a link earns per second: the page asks 300 ms after the last key stroke."""
CHECK_BURST = 20
"""Checks a link may ask at once after a pause."""
KEPT_BUCKETS = 10_000
"""Buckets kept (the most recently used); a forgotten one starts full again."""


class Throttle:
    """One token bucket per key: ``burst`` at once, then ``rate`` a second. ``clock``
    gives seconds (monotonic)."""

    def __init__(
        self,
        *,
        rate: float = CHECK_RATE,
        burst: int = CHECK_BURST,
        kept: int = KEPT_BUCKETS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.kept = kept
        self.clock = clock
        self._buckets: OrderedDict[Hashable, tuple[float, float]] = OrderedDict()
        """key -> (tokens, when they were counted)."""

    def take(self, key: Hashable) -> float:
        """Take a token of ``key``'s bucket: 0 when there was one, else the seconds until
        there is (nothing taken)."""
        now = self.clock()
        tokens, then = self._buckets.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / self.rate
        self._buckets[key] = (tokens, now)
        while len(self._buckets) > self.kept:
            self._buckets.popitem(last=False)
        return wait
