"""The walls on a map picture (Strategie 3.5, 1.3): each wall the viewer sees
(engine.wdw.walls.seen_walls) as a line along its side just inside the field it stands
in, so that the two walls a side may hold and a river on the side stay apart; a working
wall solid, a breached one dashed, an unfinished one thin, each with its legend entry."""

from __future__ import annotations

from engine.views import MapEdge, MapLine
from engine.wdw.map_lines import place_number
from engine.wdw.state import WdwState
from engine.wdw.texts import say
from engine.wdw.walls import condition, seen_walls

WALL = "#3b2a20"
UNFINISHED = "#8a7a6e"
INSET = 0.12
"""A wall runs this part of the radius inside its field: clear of a river on the side."""
STYLES = {
    "works": ("wall", WALL, 4.0, False),
    "breached": ("wall_breached", WALL, 4.0, True),
    "unfinished": ("wall_unfinished", UNFINISHED, 2.0, False),
}
"""By a wall's condition: its kind of line, colour, width and whether it is dashed."""


def wall_edges(
    state: WdwState, seat: int, shown: set[str], lang: str
) -> tuple[dict[str, MapLine], tuple[MapEdge, ...]]:
    """The kinds of wall line in ``lang`` and the edges of the walls ``seat`` sees (0:
    all) in the ``shown`` fields, by field and side."""
    kinds = {
        key: MapLine(say(lang, f"map.{key}"), colour, width, INSET, broken)
        for key, colour, width, broken in STYLES.values()
    }
    walls = sorted(
        (place_number(w.kf), w.side, w) for w in seen_walls(state, seat) if w.kf in shown
    )
    return kinds, tuple(MapEdge(place, side, STYLES[condition(w)][0]) for place, side, w in walls)
