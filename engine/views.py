"""What a game shows a player beyond the text printout: a map and a report as data.

Both are optional parts of the contract (:mod:`engine.core`): a game kind whose engine
implements :class:`Charting` gets a map picture with every printout, one that implements
:class:`Reporting` a JSON twin of every printout. The engine says *what* the player knows
(places, owners, links, own fleets under way); the host draws it. Both hold only what the
player's printout holds: the secrecy tests compare them with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from engine.core import NEUTRAL, JSONValue, State

UNKNOWN = -1
"""``MapPlace.owner`` of a place whose owner the player does not know."""


@dataclass(frozen=True)
class MapPlace:
    """One place on the map (an Ashes planet, a Starweb world)."""

    number: int
    label: str
    owner: int = UNKNOWN
    """The owner as the player knows it: a seat, :data:`NEUTRAL`, or :data:`UNKNOWN`."""
    marks: tuple[str, ...] = ()
    """What else to draw: ``home`` (the viewer's home), ``fleet`` (own ships there),
    ``black_hole``, ``unexplored`` (known to exist, never reported), ``sighted`` (others'
    units the viewer saw there), ``source`` (on a hex map: a line, a river, rises there)."""
    report: str = ""
    """What the viewer's printout says of the place (its report line or lines joined),
    shown when the reader points at it on the web page."""
    ground: str = ""
    """On a hex map: the ground the place is drawn in, a key of :attr:`MapView.grounds`
    (empty: not known to the viewer)."""
    level: int = 0
    """On a hex map: a height or the like, drawn as that many small peaks (0: none); the
    legend says what a level means (:attr:`MapView.level_texts`)."""


@dataclass(frozen=True)
class MapGround:
    """A kind of ground on a hex map: its name in the legend and its colour (``#rrggbb``)."""

    text: str
    colour: str


@dataclass(frozen=True)
class MapLine:
    """A kind of line on a hex map (a river, a road): its name in the legend, its colour
    (``#rrggbb``) and its width (drawing units on hexes of the largest size)."""

    text: str
    colour: str
    width: float = 2.0
    inset: float = 0.0
    """How far inside the place's hex an edge of this kind runs, as a part of the hex's
    radius (0: on the side itself): a line that belongs to one of the two places its
    side divides (a wall standing in a field), not to the border between them."""
    broken: bool = False
    """Drawn dashed (a breached wall), not solid."""


@dataclass(frozen=True)
class MapEdge:
    """A line along one side of a place's hex (a river between two fields, a wall in a
    field), of the kind :attr:`MapView.lines` names ``line``. Side 1 is the upper right
    one, the others clockwise: 2 right, 3 lower right, 4 lower left, 5 left, 6 upper
    left."""

    place: int
    side: int
    line: str
    flow: int = 0
    """Which way the line flows along the side (a river): 1 clockwise round the place's
    hex (side 1 from its top corner to its upper right one), -1 the other way, 0 not
    known or no flow."""


@dataclass(frozen=True)
class MapPath:
    """Lines from the middle of a place's hex to the middles of its ``sides`` (numbered
    as :class:`MapEdge`'s): a river or a road through the field; without sides a dot in
    the middle (a road that leads nowhere the viewer knows)."""

    place: int
    sides: tuple[int, ...]
    line: str
    out: tuple[int, ...] = ()
    """The ``sides`` the line flows out by (a river), the others it flows in by; empty:
    no flow known or none."""


@dataclass(frozen=True)
class MapMove:
    """Own ships under way: from ``origin`` (0: not known) towards ``target``."""

    target: int
    origin: int = 0
    label: str = ""


@dataclass(frozen=True)
class MapView:
    """What one player knows of the map, for :func:`mailserver.printouts.maps.render_map`."""

    viewer: int
    places: tuple[MapPlace, ...]
    links: tuple[tuple[int, int], ...] = ()
    """Lines to draw between places (Starweb's gates)."""
    distances: Mapping[tuple[int, int], int] = field(default_factory=dict)
    """Distances to lay the places out by (Ashes' distance table); without them the
    links are used."""
    moves: tuple[MapMove, ...] = ()
    owners: Mapping[int, str] = field(default_factory=dict)
    """The names of the owners shown, for the legend."""
    title: str = ""
    lang: str = "en"
    """The reader's language: the legend's texts are the host's catalog's in it."""
    near: int = -1
    """Distances up to this are drawn as lines labelled with the distance (-1: none)."""
    distance_note: str = ""
    """What a distance means to the player (Ashes: turns of flight), in ``lang``: the
    legend's line for the labelled lines and the heading of the distances from a place
    on the web page. Empty: no distances are shown."""
    move_note: str = ""
    """What the moves' labels say (Starweb: key and ships), in ``lang``, for the legend."""
    label_note: str = ""
    """What the figures in the places' labels say (the board game: population, factories,
    hangars), in ``lang``, for the legend; empty when a label is a name alone."""
    hexes: Mapping[int, tuple[int, int]] = field(default_factory=dict)
    """Where each place lies on a hex grid, as (column, row), odd rows shifted half a hex
    to the right. Given, the places are drawn as hexes there (a map of fields, not of
    points): no layout, no link lines; a place without a position is left out."""
    grounds: Mapping[str, MapGround] = field(default_factory=dict)
    """The grounds the places of a hex map are drawn in, by key, in the legend's order."""
    mark_texts: Mapping[str, str] = field(default_factory=dict)
    """The legend's text of a mark, in ``lang``, where the game's word is not the host's
    (units, not ships, under ``fleet``)."""
    lines: Mapping[str, MapLine] = field(default_factory=dict)
    """The kinds of line the ``edges`` and ``paths`` of a hex map are drawn in, by key,
    in the legend's order."""
    edges: tuple[MapEdge, ...] = ()
    """Lines along sides of the hexes (a hex map's rivers between fields)."""
    paths: tuple[MapPath, ...] = ()
    """Lines through the hexes (a hex map's roads, rivers through fields)."""
    level_texts: Mapping[int, str] = field(default_factory=dict)
    """The legend's text of each level of :attr:`MapPlace.level`, in ``lang``."""


@runtime_checkable
class Charting(Protocol):
    """A game that can say what a player knows of the map."""

    def map_view(self, state: State, player: int, lang: str) -> MapView:
        """The map as ``player`` knows it after the state's turn (0: the GM's view)."""
        ...


@runtime_checkable
class Reporting(Protocol):
    """A game whose printouts have a machine-readable twin (docs/report-schema.md)."""

    report_schema: str
    """The schema's name and version, e.g. ``ashes-report/1``."""

    def report_data(self, state: State, player: int, lang: str) -> dict[str, JSONValue]:
        """What ``player``'s printout says, as data (0: the GM's view)."""
        ...


__all__ = [
    "NEUTRAL",
    "UNKNOWN",
    "Charting",
    "MapEdge",
    "MapGround",
    "MapLine",
    "MapMove",
    "MapPath",
    "MapPlace",
    "MapView",
    "Reporting",
]
