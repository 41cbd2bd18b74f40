"""The open items of a month (design §4.2): what the GM must rule on, numbered in a
fixed order so that the same state and orders always give the same ids.

``E<n>`` an encounter whose Table 6.1-1 row asks a question (a KT's appearance),
``K<n>`` a combat, ``G<n>`` an espionage action, ``X<n>`` a Sonderbefehl.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from engine.core import Order
from engine.wdw.checks_conquest import Raid, raids_of
from engine.wdw.checks_decay import decays_of
from engine.wdw.checks_works import Siege, sieges_of
from engine.wdw.formulas import bukaz_gp, kampfkraft
from engine.wdw.mapfile import WorldMap
from engine.wdw.movement import Leg, walk
from engine.wdw.orders import Fight, Province, Special, Spy, Work
from engine.wdw.provinces import melee_level
from engine.wdw.state import Unit, WdwState, world
from engine.wdw.tables import MAIN_ORDERS, Outcome, encounter


@dataclass(frozen=True)
class Side:
    """One side of an encounter: a realm's units in the field, its leading (most
    aggressive) order, and its Kampfkraft with the GP by cause (F10, Tab. 6.3-1)."""

    realm: int
    units: tuple[str, ...]
    order: str
    kampfkraft: Fraction
    gp: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Meeting:
    """Two realms' units in one field this month, and the table's row for them."""

    kf: str
    a: Side
    b: Side
    outcome: Outcome


@dataclass(frozen=True)
class Items:
    """The month's open items by id, with what each is about."""

    meetings: dict[str, Meeting]
    """``E<n>`` and ``K<n>`` (both name the same meeting when it has both)."""
    spies: dict[str, tuple[int, Spy]]
    specials: dict[str, tuple[int, Special]]
    legs: dict[str, Leg]
    """Every unit's leg this month, by ``realm/unit``."""
    provinces: dict[str, tuple[int, Province]] = field(default_factory=dict)
    """``V<n>``: a province the GM approves or not (Strategie 1.2)."""
    sieges: dict[str, Siege] = field(default_factory=dict)
    """``B<n>``: a siege the GM confirms or not (Strategie 6.4)."""
    raids: dict[str, Raid] = field(default_factory=dict)
    """``P<n>``: plunder, its loot the GM's (Strategie 5.1-2, D31)."""
    decays: dict[str, tuple[str, str]] = field(default_factory=dict)
    """``Z<n>``: a settlement a BWP decays in, and the default structure (Strategie 3.4)."""

    def ids(self) -> list[str]:
        """Every open item's id, in the dossier's order."""
        mine = [*self.provinces, *self.sieges, *self.raids, *self.decays]
        return [*self.meetings, *self.spies, *self.specials, *mine]


UnitOrders = dict[tuple[int, int], Fight | Work | Spy]
"""Each unit's K, A or G order of the month by (realm, unit)."""


def by_unit(orders: Mapping[int, Sequence[Order]]) -> UnitOrders:
    """The month's unit orders by (realm, unit); the last given counts (D27)."""
    found: UnitOrders = {}
    for seat, given in orders.items():
        for order in given:
            if isinstance(order, Fight | Work | Spy):
                found[(seat, order.unit)] = order
    return found


def legs_of(state: WdwState, chosen: UnitOrders) -> dict[str, Leg]:
    """Every unit's leg along its K order's path this month (others stay)."""
    the_map = world(state.map_text)
    legs = {}
    for unit in state.units:
        order = chosen.get((unit.realm, unit.id))
        path = order.path if isinstance(order, Fight) else ()
        legs[unit.key] = walk(unit, the_map, path)
    return legs


def main_order(unit: Unit, chosen: UnitOrders) -> str:
    """The unit's main K order this month: its new K order, else its standing one (D27);
    units under A or G orders defend as KV (Strategie 5.2: they never attack)."""
    order = chosen.get((unit.realm, unit.id))
    if isinstance(order, Fight):
        return order.code
    code = unit.order[:2]
    return code if code in MAIN_ORDERS else "KV"


