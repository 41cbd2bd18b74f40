"""What a unit sees from its field (Strategie 6.1 "Sichtungen"): the fields within the
sight radius to which it has a line of sight. A field two or more steps away is hidden
"wenn zwischen ihm und dem entfernten Kleinfeld ein weiteres liegt, das höher liegt als
beide angrenzenden Kleinfelder": read over the map's neighbours, a field is seen when
some shortest way to it has no field between that is higher than both ends.

``see`` grows each realm's known map by what its units and settlements see, within
``sight_radius`` (Strategie 1.3: the map shows terrain and buildings, never units). Spies
see only their own field unless the option ``spy_sight`` gives them a sight range."""

from __future__ import annotations

from collections.abc import Iterable

from engine.wdw.mapfile import WorldMap
from engine.wdw.options import WdwOptions
from engine.wdw.state import Realm, Settlement, WdwState, world

_SEEN: dict[int, tuple[WorldMap, dict[tuple[str, int], frozenset[str]]]] = {}
"""What each field sees, per map (kept with the map: its id is not reused while cached).
An acknowledgement asks it for every unit of the realm for each of its orders."""


def visible(the_map: WorldMap, origin: str, radius: int) -> frozenset[str]:
    """The fields seen from ``origin`` (itself included) up to ``radius`` steps away."""
    entry = _SEEN.get(id(the_map))
    if entry is None or entry[0] is not the_map:
        if len(_SEEN) >= 8:
            _SEEN.clear()
        entry = _SEEN[id(the_map)] = (the_map, {})
    found = entry[1].get((origin, radius))
    if found is None:
        found = entry[1][(origin, radius)] = _visible(the_map, origin, radius)
    return found


def _visible(the_map: WorldMap, origin: str, radius: int) -> frozenset[str]:
    # ``between[f]``: over the shortest ways to f, the least of the highest field between.
    between: dict[str, int] = {origin: -1}
    seen = {origin}
    layer = [origin]
    for _ in range(radius):
        reached: dict[str, int] = {}
        for here in layer:
            inner = -1 if here == origin else max(between[here], the_map.fields[here].height)
            for there in the_map.fields[here].neighbours:
                if there is None or there in between:
                    continue
                reached[there] = min(reached.get(there, inner), inner)
        between.update(reached)
        layer = sorted(reached)
        top = the_map.fields[origin].height
        seen |= {f for f, h in reached.items() if h <= max(top, the_map.fields[f].height)}
    return frozenset(seen)


def seen_by(state: WdwState, seat: int, options: WdwOptions) -> set[str]:
    """The fields ``seat``'s realm knows and those its units and settlements see now
    (Strategie 1.3, 6.1; a spy only its own field unless ``spy_sight``)."""
    realm = next((r for r in state.realms if r.seat == seat), None)
    known = set(realm.known) if realm is not None else set()
    return known | sight_now(state, seat, options)


def sight_now(state: WdwState, seat: int, options: WdwOptions) -> set[str]:
    """The fields ``seat``'s units and settlements see now (Strategie 6.1): where it may
    see another realm's units, unlike the fields it only remembers."""
    the_map = world(state.map_text)
    radius = options.sight_radius
    seen: set[str] = set()
    for unit in state.units:
        if unit.realm == seat:
            spy = unit.spion and not options.spy_sight
            seen |= {unit.kf} if spy else visible(the_map, unit.kf, radius)
    for place in state.settlements:
        if place.owner == seat:
            seen |= visible(the_map, place.kf, radius)
    return seen


def see(state: WdwState, options: WdwOptions) -> None:
    """Add what each realm's units and settlements see now to its known map: each month
    (phase ``sight``) and at turn 0, so that the first printout shows the surroundings."""
    # Strategie 1.3, 6.1
    for realm in state.realms:
        learn(realm, seen_by(state, realm.seat, options))


def learn(realm: Realm, fields: Iterable[str]) -> None:
    """Add ``fields`` to the realm's known map (Strategie 1.3), kept in the map's order:
    Großfeld, then Kleinfeld."""
    found = set(realm.known) | set(fields)
    realm.known = sorted(found, key=lambda f: tuple(int(x) for x in f.split("/")))


def seen_settlements(state: WdwState, seat: int, options: WdwOptions) -> list[Settlement]:
    """The other realms' settlements in the fields ``seat``'s realm knows or sees now
    (:func:`seen_by`; Strategie 1.3: the map holds "Bauwerke und Reichszugehörigkeiten,
    soweit diese im Sichtbereich ... liegen"), in the state's order."""
    seen = seen_by(state, seat, options)
    return [s for s in state.settlements if s.owner != seat and s.kf in seen]
