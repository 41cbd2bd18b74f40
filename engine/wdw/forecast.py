"""The acknowledgement as a whole-list forecast (design §3.0, D37): a realm's orders
checked one after the other, in the order given, on a copy of its own position, so a
later order sees what the earlier ones did — the treasury after the first build, a unit
that already has its order this month. Each order is checked by
:func:`engine.wdw.acknowledge.describe`; what it does to the position for the orders
after it is in :data:`EFFECTS`, one entry per order kind.

The position holds the realm's own realm, settlements, units and spies, the other
realms by seat and name only (the realm list every player has; an alliance names them),
and the foreign settlements on fields it knows (design §8: buildings and owners in
sight), nothing else: no check can word what the realm cannot see."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from engine.core import Order, Outlook
from engine.plaindata import copy_plain
from engine.wdw.acknowledge import describe, fight_outlook
from engine.wdw.formulas import structure_limit
from engine.wdw.home_terrain import terrain_class
from engine.wdw.leaders import shortfall, shortfall_text
from engine.wdw.options import WdwOptions
from engine.wdw.orders import Build, Demolish, Fight, Repair, Spy, Work
from engine.wdw.setup import options_of
from engine.wdw.sightlines import seen_by
from engine.wdw.spy_limits import over_limit, stands
from engine.wdw.state import Realm, WdwState, world
from engine.wdw.texts import say
from engine.wdw.walls import shows

Effect = Callable[[WdwState, int, Order, WdwOptions], None]
"""What an order does to the realm's position (``state``, ``seat``, the order, the GM
options) for the orders after it."""

UNIT_ORDERS = (Fight, Work, Spy)
"""The orders of which a unit has one a month, the last given counting (D27)."""


def position(state: WdwState, seat: int) -> WdwState:
    """A copy of what ``seat``'s realm has and knows, to play its orders on; a seat
    without a realm has an empty one (nothing of its own: its orders are refused). Only
    its own part is copied (twelve copies of a whole world were a third of a dossier).
    What it sees is :func:`engine.wdw.sightlines.seen_by`, as its acknowledgement and
    printout read it."""
    own = next((r for r in state.realms if r.seat == seat), None)
    mine_realm = copy_plain(own) if own is not None else Realm(seat, "")
    known = seen_by(state, seat, options_of(state))
    realms = [mine_realm if r.seat == seat else Realm(r.seat, r.name) for r in state.realms]
    if own is None:
        realms.append(mine_realm)
    return replace(
        state,
        realms=realms,
        settlements=[copy_plain(s) for s in state.settlements if s.owner == seat or s.kf in known],
        units=[copy_plain(u) for u in state.units if u.realm == seat],
        spying=[copy_plain(s) for s in state.spying if s.realm == seat],
        sightings=[copy_plain(s) for s in state.sightings if s.seat == seat],
        # Buildings in sight (Strategie 1.3): its own walls and the others' it sees.
        walls=[copy_plain(w) for w in state.walls if shows(w, seat, known)],
        notes=[],
        reports=[],
        log=[],
        ledger=[],
        options=list(state.options),
        territory=list(state.territory),
    )


def _build(state: WdwState, seat: int, order: Order, options: WdwOptions) -> None:
    """F12 (engine.wdw.phases.money): one BWP this month when the limit allows it and
    the treasury pays it."""
    assert isinstance(order, Build)
    place = state.settlement(order.settlement)
    if place is None or place.owner != seat:
        return
    field = world(state.map_text).fields[place.kf]
    structures = {s: getattr(place, s) for s in ("bev", "rues", "stv")}
    limit = structure_limit(order.structure, structures, big_site=field.big_site)
    if getattr(place, order.structure) + 1 > limit:
        return
    cost = options.bwp_cost(terrain_class(state, seat, place.kf))  # D33
    realm = state.realm(seat)
    if realm.treasury >= cost:
        realm.treasury -= cost
        setattr(place, order.structure, getattr(place, order.structure) + 1)


EFFECTS: dict[type[Order], Effect] = {
    Build: _build,
}
"""What each order kind does to the position for the later orders; a kind without an
entry changes nothing a later order's check reads."""


def forecast(state: WdwState, seat: int, orders: Sequence[Order], lang: str) -> list[Outlook]:
    """Each of ``seat``'s ``orders`` worded as checked on the realm's position after the
    orders before it; a unit's second order this month warns that it replaces the first."""
    mine = position(state, seat)
    options = options_of(state)
    # What the realm sees, for each K order: no order's effect moves a unit or a place.
    sight = frozenset(seen_by(mine, seat, options))
    ordered: set[int] = set()
    spies: set[int] = set()
    found = []
    for order in orders:
        if isinstance(order, Fight):  # with the difficult fields on its way (D33)
            words, ground = fight_outlook(mine, seat, order, lang, sight)
            seen = Outlook(forecast=ground, worded=words)
        elif isinstance(order, Spy):
            # Tab. 5.3-1: a target may be another realm's unit the realm sees now, which
            # the position leaves out; checks_spy reads the whole state as the realm sees it
            # (D37), and no earlier order's effect touches a spy.
            seen = Outlook(worded=describe(state, seat, order, lang))
        else:
            seen = Outlook(worded=describe(mine, seat, order, lang))
        if isinstance(order, Spy):  # Strategie 5.3: the GM's limit of G orders a month
            refusal = over_limit(spies, order.unit, options)
            if refusal is not None:
                seen.worded = refusal.of(order, lang)
            elif stands(mine.unit(seat, order.unit), order, options):
                spies.add(order.unit)
        for unit in _units_ordered(order):
            if unit in ordered and mine.unit(seat, unit) is not None:
                seen.warnings.append(say(lang, "warn.replaces", unit=unit))
            ordered.add(unit)
        if isinstance(order, Fight):
            seen.warnings += _leaders(mine, seat, order.unit, options, lang)
        effect = EFFECTS.get(type(order))
        if effect is not None:
            effect(mine, seat, order, options)
        found.append(seen)
    return found


def _units_ordered(order: Order) -> tuple[int, ...]:
    """The units whose order of the month ``order`` is: a K, A or G order's unit, the
    workers of a demolition or repair (their AB, D20; engine.wdw.orders.counted)."""
    if isinstance(order, UNIT_ORDERS):
        return (order.unit,)
    if isinstance(order, Demolish | Repair):
        return tuple(dict.fromkeys(order.units))
    return ()


def _leaders(state: WdwState, seat: int, number: int, options: WdwOptions, lang: str) -> list[str]:
    """Strategie 4.1, ``leader_capacity``: the warning for a K order of a unit whose army
    (the realm's units in its field, as they stand) has too few Heerführer."""
    unit = state.unit(seat, number)
    if unit is None:
        return []
    army = [u for u in state.units if u.realm == seat and u.kf == unit.kf]
    short = shortfall(army, options)
    return [] if short is None else [shortfall_text(short, lang, "warn.leaders", kf=unit.kf)]
