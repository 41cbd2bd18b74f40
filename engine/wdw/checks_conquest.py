"""Conquest and plunder (Strategie 5.1-2 E and P1–P3; F18, D4, D31): who owns a field,
which units conquer or plunder this month, the GM's ``P`` items and their verdicts."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from engine.core import Order
from engine.wdw.checks_army import Refusal
from engine.wdw.formulas import plunder_days
from engine.wdw.movement import Leg
from engine.wdw.options import WdwOptions
from engine.wdw.orders import Fight
from engine.wdw.setup import options_of
from engine.wdw.state import Unit, WdwState
from engine.wdw.texts import say

if TYPE_CHECKING:
    from engine.wdw.items import Items


def min_size(unit: Unit, options: WdwOptions) -> int:
    """D4: the Mindestgröße of a land unit, of a mounted one (Strategie 4.1: half), of a
    fleet (none unless the GM sets it); characters have none."""
    if unit.unit_class == "sea":
        return options.min_size_fleet
    if unit.unit_class != "land":
        return 0
    return options.min_size_mounted if unit.beritten else options.min_size_land


def check_fight(order: Fight, unit: Unit, options: WdwOptions) -> Refusal | None:
    """Strategie 5.1-2: E only for Kampfeinheiten "über Mindestgröße" (read as ≥, D4)."""
    need = min_size(unit, options)
    if order.ext == "E" and unit.size < need:
        return Refusal("below_min_size", {"unit": unit.id, "size": unit.size, "need": need})
    return None


def owner_of(state: WdwState, kf: str) -> int:
    """The realm a field belongs to: the last conquest, else its settlement's owner,
    else none (0)."""
    for entry in state.territory:
        field_id, _, seat = entry.partition("=")
        if field_id == kf:
            return int(seat)
    return next((s.owner for s in state.settlements if s.kf == kf), 0)


def fields_held(state: WdwState, seat: int) -> list[str]:
    """The fields ``seat`` holds (owner_of): its settlements' fields and its conquests."""
    candidates = {e.partition("=")[0] for e in state.territory} | {s.kf for s in state.settlements}
    return sorted(kf for kf in candidates if owner_of(state, kf) == seat)


def extension(unit: Unit, chosen: Mapping[tuple[int, int], Order]) -> str:
    """The unit's K extension this month: its new order's, else its standing one (D27)."""
    order = chosen.get((unit.realm, unit.id))
    return order.ext if isinstance(order, Fight) else unit.order[2:]


# -- plunder


@dataclass(frozen=True)
class Raid:
    """``P<n>``: a unit plundering a field of another realm (Strategie 5.1-2)."""

    kf: str
    unit: str
    owner: int
    stage: int
    days: Fraction | None
    """F18 (D31): the days it takes; above 30 the unit stays on (the GM's). None: the
    option ``plunder_days`` is off, the days are the GM's."""


@dataclass(frozen=True)
class Plunder:
    """The GM's verdict on a ``P`` item: the loot and the owner's lost taxes in GS."""

    loot: int
    tax_loss: int


@dataclass(frozen=True)
class Barren:
    """A field a plundering unit passes with nothing to plunder in it (Strategie 5.1-2:
    plunder "mindert die Steuereinnahmen des Besitzers"): ``reason`` is ``unowned`` (no
    realm owns it), ``own`` or ``ally`` (the unit's realm counts the owner an ally)."""

    kf: str
    unit: str
    reason: str


def _plundered_fields(
    state: WdwState, chosen: Mapping[tuple[int, int], Order], legs: Mapping[str, Leg]
) -> list[tuple[Unit, str, int, str]]:
    """Strategie 5.1-2 P1–P3, "Jedes durchzogene Kleinfeld wird ausgeplündert": each
    unit with P1–P3 and each field of its leg (its own field when it stays), once, with
    the field's owner and why nothing is there to plunder ("" when there is)."""
    found = []
    for unit in state.units:
        if not re.fullmatch(r"P[1-3]", extension(unit, chosen)):
            continue
        leg = legs.get(unit.key)
        fields = [kf for kf, _ in leg.steps] if leg is not None and leg.steps else [unit.kf]
        for kf in dict.fromkeys(fields):
            owner = owner_of(state, kf)
            found.append((unit, kf, owner, _barren(owner, unit.realm, state)))
    return found


