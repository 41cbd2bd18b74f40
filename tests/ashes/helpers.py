"""Small helpers to build positions for the engine tests."""

from __future__ import annotations

from engine.ashes.game import AshesGame
from engine.ashes.state import AshesState, Planet
from engine.core import PlayerSetup, Setup


def standard(players: int = 8, game: int = 227, **options: object) -> AshesState:
    """Turn 0 of the standard game with seats 1..players."""
    from random import Random

    state = AshesGame().new_game(
        Setup(
            game=game,
            players=[PlayerSetup(n) for n in range(1, players + 1)],
            options=dict(options),
        ),
        Random(0),
    )
    assert isinstance(state, AshesState)
    return state


def bare(planet: Planet, **values: int) -> Planet:
    """The planet with the given fields set (for worked numbers)."""
    for key, value in values.items():
        setattr(planet, key, value)
    return planet
