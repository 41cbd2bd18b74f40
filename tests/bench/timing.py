"""Timing for the benchmark scripts (imported by them as a sibling module: they run as
scripts, on the source tree ``PBEM_BENCH_ROOT`` names, which may have no such module)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(func: Callable[[], object], runs: int) -> float:
    """The median milliseconds of ``runs`` calls after one call to warm up."""
    func()
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000