def _barren(owner: int, seat: int, state: WdwState) -> str:
    """Strategie 5.1-2 (plunder "mindert die Steuereinnahmen des Besitzers"): why a unit
    of ``seat`` finds nothing to plunder in a field of ``owner`` (``Barren.reason``), or
    "" when it plunders there."""
    if owner == 0:
        return "unowned"
    if owner == seat:
        return "own"
    return "ally" if owner in state.realm(seat).allies else ""


def plunder_warnings(
    state: WdwState, seat: int, order: Fight, fields: Sequence[str], seen: Set[str], lang: str
) -> list[str]:
    """The acknowledgement's warnings for a P1–P3 order of ``seat`` whose foreseeable way
    is ``fields`` (its own field when it stays): the fields with nothing to plunder, by
    reason, as far as the realm knows (D37): its own fields, and in the fields it sees
    (``seen``) the owner of a settlement there, else no owner (another realm's conquest
    of an open field it does not see, so the words say it knows of none)."""
    if not re.fullmatch(r"P[1-3]", order.ext):
        return []
    barren: dict[str, list[str]] = {}
    for kf in dict.fromkeys(fields):
        if owner_of(state, kf) == seat:
            owner = seat
        elif kf in seen:
            owner = next((p.owner for p in state.settlements if p.kf == kf), 0)
        else:
            continue  # D37: the month finds out
        reason = _barren(owner, seat, state)
        if reason:
            barren.setdefault(reason, []).append(kf)
    return [
        say(lang, f"warn.no_plunder_{reason}", fields=", ".join(kfs))
        for reason, kfs in barren.items()
    ]


def raids_of(
    state: WdwState, chosen: Mapping[tuple[int, int], Order], legs: Mapping[str, Leg]
) -> dict[str, Raid]:
    """The month's plunder, by field and unit: each field a unit with P1–P3 passes
    through (or stands in) that another realm owns and it does not count an ally; the
    days by F18 unless the option ``plunder_days`` is off (D31)."""
    computed = options_of(state).plunder_days
    raids: list[Raid] = []
    for unit, kf, owner, reason in _plundered_fields(state, chosen, legs):
        if reason:
            continue
        strength = unit.size * max(unit.nahkampf, unit.fernkampf, 1)
        stage = int(extension(unit, chosen)[1])
        days = plunder_days(stage, strength) if computed else None
        raids.append(Raid(kf, unit.key, owner, stage, days))
    raids.sort(key=lambda r: (*(int(x) for x in r.kf.split("/")), r.unit))
    return {f"P{n}": raid for n, raid in enumerate(raids, 1)}


def barren_of(
    state: WdwState, chosen: Mapping[tuple[int, int], Order], legs: Mapping[str, Leg]
) -> tuple[Barren, ...]:
    """The fields the month's plunderers pass with nothing to plunder, in their order:
    the printout says so, so no P order vanishes without a word."""
    found = _plundered_fields(state, chosen, legs)
    return tuple(Barren(kf, unit.key, reason) for unit, kf, _, reason in found if reason)


_PLUNDER_RE = re.compile(
    r"^\s*(beute|loot)\s+(\d+)\s*;\s*(steuerausfall|tax\s+loss)\s+(\d+)\s*$", re.IGNORECASE
)


def read_plunder(text: str) -> Plunder | None:
    """``Beute 4500; Steuerausfall 3000`` (``loot 4500; tax loss 3000``), or None."""
    match = _PLUNDER_RE.match(text)
    return Plunder(int(match[2]), int(match[4])) if match else None


def raid_lines(state: WdwState, items: Items, lang: str) -> list[str]:
    """The dossier's plunder: each raid with its days (F18) and the gross income of the
    field's settlement a half-year (F1; 0 for open land), for the GM's loot."""
    lines = []
    for item, raid in items.raids.items():
        place = next((s for s in state.settlements if s.kf == raid.kf), None)
        income = 1500 * (place.population // 10000) if place is not None else 0
        # The text names the raid's fields (``{raid.kf}``); D31: no days when the GM's.
        key = "item.raid" if raid.days is not None else "item.raid_gm_days"
        days = int(raid.days) if raid.days is not None else 0
        lines.append(say(lang, key, item=item, raid=raid, days=days, income=income))
    return lines
