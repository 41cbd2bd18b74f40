"""Sight (Strategie 1.3, 6.1): each realm's known map grows by the fields its units and
settlements see, within ``sight_radius`` and with a line of sight (engine.wdw.sightlines;
the map shows terrain and buildings, never units). Spies see only their own field
unless the option ``spy_sight`` gives them a sight range (Strategie 6.1)."""

from __future__ import annotations

from engine.wdw.month import Month
from engine.wdw.sightlines import visible
from engine.wdw.state import world


def run(month: Month) -> None:
    """Add what each realm sees this month to its known map."""
    state = month.state
    the_map = world(state.map_text)
    radius = month.options.sight_radius
    for realm in state.realms:
        seen = set(realm.known)
        for unit in state.units:
            if unit.realm == realm.seat:
                spy = unit.spion and not month.options.spy_sight
                seen |= {unit.kf} if spy else visible(the_map, unit.kf, radius)
        for place in state.settlements:
            if place.owner == realm.seat:
                seen |= visible(the_map, place.kf, radius)
        realm.known = sorted(seen, key=lambda f: tuple(int(x) for x in f.split("/")))
