"""The rivers, coastlines, roads and heights of a realm's map picture (Strategie 1.3: the
map holds the terrain features that matter to the game — rivers, sources, coastlines,
heights — within the realm's sight): what the map file says of the fields the viewer
knows, as the generic lines and levels of :class:`engine.views.MapView`. Nothing of a
field the viewer has not seen: a road is drawn towards a neighbour only when the viewer
knows that the neighbour has a road too, a river at a side (and which way it flows) only
when a known field lists that side, a coastline only between a known land and a known
water field."""

from __future__ import annotations

from dataclasses import dataclass

from engine.views import MapEdge, MapLine, MapPath
from engine.wdw.mapfile import Field, WorldMap, back_side
from engine.wdw.texts import say

COAST = "#123a66"
RIVER = "#2f6fc4"
NAVIGABLE = "#1a4f9c"
ROAD = "#a0522d"
LEVELS = (2, 3, 4)
"""The heights drawn as peaks: HS 0 is water and HS 1 the lowland, which the ground
shows; a height's peaks are as many as its level."""


@dataclass(frozen=True)
class Lines:
    """The kinds of line, the lines along sides and through fields, and the levels'
    texts of a map picture."""

    kinds: dict[str, MapLine]
    edges: tuple[MapEdge, ...]
    paths: tuple[MapPath, ...]
    level_texts: dict[int, str]


def place_number(field: str) -> int:
    """A field as a map place number: GF·100 + KF (``12/4`` → 1204)."""
    gf, kf = field.split("/")
    return int(gf) * 100 + int(kf)


def level(field: Field) -> int:
    """The peaks drawn in ``field``: its height from HS 2 up (Strategie 7.1: each height
    level crossed costs one more field), none below."""
    return field.height if field.height in LEVELS else 0


def lines(the_map: WorldMap, shown: list[str], lang: str) -> Lines:
    """The rivers and roads of the ``shown`` fields, in ``lang``."""
    visible = set(shown)
    kinds = {
        "coast": MapLine(say(lang, "map.coast"), COAST, 2.5),
        "river": MapLine(say(lang, "map.river"), RIVER, 3.0),
        "navigable": MapLine(say(lang, "map.navigable"), NAVIGABLE, 5.0),
        "road": MapLine(say(lang, "map.road"), ROAD, 2.5),
    }
    paths = [path for fid in shown for path in _paths(the_map, the_map.fields[fid], visible)]
    texts = {h: say(lang, "map.height", height=h) for h in LEVELS}
    edges = _coasts(the_map, shown) + _edges(the_map, shown)
    return Lines(kinds, edges, tuple(paths), texts)


def _coasts(the_map: WorldMap, shown: list[str]) -> tuple[MapEdge, ...]:
    """Strategie 1.3 (Küstenlinien): the sides between a shown land field and a shown
    water field, drawn from the land field (the water's side the viewer sees too)."""
    visible = set(shown)
    found = []
    for fid in shown:
        item = the_map.fields[fid]
        if item.water:
            continue
        for side, other in enumerate(item.neighbours, 1):
            if other in visible and the_map.fields[other].water:
                found.append(MapEdge(place_number(fid), side, "coast"))
    return tuple(sorted(found, key=lambda e: (e.place, e.side)))


def _edges(the_map: WorldMap, shown: list[str]) -> tuple[MapEdge, ...]:
    """Strategie 7.1: the rivers at the sides of the shown fields, each side once (drawn
    from the field with the lower number when both list it), navigable when a shown field
    that lists it lies on a navigable river, with the way it flows when a shown field
    that lists it says."""
    visible = set(shown)
    found: dict[tuple[int, int], bool] = {}
    flows: dict[tuple[int, int], int] = {}
    for fid in shown:
        item = the_map.fields[fid]
        for side in item.rivers:
            other = item.neighbours[side - 1]
            key = (place_number(fid), side)
            # Clockwise along the side in one field's hex is the other way in the other's.
            toward = item.flows_toward(side)
            flow = (1 if toward == side % 6 + 1 else -1) if toward else 0
            if other in visible and back_side(side) in the_map.fields[other].rivers:
                mirrored = (place_number(other), back_side(side))
                if mirrored < key:
                    key, flow = mirrored, -flow
            found[key] = found.get(key, False) or item.navigable
            flows[key] = flows.get(key) or flow
    return tuple(
        MapEdge(place, side, "navigable" if navigable else "river", flows[place, side])
        for (place, side), navigable in sorted(found.items())
    )


def _paths(the_map: WorldMap, item: Field, visible: set[str]) -> list[MapPath]:
    """A river through ``item`` (by its sides), and its road towards each visible
    neighbour with a road (Strategie 7.1: a move from road field to road field is on the
    road); a road field without one is a dot."""
    place = place_number(item.id)
    found = []
    if item.river_through:
        kind = "navigable" if item.navigable else "river"
        found.append(MapPath(place, item.river_through, kind, item.river_out))
    if item.road:
        sides = tuple(
            side
            for side, other in enumerate(item.neighbours, 1)
            if other in visible and the_map.fields[other].road
        )
        found.append(MapPath(place, sides, "road"))
    return found
