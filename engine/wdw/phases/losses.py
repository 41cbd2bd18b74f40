"""GM-ruled losses (design §4.1 step 6): the month's ``L`` line, terrain, monsters and
"ins Weiße" (Strategie 1.1, 4.4; the quota is the GM's, D1); a unit at 0 is gone."""

from __future__ import annotations

from engine.wdw.month import Month
from engine.wdw.unit_lines import LOSSES, line_of


def run(month: Month) -> None:
    """Take each loss of the ``L`` line from its unit; its owner reads the cause."""
    line = line_of(month.rulings, LOSSES)
    if line is None:
        return
    state = month.state
    for key, value in line.changes:
        realm, number = (int(x) for x in key.split("/"))
        unit = state.unit(realm, number)
        if unit is None or unit.size == 0:
            continue  # checked when it came in; a combat may have destroyed it since
        loss = min(unit.size, -value)
        unit.size -= loss
        month.note(
            unit.realm,
            "note.terrain_loss",
            unit=unit.id,
            loss=loss,
            left=unit.size,
            cause=line.cause,
        )
        if unit.size == 0:
            month.note(unit.realm, "note.destroyed", unit=unit.id)
    state.units = [u for u in state.units if u.size > 0]
