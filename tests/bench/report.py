"""One table of the performance goals of issue 12: figure, baseline, ratio, goal, met.

Run: ``python tests/bench/report.py [--quick] [--runs N] [--baseline REV]`` (from the
repository root).

The parser and engine goals are absolute figures on this machine, which is shared and
noisy, so every figure is the median of several runs and sits beside a baseline measured
in the same run: the same benchmark (bench_parser.py, bench_engine.py) run on the source
tree of ``--baseline`` (default ``main``, exported with ``git archive``), the runs of both
interleaved so that both see the same load. The ratio says how much faster (or slower)
this tree is than the baseline; ``met`` compares the figure with the goal.

The deadline-burst and intake benchmarks need Dovecot and minutes per run; they are
listed with the command that runs them (first cut: not run from here).
``--quick`` (fewer repeats and runs) finishes within a minute.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


@dataclass(frozen=True)
class Goal:
    """One row: a figure a benchmark reports, its unit and the goal it must meet."""

    label: str
    bench: str
    key: str
    unit: str
    goal: float
    higher_is_better: bool
    scale: float = 1.0  # the benchmark's unit to the row's (ms -> s)

    def met(self, value: float) -> bool:
        return value >= self.goal if self.higher_is_better else value <= self.goal


GOALS = (
    Goal("parser: order lines/s (200-line mail)", "parser", "lines_per_s", "/s", 20_000, True),
    Goal("parser: construction", "parser", "build_ms", "ms", 100, False),
    Goal("engine: Ashes turn 1", "engine", "turn_1_ms", "ms", 5, False),
    Goal("engine: 30-turn game (orders parsed)", "engine", "game_ms", "s", 0.5, False, scale=0.001),
)
NOT_RUN = (
    ("deadline burst / SmtpTransport alone", "<= 2.0x", "python tests/bench/bench_burst.py"),
    ("intake burst / echo bot", ">= 0.5x", "python tests/bench/bench_intake.py"),
    ("ack latency p99 / echo bot", "<= 1.25x", "python tests/bench/bench_intake.py"),
)


def run_bench(name: str, root: Path, quick: bool) -> dict[str, float]:
    """One run of ``bench_<name>.py --json`` on the source tree ``root``."""
    command = [sys.executable, str(HERE / f"bench_{name}.py"), "--json"]
    if quick:
        command.append("--quick")
    env = {**os.environ, "PBEM_BENCH_ROOT": str(root)}
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True).stdout
    figures: dict[str, float] = json.loads(out.strip().splitlines()[-1])
    return figures


def export_revision(rev: str, into: Path) -> Path | None:
    """The source tree of ``rev`` under ``into`` (None if git cannot give it)."""
    try:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", rev],
            check=True,
            capture_output=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def medians(runs: list[dict[str, float]]) -> dict[str, float]:
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def collect(
    roots: dict[str, Path], runs: int, quick: bool, progress: Callable[[str], None]
) -> dict[str, dict[str, dict[str, float]]]:
    """Median figures per benchmark and tree, the trees' runs interleaved."""
    samples: dict[str, dict[str, list[dict[str, float]]]] = {}
    for i in range(runs):
        for bench in ("parser", "engine"):
            for tree, root in roots.items():
                progress(f"run {i + 1}/{runs}: {bench} on {tree}")
                samples.setdefault(bench, {}).setdefault(tree, []).append(
                    run_bench(bench, root, quick)
                )
    return {
        bench: {tree: medians(runs_) for tree, runs_ in by_tree.items()}
        for bench, by_tree in samples.items()
    }


def fmt(value: float, unit: str) -> str:
    if unit == "/s":
        return f"{value:,.0f}/s"
    return f"{value:.3g} {unit}" if unit == "s" else f"{value:.1f} {unit}"


def table(figures: dict[str, dict[str, dict[str, float]]], baseline: str | None) -> list[str]:
    rows = [("figure", "this tree", f"baseline ({baseline or 'none'})", "ratio", "goal", "met")]
    for goal in GOALS:
        current = figures[goal.bench]["current"][goal.key] * goal.scale
        base = figures[goal.bench].get("baseline", {}).get(goal.key)
        if base is None:
            base_text = ratio_text = "-"
        else:
            base *= goal.scale
            # The ratio is "times better": above 1 this tree is faster than the baseline.
            ratio = current / base if goal.higher_is_better else base / current
            base_text, ratio_text = fmt(base, goal.unit), f"{ratio:.2f}x"
        sign = ">=" if goal.higher_is_better else "<="
        rows.append(
            (
                goal.label,
                fmt(current, goal.unit),
                base_text,
                ratio_text,
                f"{sign} {fmt(goal.goal, goal.unit)}",
                "yes" if goal.met(current) else "NO",
            )
        )
    for label, goal_text, command in NOT_RUN:
        rows.append((label, "not run", f"({command})", "-", goal_text, "-"))
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description="The performance goals in one table.")
    parser.add_argument("--quick", action="store_true", help="fewer repeats; within a minute")
    parser.add_argument("--runs", type=int, help="runs per tree (default 5, quick 3)")
    parser.add_argument(
        "--baseline", default="main", help="git revision to compare with ('' for none)"
    )
    args = parser.parse_args()
    runs = args.runs or (3 if args.quick else 5)
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as tmp:
        roots = {"current": ROOT}
        baseline = None
        if args.baseline:
            exported = export_revision(args.baseline, Path(tmp))
            if exported is None:
                print(f"baseline {args.baseline!r} not available from git: none", flush=True)
            else:
                roots["baseline"] = exported
                baseline = args.baseline

        def progress(text: str) -> None:
            print(f"  {text}", file=sys.stderr, flush=True)

        figures = collect(roots, runs, args.quick, progress)
    print(f"Medians of {runs} runs per tree{' (quick)' if args.quick else ''}:")
    for line in table(figures, baseline):
        print(line)


if __name__ == "__main__":
    main()
