"""The Einnahmetermin (Strategie 2.1, 4.2; D12): in the income months each realm gets
its settlements' net income (F1) and pays half a year's upkeep of its units (F7); the
Rüstkapazität starts again."""

from __future__ import annotations

from engine.wdw.formulas import income, upkeep
from engine.wdw.home_terrain import class_at, home_terrain
from engine.wdw.month import Month
from engine.wdw.options import WdwOptions
from engine.wdw.state import WdwState, world


def ledger(state: WdwState, seat: int, options: WdwOptions) -> tuple[int, int]:
    """A realm's Einnahmetermin: its settlements' net income (F1; none but the upkeep on
    an atoll, Strategie 1.1) and its units' upkeep for the half-year (F7)."""
    the_map = world(state.map_text)
    home = home_terrain(state.realm(seat), state.settlements, the_map)
    earned = sum(
        income(
            s.population,
            s.bwp(),
            class_at(the_map.fields[s.kf], home),  # D33: normal in the Heimatgelände
            atoll=the_map.fields[s.kf].atoll,  # Strategie 1.1: upkeep only
            exact=options.income_rounding == "exact",  # D10
        )
        for s in state.settlements
        if s.owner == seat
    )
    paid = sum(
        upkeep(u.unit_class, u.size, u.rs(), options) for u in state.units if u.realm == seat
    )
    return earned, paid


def run(month: Month) -> None:
    """Book income and upkeep when the month is an income month."""
    state = month.state
    if state.month not in month.options.income_months:
        return
    for realm in state.realms:
        earned, paid = ledger(state, realm.seat, month.options)
        month.book(realm.seat, "income", earned)
        # D25: the treasury never goes below zero; a shortfall is the GM's (decay, unrest).
        month.book(realm.seat, "upkeep", -paid)
        month.note(realm.seat, "note.income", income=earned, upkeep=paid)
    for place in state.settlements:
        place.rues_used = 0
