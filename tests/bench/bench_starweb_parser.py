"""Benchmark of the Starweb order parser: order lines (one code each) per second.

Run: ``python tests/bench/bench_starweb_parser.py [--quick]`` (prints the median of several
runs of a 200-order mail, one order a line, and of the same 200 orders 8 to a line).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, os.environ.get("PBEM_BENCH_ROOT") or str(Path(__file__).resolve().parents[2]))

from grammar.starweb import LANGUAGE

_CODES = [
    "F39U",
    "W13B5F160",
    "P9T1F45",
    "F45W206W79W13",
    "F78AF189",
    "V38F160",
    "F128L",
    "W2S1",
    "A=BORG",
    "F82G=BORG",
    "Z3",
    "F180CF8",
    "W205I3I",
    "P13M5W79",
    "F42P220",
    "F7R2",
    "F4Q",
    "W43X",
    "F79N7",
    "E=5000",
]


def order_mail(orders: int = 200, per_line: int = 1) -> str:
    """A mail of ``orders`` orders (every common form), ``per_line`` to a line."""
    codes = [_CODES[i % len(_CODES)] for i in range(orders)]
    lines = [" ".join(codes[i : i + per_line]) for i in range(0, orders, per_line)]
    return "\n".join(["Partie 5 Spieler 2 Kennwort geheim", *lines, "Ende"])


def orders_per_second(text: str, orders: int, runs: int) -> float:
    LANGUAGE.parse(text)  # build the parser once
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        result = LANGUAGE.parse(text)
        times.append(time.perf_counter() - start)
        assert len(result.orders) == orders and not result.errors, result.errors[:3]
    return orders / statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    runs = 5 if parser.parse_args().quick else 25
    one = orders_per_second(order_mail(), 200, runs)
    eight = orders_per_second(order_mail(per_line=8), 200, runs)
    print(f"starweb parser: {one:,.0f} order lines/s (200 lines, one order each)")
    print(f"starweb parser: {eight:,.0f} orders/s (200 orders, 8 to a line)")


if __name__ == "__main__":
    main()
