"""What a seat's whole order list will do in the coming round, or why not (the
acknowledgement; docs/orders-ashes-board.md, "Acknowledgement").

The round's own functions run the seat's orders on a copy of the board, in the order the
round carries them out: the fleets on distance spaces move on and the flights leave in the
order written (phase 4, B G.4.4), so a second flight from one orbit gets what the first
left; then the building orders are paid from the warehouse in the order written (phase 5,
B G4.2, decision D-21), each line with the warehouse before and after; last, every own
planet whose land troops will be fewer than its population is named (phase 6, B E2.4).

Nothing else happens to the warehouse, the planets owned or the own orbit fleets before
phase 6, and the board is open: what the forecast reads, every player sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.ashes_board.builds import carry_out
from engine.ashes_board.fleets import orbit
from engine.ashes_board.flights import advance, fly, freight
from engine.ashes_board.orders import Build, Fly, Freight, Item
from engine.ashes_board.printout import planet_name, render
from engine.ashes_board.state import BoardState, Line
from engine.ashes_board.texts import ORDERS, WORDS
from engine.core import Order
from engine.plaindata import copy_plain

GOODS = ("oil", "steel", "hightech")
"""The warehouse's goods in the order of a cost (B G4.2)."""

_REFUSALS = frozenset(
    {
        "fly_cut",
        "freight_refused",
        "build_not_own",
        "build_no_cost",
        "build_no_hangar",
        "build_no_room",
        "build_no_counters",
        "build_short",
    }
)
"""The round's report lines that say why (part of) an order is not carried out."""


def forecast(state: BoardState, seat: int, orders: Sequence[Order], lang: str) -> list[list[str]]:
    """For each of ``seat``'s ``orders`` (in their order) the lines that say what it will
    do or why not; nothing for a seat that is not in the game."""
    found: list[list[str]] = [[] for _ in orders]
    if not 1 <= seat <= len(state.players) or state.player(seat).out:
        return found
    board = copy_plain(replace(state, report=[]))
    advance(board)  # B G.4.4 c): arrivals cannot fly again this round
    for i, order in enumerate(orders):
        if isinstance(order, Fly | Freight):
            found[i] = _flight(board, seat, order, lang)
    for i, order in enumerate(orders):
        if isinstance(order, Build):
            found[i] = _build(board, seat, order, lang)
    for planet, troops, pop in _revolts(board, seat):
        at = _last_order_for(orders, planet)
        if at is not None:
            found[at].append(
                ORDERS.say(
                    lang, "forecast.revolt", planet=planet_name(planet), troops=troops, pop=pop
                )
            )
    return found


def _said(board: BoardState, mark: int, lang: str) -> list[str]:
    """The refusals the round's functions reported since ``mark``, in words."""
    return [render(board, line, lang) for line in board.report[mark:] if line.key in _REFUSALS]


def _flight(board: BoardState, seat: int, order: Fly | Freight, lang: str) -> list[str]:
    mark = len(board.report)
    if isinstance(order, Fly):
        fly(board, seat, order)
    else:
        freight(board, seat, order)
    said = _said(board, mark, lang)
    said += [
        ORDERS.say(
            lang,
            "forecast.loaded",
            pop=line.values()["pop"],
            planet=planet_name(order.source),
            left=board.planet(order.source).pop,
        )
        for line in board.report[mark:]
        if line.key == "freight"
    ]
    left = [f for f in orbit(board, order.source) if f.owner == seat and not f.arrived]
    fi, tr = sum(f.fighters for f in left), sum(f.transporters for f in left)
    said.append(ORDERS.say(lang, "forecast.left", planet=planet_name(order.source), fi=fi, tr=tr))
    return said


def _build(board: BoardState, seat: int, order: Build, lang: str) -> list[str]:
    """Item by item, as phase 5 pays them (each item of an order is carried out alone)."""
    player = board.player(seat)
    said: list[str] = []
    for item in order.items:
        before = _stock(board, seat)
        mark = len(board.report)
        carry_out(board, player, Build(planet=order.planet, items=(item,)))
        after = _stock(board, seat)
        built = _built(board.report[mark:])
        if built:
            said.append(_built_text(lang, item, built, before, after))
        said += _said(board, mark, lang)
    return said


def _built(lines: Sequence[Line]) -> int:
    return sum(int(line.values()["n"]) for line in lines if line.key == "built")


def _built_text(
    lang: str, item: Item, built: int, before: tuple[int, ...], after: tuple[int, ...]
) -> str:
    paid = [(good, b - a) for good, b, a in zip(GOODS, before, after, strict=True) if b != a]
    return ORDERS.say(
        lang,
        "forecast.built",
        units=replace(item, count=built).describe(lang),
        cost=", ".join(f"{n} {WORDS.say(lang, f'type.{good}')}" for good, n in paid),
        stock=", ".join(
            ORDERS.say(
                lang,
                "forecast.stock",
                good=WORDS.say(lang, f"type.{good}"),
                before=b,
                after=a,
            )
            for good, b, a in zip(GOODS, before, after, strict=True)
            if b != a
        ),
    )


def _stock(board: BoardState, seat: int) -> tuple[int, ...]:
    player = board.player(seat)
    return (player.oil, player.steel, player.hightech)


def _revolts(board: BoardState, seat: int) -> list[tuple[int, int, int]]:
    """The own planets that revolt in phase 6 as things will stand (B E2.4, decision D-3):
    (planet, land troops, population)."""
    if board.options.revolt == "none":
        return []
    return [(p.number, p.troops, p.pop) for p in board.owned(seat) if p.troops < p.pop]


def _last_order_for(orders: Sequence[Order], planet: int) -> int | None:
    """Where a planet's revolt warning goes: its last building order, else the last freight
    from it, else the last order of the list."""
    for kinds in ((Build,), (Freight,)):
        for i in reversed(range(len(orders))):
            order = orders[i]
            if isinstance(order, kinds) and _planet_of(order) == planet:
                return i
    return len(orders) - 1 if orders else None


def _planet_of(order: Order) -> int:
    if isinstance(order, Build):
        return order.planet
    return order.source if isinstance(order, Freight) else 0
