"""Phase 4: home planet, loading, flights (B G.4.4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.ashes_board.fleets import place, send, settle, tidy
from engine.ashes_board.orders import Fly, Freight, HomePlanet
from engine.ashes_board.state import ORBIT, BoardState, Fleet
from engine.core import Order


def flight_phase(state: BoardState, orders: Mapping[int, Sequence[Order]]) -> None:
    """B G.4.4 in its order: a) the home planet changes; b) freight is loaded; c) every
    fleet on a distance space moves one space nearer; d) the players' flights in the
    flight order of phase 2."""
    settle(state)
    for player in sorted(state.active(), key=lambda p: p.place):
        for order in orders.get(player.number, ()):
            if isinstance(order, HomePlanet):
                _home(state, player.number, order)
    advance(state)
    for player in sorted(state.active(), key=lambda p: p.place):
        for order in orders.get(player.number, ()):
            if isinstance(order, Freight):
                freight(state, player.number, order)
            elif isinstance(order, Fly):
                fly(state, player.number, order)
    tidy(state)


def advance(state: BoardState) -> None:
    """Every fleet on a number space moves one space nearer the planet; one that reaches
    the orbit cannot fly again this round (B G.4.4)."""
    moving = [f for f in state.fleets if f.space != ORBIT]
    state.fleets = [f for f in state.fleets if f.space == ORBIT]
    for f in moving:
        space = f.space - 1
        place(state, f.owner, f.planet, space, f.fighters, f.transporters, f.pop, arrived=not space)


def _home(state: BoardState, seat: int, order: HomePlanet) -> None:
    # B G.4.4: "You can only appoint one planet to be a home planet", an own one.
    if state.planet(order.planet).owner != seat:
        state.say("hp_refused", (seat,), owner=seat, planet=order.planet)
        return
    state.player(seat).hp = order.planet
    state.say("hp", owner=seat, planet=order.planet)


def _ready(state: BoardState, seat: int, planet: int) -> Fleet | None:
    """The seat's ships in the orbit of ``planet`` that may fly (B G.4.4: not those that
    arrived this round)."""
    for fleet in state.fleets:
        if (fleet.owner, fleet.planet, fleet.space, fleet.arrived) == (seat, planet, ORBIT, False):
            return fleet
    return None


def fly(state: BoardState, seat: int, order: Fly) -> None:
    """B G.4.4: "You can only send out what is on the start planet": an order for more
    sends what is there (and says so)."""
    fleet = _ready(state, seat, order.source)
    fi = min(order.fighters, fleet.fighters if fleet else 0)
    tr = min(order.transporters, fleet.transporters if fleet else 0)
    if (fi, tr) != (order.fighters, order.transporters):
        state.say(
            "fly_cut", (seat,), owner=seat, source=order.source, fi=fi, tr=tr, target=order.target
        )
    if fleet is None or fi + tr == 0 or order.source == order.target:
        return
    cls = send(state, fleet, fi, tr, order.target)
    state.say(
        "flight",
        owner=seat,
        source=order.source,
        target=order.target,
        fi=fi,
        tr=tr,
        space=cls,
    )


def freight(state: BoardState, seat: int, order: Freight) -> None:
    """Population above the board's number goes aboard, one per transporter (B E2.4,
    decision D-7), and flies like ships."""
    planet = state.planet(order.source)
    fleet = _ready(state, seat, order.source)
    spare = planet.pop - planet.base_pop if planet.owner == seat else 0
    tr = min(order.transporters, fleet.transporters if fleet else 0)
    pop = min(order.pop, spare, tr)
    if fleet is None or pop == 0 or order.source == order.target:
        state.say("freight_refused", (seat,), owner=seat, source=order.source, pop=order.pop)
        return
    planet.pop -= pop
    fleet.pop += pop
    cls = send(state, fleet, 0, tr, order.target)
    state.say(
        "freight", owner=seat, source=order.source, target=order.target, pop=pop, tr=tr, space=cls
    )
