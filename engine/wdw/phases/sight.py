"""Sight (Strategie 1.3, 6.1): each realm's known map grows by the fields within
``sight_radius`` of its units and settlements (the map shows terrain and buildings,
never units)."""

from __future__ import annotations

from engine.wdw.month import Month
from engine.wdw.state import world


def run(month: Month) -> None:
    """Add what each realm sees this month to its known map."""
    state = month.state
    the_map = world(state.map_text)
    for realm in state.realms:
        seen = set(realm.known)
        frontier = {u.kf for u in state.units if u.realm == realm.seat}
        frontier |= {s.kf for s in state.settlements if s.owner == realm.seat}
        seen |= frontier
        for _ in range(month.options.sight_radius):
            frontier = {n for f in frontier for n in the_map.fields[f].neighbours if n is not None}
            seen |= frontier
        realm.known = sorted(seen, key=lambda f: tuple(int(x) for x in f.split("/")))
