"""Sightings (Strategie 6.1, design §8): at the month's end each realm sees the other
realms' land units and fleets within ``sight_radius`` of its own units and settlements,
as a sighting (where, land/fleet/mounted), never as the unit itself. Characters are not
sighted: a lone person is not seen from afar (docs/rules-wdw.md, "Map and report")."""

from __future__ import annotations

from engine.wdw.month import Month
from engine.wdw.state import Sighting, Unit, world


def kind_of(unit: Unit) -> str:
    """What a sighting tells of ``unit``: ``fleet``, ``mounted`` or ``land``."""
    if unit.unit_class == "sea":
        return "fleet"
    return "mounted" if unit.beritten else "land"


def run(month: Month) -> None:
    """Each realm's sightings of the month, replacing last month's."""
    state = month.state
    the_map = world(state.map_text)
    sightings = []
    for realm in state.realms:
        seen = {u.kf for u in state.units if u.realm == realm.seat}
        seen |= {s.kf for s in state.settlements if s.owner == realm.seat}
        frontier = set(seen)
        for _ in range(month.options.sight_radius):
            frontier = {n for f in frontier for n in the_map.fields[f].neighbours if n is not None}
            seen |= frontier
        found = {
            (u.kf, kind_of(u))
            for u in state.units
            if u.realm != realm.seat and u.unit_class != "character" and u.kf in seen
        }
        sightings += [Sighting(realm.seat, kf, kind) for kf, kind in sorted(found)]
    state.sightings = sightings
