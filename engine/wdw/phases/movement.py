"""The movement of the month (Strategie 7.1, F20): every unit along its leg; a new K
order becomes the unit's standing order (D27)."""

from __future__ import annotations

from engine.wdw.items import by_unit
from engine.wdw.month import Month
from engine.wdw.orders import Fight, Spy, Work


def run(month: Month) -> None:
    """Move every unit to where its leg ends and keep its order as the standing one."""
    chosen = by_unit(month.orders)
    for unit in month.state.units:
        order = chosen.get((unit.realm, unit.id))
        if isinstance(order, Fight | Work):  # Tab. 5.2-2: how a worker meets others stands
            unit.order = order.code + order.ext
        elif isinstance(order, Spy):
            unit.order = order.code
        leg = month.items.legs[unit.key]
        if leg.steps:
            unit.kf = leg.steps[-1][0]
            month.note(unit.realm, "note.moved", unit=unit.id, kf=unit.kf)
        if leg.delayed:  # Strategie 6.2: the fight, not the range, ended its way
            month.note(unit.realm, "note.halted", unit=unit.id, kf=unit.kf)
        elif leg.truncated:
            month.note(unit.realm, "note.truncated", unit=unit.id, kf=unit.kf)
        elif leg.bad == "wall":  # Strategie 5.1-2: "von einem besetzten Wall aufgehalten"
            month.note(unit.realm, "note.wall_held", unit=unit.id, kf=unit.kf)
        elif leg.bad:
            month.note(unit.realm, "note.bad", unit=unit.id, kf=unit.kf, why=leg.bad)
        elif leg.halted:
            month.note(unit.realm, "note.halted", unit=unit.id, kf=unit.kf)
        if leg.pursued:
            month.note(unit.realm, "note.pursued", unit=unit.id, kf=unit.kf)
