"""The demo players: their orders parse cleanly and a whole game ends with a winner."""

from __future__ import annotations

from random import Random

from engine.core import turn_dice
from engine.registry import kind
from engine.spacewar.state import SpacewarState
from grammar.spacewar import LANGUAGE
from tests.spacewar.factory import GAME, new_state


def test_a_bot_game_is_played_to_the_conquest_of_all_twelve_worlds() -> None:
    bots = kind("spacewar").bots
    assert bots is not None
    state = new_state(seed=2)
    rng = Random(2)
    for step in range(1, 150):
        given = {}
        for seat in (1, 2):
            result = LANGUAGE.parse("\n".join(bots.orders(state, seat, rng)))
            assert not result.errors, [e.message("en") for e in result.errors]
            given[seat] = result.orders
        turn = GAME.run_turn(state, given, turn_dice(2, step))
        assert isinstance(turn.state, SpacewarState)
        state = turn.state
        if turn.game_over:
            break
    assert state.over and state.winner in (1, 2)
    assert all(w.owner == state.winner for w in state.worlds)
    assert bots.orders(state, 1, rng) == []
