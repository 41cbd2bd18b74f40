"""Benchmark of the Ashes order parser: construction time and order lines per second.

Run: ``python tests/bench/bench_parser.py [--quick] [--json]`` (prints medians of several
runs; ``--json``: the figures for tests/bench/report.py). ``PBEM_BENCH_ROOT`` names the
source tree to measure (default: this repository), so that the report can measure a
baseline revision with the same benchmark code.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

# The repository's packages (or the tree the report names), not an installed copy.
sys.path.insert(0, os.environ.get("PBEM_BENCH_ROOT") or str(Path(__file__).resolve().parents[2]))

from cli import show, tree_bench_args  # tests/bench/cli.py, beside this script

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


def measure(build_runs: int = 7, mail_runs: int = 15, lines: int = 200) -> dict[str, float]:
    """Median construction time (ms) and order lines per second of one mail."""
    spellings = standard_planets().spellings()

    def construct() -> None:
        build_parser.cache_clear()
        build_parser(spellings)

    build_ms = median_seconds(construct, build_runs) * 1000
    text = order_mail(lines)
    parse(text)  # warm the parser cache
    per_mail = median_seconds(lambda: parse(text), mail_runs)
    return {"build_ms": build_ms, "mail_ms": per_mail * 1000, "lines_per_s": lines / per_mail}


def main() -> None:
    args = tree_bench_args("Order parser: construction and lines/s.", "fewer runs")
    build_runs, mail_runs = (3, 7) if args.quick else (7, 15)
    figures = measure(build_runs, mail_runs)
    show(
        figures,
        args.json,
        f"parser construction: median {figures['build_ms']:.1f} ms ({build_runs} runs)",
        f"200-line order mail: median {figures['mail_ms']:.1f} ms per mail, "
        f"{figures['lines_per_s']:,.0f} lines/s ({mail_runs} runs)",
    )


if __name__ == "__main__":
    main()
