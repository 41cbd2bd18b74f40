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

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from engine.core import Order, Outlook
from engine.plaindata import copy_plain
from engine.wdw.acknowledge import describe, fight_check, fight_outlook
from engine.wdw.checks_army import Refusal, Refused
from engine.wdw.checks_realm import ally, check_alliance, check_capital, move_capital
from engine.wdw.formulas import structure_limit
from engine.wdw.home_terrain import terrain_class
from engine.wdw.leaders import shortfall, shortfall_text
from engine.wdw.options import WdwOptions
from engine.wdw.orders import Alliance, Build, CapitalMove, Demolish, Fight, Repair, Spy, Work
from engine.wdw.setup import options_of
from engine.wdw.sightlines import seen_by
from engine.wdw.spy_limits import over_limit, stands
from engine.wdw.state import Realm, Unit, WdwState, world
from engine.wdw.texts import say
from engine.wdw.walls import shows

Effect = Callable[[WdwState, int, Order, WdwOptions], None]
"""What an order does to the realm's position (``state``, ``seat``, the order, the GM
options) for the orders after it."""

LANG = "en"
"""The language :func:`standing` checks in: whether an order is refused does not
depend on the words."""
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


def _alliance(state: WdwState, seat: int, order: Order, options: WdwOptions) -> None:
    """D26 (engine.wdw.phases.realm): the other realm joins or leaves the list."""
    assert isinstance(order, Alliance)
    other = check_alliance(state, seat, order)
    if not isinstance(other, Refusal):
        ally(state.realm(seat), other.seat, order.end)


def _capital(state: WdwState, seat: int, order: Order, options: WdwOptions) -> None:
    """Strategie 3.1 (engine.wdw.phases.realm): the capital's move is under way."""
    assert isinstance(order, CapitalMove)
    place = check_capital(state, seat, order)
    if not isinstance(place, Refusal):
        move_capital(state.realm(seat), place)


EFFECTS: dict[type[Order], Effect] = {
    Build: _build,
    Alliance: _alliance,
    CapitalMove: _capital,
}
"""What each order kind does to the position for the later orders; a kind without an
entry changes nothing a later order's check reads."""


@dataclass
class Standing:
    """A month's orders as the acknowledgements checked them."""

    orders: dict[int, list[Order]]
    """Each seat's orders the month carries out, in their order."""
    void: list[tuple[int, Order, Refusal]]
    """The refused ones with their seat and why, for the printouts."""


def standing(state: WdwState, orders: Mapping[int, Sequence[Order]]) -> Standing:
    """The orders the month carries out: each seat's orders without those its
    acknowledgement refuses (design §3.0, D37: a refused order is void; the same checks
    on the same position in the same order as :func:`forecast`, never a second copy).
    What the acknowledgement only warns of (a purse too small, a way into the unknown)
    the month decides on its own state."""
    found = Standing({}, [])
    for seat, given in orders.items():
        kept = found.orders.setdefault(seat, [])
        checked = _play(state, seat, given, LANG, worded=False)
        for order, seen in zip(given, checked, strict=True):
            if isinstance(seen.worded, Refused):
                found.void.append((seat, order, seen.worded.refusal))
            else:
                kept.append(order)
    return found


def forecast(state: WdwState, seat: int, orders: Sequence[Order], lang: str) -> list[Outlook]:
    """Each of ``seat``'s ``orders`` worded as checked on the realm's position after the
    orders before it, ``refused`` when it is void; a unit's second order this month warns
    that it replaces the first. A void order changes nothing for the later ones (it
    neither replaces a unit's earlier order nor takes a G order's place, D27)."""
    return _play(state, seat, orders, lang, worded=True)


def _play(
    state: WdwState, seat: int, orders: Sequence[Order], lang: str, worded: bool
) -> list[Outlook]:
    """:func:`forecast`; without ``worded`` only what :func:`standing` reads: which
    orders are refused and why (a K order is checked, not worded: no text, no warnings,
    no difficult ground — most of a month's orders are K orders)."""
    mine = position(state, seat)
    options = options_of(state)
    # What the realm sees as the month begins, for every order: a K order's effect moves
    # its unit, but the realm sees from there only when it is there (D37).
    sight = frozenset(seen_by(mine, seat, options))
    ordered: set[int] = set()
    spies: set[int] = set()
    found = []
    for order in orders:
        leg = None
        if isinstance(order, Fight) and not worded:
            checked = fight_check(mine, seat, order, lang, sight)
            if isinstance(checked, Refused):
                seen = Outlook(worded=checked)
            else:
                seen, leg = Outlook(), checked.leg
        elif isinstance(order, Fight):  # with the difficult fields on its way (D33)
            words, ground, leg = fight_outlook(mine, seat, order, lang, sight)
            seen = Outlook(forecast=ground, worded=words)
        elif isinstance(order, Spy):
            # Tab. 5.3-1: a target may be another realm's unit the realm sees now, which
            # the position leaves out; checks_spy reads the whole state as the realm sees it
            # (D37), and no earlier order's effect touches a spy.
            seen = Outlook(worded=describe(state, seat, order, lang))
        else:
            seen = Outlook(worded=describe(mine, seat, order, lang, orders, sight))
        if isinstance(order, Spy) and not isinstance(seen.worded, Refused):
            refusal = over_limit(spies, order.unit, options)  # Strategie 5.3: g_max_active
            if refusal is not None:
                seen.worded = refusal.of(order, lang)
            elif stands(mine.unit(seat, order.unit), order, options):
                spies.add(order.unit)
        seen.refused = isinstance(seen.worded, Refused)
        found.append(seen)
        if seen.refused:
            continue
        for unit in _units_ordered(order) if worded else ():
            if unit in ordered and mine.unit(seat, unit) is not None:
                seen.warnings.append(say(lang, "warn.replaces", unit=unit))
            ordered.add(unit)
        if isinstance(order, Fight) and worded:
            seen.warnings += _leaders(mine, seat, order.unit, options, lang)
        effect = EFFECTS.get(type(order))
        if effect is not None:
            effect(mine, seat, order, options)
        if leg is not None and leg.steps:  # 7.1: the later orders find it where it ends
            _unit(mine, seat, order).kf = leg.steps[-1][0]
    return found


def _unit(state: WdwState, seat: int, order: Order) -> Unit:
    # A K order's unit, which its acknowledgement found (its leg is not None).
    assert isinstance(order, Fight)
    unit = state.unit(seat, order.unit)
    assert unit is not None
    return unit


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
