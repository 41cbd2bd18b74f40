"""The phases of a month, in the host's order (design §4.1; the Basismodul's own order
is missing, D1): one module per phase, each with ``run(month)``."""

from __future__ import annotations

from collections.abc import Callable

from engine.wdw.month import Month
from engine.wdw.phases import (
    arming,
    calendar,
    combat,
    conquest,
    conversion,
    corrections,
    decay,
    espionage,
    grants,
    income,
    losses,
    money,
    movement,
    realm,
    retreats,
    sight,
    sightings,
    specials,
    storm,
    walls,
    works,
)

PHASES: tuple[tuple[str, Callable[[Month], None]], ...] = (
    ("corrections", corrections.run),
    ("money", money.run),
    ("movement", movement.run),
    ("sightings", sightings.run),
    ("retreats", retreats.run),
    ("combat", combat.run),
    ("walls", walls.run),
    ("works", works.run),
    ("storm", storm.run),
    ("conquest", conquest.run),
    ("espionage", espionage.run),
    ("specials", specials.run),
    ("losses", losses.run),
    ("grants", grants.run),
    ("arming", arming.run),
    ("realm", realm.run),
    ("conversion", conversion.run),
    ("decay", decay.run),
    ("income", income.run),
    ("sight", sight.run),
    ("calendar", calendar.run),
)
"""The month's phases by name, in order."""
