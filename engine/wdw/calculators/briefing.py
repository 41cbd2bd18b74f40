"""The calculators' answers in the GM's dossier (design §4.2 parts E and F): for each
open combat the combat workbench, for each siege item the siege planner, with the
month's legs (F9) giving where each side came from and on which day it arrived."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from engine.wdw import checks_works
from engine.wdw.calculators import combat, siege
from engine.wdw.calculators.texts import say
from engine.wdw.items import Items, Meeting
from engine.wdw.movement import Leg
from engine.wdw.state import Unit, WdwState


def scene_of(state: WdwState, legs: Mapping[str, Leg]) -> combat.Scene:
    """The month's scene: each unit where its leg ends."""
    return combat.Scene.of(state, {k: leg.steps[-1][0] for k, leg in legs.items() if leg.steps})


def _approach(
    keys: Sequence[str], order: str, kf: str, units: Mapping[str, Unit], legs: Mapping[str, Leg]
) -> combat.Approach:
    # The first unit of the side that entered the field gives where and when it came.
    members = tuple(units[k] for k in keys)
    for unit in members:
        steps = legs[unit.key].steps
        for i, (field, day) in enumerate(steps):
            if field == kf:
                came = steps[i - 1][0] if i else unit.kf
                return combat.Approach(members, order, came, day)
    return combat.Approach(members, order, "", Fraction(0))


def workbench_lines(
    scene: combat.Scene, meeting: Meeting, legs: Mapping[str, Leg], lang: str
) -> list[str]:
    """The combat workbench of a K item, indented for the dossier."""
    a = _approach(meeting.a.units, meeting.a.order, meeting.kf, scene.units, legs)
    b = _approach(meeting.b.units, meeting.b.order, meeting.kf, scene.units, legs)
    late = [
        (_approach((key,), scene.units[key].order[:2], meeting.kf, scene.units, legs), round_)
        for key, round_ in meeting.late
    ]
    bench = combat.workbench(scene, meeting.kf, a, b, late)
    return [
        say(lang, "dossier.workbench"),
        *("     " + line for line in combat.render(bench, lang)),
    ]


def siege_lines(state: WdwState, items: Items, lang: str) -> list[str]:
    """Each siege item (``B<n>``, Strategie 6.4) with its siege planner under it, the
    besiegers and the owner's units where their legs end."""
    lines: list[str] = []
    for item, siege_item in items.sieges.items():
        lines.append(checks_works.siege_line(state, item, siege_item, lang))
        town = state.settlement(siege_item.settlement)
        if town is None:
            continue
        besiegers = tuple(u for u in state.units if u.key in siege_item.units)
        defenders = tuple(
            u for u in state.units if u.realm == town.owner and _end_field(u, items.legs) == town.kf
        )
        plan = siege.siege_plan(town, siege.forces_of(besiegers, defenders, town))
        lines.append(say(lang, "dossier.planner"))
        lines += ["     " + line for line in siege.render(plan, lang)]
    return lines


def _end_field(unit: Unit, legs: Mapping[str, Leg]) -> str:
    """Where the unit's leg ends this month (its field when it has none)."""
    leg = legs.get(unit.key)
    return leg.steps[-1][0] if leg is not None and leg.steps else unit.kf
