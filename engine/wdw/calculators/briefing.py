"""The calculators' answers in the GM's dossier (design §4.2 parts E and F): for each
open combat the combat workbench, for each siege the siege planner, with the month's
legs (F9) giving where each side came from and on which day it arrived."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from engine.core import Order
from engine.wdw.calculators import combat, siege
from engine.wdw.calculators.texts import say
from engine.wdw.items import Items, Meeting, Side, UnitOrders, by_unit, hostile
from engine.wdw.movement import Leg
from engine.wdw.orders import Fight
from engine.wdw.state import Unit, WdwState


def scene_of(state: WdwState, legs: Mapping[str, Leg]) -> combat.Scene:
    """The month's scene: each unit where its leg ends."""
    return combat.Scene.of(state, {k: leg.steps[-1][0] for k, leg in legs.items() if leg.steps})


def _approach(
    side: Side, kf: str, units: Mapping[str, Unit], legs: Mapping[str, Leg]
) -> combat.Approach:
    # The first unit of the side that entered the field gives where and when it came.
    members = tuple(units[k] for k in side.units)
    for unit in members:
        steps = legs[unit.key].steps
        for i, (field, day) in enumerate(steps):
            if field == kf:
                came = steps[i - 1][0] if i else unit.kf
                return combat.Approach(members, side.order, came, day)
    return combat.Approach(members, side.order, "", Fraction(0))


def workbench_lines(
    scene: combat.Scene, meeting: Meeting, legs: Mapping[str, Leg], lang: str
) -> list[str]:
    """The combat workbench of a K item, indented for the dossier."""
    a = _approach(meeting.a, meeting.kf, scene.units, legs)
    b = _approach(meeting.b, meeting.kf, scene.units, legs)
    bench = combat.workbench(scene, meeting.kf, a, b)
    return [
        say(lang, "dossier.workbench"),
        *("     " + line for line in combat.render(bench, lang)),
    ]


def _besieging(unit: Unit, chosen: UnitOrders) -> bool:
    # A new K order with B, or a standing one (D27).
    order = chosen.get((unit.realm, unit.id))
    if order is not None:
        return isinstance(order, Fight) and order.ext[:1] == "B"
    return unit.order[2:3] == "B"


def siege_lines(
    state: WdwState, orders: Mapping[int, Sequence[Order]], items: Items, lang: str
) -> list[str]:
    """The siege planner for every settlement a unit besieges this month (Tab. 5.1-2 B,
    Strategie 6.4), where the legs end; empty when there is no siege."""
    chosen = by_unit(orders)
    where = {
        u.key: (items.legs[u.key].steps[-1][0] if items.legs[u.key].steps else u.kf)
        for u in state.units
        if u.key in items.legs
    }
    towns = {s.kf: s for s in state.settlements}
    sieges: dict[str, list[Unit]] = {}
    for unit in state.units:
        kf = where.get(unit.key, unit.kf)
        town = towns.get(kf)
        if town is None or town.owner == unit.realm or not _besieging(unit, chosen):
            continue
        if hostile(state, unit.realm, town.owner):
            sieges.setdefault(kf, []).append(unit)
    lines: list[str] = []
    for kf, besiegers in sieges.items():
        town = towns[kf]
        defenders = tuple(
            u for u in state.units if u.realm == town.owner and where.get(u.key, u.kf) == kf
        )
        forces = siege.forces_of(tuple(besiegers), defenders, town)
        besieged_by = " ".join(u.key for u in besiegers)
        lines.append(say(lang, "dossier.siege", kf=kf, units=besieged_by))
        lines += ["   " + line for line in siege.render(siege.siege_plan(town, forces), lang)]
    return lines
