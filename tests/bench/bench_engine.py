"""Benchmark of the Ashes engine: one turn at turn 1, 10 and 30, and a whole game.

Run: ``python tests/bench/bench_engine.py [repeats]`` (from the repository root). Eight
bot players write order text, the grammar reads it (parsing is timed separately), and the
engine evaluates the turn. Prints medians in milliseconds.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path
from random import Random

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.ashes.state import AshesState
from engine.ashes.turn import run_turn
from engine.core import Order, turn_rng
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


def main(repeats: int = 7) -> None:
    print(f"Ashes of Empire engine, 8 bot players, median of {repeats} runs")
    for turn in (1, 10, 30):
        state = state_before(turn)
        given = orders_for(state)
        samples = []
        for _ in range(repeats):
            start = time.perf_counter()
            run_turn(state, given, turn_rng(state.seed, turn))
            samples.append(time.perf_counter() - start)
        print(f"turn {turn:>2}: engine {median_ms(samples):8.1f} ms")
    games, parse_share = [], []
    for _ in range(max(3, repeats // 2)):
        state = new_standard_game(seed=1)
        total = parsing = 0.0
        while not state.finished:
            start = time.perf_counter()
            given = orders_for(state)
            parsed = time.perf_counter()
            state, _ = run_turn(state, given, turn_rng(state.seed, state.turn + 1))
            total += time.perf_counter() - start
            parsing += parsed - start
        games.append(total)
        parse_share.append(parsing)
    print(
        f"whole game ({state.turn} turns, orders written and parsed): "
        f"{median_ms(games):8.1f} ms, of it parsing {median_ms(parse_share):8.1f} ms"
    )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
