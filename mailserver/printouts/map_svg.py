"""The map of a printout drawn once, as SVG: inline on the web page, rasterized for the mail.

Written with the standard library's ElementTree: it escapes every text and attribute (a
planet name or a report line is the players' text), keeps attributes in the order given
(the same view, the same bytes) and needs no dependency; the few SVG elements a map uses
do not call for a drawing library. Colours and strokes are presentation attributes, not
``style``: the pages' Content Security Policy allows no inline styles.

Every place is a group (``g.place``) with what the web page's script needs: its number,
its links, its distances to the others in the order of the places, and as ``<title>`` the
viewer's report line of it. Nothing in it that the :class:`MapView` does not hold, and
the view holds only what the viewer's printout says (the secrecy tests compare them).
"""

from __future__ import annotations

import math
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import dataclass

from engine.views import UNKNOWN, MapPlace, MapView
from mailserver.common.catalog import say
from mailserver.printouts.map_features import (
    arrowhead,
    dash_pattern,
    draw_lines,
    draw_peaks,
    draw_source,
    flow_colour,
    used_lines,
)
from mailserver.printouts.map_hex import HexGrid, hex_corners, hex_grid
from mailserver.printouts.map_hex import num as _num
from mailserver.printouts.map_layout import UNKNOWN_COLOUR, Positions, layout, seat_colour

WIDTH = 800
"""The drawing's width in SVG units (pixels in the mail's PNG)."""
MARGIN = 34
TOP = 44
"""Room for the title above the map."""
LABEL_ROOM = 80
"""Room right of the rightmost places for their labels."""
LINE = "#9e9e9e"
ARROW = "#000000"
FONT = "DejaVu Sans"
LEGEND_ROW = 24
LEGEND_FONT = 14
NOTE_WIDTH = 95
"""Letters on a row of the legend's notes (about 0.55 em a letter across the width)."""
SVG_NS = "http://www.w3.org/2000/svg"


@dataclass(frozen=True)
class LegendEntry:
    """One line of the legend: a symbol (``symbol`` and ``colour``) and what it means."""

    symbol: str
    """``place`` (a place of ``colour``), ``own``, ``home``, ``fleet``, ``black_hole``,
    ``unexplored``, ``sighted``, ``source`` (a ring), ``ground`` (a hex of ``colour``),
    ``line`` (a line of ``colour`` and ``width``), ``flow`` (an arrowhead on a line of
    ``colour``), ``level1``/``level2``… (peaks), ``link``,
    ``near0``/``near1``… (a distance line), ``move``."""
    text: str
    colour: str = "#ffffff"
    width: float = 0.0
    broken: bool = False
    """A ``line`` drawn dashed."""


@dataclass(frozen=True)
class Scale:
    """The drawing's sizes for a number of places: fewer places, larger symbols."""

    radius: float
    font: float

    @staticmethod
    def of(count: int) -> Scale:
        root = math.sqrt(max(count, 1))
        return Scale(radius=max(6.0, min(13.0, 120 / root)), font=max(10.0, min(16.0, 100 / root)))


