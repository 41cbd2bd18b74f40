"""Phase 5: the building orders are carried out (B G4.2, G.4.5)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.ashes_board.fleets import place
from engine.ashes_board.orders import Build, Item
from engine.ashes_board.state import ORBIT, BoardState, Player
from engine.ashes_board.tables import (
    COSTS,
    FACTORY,
    FIGHTER,
    HANGAR,
    MAX_FACTORIES,
    MAX_FACTORIES_BASIC,
    MAX_FACTORIES_OF_TYPE,
    MAX_HANGARS,
    MAX_HANGARS_OF_TYPE,
    MAX_PLAYER_FIGHTERS,
    TRANSPORTER,
    TROOPS,
    Cost,
)
from engine.core import Order


def build_phase(state: BoardState, orders: Mapping[int, Sequence[Order]]) -> None:
    """Every player's building orders in the flight order, each in the order written, unit
    by unit: a unit the warehouse no longer covers is skipped, later cheaper ones are
    still built (decision D-21). Fighters and transporters appear in the planet's orbit."""
    for player in sorted(state.active(), key=lambda p: p.place):
        for order in orders.get(player.number, ()):
            if isinstance(order, Build):
                carry_out(state, player, order)


def cost(state: BoardState, item: Item) -> Cost | None:
    """What one unit of ``item`` costs (B G4.2); None: it cannot be bought (a factory or
    hangar in the basic game, or without the GM's costs, D-9)."""
    if item.what in COSTS:
        return COSTS[item.what]
    if not state.options.extension:
        return None
    given = state.options.factory_cost if item.what == FACTORY else state.options.hangar_cost
    return (given[0], given[1], given[2]) if given else None


def refusal(state: BoardState, seat: int, planet: int, item: Item) -> str | None:
    """Why one more unit of ``item`` cannot be built on ``planet`` (a report key), or None."""
    board = state.planet(planet)
    if board.owner != seat:
        return "build_not_own"
    if cost(state, item) is None:
        return "build_no_cost"
    ext = state.options
    if ext.extension and item.what in (FIGHTER, TRANSPORTER) and item.what not in board.hangars:
        return "build_no_hangar"  # B E2.6: a hangar of the type is needed (extension)
    if item.what == FACTORY:
        room = MAX_FACTORIES if ext.extension else MAX_FACTORIES_BASIC
        if len(board.factories) >= room:
            return "build_no_room"
    if item.what == HANGAR and len(board.hangars) >= MAX_HANGARS:
        return "build_no_room"
    if ext.counter_limits and _out_of_counters(state, seat, item):
        return "build_no_counters"
    return None


def _out_of_counters(state: BoardState, seat: int, item: Item) -> bool:
    # B E2.6: "What is not there cannot be built" (decision D-16).
    if item.what == FIGHTER:
        return sum(f.fighters for f in state.fleets_of(seat)) >= MAX_PLAYER_FIGHTERS
    if item.what == FACTORY:
        used = sum(p.factories.count(item.type) for p in state.planets)
        return used >= MAX_FACTORIES_OF_TYPE
    if item.what == HANGAR:
        return sum(p.hangars.count(item.type) for p in state.planets) >= MAX_HANGARS_OF_TYPE
    return False


def affordable(player: Player, price: Cost) -> bool:
    return player.oil >= price[0] and player.steel >= price[1] and player.hightech >= price[2]


def pay(player: Player, price: Cost) -> None:
    player.oil -= price[0]
    player.steel -= price[1]
    player.hightech -= price[2]


def carry_out(state: BoardState, player: Player, order: Build) -> None:
    """One building order, unit by unit (decision D-21); what is built and what is not,
    and why, goes into the round's report."""
    seat = player.number
    for item in order.items:
        built = 0
        why: str | None = None
        for _ in range(item.count):
            why = refusal(state, seat, order.planet, item)
            price = cost(state, item)
            if why is None and price is not None and not affordable(player, price):
                why = "build_short"
            if why is not None or price is None:
                break
            pay(player, price)
            _add(state, seat, order.planet, item)
            built += 1
        if built:
            state.say("built", owner=seat, planet=order.planet, n=built, what=item.what)
        if why is not None:
            state.say(
                why, (seat,), owner=seat, planet=order.planet, n=item.count - built, what=item.what
            )


def _add(state: BoardState, seat: int, planet: int, item: Item) -> None:
    board = state.planet(planet)
    if item.what == FIGHTER:
        place(state, seat, planet, ORBIT, 1, 0)
    elif item.what == TRANSPORTER:
        place(state, seat, planet, ORBIT, 0, 1)
    elif item.what == TROOPS:
        board.troops += 1
    elif item.what == FACTORY:
        board.factories.append(item.type)
    else:
        board.hangars.append(item.type)
