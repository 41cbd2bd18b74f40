"""The demo players: their orders parse cleanly and a whole game ends with a winner."""

from __future__ import annotations

from random import Random

from engine.registry import kind
from tests.spacewar.factory import bot_game, new_state


def test_a_bot_game_is_played_to_the_conquest_of_all_twelve_worlds() -> None:
    bots = kind("spacewar").bots
    assert bots is not None
    rng = Random(2)
    *_, state = bot_game(new_state(seed=2), 2, 149, rng)
    assert state.over and state.winner in (1, 2)
    assert all(w.owner == state.winner for w in state.worlds)
    assert bots.orders(state, 1, rng) == []
