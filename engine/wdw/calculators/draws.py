"""The dossier's part I (design §4.2, §6): the month's named draws, said before the
rulings by name — which draw each open item may make, on which die, among what, and
who sees it — and where the host's seal of the month's dice stands. The engine makes
the dossier before any ruling and never sees the host's secret or seal (docs/dice.md):
the draws are made when the month is drafted, each a fixed function of the sealed seed
and its name (engine.dice.Dice.named), so rulings in any order give the same numbers."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from engine.core import Order
from engine.wdw.calculators import combat
from engine.wdw.calculators.texts import say
from engine.wdw.items import Items, by_unit, main_order
from engine.wdw.movement import Leg
from engine.wdw.state import Unit

HOLDING = ("KN", "KH")
"""Strategie 6.2: units under KN or KH do not retreat after a lost combat
(engine.wdw.phases.combat)."""


def draw_lines(
    scene: combat.Scene,
    orders: Mapping[int, Sequence[Order]],
    items: Items,
    turn: int,
    lang: str,
) -> list[str]:
    """Part I: the seal's place, the draws so far (none: the dossier precedes every
    ruling), and the draws the month will make by name, each with its die."""
    lines = [
        "  " + say(lang, "draws.seal", turn=turn, before=turn - 1),
        "  " + say(lang, "draws.so_far"),
    ]
    coming = [line for line in _coming(scene, orders, items, lang) if line]
    lines.append("  " + say(lang, "draws.coming" if coming else "draws.none"))
    lines += ["    " + line for line in coming]
    if any(item[0] in "ED" for item in items.meetings):
        lines.append("  " + say(lang, "draws.answers"))
    return lines


def _coming(
    scene: combat.Scene, orders: Mapping[int, Sequence[Order]], items: Items, lang: str
) -> Iterator[str]:
    """The draws of the month in the dossier's order of items ("": a unit that draws
    nothing)."""
    chosen = by_unit(orders)
    retreats = _Retreats(scene, items.legs, lang)
    for item, meeting in items.meetings.items():
        if not item.startswith("K"):
            continue
        for name, side, other in (("A", meeting.a, meeting.b), ("B", meeting.b, meeting.a)):
            for unit in (scene.units[key] for key in side.units if key in scene.units):
                if main_order(unit, chosen) not in HOLDING:
                    label = f"R {item} {unit.key}"
                    yield retreats.line(label, meeting.kf, unit, other.realm, name, meeting.day)
    for kf, keys, foe, day in items.retreats:  # before a combat: named for the field
        for key in keys:
            yield retreats.line(f"R {kf} {key}", kf, scene.units[key], foe, "", day)
    for item, (seat, _spy) in items.spies.items():
        yield say(lang, "draws.spy", item=item, seat=seat)


@dataclass
class _Retreats:
    """D28 (engine.wdw.retreat) as the combat workbench finds it: a unit that stood
    still, or whose way back is blocked, draws among the free neighbours; one whose way
    back is free, or with no field free, draws nothing. The fields are found once for
    each field, realm, way back and kind of unit (the dossier asks for many alike)."""

    scene: combat.Scene
    legs: Mapping[str, Leg]
    lang: str
    found: dict[tuple[str, int, str, bool, Fraction], tuple[tuple[str, ...], bool]] = field(
        default_factory=dict
    )

    def line(self, label: str, kf: str, unit: Unit, foe: int, side: str, day: Fraction) -> str:
        """The draw ``label`` of ``unit`` retreating from ``kf`` after meeting ``foe``
        there on ``day`` (seen by its realm and ``foe``) if table side ``side`` loses
        ("": a retreat before a combat); "" when it draws nothing."""
        came = _came_from(unit, kf, self.legs)
        memo = (kf, unit.realm, came, unit.unit_class == "sea", day)
        if memo not in self.found:
            approach = combat.Approach((unit,), "", came, Fraction(0))
            self.found[memo] = combat.retreat_fields(self.scene, kf, unit.realm, approach, day)
        fields, drawn = self.found[memo]
        if not drawn or not fields:
            return ""
        return say(
            self.lang,
            "draws.retreat_if" if side else "draws.retreat",
            label=label,
            sides=len(fields),
            fields=" ".join(fields),
            side=side,
            seats=f"{min(unit.realm, foe)}, {max(unit.realm, foe)}",
        )


def _came_from(unit: Unit, kf: str, legs: Mapping[str, Leg]) -> str:
    """The field the unit entered ``kf`` from this month ("" when it stood there)."""
    leg = legs.get(unit.key)
    steps = leg.steps if leg is not None else ()
    for i, (there, _day) in enumerate(steps):
        if there == kf:
            return steps[i - 1][0] if i else unit.kf
    return ""
