"""Phase 1 and the round-1 choices: relations (extension), start fleets, start factories
and hangars (B G4.1, E3, E3.1.1; decisions D-10, D-13, D-17)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.ashes_board.fleets import place, tidy
from engine.ashes_board.orders import (
    FactoryChoice,
    HangarChoice,
    Relation,
    StartFleets,
    Targets,
)
from engine.ashes_board.setup import start_fleets
from engine.ashes_board.state import ORBIT, BoardState
from engine.core import Order


def diplomacy_phase(state: BoardState, orders: Mapping[int, Sequence[Order]]) -> None:
    """Relations take effect (extension only; the basic game knows only enemies), and the
    standing orders are set: the factory for conquests, the targets of kills."""
    for player in sorted(state.active(), key=lambda p: p.number):
        for order in orders.get(player.number, ()):
            if isinstance(order, Relation) and state.options.extension:
                if 1 <= order.seat <= len(state.players) and order.seat != player.number:
                    player.relations[order.seat - 1] = order.value
                    state.say("relation", owner=player.number, seat=order.seat, value=order.value)
            elif isinstance(order, FactoryChoice) and order.planet == 0:
                player.factory_choice = order.good
            elif isinstance(order, Targets):
                player.targets = [s for s in order.seats if s != player.number]


def start_choices(state: BoardState, orders: Mapping[int, Sequence[Order]]) -> None:
    """Round 1 only: the player's choices of B E3 - which planets carry the colony fleets,
    which factory and hangar each start planet has (else the defaults of the set-up)."""
    if state.turn != 1:
        return
    for player in sorted(state.active(), key=lambda p: p.number):
        seat = player.number
        for order in orders.get(seat, ()):
            if isinstance(order, StartFleets):
                _move_start_fleets(state, seat, order)
            elif isinstance(order, FactoryChoice) and order.planet:
                planet = state.planet(order.planet)
                if planet.owner == seat and len(planet.factories) == 1:
                    planet.factories = [order.good]
            elif isinstance(order, HangarChoice) and state.options.extension:
                planet = state.planet(order.planet)
                if planet.owner == seat and len(planet.hangars) == 1:
                    planet.hangars = [order.type]


def _move_start_fleets(state: BoardState, seat: int, order: StartFleets) -> None:
    """B E3.1.1: scenario I "on any one colonial planet", II "on any three planets"."""
    mine = tuple(p.number for p in state.owned(seat))
    defaults = start_fleets(state.scenario, mine)
    movable = defaults[1:] if state.scenario != "II" else defaults
    wanted = [p for p in order.planets if p in mine][: len(movable)]
    if state.scenario != "II":
        wanted = [p for p in wanted if p != state.player(seat).hp]
    if len(wanted) != len(movable) or len(set(wanted)) != len(wanted):
        state.say("start_fleets_refused", (seat,), owner=seat)
        return
    for (old, (fi, tr)), new in zip(movable, wanted, strict=True):
        for fleet in state.fleets:
            if (fleet.owner, fleet.planet, fleet.space) == (seat, old, ORBIT):
                fleet.fighters -= fi
                fleet.transporters -= tr
        place(state, seat, new, ORBIT, fi, tr)
    tidy(state)
    state.say("start_fleets", owner=seat, planets=" ".join(map(str, wanted)))
