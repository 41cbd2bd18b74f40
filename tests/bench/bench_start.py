"""Benchmark of a command's start: ``pbem --help`` and ``pbem parse FILE`` as whole processes,
beside ``python -c pass`` (the interpreter's own start) in the same run.

Run: ``python tests/bench/bench_start.py [--quick] [--json]`` (prints medians of several
runs; ``--json``: the figures for tests/bench/report.py). ``PBEM_BENCH_ROOT`` names the
source tree to measure (default: this repository), so that the report can measure a
baseline revision with the same benchmark code.

Each round starts the three processes one after the other, so that all three see the same
load; the figures are the medians of the rounds, in seconds, and the two commands'
times over the interpreter's (``help_ratio``, ``parse_ratio``). ``pbem parse`` reads the
200-line order mail of bench_parser.py with the Lark cache warm (one untimed run first,
into a cache folder of this benchmark's own): a command's start after the first.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_parser import order_mail  # tests/bench/bench_parser.py, beside this script
from cli import run_tree_bench  # tests/bench/cli.py, beside this script

ROOT = Path(os.environ.get("PBEM_BENCH_ROOT") or Path(__file__).resolve().parents[2])
"""The source tree whose ``pbem`` is started."""

PBEM = "import sys; sys.argv[0] = 'pbem'; from mailserver.app.cli.main import main; main()"
"""The ``pbem`` console script's body, run from the source tree measured."""

REPORT = """\
python -c pass: median {python_s:.3f} s ({repeats} rounds)
pbem --help: median {help_s:.3f} s ({help_ratio:.1f}x python)
pbem parse (200-line mail): median {parse_s:.3f} s ({parse_ratio:.1f}x python)"""
"""The figures for a reader."""


def seconds(command: list[str], env: dict[str, str]) -> float:
    """The wall time of one process, start to exit (its output thrown away)."""
    start = time.perf_counter()
    subprocess.run(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def measure(rounds: int) -> dict[str, float]:
    """Medians over ``rounds`` of the three processes' times (s) and the two ratios."""
    with tempfile.TemporaryDirectory(prefix="pbem-start-") as tmp:
        mail = Path(tmp) / "orders.txt"
        mail.write_text(order_mail(), encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(Path(tmp) / "cache")}
        commands = {
            "python_s": [sys.executable, "-c", "pass"],
            "help_s": [sys.executable, "-c", PBEM, "--help"],
            "parse_s": [sys.executable, "-c", PBEM, "parse", str(mail)],
        }
        for command in commands.values():  # byte-compiled, the Lark cache written
            seconds(command, env)
        times: dict[str, list[float]] = {key: [] for key in commands}
        for _ in range(rounds):
            for key, command in commands.items():
                times[key].append(seconds(command, env))
    figures = {key: statistics.median(values) for key, values in times.items()}
    figures["help_ratio"] = figures["help_s"] / figures["python_s"]
    figures["parse_ratio"] = figures["parse_s"] / figures["python_s"]
    return figures


def main() -> None:
    run_tree_bench(
        "Command start: pbem --help, pbem parse FILE.",
        measure,
        REPORT,
        repeats=(11, 5),
        quick="fewer rounds",
        counted=False,
    )


if __name__ == "__main__":
    main()