def legend(view: MapView) -> list[LegendEntry]:
    """What every symbol, line style and colour the map of ``view`` uses means, in the
    view's language; only those the map uses."""
    lang = view.lang
    places = view.places
    used = {p.ground for p in places}
    entries = [
        LegendEntry("ground", ground.text, ground.colour)
        for key, ground in view.grounds.items()
        if key in used
    ]
    for key in used_lines(view):
        line = view.lines[key]
        entries.append(LegendEntry("line", line.text, line.colour, line.width, line.broken))
    if colour := flow_colour(view):
        entries.append(LegendEntry("flow", say(lang, "map_legend_flow"), colour))
    entries += [
        LegendEntry(f"level{level}", view.level_texts[level])
        for level in sorted({p.level for p in places if p.level in view.level_texts})
    ]
    entries += [
        LegendEntry("place", view.owners.get(o, str(o)), seat_colour(o))
        for o in sorted({p.owner for p in places if p.owner > 0})
    ]
    if any(p.owner == 0 for p in places):
        entries.append(LegendEntry("place", say(lang, "map_legend_nobody"), seat_colour(0)))
    # An unexplored place is a ring whatever its owner: its own entry says so. A field
    # of a hex map without an owner is drawn without a place symbol: nothing to explain.
    if not view.hexes and any(p.owner == UNKNOWN and "unexplored" not in p.marks for p in places):
        entries.append(LegendEntry("place", say(lang, "map_legend_unknown"), seat_colour(UNKNOWN)))
    if view.viewer > 0 and any(p.owner == view.viewer for p in places):
        entries.append(LegendEntry("own", say(lang, "map_legend_own"), seat_colour(view.viewer)))
    for mark in ("home", "fleet", "sighted", "source", "black_hole", "unexplored"):
        if any(mark in p.marks for p in places):
            text = view.mark_texts.get(mark) or say(lang, f"map_legend_{mark}")
            entries.append(LegendEntry(mark, text))
    if view.links and not view.hexes:
        entries.append(LegendEntry("link", say(lang, "map_legend_link")))
    if near_lines(view):
        for d in range(view.near + 1):
            entries.append(LegendEntry(f"near{d}", say(lang, "map_legend_near", distance=d)))
        entries.append(LegendEntry("note", view.distance_note))
    if any(m.origin for m in view.moves):
        entries.append(LegendEntry("move", say(lang, "map_legend_move")))
    if view.move_note and any(m.label for m in view.moves):
        entries.append(LegendEntry("note", view.move_note))
    if view.label_note:
        entries.append(LegendEntry("note", view.label_note))
    return entries


def near_lines(view: MapView) -> list[tuple[int, int, int]]:
    """The distances drawn as lines: (a, b, distance) up to the view's ``near``."""
    if not view.distance_note:
        return []
    return sorted((a, b, d) for (a, b), d in view.distances.items() if d <= view.near)


def map_svg(view: MapView, with_legend: bool = True) -> str:
    """The map of ``view`` as an SVG document; ``with_legend`` draws the legend below the
    map (the mail's picture), without it the web page shows the legend as text."""
    places = sorted(view.places, key=lambda p: p.number)
    scale = Scale.of(len(places))
    grid: HexGrid | None = None
    if view.hexes:
        grid = hex_grid(view.hexes, MARGIN, TOP, WIDTH - 2 * MARGIN)
        places = [p for p in places if p.number in grid.centres]
        positions = grid.centres
        map_bottom = math.ceil(grid.bottom + 12)
    else:
        positions = _fit(
            layout(
                tuple(p.number for p in places),
                tuple(sorted(view.links)),
                tuple(sorted(view.distances.items())),
            ),
            scale,
        )
        # The drawing ends below its lowest place (room for the fleets listed under it).
        lowest = max((y for _, y in positions.values()), default=TOP)
        map_bottom = math.ceil(lowest + scale.radius * 1.5 + 3 * scale.font)
    rows = legend_rows(legend(view)) if with_legend else []
    height = map_bottom + (len(rows) * LEGEND_ROW + 12 if rows else 0)
    root = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "viewBox": f"0 0 {WIDTH} {height}",
            "width": str(WIDTH),
            "height": str(height),
            "class": "map",
            "font-family": FONT,
            "data-lang": view.lang,
        },
    )
    _arrow_marker(root)
    ET.SubElement(root, "rect", {"width": "100%", "height": "100%", "fill": "#ffffff"})
    if view.title:
        _text(root, WIDTH / 2, 28, view.title, 18, anchor="middle", cls="title")
    if grid is not None:
        _hexes(root, view, places, grid)
    else:
        _links(root, view, positions)
        _near(root, view, positions, scale)
        _moves(root, view, positions, scale)
        _places(root, view, places, positions, scale)
    if rows:
        _legend(root, rows, map_bottom)
    return ET.tostring(root, encoding="unicode")


