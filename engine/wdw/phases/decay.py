"""Decay (Strategie 3.4; F15): before the Einnahmetermin, each unpaid settlement loses
its due whole BWP from the structure the GM named (``Z`` items); in an income month the
realms whose treasury cannot cover the half-year (D25) leave their settlements unpaid
until the next Einnahmetermin pays."""

from __future__ import annotations

from fractions import Fraction
from math import floor

from engine.wdw.checks_decay import DECAY, Decay, due, largest
from engine.wdw.month import Month
from engine.wdw.parts import set_progress
from engine.wdw.phases.income import ledger
from engine.wdw.population import set_structure
from engine.wdw.rulings import default_ruling, read


def run(month: Month) -> None:
    """Decay first (unless the GM switched it off [R Vorwort]), then who pays at this
    Einnahmetermin."""
    if month.options.chapter("decay"):
        _decay(month)
    state = month.state
    if state.month not in month.options.income_months:
        return
    for realm in state.realms:
        earned, paid = ledger(state, realm.seat, month.options)
        short = realm.treasury + earned - paid < 0
        for place in state.settlements:
            if place.owner != realm.seat:
                continue
            if short and not place.unpaid:
                month.note(realm.seat, "note.unpaid", settlement=place.name)
            place.unpaid = short
            if not short:
                set_progress(place, DECAY, Fraction(0))


def _decay(month: Month) -> None:
    ruled = {name: item for item, (name, _) in month.items.decays.items()}
    for place in month.state.settlements:
        if not place.unpaid or not place.bwp():
            continue
        total = due(place)
        whole = floor(total)
        set_progress(place, DECAY, total - whole)
        if not whole:
            continue
        item = ruled.get(place.name)
        verdict = None
        if item is not None:  # none when the month's work changed the BWP: the default
            verdict = month.verdict(item) or read(item, default_ruling(item, month.items))
        structure = verdict.structure if isinstance(verdict, Decay) else largest(place)
        if getattr(place, structure) < whole:
            structure = largest(place)  # the named structure has no BWP left
        lost = min(whole, getattr(place, structure))
        set_structure(place, structure, getattr(place, structure) - lost)
        month.note(
            place.owner, "note.decayed", settlement=place.name, structure=structure, bwp=lost
        )
