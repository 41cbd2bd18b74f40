"""The Einnahmetermin (Strategie 2.1, 4.2; D12): in the income months each realm gets
its settlements' net income (F1) and pays half a year's upkeep of its units (F7); the
Rüstkapazität starts again."""

from __future__ import annotations

from engine.wdw.formulas import income, upkeep
from engine.wdw.month import Month
from engine.wdw.state import world


def run(month: Month) -> None:
    """Book income and upkeep when the month is an income month."""
    state = month.state
    if state.month not in month.options.income_months:
        return
    the_map = world(state.map_text)
    for realm in state.realms:
        earned = sum(
            income(s.population, s.bwp(), the_map.fields[s.kf].terrain_class)
            for s in state.settlements
            if s.owner == realm.seat
        )
        paid = sum(
            upkeep(u.unit_class, u.size, u.rs(), month.options)
            for u in state.units
            if u.realm == realm.seat
        )
        # D25: the treasury never goes below zero; a shortfall is the GM's (decay, unrest).
        realm.treasury = max(0, realm.treasury + earned - paid)
        month.note(realm.seat, "note.income", income=earned, upkeep=paid)
    for place in state.settlements:
        place.rues_used = 0