def _arrow_marker(root: ET.Element) -> None:
    """The arrowhead of the moves (``marker-end="url(#arrow)"``)."""
    defs = ET.SubElement(root, "defs")
    marker = ET.SubElement(
        defs,
        "marker",
        {
            "id": "arrow",
            "viewBox": "0 0 10 10",
            "refX": "9",
            "refY": "5",
            "markerWidth": "7",
            "markerHeight": "7",
            "orient": "auto",
        },
    )
    ET.SubElement(marker, "path", {"d": "M0,0 L10,5 L0,10 z", "fill": ARROW})


def _fit(raw: Positions, scale: Scale) -> dict[int, tuple[float, float]]:
    """The layout's positions in the drawing's square below the title."""
    side = WIDTH - 2 * MARGIN - LABEL_ROOM
    xs = [x for x, _ in raw.values()] or [0.0]
    ys = [y for _, y in raw.values()] or [0.0]
    span = max(max(xs) - min(xs), max(ys) - min(ys)) or 1.0
    # Upwards in the layout is upwards in the picture (SVG's y grows downwards).
    return {
        n: (
            round(MARGIN + (x - min(xs)) / span * side, 1),
            round(TOP + scale.radius + (max(ys) - y) / span * side, 1),
        )
        for n, (x, y) in raw.items()
    }


def _text(
    parent: ET.Element,
    x: float,
    y: float,
    text: str,
    size: float,
    anchor: str = "start",
    cls: str = "",
    halo: bool = False,
) -> ET.Element:
    attrs = {"x": _num(x), "y": _num(y), "font-size": _num(size)}
    if anchor != "start":
        attrs["text-anchor"] = anchor
    if cls:
        attrs["class"] = cls
    if halo:  # a white rim keeps a label readable across lines
        attrs |= {"stroke": "#ffffff", "stroke-width": "3", "paint-order": "stroke"}
    element = ET.SubElement(parent, "text", attrs)
    element.text = text
    return element


def _line(
    parent: ET.Element, a: tuple[float, float], b: tuple[float, float], **attrs: str
) -> ET.Element:
    coords = {"x1": _num(a[0]), "y1": _num(a[1]), "x2": _num(b[0]), "y2": _num(b[1])}
    return ET.SubElement(
        parent, "line", coords | {k.replace("_", "-"): v for k, v in attrs.items()}
    )


NEAR_STYLES = (("#555555", "2.2", ""), ("#8a8a8a", "1.2", "6 4"), ("#b0b0b0", "1", "2 4"))
"""Stroke, width and dash pattern of the distance lines by distance (0, 1, 2 and more)."""


def near_style(distance: int) -> tuple[str, str, str]:
    """How a distance line of ``distance`` is drawn."""
    return NEAR_STYLES[min(distance, len(NEAR_STYLES) - 1)]


def _links(root: ET.Element, view: MapView, positions: Mapping[int, tuple[float, float]]) -> None:
    group = ET.SubElement(root, "g", {"class": "links"})
    for a, b in sorted(view.links):
        if a in positions and b in positions:
            _line(
                group,
                positions[a],
                positions[b],
                stroke=LINE,
                stroke_width="1.4",
                data_a=str(a),
                data_b=str(b),
            )


def _near(
    root: ET.Element, view: MapView, positions: Mapping[int, tuple[float, float]], scale: Scale
) -> None:
    lines = [(a, b, d) for a, b, d in near_lines(view) if a in positions and b in positions]
    if not lines:
        return
    group = ET.SubElement(root, "g", {"class": "near"})
    for a, b, d in lines:
        stroke, width, dash = near_style(d)
        attrs = {"stroke": stroke, "stroke_width": width, "data_a": str(a), "data_b": str(b)}
        if dash:
            attrs["stroke_dasharray"] = dash
        _line(group, positions[a], positions[b], **attrs)
    if view.near == 0:
        return  # one distance drawn: the legend says which, a figure on each line would not
    labels = ET.SubElement(root, "g", {"class": "near-labels"})
    for a, b, d in lines:
        (x1, y1), (x2, y2) = positions[a], positions[b]
        _text(labels, (x1 + x2) / 2, (y1 + y2) / 2 + 4, str(d), scale.font - 3, "middle", halo=True)


