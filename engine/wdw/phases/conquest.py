"""Conquest and plunder at the end of the month (Strategie 5.1-2; design §4.1 step 3):
each field a unit with E passed is conquered when no unit of its owner and no enemy
stands in it now (after the combats); an unfortified settlement there changes hands;
each ``P`` item books the GM's loot and the owner's lost taxes, and each field a
plunderer passed with nothing to plunder is said in its realm's printout."""

from __future__ import annotations

from engine.wdw.allied import hostile
from engine.wdw.checks_conquest import Plunder, extension, min_size, owner_of
from engine.wdw.items import by_unit
from engine.wdw.month import Month
from engine.wdw.rulings import default_ruling, read
from engine.wdw.state import Unit, world
from engine.wdw.walls import pass_walls


def run(month: Month) -> None:
    """Conquer, then plunder."""
    chosen = by_unit(month.orders)
    for unit in list(month.state.units):
        if extension(unit, chosen) == "E" and unit.size >= min_size(unit, month.options):
            _conquer(month, unit)
    _plunder(month)


def _conquer(month: Month, unit: Unit) -> None:
    state = month.state
    leg = month.items.legs.get(unit.key)
    fields = [f for f, _ in leg.steps] if leg is not None else []
    if fields and fields[-1] != unit.kf:
        return  # it retreated: it holds none of its way (a decision here)
    the_map, wet = world(state.map_text), []
    for kf in dict.fromkeys(fields or [unit.kf]):
        if the_map.fields[kf].water and not month.options.water_territory:
            wet.append(kf)  # Strategie 1.2: the sea is held as a sea province (option)
            continue
        owner = owner_of(state, kf)
        blocked = any(
            u.kf == kf
            and u.realm != unit.realm
            and (u.realm == owner or hostile(state, u.realm, unit.realm))
            for u in state.units
        )
        if blocked or owner == unit.realm:
            continue
        place = next((s for s in state.settlements if s.kf == kf), None)
        if place is not None and place.bef > 0:
            # Strategie 3.2: "befestigt" — only by siege (Bef gone) or a storm (the GM's).
            month.note(unit.realm, "note.fortified", settlement=place.name)
            continue
        state.territory = [e for e in state.territory if not e.startswith(f"{kf}=")]
        state.territory.append(f"{kf}={unit.realm}")
        pass_walls(state, kf, unit.realm)
        month.note(unit.realm, "note.conquered", unit=unit.id, kf=kf)
        if owner:
            month.note(owner, "note.field_lost", kf=kf)
        if place is not None:
            place.owner, place.capital = unit.realm, False
            month.note(unit.realm, "note.settlement_won", settlement=place.name)
            if owner:
                month.note(owner, "note.settlement_lost", settlement=place.name)
    if wet:
        month.note(unit.realm, "note.water_not_conquered", unit=unit.id, fields=" ".join(wet))


def _plunder(month: Month) -> None:
    """D31: the loot and the owner's loss are the GM's ruling; the treasury never goes
    below zero (D25)."""
    state = month.state
    for item, raid in month.items.raids.items():
        verdict = month.verdict(item) or read(item, default_ruling(item, month.items))
        if not isinstance(verdict, Plunder):
            continue
        realm, number = (int(x) for x in raid.unit.split("/"))
        if state.unit(realm, number) is None:
            continue  # lost in the month's combats
        month.book(realm, "loot", verdict.loot, raid.kf)
        month.book(raid.owner, "plundered", -verdict.tax_loss, raid.kf)
        month.note(realm, "note.plunder", unit=number, kf=raid.kf, loot=verdict.loot)
        month.note(raid.owner, "note.plundered", kf=raid.kf, loss=verdict.tax_loss)
    for barren in month.items.barren:
        realm, number = (int(x) for x in barren.unit.split("/"))
        if state.unit(realm, number) is not None:
            month.note(realm, f"note.no_plunder_{barren.reason}", unit=number, kf=barren.kf)
