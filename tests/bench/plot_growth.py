"""Draw the growth curve (bench_growth.py ``--out``) as the PNG of docs/performance.md.

Run: ``python tests/bench/plot_growth.py CURVE.json [OUT.png]`` (default
``docs/performance-growth.png``). The same JSON gives the same bytes: the Agg renderer,
a fixed size and resolution, and no date or version in the PNG's metadata.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from matplotlib.figure import Figure

OUT = Path(__file__).resolve().parents[2] / "docs" / "performance-growth.png"


def plot(curve: dict[str, object], out: Path) -> None:
    """Three panels over the number of games: ms per game (burst and the mails alone),
    peak memory (server, workers), database growth per game-turn."""
    points = curve["curve"]
    assert isinstance(points, list)
    games = [p["games"] for p in points]
    fig = Figure(figsize=(11, 3.4), dpi=100)  # no pyplot: no global state, Agg by default
    time_ax, mem_ax, db_ax = fig.subplots(1, 3)
    time_ax.plot(games, [p["seconds_per_game"] * 1000 for p in points], "o-", label="burst")
    time_ax.plot(
        games,
        [p["baseline_seconds_per_game"] * 1000 for p in points],
        "s--",
        label="its mails over SMTP alone",
    )
    time_ax.set_title("time per game")
    time_ax.set_ylabel("ms")
    mem_ax.plot(games, [p["server_mb"] for p in points], "o-", label="server")
    mem_ax.plot(games, [p["workers_mb"] for p in points], "s--", label="workers")
    mem_ax.set_title("peak memory")
    mem_ax.set_ylabel("MB")
    db_ax.plot(games, [p["db_bytes_per_game_turn"] / 1024 for p in points], "o-")
    db_ax.set_title("database growth per game-turn")
    db_ax.set_ylabel("kB")
    for ax in (time_ax, mem_ax, db_ax):
        ax.set_xscale("log")
        ax.set_xticks(games, [str(g) for g in games])
        ax.minorticks_off()
        ax.set_xlabel("games at one deadline")
        ax.set_ylim(bottom=0)
        ax.grid(alpha=0.3)
    time_ax.legend(fontsize="small")
    mem_ax.legend(fontsize="small")
    fig.suptitle(
        f"Deadline burst, {curve['seats']} players a game ({curve['backend']}, "
        f"medians of {curve['runs']} runs)"
    )
    fig.tight_layout()
    fig.savefig(out, format="png", metadata={"Software": None})


def main() -> None:
    """Command line: the curve's JSON file and where the PNG goes."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("curve", type=Path)
    parser.add_argument("out", type=Path, nargs="?", default=OUT)
    args = parser.parse_args()
    plot(json.loads(args.curve.read_text()), args.out)


if __name__ == "__main__":
    main()
