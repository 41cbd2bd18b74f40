"""The growth curve: the deadline burst (bench_burst.py) at several numbers of games.

Run: ``python tests/bench/bench_growth.py [--sizes 50 200 800] [--runs 1] [--seats 8]
[--backend sqlite|postgresql] [--quick] [--json] [--out FILE]`` (from the repository
root; needs Dovecot, as the tests). ``--quick``: 10, 20 and 40 games; ``--json``: the
figures as JSON on the last line (for tests/bench/report.py); ``--out``: the curve as
JSON for tests/bench/plot_growth.py.

For each size: the burst's seconds per game (deadline to the last mail accepted, over
the games), the same for the mails over ``SmtpTransport`` alone, the server's peak
memory, its workers' and the database's growth per game-turn (medians of ``--runs``
bursts). A server that grows well spends as long per game at the largest size as at the
smallest, with as much memory (goals: within 1.2x), and its database grows by the same
bytes per game-turn.
"""

from __future__ import annotations

import json
import statistics
from pathlib import Path

from bench_burst import RunResult, run_bursts  # tests/bench/bench_burst.py, beside this script
from cli import mail_bench_parser

QUICK_SIZES = (10, 20, 40)


def point(games: int, results: list[RunResult]) -> dict[str, float]:
    """One point of the curve: the medians of the bursts at ``games`` games."""

    def med(values: list[float]) -> float:
        return float(statistics.median(values))

    return {
        "games": games,
        "seconds_per_game": med([r.burst_seconds / games for r in results]),
        "baseline_seconds_per_game": med([r.baseline_seconds / games for r in results]),
        "ratio": med([r.ratio for r in results]),
        "server_mb": med([r.server_mb for r in results]),
        "workers_mb": med([r.workers_mb for r in results]),
        "db_bytes_per_game_turn": med([r.db_bytes / games for r in results]),
    }


def main() -> None:
    """Run the burst at every size and print the curve."""
    parser = mail_bench_parser(
        "Growth: the deadline burst at several numbers of games.",
        quick=f"{', '.join(map(str, QUICK_SIZES))} games (report.py --quick)",
        profile="py-spy collapsed stacks of the first burst of each size (suffixed)",
    )
    parser.set_defaults(runs=1)
    parser.add_argument("--sizes", type=int, nargs="+", default=[50, 200, 800])
    parser.add_argument("--seats", type=int, default=8)
    parser.add_argument("--out", type=Path, help="the curve as JSON here (plot_growth.py)")
    args = parser.parse_args()
    sizes = sorted(QUICK_SIZES if args.quick else args.sizes)

    curve = []
    for games in sizes:
        print(f"--- {games} games", flush=True)
        profile = (
            args.profile.with_suffix(f".{games}{args.profile.suffix}") if args.profile else None
        )
        results = run_bursts(args.backend, games, args.seats, args.runs, profile=profile)
        curve.append(point(games, results))

    print(f"\nGrowth ({args.backend}, {args.seats} players a game, medians of {args.runs} runs):")
    print(
        f"{'games':>6} {'s/game':>8} {'alone':>8} {'ratio':>6} {'server MB':>10} "
        f"{'workers MB':>11} {'DB B/game-turn':>15}"
    )
    for p in curve:
        print(
            f"{p['games']:6.0f} {p['seconds_per_game']:8.4f} {p['baseline_seconds_per_game']:8.4f} "
            f"{p['ratio']:6.2f} {p['server_mb']:10.1f} {p['workers_mb']:11.1f} "
            f"{p['db_bytes_per_game_turn']:15.0f}"
        )
    if args.out is not None:
        meta = {"backend": args.backend, "seats": args.seats, "runs": args.runs}
        args.out.write_text(json.dumps({**meta, "curve": curve}, indent=1) + "\n")
    if args.json:
        small, large = curve[0], curve[-1]
        figures = {
            f"{end}_{key}": p[key]
            for end, p in (("small", small), ("large", large))
            for key in ("seconds_per_game", "server_mb", "db_bytes_per_game_turn")
        }
        print(json.dumps(figures | {"small_games": small["games"], "large_games": large["games"]}))


if __name__ == "__main__":
    main()