def gp_of(unit: Unit, state: WdwState, the_map: WorldMap, kf: str) -> list[tuple[str, int]]:
    """Tab. 6.3-1 (the causes the server knows) and F11: mounted +1, raised in this
    terrain +1, the GM's bonus, then the BükAz."""
    causes = []
    if unit.beritten:
        causes.append(("beritten", 1))
    if unit.raised_terrain and unit.raised_terrain == the_map.fields[kf].terrain:
        causes.append(("gelände", 1))
    if unit.gp_bonus:
        causes.append(("sl", unit.gp_bonus))
    base = sum(n for _, n in causes)
    total = bukaz_gp(state.realm(unit.realm).bukaz, base, 0)
    if total != base:
        causes.append(("bükaz", total - base))
    return causes


def _side(realm: int, units: list[Unit], state: WdwState, chosen: UnitOrders, kf: str) -> Side:
    the_map = world(state.map_text)
    lead = min((main_order(u, chosen) for u in units), key=MAIN_ORDERS.index)
    power = Fraction(0)
    gp_total: dict[str, int] = {}
    for unit in units:
        causes = gp_of(unit, state, the_map, kf)
        for cause, n in causes:
            gp_total[cause] = gp_total.get(cause, 0) + n
        strength = unit.size * melee_level(state, unit, kf)  # D13: Heimatverteidigung
        power += kampfkraft(strength, sum(n for _, n in causes))
    keys = tuple(u.key for u in units)
    return Side(realm, keys, lead, power, tuple(sorted(gp_total.items())))


def hostile(state: WdwState, a: int, b: int) -> bool:
    """Two realms meet as enemies unless either counts the other an ally (D26)."""
    return b not in state.realm(a).allies and a not in state.realm(b).allies


def find_items(state: WdwState, orders: Mapping[int, Sequence[Order]]) -> Items:
    """The month's open items (F9 timeline simplified to the fields each unit enters
    or stays in: two hostile realms meet in a field both are in this month)."""
    chosen = by_unit(orders)
    legs = legs_of(state, chosen)
    present: dict[str, dict[int, list[Unit]]] = {}
    for unit in state.units:
        leg = legs[unit.key]
        # A unit that moves meets others in the fields it enters, one that stays at home.
        fields = [f for f, _ in leg.steps] or [unit.kf]
        for kf in dict.fromkeys(fields):
            present.setdefault(kf, {}).setdefault(unit.realm, []).append(unit)
    meetings: dict[str, Meeting] = {}
    e = k = 0
    for kf in sorted(present, key=_field_order):
        realms = sorted(present[kf])
        sides = (
            {r: _side(r, present[kf][r], state, chosen, kf) for r in realms}
            if len(realms) > 1
            else {}
        )
        for i, ra in enumerate(realms):
            for rb in realms[i + 1 :]:
                if not hostile(state, ra, rb):
                    continue
                sa, sb = sides[ra], sides[rb]
                outcome, flipped = encounter(sa.order, sb.order)
                meeting = Meeting(kf, sb, sa, outcome) if flipped else Meeting(kf, sa, sb, outcome)
                if outcome.question:
                    e += 1
                    meetings[f"E{e}"] = meeting
                if outcome.fight:
                    k += 1
                    meetings[f"K{k}"] = meeting
    spies: dict[str, tuple[int, Spy]] = {}
    specials: dict[str, tuple[int, Special]] = {}
    for seat in sorted(orders):
        for order in orders[seat]:
            if isinstance(order, Spy):
                spies[f"G{len(spies) + 1}"] = (seat, order)
            elif isinstance(order, Special):
                specials[f"X{len(specials) + 1}"] = (seat, order)
    # Strategie 1.2: a province needs the GM's approval.
    asked = [(seat, o) for seat in sorted(orders) for o in orders[seat] if isinstance(o, Province)]
    provinces = {f"V{n}": a for n, a in enumerate(asked, 1)}
    sieges, raids = sieges_of(state, chosen, legs), raids_of(state, chosen, legs)
    return Items(meetings, spies, specials, legs, provinces, sieges, raids, decays_of(state))


def _field_order(kf: str) -> tuple[int, int]:
    gf, small = kf.split("/")
    return int(gf), int(small)
