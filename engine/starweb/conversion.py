"""Starweb "Apostel": converts and apostles' keys win over more population each turn."""

from __future__ import annotations

from engine.core import NEUTRAL
from engine.starweb.context import Turn
from engine.starweb.forces import change_owner, is_character
from engine.starweb.state import Character, World

CHANCE_PERCENT = 10
"""Starweb "Apostel": each convert and each ship at war converts one more with 10 %."""


def convert(turn: Turn) -> None:
    """Conversion at the start of the turn, world by world in number order.

    Each convert, and each ship of an apostle's key at war (not at peace) on the world,
    converts one more person with a 10 % chance (allies' people too; never robots). Of
    several apostles the one who would convert most this turn takes all converts there and
    alone converts (a tie: the apostle who had the converts, else the lower seat). A world
    whose people are all converts passes to the apostle, also one he gave away.
    """
    state = turn.state
    for world in state.worlds:
        if world.population == 0 or world.robots:
            continue
        would: dict[int, int] = {}
        if world.converts:
            would[world.convert_owner] = _draws(turn, world, world.convert_owner, world.converts)
        for fleet in state.fleets_at(world.number):
            if (
                fleet.ships
                and not fleet.peace
                and is_character(state, fleet.owner, Character.APOSTLE)
            ):
                would[fleet.owner] = would.get(fleet.owner, 0) + _draws(
                    turn, world, fleet.owner, fleet.ships
                )
        if would:
            _settle(turn, world, would)


def _draws(turn: Turn, world: World, apostle: int, chances: int) -> int:
    """How many of ``chances`` 10 % chances of ``apostle`` on ``world`` come true: a d100
    each, 1 to 10 converts; seen by the world's witnesses (:meth:`Turn.witnesses`), whose
    printouts show the converts and the keys the chances come from."""
    label, seen_by = f"convert W{world.number} seat {apostle}", turn.witnesses(world.number)
    return sum(
        1 for _ in range(chances) if turn.dice.below(label, 100, seen_by=seen_by) < CHANCE_PERCENT
    )


def _settle(turn: Turn, world: World, would: dict[int, int]) -> None:
    """The winning apostle gets the converts and his new ones; all converts: the world."""
    apostle = max(sorted(would), key=lambda a: (would[a], a == world.convert_owner))
    world.converts = min(world.population, world.converts + would[apostle])
    # No converts (every draw failed, none there before): nobody owns converts here.
    world.convert_owner = apostle if world.converts else NEUTRAL
    if world.converts == world.population and world.owner != apostle:
        change_owner(turn, world, apostle, "conquered")
