"""Espionage (Strategie 5.3, F19): the GM's verdict on each G item; a ``Chance p``
verdict rolls a named W100 (the item's id), so rulings in any order give the same
numbers; a successful infiltration (GI) raises the IG by the risk, discovery sets it to
0. The IG is the spy's on that target, or with ``ig_carry_over`` its one IG (D14)."""

from __future__ import annotations

from engine.wdw.checks_spy import infiltration
from engine.wdw.month import Month
from engine.wdw.rulings import SpyResult, default_ruling, read
from engine.wdw.state import Spying


def run(month: Month) -> None:
    """Apply every spy's verdict."""
    state = month.state
    for item, (seat, order) in month.items.spies.items():
        verdict = month.verdict(item) or read(item, default_ruling(item, month.items))
        if not isinstance(verdict, SpyResult):
            continue
        success = verdict.success
        if verdict.chance is not None:
            roll = month.dice.named(item, 100, seen_by=frozenset({seat}))
            success = roll <= verdict.chance
            if month.options.show_odds:  # design §6: the GM's odds are his unless shown
                month.note(seat, "note.spy_roll", roll=roll, chance=verdict.chance)
            else:
                month.note(seat, "note.spy_roll_plain", roll=roll)
        record = infiltration(state.spying, seat, order.unit, order.target, month.options)
        if record is None:
            record = Spying(seat, order.unit, order.target)
            state.spying.append(record)
        if month.options.ig_carry_over:  # D14: the spy's one IG follows it
            record.target = order.target
        if success:
            if order.code == "GI":  # 5.3 GI: only infiltration raises the IG by the risk
                record.ig += order.risk
            month.note(seat, "note.spy_ok", unit=order.unit, code=order.code, ig=record.ig)
        else:
            month.note(seat, "note.spy_failed", unit=order.unit, code=order.code)
        if verdict.discovered:
            record.ig = 0
            month.note(seat, "note.own_spy_discovered", unit=order.unit)
            victim = _owner_of(month, order.target)
            if victim:
                month.note(victim, "note.spy_discovered", target=order.target)


def _owner_of(month: Month, target: str) -> int:
    place = month.state.settlement(target)
    return place.owner if place is not None else 0
