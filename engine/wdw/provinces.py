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


def at_home(state: WdwState, unit: Unit, kf: str) -> bool:
    """``kf`` lies in a province the unit defends (Heimatverteidigung, Strategie 1.2)."""
    fields = provinces_of(state.realm(unit.realm))
    return any(kf in fields.get(name, ()) for name in unit.heimatverteidigung)


def melee_level(state: WdwState, unit: Unit, kf: str, hv_bonus: str = "strength") -> int:
    """D13: Heimatverteidigung counts as Nahkampf 1 everywhere and, with the option
    ``hv_bonus`` = strength, +2 per element inside a province it defends (Strategie 1.2,
    4.3); while converting the unit has neither (the property is gone until the end)."""
    if not unit.heimatverteidigung:
        return unit.nahkampf
    bonus = 2 if hv_bonus == "strength" and at_home(state, unit, kf) else 0
    return max(unit.nahkampf, 1) + bonus


def home_gp(state: WdwState, unit: Unit, kf: str, hv_bonus: str) -> int:
    """D13 with the option ``hv_bonus`` = gp: the "Kampfstärkebonus von +2" of
    Strategie 1.2 read as +2 GP inside a province the unit defends."""
    return 2 if hv_bonus == "gp" and unit.heimatverteidigung and at_home(state, unit, kf) else 0
