"""Benchmark of the Ashes of Empire board game: 30 rounds of bot play, orders parsed.

Run: ``python tests/bench/bench_ashes_board.py [repeats] [--quick] [--json]`` (from the
repository root). Eight bots play the free set-up; each round their order mails are read
by the order language and the round is evaluated with sealed dice. A game that ends
before round 30 (end dice from round 11, B 2.6) is followed by the next seed's game
until 30 rounds are played (``game_ms``: the median of those 30 rounds, in ms).
``PBEM_BENCH_ROOT`` names the source tree to measure (default: this repository).
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from random import Random

sys.path.insert(0, os.environ.get("PBEM_BENCH_ROOT") or str(Path(__file__).resolve().parents[2]))

from cli import run_tree_bench  # tests/bench/cli.py, beside this script
from timing import median_ms  # tests/bench/timing.py, beside this script

from engine.ashes_board.kind import ASHES_BOARD
from engine.core import PlayerSetup, Setup, State
from engine.dice import Dice
from grammar.ashes_board import LANGUAGE

PLAYERS = 8
ROUNDS = 30
REPORT = f"""\
Ashes board game, {PLAYERS} bot players, median of {{repeats}} runs
30 rounds: {{game_ms:8.1f}} ms ({{orders:.0f}} orders read)"""
"""The figures for a reader."""


def _new(seed: int) -> State:
    setup = Setup(game=1, players=[PlayerSetup(n) for n in range(1, PLAYERS + 1)], seed=seed)
    return ASHES_BOARD.engine.new_game(setup, Random(seed))


def play(rounds: int = ROUNDS) -> int:
    """``rounds`` rounds of bot play; the number of orders read."""
    assert ASHES_BOARD.bots is not None
    seed, read = 1, 0
    state = _new(seed)
    for played in range(rounds):
        mails = {
            seat: "\n".join(ASHES_BOARD.bots.orders(state, seat, Random(played * 10 + seat)))
            for seat in range(1, PLAYERS + 1)
        }
        orders = {seat: LANGUAGE.parse(text).orders for seat, text in mails.items()}
        read += sum(len(o) for o in orders.values())
        dice = Dice.sealed(hashlib.sha256(f"bench {seed} {played}".encode()).hexdigest())
        result = ASHES_BOARD.engine.run_turn(state, orders, dice)
        state = result.state
        if result.game_over:
            seed += 1
            state = _new(seed)
    return read


def measure(repeats: int) -> dict[str, float]:
    """The median time of 30 rounds, and the orders read in them."""
    return {"game_ms": median_ms(play, repeats), "orders": float(play())}


def main() -> None:
    run_tree_bench("Ashes board game: 30 rounds of bot play.", measure, REPORT)


if __name__ == "__main__":
    main()
