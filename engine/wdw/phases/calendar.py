"""The calendar: the month ends, the next begins (twelve months a year)."""

from __future__ import annotations

from engine.wdw.month import Month


def run(month: Month) -> None:
    """Advance the date and the turn; the GM's end of the game is noted."""
    state = month.state
    state.turn += 1
    state.month += 1
    if state.month > 12:
        state.month, state.year = 1, state.year + 1
    if month.ends_game:
        state.over = True
        for realm in state.realms:
            month.note(realm.seat, "note.game_end")
