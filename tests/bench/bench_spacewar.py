"""Benchmark of Spacewar I: one round with four space battles, and a whole bot game.

Run: ``python tests/bench/bench_spacewar.py [repeats] [--quick] [--json]`` (from the
repository root). ``four_battles_ms`` is the median time of one round in which both
players have a fleet of a Schlachtträger (8 Jäger) and two Kreuzer on each of the four
space fields (the engine alone); ``game_ms`` the median time of a whole game of the two
bots to the conquest of all twelve worlds, every order mail parsed. ``game_rounds`` is
the length of that game. ``PBEM_BENCH_ROOT`` names the source tree (default: this one).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from random import Random

sys.path.insert(0, os.environ.get("PBEM_BENCH_ROOT") or str(Path(__file__).resolve().parents[2]))

from cli import run_tree_bench  # tests/bench/cli.py, beside this script
from timing import median_ms  # tests/bench/timing.py, beside this script

from engine.core import PlayerSetup, Setup, turn_dice
from engine.spacewar.board import SPACE
from engine.spacewar.bots import SpacewarBots
from engine.spacewar.game import SpacewarGame
from engine.spacewar.setup import new_ship
from engine.spacewar.state import Fleet, SpacewarState
from grammar.spacewar import LANGUAGE

GAME = SpacewarGame()
BOTS = SpacewarBots()
SEED = 2
REPORT = """\
Spacewar I, two bots, median of {repeats} runs
round with four battles: {four_battles_ms:8.1f} ms
whole game:              {game_ms:8.1f} ms ({game_rounds:.0f} rounds)"""
"""The figures for a reader."""


def new_game() -> SpacewarState:
    """Turn 0 of a two-player game."""
    setup = Setup(game=1, players=[PlayerSetup(1), PlayerSetup(2)], seed=SEED)
    return GAME.new_game(setup, Random(SEED))


def four_battles() -> SpacewarState:
    """Round 1 with a carrier group of each player on each space field."""
    result = GAME.run_turn(new_game(), {}, turn_dice(SEED, 1))
    assert isinstance(result.state, SpacewarState)
    state = result.state
    for number in (1, 2):
        player = state.player(number)
        for index, field in enumerate(SPACE, start=4):
            ships = [
                new_ship(player, "ST", fighters=8),
                new_ship(player, "KR"),
                new_ship(player, "KR"),
            ]
            state.fleets.append(Fleet(owner=number, id=index, where=field, ships=ships))
    return state


def whole_game() -> int:
    """A bot game to its end; the rounds it took."""
    state = new_game()
    rng = Random(SEED)
    for step in range(1, 500):
        given = {
            seat: LANGUAGE.parse("\n".join(BOTS.orders(state, seat, rng))).orders for seat in (1, 2)
        }
        result = GAME.run_turn(state, given, turn_dice(SEED, step))
        assert isinstance(result.state, SpacewarState)
        state = result.state
        if result.game_over:
            return state.round
    raise AssertionError("the bot game did not end")


def measure(repeats: int) -> dict[str, float]:
    """The medians of one four-battle round and of a whole bot game."""
    battles = four_battles()
    check = GAME.run_turn(battles, {}, turn_dice(SEED, 2)).state
    assert isinstance(check, SpacewarState)
    assert sum(1 for n in check.notes if n.key == "declared") == len(SPACE)
    return {
        "four_battles_ms": median_ms(
            lambda: GAME.run_turn(battles, {}, turn_dice(SEED, 2)), repeats
        ),
        "game_ms": median_ms(whole_game, repeats),
        "game_rounds": whole_game(),
    }


def main() -> None:
    run_tree_bench("Spacewar: a round of four battles, a whole bot game.", measure, REPORT)


if __name__ == "__main__":
    main()
