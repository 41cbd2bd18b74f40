"""Good points the GM grants (Strategie 4.2 → 6.2, D29): the month's ``GP`` line adds
to each unit's ``gp_bonus`` (never below 0, Strategie 6.5); they count in the combats of
the months after."""

from __future__ import annotations

from engine.wdw.month import Month
from engine.wdw.unit_lines import GRANTS, line_of


def run(month: Month) -> None:
    """Change each unit's GP by the ``GP`` line; its owner reads it with the cause."""
    line = line_of(month.rulings, GRANTS)
    if line is None:
        return
    for key, value in line.changes:
        realm, number = (int(x) for x in key.split("/"))
        unit = month.state.unit(realm, number)
        if unit is None:
            continue  # gone this month (combat or losses)
        unit.gp_bonus = max(0, unit.gp_bonus + value)
        key = "note.gp" if line.cause else "note.gp_no_cause"
        month.note(unit.realm, key, unit=unit.id, gp=unit.gp_bonus, cause=line.cause)
