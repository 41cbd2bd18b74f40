"""Benchmark of the Ashes engine: one turn at turn 1, 10 and 30, and a whole game.

Run: ``python tests/bench/bench_engine.py [repeats] [--quick] [--json]`` (from the
repository root). Eight bot players write order text, the grammar reads it (parsing is
timed separately), and the engine evaluates the turn. Prints medians in milliseconds
(``--json``: the figures for tests/bench/report.py). ``PBEM_BENCH_ROOT`` names the source
tree to measure (default: this repository), so that the report can measure a baseline
revision with the same benchmark code.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, os.environ.get("PBEM_BENCH_ROOT") or str(Path(__file__).resolve().parents[2]))

from cli import show, tree_bench_args  # tests/bench/cli.py, beside this script

from engine.ashes.state import AshesState
from engine.ashes.turn import run_turn
from engine.core import Order, turn_dice
from grammar.ashes import parse
from tests.ashes.bots import bot_orders, bot_turn, new_standard_game


def orders_for(state: AshesState) -> dict[int, list[Order]]:
    """The parsed bot orders of every active player for the next turn."""
    return {
        p.number: parse(bot_orders(state, p.number, Random(state.turn * 10 + p.number))).orders
        for p in state.active()
    }


def state_before(turn: int) -> AshesState:
    """The bot game's state after ``turn - 1`` turns."""
    state = new_standard_game(seed=1)
    while state.turn < turn - 1:
        state, _ = bot_turn(state, bot_seed=1)
    return state


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def measure(repeats: int = 7, games: int = 3) -> dict[str, float]:
    """Median engine milliseconds at turn 1, 10 and 30, and of ``games`` whole games
    (orders written and parsed), with the parsing share."""
    figures: dict[str, float] = {}
    for turn in (1, 10, 30):
        state = state_before(turn)
        given = orders_for(state)
        samples = []
        for _ in range(repeats):
            start = time.perf_counter()
            run_turn(state, given, turn_dice(state.seed, turn))
            samples.append(time.perf_counter() - start)
        figures[f"turn_{turn}_ms"] = median_ms(samples)
    totals, parse_share = [], []
    for _ in range(games):
        state = new_standard_game(seed=1)
        total = parsing = 0.0
        while not state.finished:
            start = time.perf_counter()
            given = orders_for(state)
            parsed = time.perf_counter()
            state, _ = run_turn(state, given, turn_dice(state.seed, state.turn + 1))
            total += time.perf_counter() - start
            parsing += parsed - start
        totals.append(total)
        parse_share.append(parsing)
    figures["game_turns"] = state.turn
    figures["game_ms"] = median_ms(totals)
    figures["game_parse_ms"] = median_ms(parse_share)
    return figures


def main() -> None:
    args = tree_bench_args("Ashes engine: turns and a whole game.", "3 repeats, one game", 7)
    repeats = 3 if args.quick else args.repeats
    figures = measure(repeats, 1 if args.quick else max(3, repeats // 2))
    show(
        figures,
        args.json,
        f"Ashes of Empire engine, 8 bot players, median of {repeats} runs",
        *(f"turn {turn:>2}: engine {figures[f'turn_{turn}_ms']:8.1f} ms" for turn in (1, 10, 30)),
        f"whole game ({figures['game_turns']:.0f} turns, orders written and parsed): "
        f"{figures['game_ms']:8.1f} ms, of it parsing {figures['game_parse_ms']:8.1f} ms",
    )


if __name__ == "__main__":
    main()