def _moves(
    root: ET.Element, view: MapView, positions: Mapping[int, tuple[float, float]], scale: Scale
) -> None:
    group = ET.SubElement(root, "g", {"class": "moves"})
    waiting: dict[int, list[str]] = {}
    for move in view.moves:
        if move.target not in positions:
            continue
        if move.origin in positions:
            (x1, y1), (x2, y2) = positions[move.origin], positions[move.target]
            length = math.hypot(x2 - x1, y2 - y1) or 1.0
            # The arrowhead ends at the target's rim, not under it.
            cut = (scale.radius + 3) / length
            end = (x2 - (x2 - x1) * cut, y2 - (y2 - y1) * cut)
            _line(
                group,
                (x1, y1),
                end,
                stroke=ARROW,
                stroke_width="1.8",
                marker_end="url(#arrow)",
                data_a=str(move.origin),
                data_b=str(move.target),
            )
            if move.label:
                mid = (x1 + (x2 - x1) * 0.55, y1 + (y2 - y1) * 0.55)
                _text(group, mid[0], mid[1] - 4, move.label, scale.font - 2, "middle", halo=True)
        elif move.label:
            waiting.setdefault(move.target, []).append(move.label)
    for target, labels in sorted(waiting.items()):
        x, y = positions[target]
        shown = labels[:3] + ([f"+{len(labels) - 3}"] if len(labels) > 3 else [])
        for i, label in enumerate(shown):
            top = y + scale.radius + scale.font * (i + 1)
            _text(group, x - scale.radius, top, label, scale.font - 3, halo=True)


def _place_groups(
    root: ET.Element, view: MapView, places: list[MapPlace]
) -> list[tuple[MapPlace, ET.Element]]:
    """Every place's group with what the web page's script needs (its number, links,
    distances) and, as its title, what the viewer's printout says of it."""
    group = ET.SubElement(root, "g", {"class": "places"})
    linked: dict[int, set[int]] = {}
    for a, b in view.links:
        linked.setdefault(a, set()).add(b)
        linked.setdefault(b, set()).add(a)
    order = [p.number for p in places]
    groups = []
    for place in places:
        attrs = {"class": "place", "data-n": str(place.number), "tabindex": "0"}
        # On a hex map the neighbours touch: no links to light up and name.
        if place.number in linked and not view.hexes:
            attrs["data-links"] = " ".join(str(n) for n in sorted(linked[place.number]))
        if view.distance_note:
            attrs["data-d"] = " ".join(str(_distance(view, place.number, other)) for other in order)
        g = ET.SubElement(group, "g", attrs)
        ET.SubElement(g, "title").text = place.report or place.label
        groups.append((place, g))
    return groups


def _hexes(root: ET.Element, view: MapView, places: list[MapPlace], grid: HexGrid) -> None:
    """A hex map: every field a hex in its ground's colour; over the hexes the lines
    (rivers, roads), over those each field's level, a settlement's symbol in its owner's
    colour in the middle, the marks beside it, the label's first word (the field) above,
    the rest (a name) below. The signs are a group of their own above the lines, which
    the pointer passes through to the field's hex."""
    r = grid.radius
    font = max(7.0, min(13.0, r * 0.32))
    for place, g in _place_groups(root, view, places):
        x, y = grid.centres[place.number]
        ground = view.grounds.get(place.ground)
        points = " ".join(f"{_num(a)},{_num(b)}" for a, b in hex_corners(x, y, r))
        fill = ground.colour if ground is not None else UNKNOWN_COLOUR
        hexagon = {"class": "hex", "points": points, "fill": fill}
        ET.SubElement(g, "polygon", hexagon | {"stroke": "#555555", "stroke-width": "1"})
    draw_lines(root, view, grid)
    signs = ET.SubElement(root, "g", {"class": "signs", "pointer-events": "none"})
    for place in places:
        x, y = grid.centres[place.number]
        draw_peaks(signs, place.level, x, y, r)
        if "source" in place.marks:
            draw_source(signs, x, y, r)
        own = view.viewer > 0 and place.owner == view.viewer
        if place.owner != UNKNOWN or "home" in place.marks:
            _shape(signs, place.marks, own, seat_colour(place.owner), x, y, r * 0.22)
        else:
            _marks(signs, place.marks, x, y, r * 0.22)
        first, _, rest = place.label.partition(" ")
        _text(signs, x, y - r * 0.45, first, font, anchor="middle", cls="label")
        if rest:
            _text(signs, x, y + r * 0.62, rest, font, anchor="middle", cls="label")


