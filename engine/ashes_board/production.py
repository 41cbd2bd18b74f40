"""Phase 10: the factories produce (B A.4.10)."""

from __future__ import annotations

from engine.ashes_board.state import BoardState
from engine.ashes_board.tables import output
from engine.core import NEUTRAL


def production_phase(state: BoardState) -> None:
    """Each factory of an owned planet gives its raw material, as many as the planet's
    population yields per factory (B A.4.10), to the owner's warehouse (B E2.5).
    Neutral planets produce nothing."""
    for planet in state.planets:
        if planet.owner == NEUTRAL:
            continue
        player = state.player(planet.owner)
        each = output(planet.pop)
        for good in planet.factories:
            setattr(player, good, getattr(player, good) + each)
    for player in state.active():
        state.say(
            "warehouse",
            owner=player.number,
            oil=player.oil,
            steel=player.steel,
            hightech=player.hightech,
        )
