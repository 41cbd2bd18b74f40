"""Retreats before a combat (Strategie 6.1 "Rückzug vor dem Kampf", Tab. 6.1-1): the
units a meeting without a fight sends back go to the field they came from, or a drawn
free one (R1, engine.wdw.retreat; the die is named for the field and the unit)."""

from __future__ import annotations

from engine.wdw.month import Month
from engine.wdw.retreat import retreat


def run(month: Month) -> None:
    """Move every unit that retreats before a combat, and tell its owner."""
    for kf, keys, foe, day in month.items.retreats:
        for key in keys:
            realm, number = (int(x) for x in key.split("/"))
            unit = month.state.unit(realm, number)
            if unit is None or unit.kf != kf:
                continue  # it left the field already (an earlier retreat)
            retreat(month, kf, unit, foe, day)
