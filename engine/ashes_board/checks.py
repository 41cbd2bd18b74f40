"""The acknowledgement's checks of one order that need no other order: the planets the
player owns, the rules in play, the round, when a flight arrives (docs/orders-ashes-board.md,
"Acknowledgement"); what the building orders and flights will do is
:mod:`engine.ashes_board.forecast`'s."""

from __future__ import annotations

from engine.ashes_board.fleets import distance
from engine.ashes_board.orders import (
    FactoryChoice,
    Fly,
    Freight,
    HangarChoice,
    HomePlanet,
    Relation,
    StartFleets,
    Targets,
)
from engine.ashes_board.printout import planet_name
from engine.ashes_board.state import ORBIT, BoardState
from engine.ashes_board.texts import ORDERS
from engine.core import Order


def notes(state: BoardState, seat: int, order: Order, lang: str) -> list[str]:
    """What the acknowledgement adds to the order's own words, as things stand now."""
    if isinstance(order, Fly | Freight):
        return _arrival(order, lang)
    if isinstance(order, HomePlanet) and state.planet(order.planet).owner != seat:
        return [ORDERS.say(lang, "check.not_own", planet=planet_name(order.planet))]
    if isinstance(order, Relation | HangarChoice) and not state.options.extension:
        return [ORDERS.say(lang, "check.extension")]
    if isinstance(order, Relation) and not (
        1 <= order.seat <= len(state.players) and order.seat != seat
    ):
        return [ORDERS.say(lang, "check.no_seat", seat=order.seat)]
    if isinstance(order, Targets):
        return [
            ORDERS.say(lang, "check.no_seat", seat=s)
            for s in order.seats
            if not 1 <= s <= len(state.players) or s == seat
        ]
    if isinstance(order, StartFleets) or (isinstance(order, FactoryChoice) and order.planet):
        return [] if state.turn == 0 else [ORDERS.say(lang, "check.round1")]
    return []


def _arrival(order: Fly | Freight, lang: str) -> list[str]:
    if order.source == order.target:
        return []
    space = distance(order.source, order.target)
    if space == ORBIT:
        key = "check.arrives_orbit"
    else:
        key = "check.arrives_next" if space == 1 else "check.arrives_space"
    return [ORDERS.say(lang, key, space=space)]
