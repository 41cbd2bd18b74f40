"""Benchmark of the Ashes printouts and their JSON twins, as a deadline burst makes them.

Run: ``python tests/bench/bench_printout.py [repeats] [--turn 1] [--profile]`` (from the
repository root). An 8-player standard game with bot orders is played to ``--turn``; then
the printout (seats 0..8, 0 being the GM view) and ``report_data`` are made in German and
English, ``repeats`` times. Prints the medians in microseconds per printout and per
report; ``--profile``: cProfile's top functions over all repeats instead.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, os.environ.get("PBEM_BENCH_ROOT") or str(Path(__file__).resolve().parents[2]))

from engine.ashes.kind import ASHES
from engine.ashes.state import AshesState
from tests.ashes.bots import bot_turn, new_standard_game

LANGS = ("de", "en")


def state_at(turn: int, seed: int = 1) -> AshesState:
    """The bot game's state after ``turn`` turns."""
    state = new_standard_game(seed=seed)
    while state.turn < turn:
        state, _ = bot_turn(state, bot_seed=seed)
    return state


def all_outputs(state: AshesState) -> None:
    """Every printout and report of one turn, as the host makes them."""
    engine = ASHES.engine
    for lang in LANGS:
        for seat in range(len(state.players) + 1):
            engine.printout(state, seat, lang)
            engine.report_data(state, seat, lang)


def measure(state: AshesState, repeats: int) -> dict[str, float]:
    """Median microseconds of one player's printout (over seats and languages), of one
    report_data (seats 0..n) and of a GM printout."""
    engine = ASHES.engine
    seats = range(len(state.players) + 1)
    per_print, per_data, gm = [], [], []
    for _ in range(repeats):
        start = time.perf_counter()
        for lang in LANGS:
            for seat in seats[1:]:
                engine.printout(state, seat, lang)
        per_print.append((time.perf_counter() - start) / (len(LANGS) * len(state.players)))
        start = time.perf_counter()
        for lang in LANGS:
            for seat in seats:
                engine.report_data(state, seat, lang)
        per_data.append((time.perf_counter() - start) / (len(LANGS) * len(seats)))
        start = time.perf_counter()
        engine.printout(state, 0, "de")
        gm.append(time.perf_counter() - start)
    return {
        "player_printout_us": statistics.median(per_print) * 1e6,
        "report_data_us": statistics.median(per_data) * 1e6,
        "gm_printout_us": statistics.median(gm) * 1e6,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description="Ashes printouts and report data.")
    parser.add_argument("repeats", nargs="?", type=int, default=200)
    parser.add_argument("--turn", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="cProfile instead of timing")
    args = parser.parse_args()
    state = state_at(args.turn)
    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(args.repeats):
            all_outputs(state)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(30)
        return
    figures = measure(state, args.repeats)
    print(f"Ashes printouts at turn {args.turn}, median of {args.repeats} runs")
    for name, value in figures.items():
        print(f"{name:>18}: {value:8.1f}")


if __name__ == "__main__":
    main()