def _places(
    root: ET.Element,
    view: MapView,
    places: list[MapPlace],
    positions: Mapping[int, tuple[float, float]],
    scale: Scale,
) -> None:
    for place, g in _place_groups(root, view, places):
        x, y = positions[place.number]
        own = view.viewer > 0 and place.owner == view.viewer
        _shape(g, place.marks, own, seat_colour(place.owner), x, y, scale.radius)
        shift = scale.radius * (1.45 if "home" in place.marks else 1.0) + 3
        # No white rim here: for hundreds of labels it would cost the rasterizer more
        # than the rest of the map (docs/performance.md).
        _text(g, x + shift, y - 3, place.label, scale.font, cls="label")


def _distance(view: MapView, a: int, b: int) -> int:
    if a == b:
        return 0
    return view.distances.get((min(a, b), max(a, b)), -1)


def _shape(
    g: ET.Element, marks: tuple[str, ...], own: bool, fill: str, x: float, y: float, r: float
) -> None:
    """A place's shape: a square for the home, a circle else; a cross over a black hole,
    a dashed rim for an unexplored place, a thick rim for the viewer's own, and its marks
    (:func:`_marks`)."""
    rim = {"stroke": "#000000" if own else "#555555", "stroke-width": "3.2" if own else "1"}
    if "unexplored" in marks:
        # A small ring: a dashed rim would cost the rasterizer more than the whole map.
        r *= 0.6
        rim = {"stroke": "#8a8a8a", "stroke-width": "2"}
        fill = "#ffffff"
    if "home" in marks:
        side = r * 2.6
        box = {"x": _num(x - side / 2), "y": _num(y - side / 2), "width": _num(side)}
        ET.SubElement(g, "rect", box | {"height": _num(side), "fill": fill} | rim)
    else:
        circle = {"cx": _num(x), "cy": _num(y), "r": _num(r), "fill": fill}
        ET.SubElement(g, "circle", circle | rim)
    _marks(g, marks, x, y, r)


def _marks(g: ET.Element, marks: tuple[str, ...], x: float, y: float, r: float) -> None:
    """The marks around a place of radius ``r``: a cross over a black hole, a triangle
    for the viewer's ships or units there, a hollow one for others' units sighted there."""
    if "black_hole" in marks:
        d = r * 0.7
        path = f"M{_num(x - d)},{_num(y - d)} L{_num(x + d)},{_num(y + d)} "
        path += f"M{_num(x - d)},{_num(y + d)} L{_num(x + d)},{_num(y - d)}"
        ET.SubElement(g, "path", {"d": path, "stroke": "#000000", "stroke-width": "2.2"})
    if "fleet" in marks:
        tx, ty, s = x + r * 0.9, y + r * 0.9, r * 0.8
        points = f"{_num(tx)},{_num(ty - s)} {_num(tx + s)},{_num(ty + s * 0.6)} "
        points += f"{_num(tx - s)},{_num(ty + s * 0.6)}"
        ET.SubElement(g, "polygon", {"points": points, "fill": "#000000"})
    if "sighted" in marks:
        tx, ty, s = x - r * 0.9, y + r * 0.9, r * 0.8
        points = f"{_num(tx)},{_num(ty - s)} {_num(tx + s)},{_num(ty + s * 0.6)} "
        points += f"{_num(tx - s)},{_num(ty + s * 0.6)}"
        attrs = {"points": points, "fill": "#ffffff", "stroke": "#000000", "stroke-width": "1.6"}
        ET.SubElement(g, "polygon", attrs)


