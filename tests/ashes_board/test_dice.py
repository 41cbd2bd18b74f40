"""The board game's chance goes through the sealed dice: every roll of a bot game checks
against its seed, and a round replays byte for byte with its rolls forced (docs/dice.md)."""

from __future__ import annotations

import hashlib
import json
from random import Random

import pytest

from engine.ashes_board.bots import BoardBots
from engine.ashes_board.game import BoardGame
from engine.ashes_board.state import BoardState
from engine.core import Order, PlayerSetup, Setup
from engine.dice import EVERYBODY, Dice, verify
from grammar.ashes_board import LANGUAGE

GAME = BoardGame()


def _orders(state: BoardState, rng: Random) -> dict[int, list[Order]]:
    bots = BoardBots()
    return {
        p.number: list(LANGUAGE.parse("\n".join(bots.orders(state, p.number, rng))).orders)
        for p in state.active()
    }


@pytest.mark.parametrize("players", [2, 5])
def test_every_roll_checks_and_replays_forced(players: int) -> None:
    setup = Setup(game=4, players=[PlayerSetup(n) for n in range(1, players + 1)])
    state: BoardState = GAME.new_game(setup, Random(0))
    state.options.pirates = True
    state.options.growth = "die"
    rng, rolled = Random(players), 0
    for n in range(14):
        orders = _orders(state, rng)
        seed = hashlib.sha256(f"{players}:{n}".encode()).hexdigest()
        result = GAME.run_turn(state, orders, Dice.sealed(seed))
        assert verify(seed, result.rolls) is None
        assert all(roll.seen_by == EVERYBODY for roll in result.rolls)
        again = GAME.run_turn(state, orders, Dice.forced((r.label, r.value) for r in result.rolls))
        assert json.dumps(again.state.to_json()) == json.dumps(result.state.to_json())
        rolled += len(result.rolls)
        assert isinstance(result.state, BoardState)
        state = result.state
        if result.game_over:
            break
    assert rolled > 50
    assert any(r.label == "end" for r in result.rolls) or state.finished
