"""Benchmark of the Ashes order parser: construction time and order lines per second.

Run: ``python tests/bench/bench_parser.py`` (prints medians of several runs).
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

# The repository's packages, not an installed copy (as in bench_engine.py).
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from grammar.ashes import build_parser, parse, standard_planets

_LINES = [
    "Crab: 1 PDU, 7 FP, 5 OP, 5 RP, 6 FI, 3 TR",
    "10: PDU 2 FY 4",
    "PV: 1=2 3=2 4=2",
    "2/15/1/21",
    "37 / C2 / 3 / 25",
    "HP=10",
    "34 = Neuer Name",
    "4 (Nameless) ausspionieren",
    "5 PP für PR auf 20 (Crossland)",
    "Flug von Lone Star nach Kalgourlie: 12 FI, 2 TR",
]


def order_mail(lines: int = 200) -> str:
    """A realistic 200-line order mail: a header and a mix of every common order."""
    body = ["Partie 227 Spieler 2 Kennwort geheim"]
    body += [_LINES[i % len(_LINES)] for i in range(lines - 1)]
    return "\n".join(body)


def median_seconds(func: object, runs: int) -> float:
    """The median wall time of ``runs`` calls."""
    assert callable(func)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    spellings = standard_planets().spellings()

    def construct() -> None:
        build_parser.cache_clear()
        build_parser(spellings)

    build_ms = median_seconds(construct, 7) * 1000
    text = order_mail(200)
    parse(text)  # warm the parser cache
    per_mail = median_seconds(lambda: parse(text), 15)
    print(f"parser construction: median {build_ms:.1f} ms (7 runs)")
    print(
        f"200-line order mail: median {per_mail * 1000:.1f} ms per mail, "
        f"{200 / per_mail:,.0f} lines/s (15 runs)"
    )


if __name__ == "__main__":
    main()
