"""Sight (Strategie 1.3, 6.1): each realm's known map grows by the fields its units and
settlements see (engine.wdw.sightlines.see)."""

from __future__ import annotations

from engine.wdw.month import Month
from engine.wdw.sightlines import see


def run(month: Month) -> None:
    """Add what each realm sees this month to its known map."""
    see(month.state, month.options)
