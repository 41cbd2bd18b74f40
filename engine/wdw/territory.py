"""A realm's land (Reichsgebiet, Strategie 1.2, 1.3): the fields it owns besides its
settlements' fields. The scenario file gives a realm its land (a realm row's ``fields``,
engine.wdw.setup), the GM gives or takes fields by correction (``Gebiet 1 1/17 1/19``;
realm 0: nobody's), and conquests move them (E, a storm). Plunder, F/W's "fremdes
Reichsgebiet", allies' stops and sea provinces read a field's owner from here
(engine.wdw.checks_conquest.owner_of)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.wdw.options import WdwOptions
from engine.wdw.state import WdwState, world
from engine.wdw.texts import say

_GRANT_RE = re.compile(
    r"^(?:gebiet|reichsgebiet|territory|land)\s+(?:reich\s+|realm\s+)?(\d+)\s*:?\s+(.+)$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Grant:
    """A correction of land: ``fields`` become realm ``seat``'s (0: nobody's)."""

    seat: int
    fields: tuple[str, ...]


def read_grant(text: str) -> Grant | None:
    """``Gebiet 1 1/17 1/19`` (``Reichsgebiet Reich 1: …``; English ``Territory 1 …``,
    ``Land 1 …``), or None when the text is not one."""
    match = _GRANT_RE.match(text.strip())
    if match is None:
        return None
    fields = tuple(dict.fromkeys(match[2].replace(",", " ").split()))
    return Grant(int(match[1]), fields)


def land_problem(
    state: WdwState, seat: int, kf: str, options: WdwOptions
) -> tuple[str, dict[str, object]] | None:
    """Why field ``kf`` cannot be realm ``seat``'s land, as a catalog key under
    ``land.`` with its values (None when it can): a field of the map, land unless the
    option ``water_territory`` lets water be held (else the sea is a sea province's,
    Strategie 1.2; the same rule as a fleet's E, engine.wdw.phases.conquest), and not
    the field of another realm's settlement, which belongs to that settlement's owner."""
    the_map = world(state.map_text)
    if kf not in the_map.fields:
        return "not_on_map", {"kf": kf}
    if the_map.fields[kf].water and not options.water_territory:
        return "water", {"kf": kf}
    place = next((s for s in state.settlements if s.kf == kf), None)
    if place is not None and place.owner != seat:
        return "settlement", {"kf": kf, "settlement": place.name}
    return None


def check_grant(state: WdwState, grant: Grant, lang: str, options: WdwOptions) -> str:
    """Why the correction cannot be made ("" when it can): the realm exists (or is 0,
    nobody), and each field may be its land (:func:`land_problem`)."""
    if grant.seat and grant.seat not in {r.seat for r in state.realms}:
        return say(lang, "ruling.no_realm", seat=grant.seat)
    for kf in grant.fields:
        problem = land_problem(state, grant.seat, kf, options)
        if problem is not None:
            return say(lang, f"land.{problem[0]}", **problem[1])
    return ""


def set_owner(state: WdwState, kf: str, seat: int) -> None:
    """Field ``kf`` becomes realm ``seat``'s (0: nobody's): its entry in the state's
    ``territory`` replaced; none where its settlement's owner holds it anyway."""
    state.territory = [e for e in state.territory if e.partition("=")[0] != kf]
    settled = next((s.owner for s in state.settlements if s.kf == kf), 0)
    if seat and seat != settled:
        state.territory.append(f"{kf}={seat}")


def apply_grant(state: WdwState, grant: Grant) -> None:
    """Give the fields to the realm (checked when the correction came in)."""
    for kf in grant.fields:
        set_owner(state, kf, grant.seat)
