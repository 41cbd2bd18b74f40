"""Conversions of Heimatverteidigung and Nahkampf (Strategie 4.3): the unit gives up
the old ability when the order is carried out and has the new one after six months
(the month of the order counts); in between it has neither (D13)."""

from __future__ import annotations

from engine.wdw.checks_army import HV
from engine.wdw.checks_conversion import CONVERSION_MONTHS, check_convert
from engine.wdw.month import Month
from engine.wdw.orders import Convert
from engine.wdw.phases.ordered import carry_out, checked
from engine.wdw.state import Unit


def run(month: Month) -> None:
    """Start each ordered conversion, then count the months of all of them."""
    carry_out(month, {Convert: _start})
    for unit in month.state.units:
        if unit.conversion_months:
            unit.conversion_months -= 1
            if not unit.conversion_months:
                _change(unit, unit.conversion_to, +1)
                _note(month, unit, "note.converted", unit.conversion_to)
                unit.conversion_to = ""


def _start(month: Month, seat: int, order: Convert) -> None:
    found = checked(month, seat, order, check_convert(month.state, seat, order))
    if found is None:
        return
    unit = month.state.unit(seat, order.unit)
    assert unit is not None  # check_convert refuses an unknown unit
    _change(unit, found.source, -1)
    unit.conversion_months, unit.conversion_to = CONVERSION_MONTHS, found.target
    _note(month, unit, "note.conversion", found.target)


def _note(month: Month, unit: Unit, key: str, target: str) -> None:
    # The note's key names the ability (worded in the reader's language), the value the
    # province.
    name, _, province = target.partition("=")
    month.note(unit.realm, f"{key}_{'hv' if name == HV else 'nk'}", unit=unit.id, name=province)


def _change(unit: Unit, side: str, delta: int) -> None:
    """Give (+1) or take (-1) one level of Nahkampf or one province's Heimatverteidigung."""
    name, _, province = side.partition("=")
    if name != HV:
        unit.nahkampf += delta
    elif delta > 0:
        unit.heimatverteidigung.append(province)
    else:
        unit.heimatverteidigung.remove(province)
