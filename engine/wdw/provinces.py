"""A realm's provinces and the Heimatverteidigung of its units (Strategie 1.2, 4.3;
D13): which fields a province holds, its Provinzhauptort as far as the state can tell
(Tab. 5.3-1), and the melee level a unit fights with."""

from __future__ import annotations

from engine.wdw.state import Realm, Settlement, Unit, WdwState


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


def province_seat(state: WdwState, place: Settlement) -> bool:
    """Tab. 5.3-1 "Provinzhauptort": whether ``place`` is the seat of one of its owner's
    provinces as far as the state can tell — the owner's only settlement in it. The GM
    approves a province by its fields and the state keeps no seat (Strategie 1.2), so of
    several settlements the GM knows which one it is (docs/rules-wdw.md)."""
    realm = next((r for r in state.realms if r.seat == place.owner), None)
    if realm is None:
        return False
    for fields in provinces_of(realm).values():
        if place.kf in fields:
            own = [s.name for s in state.settlements if s.owner == place.owner and s.kf in fields]
            if own == [place.name]:
                return True
    return False


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
