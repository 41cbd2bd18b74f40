"""Sonderbefehle (Strategie 5.1, 6.2): the GM accepts or refuses each, with a text the
realm reads; their effect on the state is the GM's (a correction)."""

from __future__ import annotations

from engine.wdw.month import Month
from engine.wdw.rulings import SpecialResult, default_ruling, read


def run(month: Month) -> None:
    """Tell each realm what became of its Sonderbefehle."""
    for item, (seat, order) in month.items.specials.items():
        verdict = month.verdict(item) or read(item, default_ruling(item, month.items))
        if not isinstance(verdict, SpecialResult):
            continue
        key = "note.special_accepted" if verdict.accepted else "note.special_refused"
        if not verdict.text.strip():  # the GM gave no text: no dangling blank
            key += "_plain"
        month.note(seat, key, unit=order.unit, text=verdict.text)
