"""The phases of a month, in the host's order (design §4.1; the Basismodul's own order
is missing, D1): one module per phase, each with ``run(month)``."""

from __future__ import annotations

from collections.abc import Callable

from engine.wdw.month import Month
from engine.wdw.phases import (
    calendar,
    combat,
    corrections,
    espionage,
    income,
    money,
    movement,
    sight,
    sightings,
    specials,
)

PHASES: tuple[tuple[str, Callable[[Month], None]], ...] = (
    ("corrections", corrections.run),
    ("money", money.run),
    ("movement", movement.run),
    ("combat", combat.run),
    ("espionage", espionage.run),
    ("specials", specials.run),
    ("income", income.run),
    ("sight", sight.run),
    ("sightings", sightings.run),
    ("calendar", calendar.run),
)
"""The month's phases by name, in order."""
