"""The acknowledgement's view of an order: checked against the warehouse and the planets
the player owns, with what it will do (docs/orders-ashes-board.md, "Acknowledgement")."""

from __future__ import annotations

from engine.ashes_board.builds import cost
from engine.ashes_board.fleets import distance
from engine.ashes_board.orders import (
    Build,
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
    if isinstance(order, Build):
        return _build(state, seat, order, lang)
    if isinstance(order, Fly | Freight):
        return _flight(state, seat, order, lang)
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


def _build(state: BoardState, seat: int, order: Build, lang: str) -> list[str]:
    if state.planet(order.planet).owner != seat:
        return [ORDERS.say(lang, "check.not_own", planet=planet_name(order.planet))]
    need = [0, 0, 0]
    for item in order.items:
        price = cost(state, item)
        if price is None:
            return [ORDERS.say(lang, "check.extension")]
        need = [n + item.count * p for n, p in zip(need, price, strict=True)]
    player = state.player(seat)
    have = (player.oil, player.steel, player.hightech)
    if all(h >= n for h, n in zip(have, need, strict=True)):
        return []
    return [
        ORDERS.say(
            lang,
            "check.short",
            oil=have[0],
            steel=have[1],
            hightech=have[2],
            need_oil=need[0],
            need_steel=need[1],
            need_hightech=need[2],
        )
    ]


def _flight(state: BoardState, seat: int, order: Fly | Freight, lang: str) -> list[str]:
    out: list[str] = []
    here = [f for f in state.fleets if (f.owner, f.planet, f.space) == (seat, order.source, ORBIT)]
    fi = sum(f.fighters for f in here)
    tr = sum(f.transporters for f in here)
    want_fi = order.fighters if isinstance(order, Fly) else 0
    if want_fi > fi or order.transporters > tr:
        out.append(
            ORDERS.say(lang, "check.no_ships", planet=planet_name(order.source), fi=fi, tr=tr)
        )
    if isinstance(order, Freight):
        planet = state.planet(order.source)
        spare = planet.pop - planet.base_pop if planet.owner == seat else 0
        if order.pop > spare:
            out.append(
                ORDERS.say(lang, "check.no_spare", planet=planet_name(order.source), spare=spare)
            )
    if order.source != order.target:
        space = distance(order.source, order.target)
        key = "check.arrives_orbit" if space == ORBIT else "check.arrives_space"
        out.append(ORDERS.say(lang, key, space=space))
    return out
