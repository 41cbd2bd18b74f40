"""Whole-game helpers for tests and the benchmark; the bots live in engine/ashes/bots.py."""

from __future__ import annotations

from random import Random

from engine.ashes.bots import bot_orders
from engine.ashes.state import AshesState

__all__ = ["bot_orders", "bot_turn", "new_standard_game"]


def new_standard_game(game: int = 227, players: int = 8, seed: int = 1) -> AshesState:
    """Turn 0 of a standard game."""
    from engine.ashes.game import AshesGame
    from engine.core import PlayerSetup, Setup

    state = AshesGame().new_game(
        Setup(game=game, players=[PlayerSetup(n) for n in range(1, players + 1)], seed=seed),
        Random(seed),
    )
    assert isinstance(state, AshesState)
    return state


def bot_turn(state: AshesState, bot_seed: int = 0) -> tuple[AshesState, list[object]]:
    """Every active player writes orders as text; the grammar reads them; one turn runs."""
    from engine.ashes.game import AshesGame
    from engine.core import Order, turn_rng
    from grammar.ashes import parse

    orders: dict[int, list[Order]] = {}
    for p in state.active():
        text = bot_orders(state, p.number, Random(bot_seed * 1000 + state.turn * 10 + p.number))
        result = parse(text)
        assert not result.errors, (text, [e.message("en") for e in result.errors])
        orders[p.number] = result.orders
    result = AshesGame().run_turn(state, orders, turn_rng(state.seed, state.turn + 1))
    assert isinstance(result.state, AshesState)
    return result.state, list(result.events)
