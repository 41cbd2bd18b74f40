"""A realm's provinces and the Heimatverteidigung of its units (Strategie 1.2, 4.3;
D13): which fields a province holds, and the melee level a unit fights with."""

from __future__ import annotations

from engine.wdw.state import Realm, Unit, WdwState


def provinces_of(realm: Realm) -> dict[str, tuple[str, ...]]:
    """The realm's GM-approved provinces: name → fields."""
    found = {}
    for entry in realm.provinces:
        name, _, fields = entry.partition("=")
        found[name] = tuple(fields.split())
    return found


def province_named(realm: Realm, name: str) -> str | None:
    """The realm's province called ``name`` (case does not matter), as it is written."""
    return next((p for p in provinces_of(realm) if p.lower() == name.lower()), None)


def melee_level(state: WdwState, unit: Unit, kf: str) -> int:
    """D13 (option ``hv_bonus`` = strength): Heimatverteidigung counts as Nahkampf 1
    everywhere and +2 per element inside a province it defends (Strategie 1.2, 4.3);
    while converting the unit has neither (the property is gone until the end)."""
    if not unit.heimatverteidigung:
        return unit.nahkampf
    fields = provinces_of(state.realm(unit.realm))
    home = any(kf in fields.get(name, ()) for name in unit.heimatverteidigung)
    return max(unit.nahkampf, 1) + (2 if home else 0)
