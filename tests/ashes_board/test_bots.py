"""The demo bots mail orders the language reads without an error and that do something."""

from __future__ import annotations

import hashlib
from random import Random

import pytest

from engine.ashes_board.bots import BoardBots
from engine.ashes_board.game import BoardGame
from engine.ashes_board.state import BoardState
from engine.core import PlayerSetup, Setup
from engine.dice import Dice
from grammar.ashes_board import LANGUAGE

GAME = BoardGame()


@pytest.mark.parametrize(("scenario", "players"), [("I", 2), ("II", 2), ("free", 6)])
def test_bot_orders_parse_cleanly_and_the_bots_build_and_fly(scenario: str, players: int) -> None:
    setup = Setup(
        game=1, players=[PlayerSetup(n) for n in range(1, players + 1)], scenario=scenario
    )
    state: BoardState = GAME.new_game(setup, Random(1))
    bots, rng, kinds = BoardBots(), Random(5), set()
    for n in range(6):
        mails = {s: "\n".join(bots.orders(state, s, rng)) for s in range(1, players + 1)}
        orders = {}
        for seat, text in mails.items():
            result = LANGUAGE.parse(text)
            assert result.errors == [], (text, [e.message("en") for e in result.errors])
            orders[seat] = result.orders
            kinds |= {o.kind for o in result.orders}
        digest = hashlib.sha256(f"{scenario}{n}".encode()).hexdigest()
        new = GAME.run_turn(state, orders, Dice.sealed(digest)).state
        assert isinstance(new, BoardState)
        state = new
    assert kinds == {"build", "fly"}