def swatch(entry: LegendEntry, size: float = 22) -> str:
    """The symbol of a legend entry as a small SVG of its own (the web page's legend)."""
    box = ET.Element(
        "svg",
        {
            "xmlns": SVG_NS,
            "viewBox": f"0 0 {_num(size * 1.6)} {_num(size)}",
            "width": _num(size * 1.6),
            "height": _num(size),
            "aria-hidden": "true",
        },
    )
    if entry.symbol == "move":
        _arrow_marker(box)
    _draw_symbol(box, entry, 0, 0, size)
    return ET.tostring(box, encoding="unicode")


def _draw_symbol(parent: ET.Element, entry: LegendEntry, x: float, y: float, size: float) -> None:
    cx, cy, r = x + size * 0.8, y + size / 2, size * 0.3
    kind = entry.symbol
    left, right = (x + 2, cy), (x + size * 1.6 - 3, cy)
    if kind in ("place", "own"):
        _shape(ET.SubElement(parent, "g"), (), kind == "own", entry.colour, cx, cy, r)
    elif kind == "source":
        draw_source(parent, cx, cy, size * 2.4)
    elif kind in ("home", "fleet", "sighted", "black_hole", "unexplored"):
        _shape(ET.SubElement(parent, "g"), (kind,), False, "#ffffff", cx, cy, r)
    elif kind == "ground":
        points = " ".join(f"{_num(a)},{_num(b)}" for a, b in hex_corners(cx, cy, size * 0.48))
        ET.SubElement(
            parent,
            "polygon",
            {"points": points, "fill": entry.colour, "stroke": "#555555", "stroke-width": "1"},
        )
    elif kind == "line":
        attrs = {"stroke": entry.colour, "stroke_width": _num(entry.width)}
        if entry.broken:
            attrs["stroke_dasharray"] = dash_pattern(entry.width)
        _line(parent, left, right, stroke_linecap="round", **attrs)
    elif kind == "flow":
        _line(parent, left, right, stroke=entry.colour, stroke_width="2")
        ET.SubElement(
            parent, "path", {"d": arrowhead(left, right, size * 2.4), "fill": entry.colour}
        )
    elif kind.startswith("level"):
        # The peaks as on the largest hexes, ending at the symbol's right end.
        radius = size * 2.4
        draw_peaks(parent, int(kind[5:]), right[0] + radius * 0.3, cy + radius * 0.185, radius)
    elif kind == "link":
        _line(parent, left, right, stroke=LINE, stroke_width="1.4")
    elif kind.startswith("near"):
        stroke, width, dash = near_style(int(kind[4:]))
        attrs = {"stroke": stroke, "stroke_width": width}
        if dash:
            attrs["stroke_dasharray"] = dash
        _line(parent, left, right, **attrs)
    elif kind == "move":
        _line(parent, left, right, stroke=ARROW, stroke_width="1.8", marker_end="url(#arrow)")


def legend_rows(entries: list[LegendEntry]) -> list[list[LegendEntry]]:
    """The legend's rows below the map: the symbols two by two, then each note (a
    sentence without symbol) on rows of its own, wrapped."""
    symbols = [e for e in entries if e.symbol != "note"]
    rows = [symbols[i : i + 2] for i in range(0, len(symbols), 2)]
    for note in (e for e in entries if e.symbol == "note"):
        rows += [[LegendEntry("note", line)] for line in textwrap.wrap(note.text, NOTE_WIDTH)]
    return rows


def _legend(root: ET.Element, rows: list[list[LegendEntry]], top: float) -> None:
    group = ET.SubElement(root, "g", {"class": "legend"})
    _line(group, (0, top), (WIDTH, top), stroke="#dddddd")
    half = WIDTH / 2
    for i, row in enumerate(rows):
        y = top + 8 + i * LEGEND_ROW
        for j, entry in enumerate(row):
            x = MARGIN + j * (half - MARGIN / 2)
            if entry.symbol == "note":
                _text(group, x, y + 15, entry.text, LEGEND_FONT)
                continue
            _draw_symbol(group, entry, x, y, 20)
            _text(group, x + 38, y + 15, entry.text, LEGEND_FONT)
