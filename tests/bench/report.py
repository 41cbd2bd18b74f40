"""One table of the performance goals: figure, baseline, ratio, goal, met.

Run: ``python tests/bench/report.py [--quick] [--runs N] [--baseline REV]`` (from the
repository root).

The parser, engine, mail body, map and command-start goals are absolute figures on
this machine, which is shared and noisy, so every figure is the median of several runs
and sits beside a baseline measured in the same run: the same benchmark
(bench_parser.py, bench_engine.py, bench_mailbody.py, bench_maps.py, bench_start.py) run
on the source tree of ``--baseline`` (default ``main``, exported with ``git archive``),
the runs of both interleaved so that both see the same load. The ratio says how much
faster (or slower) this tree is than the baseline; ``met`` compares the figure with the
goal.

The deadline-burst and intake benchmarks (Dovecot, a server process) carry their
baseline inside: the same mails over ``SmtpTransport`` alone, the echo bot on the same
IMAP/SMTP code, the ack latency with the pages idle beside the one during a page flood
(bench_pageflood.py), the burst with two servers beside one (bench_servers.py), the
growth curve its smallest size (bench_growth.py). They run once on this tree with
``--runs N`` and report medians of their own runs; their rows compare two figures of the
same run (``Goal.versus``) and the goal is on the ratio. ``--quick`` (fewer repeats,
smaller sizes, one run of the mail benchmarks) finishes within a minute or two and still
prints every ratio.

The map pictures (bench_maps.py) run on both trees too; against a baseline from before
the maps were drawn as SVG (``--baseline 7c182d2``) the baseline column is matplotlib's
drawing, which the test extras install for this comparison. The Starweb engine and
parser (bench_starweb.py), the Ashes board game (bench_ashes_board.py), a whole Spacewar
bot game (bench_spacewar.py, which also prints a round of four battles) and the Welt der
Waben month and dossier (bench_wdw.py) have absolute goals and run on this tree only
(:data:`NEW_BENCHES`).

A new row is one more :class:`Goal`; a new benchmark is a script ``bench_<name>.py``
taking ``--json`` and ``--quick`` and printing its figures as one JSON object on its last
line (cli.py, beside it, has the options and the printing), named in :data:`TREE_BENCHES`
(run on both trees), :data:`NEW_BENCHES` (this tree) or :data:`SELF_BENCHES` (its own
baseline).
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
    """One row: a figure a benchmark reports, its unit and the goal it must meet.

    Without ``versus`` the goal is on the figure itself and the baseline is the same
    figure on the baseline tree. With ``versus`` (another key of the same benchmark run)
    the baseline is that figure and the goal is on the ratio figure / baseline.
    """

    label: str
    bench: str
    key: str
    unit: str
    goal: float
    higher_is_better: bool
    scale: float = 1.0  # the benchmark's unit to the row's (ms -> s)
    versus: str | None = None

    def met(self, value: float) -> bool:
        return value >= self.goal if self.higher_is_better else value <= self.goal


GOALS = (
    Goal("parser: order lines/s (200-line mail)", "parser", "lines_per_s", "/s", 20_000, True),
    Goal("parser: construction", "parser", "build_ms", "ms", 100, False),
    Goal("engine: Ashes turn 1", "engine", "turn_1_ms", "ms", 5, False),
    Goal("engine: 30-turn game (orders parsed)", "engine", "game_ms", "s", 0.5, False, scale=0.001),
    Goal("Starweb: galaxy (15 players, 255 worlds)", "starweb", "galaxy_ms", "ms", 1000, False),
    Goal("Starweb: turn 1 (15 players, 255 worlds)", "starweb", "turn_1_ms", "ms", 50, False),
    Goal("Starweb: turn 30 (15 players, 255 worlds)", "starweb", "turn_30_ms", "ms", 50, False),
    Goal(
        "Starweb: parser orders/s (200 orders)", "starweb", "parse_orders_per_s", "/s", 20_000, True
    ),
    # The bounds the unit tests had as wall-clock assertions (tests/test_mailbody.py).
    Goal("mail body: 10 MB attachment", "mailbody", "attachment_ms", "ms", 10_000, False),
    Goal(
        "mail body: 300 kB Subject of encoded words", "mailbody", "subject_ms", "ms", 5_000, False
    ),
    Goal("ashes-board: 30 rounds of bot play", "ashes_board", "game_ms", "s", 0.5, False, 0.001),
    Goal("Spacewar: a round with four battles", "spacewar", "four_battles_ms", "ms", 20, False),
    Goal(
        "Spacewar: whole bot game (orders parsed)",
        "spacewar",
        "game_ms",
        "s",
        2.0,
        False,
        scale=0.001,
    ),
    Goal("Welt der Waben: month (12 realms, 300 units)", "wdw", "month_ms", "ms", 200, False),
    Goal("Welt der Waben: dossier (12 realms, 300 units)", "wdw", "dossier_ms", "ms", 500, False),
    # Whole processes, beside `python -c pass` in the same rounds (bench_start.py).
    Goal("command start: pbem --help", "start", "help_s", "s", 0.25, False),
    Goal("command start: pbem parse (200-line mail)", "start", "parse_s", "s", 0.4, False),
    # Issue 27.4; the baseline tree's picture is matplotlib's (before the maps were SVG).
    Goal("map picture: Ashes player", "maps", "ashes_player_ms", "ms", 50, False),
    Goal("map picture: Starweb player", "maps", "starweb_player_ms", "ms", 50, False),
    Goal("map picture: Starweb GM (255 worlds)", "maps", "starweb_gm_ms", "ms", 200, False),
    Goal("map picture: Welt der Waben realm", "maps", "wdw_player_ms", "ms", 50, False),
    Goal("map picture: Welt der Waben GM (48 fields)", "maps", "wdw_gm_ms", "ms", 200, False),
    Goal(
        "deadline burst / SmtpTransport alone",
        "burst",
        "burst_seconds",
        "s",
        1.5,
        False,
        versus="baseline_seconds",
    ),
    # On two cores a second server cannot be faster; it must not be slower (docs/performance.md).
    Goal(
        "deadline burst (PostgreSQL): 2 servers / 1",
        "servers",
        "two_servers_seconds",
        "s",
        1.1,
        False,
        versus="one_server_seconds",
    ),
    Goal(
        "intake burst / echo bot",
        "intake",
        "pbem_per_second",
        "/s",
        0.8,
        True,
        versus="echo_per_second",
    ),
    Goal(
        "ack latency median / echo bot",
        "intake",
        "pbem_median_ms",
        "ms",
        1.25,
        False,
        versus="echo_median_ms",
    ),
    Goal(
        "ack latency during a page flood / quiet",
        "pageflood",
        "flood_median_ms",
        "ms",
        1.5,
        False,
        versus="quiet_median_ms",
    ),
    Goal(
        "ack latency p99 / echo bot",
        "intake",
        "pbem_p99_ms",
        "ms",
        1.05,
        False,
        versus="echo_p99_ms",
    ),
    # The growth curve (bench_growth.py): its largest size against its smallest
    # (800 and 50 games; quick: 40 and 10).
    Goal(
        "growth: burst time per game, largest / smallest",
        "growth",
        "large_seconds_per_game",
        "s",
        1.2,
        False,
        versus="small_seconds_per_game",
    ),
    Goal(
        "growth: server peak memory, largest / smallest",
        "growth",
        "large_server_mb",
        "MB",
        1.2,
        False,
        versus="small_server_mb",
    ),
    Goal(
        "growth: database bytes per game-turn, largest / smallest",
        "growth",
        "large_db_bytes_per_game_turn",
        "B",
        1.2,
        False,
        versus="small_db_bytes_per_game_turn",
    ),
)
TREE_BENCHES = ("parser", "engine", "mailbody", "maps", "start")
"""Run on this tree and the baseline tree, interleaved."""
NEW_BENCHES = ("starweb", "ashes_board", "spacewar", "wdw")
"""Run on this tree only (a baseline before them has no such benchmark): absolute goals."""
SELF_BENCHES = ("burst", "servers", "intake", "pageflood", "growth")
"""Run on this tree only: each measures its own baseline (``--runs`` runs, medians)."""


def run_bench(name: str, root: Path, quick: bool, extra: tuple[str, ...] = ()) -> dict[str, float]:
    """One run of ``bench_<name>.py --json`` on the source tree ``root``."""
    command = [sys.executable, str(HERE / f"bench_{name}.py"), "--json", *extra]
    if quick:
        command.append("--quick")
    env = {**os.environ, "PBEM_BENCH_ROOT": str(root)}
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"bench_{name}.py failed:\n{done.stdout[-2000:]}{done.stderr[-3000:]}")
    out = done.stdout
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
        for bench in TREE_BENCHES:
            for tree, root in roots.items():
                progress(f"run {i + 1}/{runs}: {bench} on {tree}")
                samples.setdefault(bench, {}).setdefault(tree, []).append(
                    run_bench(bench, root, quick)
                )
        for bench in NEW_BENCHES:
            progress(f"run {i + 1}/{runs}: {bench}")
            samples.setdefault(bench, {}).setdefault("current", []).append(
                run_bench(bench, roots["current"], quick)
            )
    figures = {
        bench: {tree: medians(runs_) for tree, runs_ in by_tree.items()}
        for bench, by_tree in samples.items()
    }
    # The mail benchmarks take a minute or more per run: one call, their own medians.
    mail_runs = 1 if quick else runs
    for bench in SELF_BENCHES:
        progress(f"{bench}: {mail_runs} run(s) with its own baseline")
        figures[bench] = {
            "current": run_bench(bench, roots["current"], quick, ("--runs", str(mail_runs)))
        }
    return figures


def fmt(value: float, unit: str) -> str:
    if unit == "/s":
        return f"{value:,.0f}/s"
    if unit == "B":
        return f"{value:,.0f} B"
    return f"{value:.3g} {unit}" if unit == "s" else f"{value:.1f} {unit}"


def table(figures: dict[str, dict[str, dict[str, float]]], baseline: str | None) -> list[str]:
    rows = [("figure", "this tree", f"baseline ({baseline or 'none'})", "ratio", "goal", "met")]
    for goal in GOALS:
        current = figures[goal.bench]["current"][goal.key] * goal.scale
        if goal.versus is not None:
            own = figures[goal.bench]["current"][goal.versus] * goal.scale
            ratio = current / own
            rows.append(
                (
                    goal.label,
                    fmt(current, goal.unit),
                    fmt(own, goal.unit) + " (own)",
                    f"{ratio:.2f}x",
                    f"{'>=' if goal.higher_is_better else '<='} {goal.goal:.2f}x",
                    "yes" if goal.met(ratio) else "NO",
                )
            )
            continue
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
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]


def main() -> None:
    parser = argparse.ArgumentParser(description="The performance goals in one table.")
    parser.add_argument("--quick", action="store_true", help="fewer repeats; within a minute")
    parser.add_argument(
        "--runs", type=int, help="runs per tree (default 5, quick 3; mail benchmarks quick 1)"
    )
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
    mail_runs = 1 if args.quick else runs
    print(
        f"Medians of {runs} runs per tree, {mail_runs} of the mail benchmarks"
        f"{' (quick)' if args.quick else ''}:"
    )
    for line in table(figures, baseline):
        print(line)


if __name__ == "__main__":
    main()
