"""Timing for the benchmark scripts (imported by them as a sibling module: they run as
scripts, on the source tree ``PBEM_BENCH_ROOT`` names, which may have no such module)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def samples_ms(
    func: Callable[[], object], runs: int, clock: Callable[[], float] = time.perf_counter
) -> list[float]:
    """The milliseconds of each of ``runs`` calls, by ``clock`` (wall time, or
    ``time.process_time`` for the processor's)."""
    samples = []
    for _ in range(runs):
        start = clock()
        func()
        samples.append((clock() - start) * 1000)
    return samples


def median_ms(
    func: Callable[[], object], runs: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    """The median milliseconds of ``runs`` calls after one call to warm up, by ``clock``
    (:func:`samples_ms`)."""
    func()
    return statistics.median(samples_ms(func, runs, clock))
