"""What a hex map shows beside the fields' grounds (:class:`engine.views.MapView`'s
``edges``, ``paths`` and its places' ``level``), drawn in SVG: lines along the hexes'
sides (rivers between fields, coastlines, walls just inside a field), lines from a hex's
middle to its sides (roads, rivers through a field), the way a line flows as arrowheads
on it, a source as a ring, and a place's level as small peaks. Only what the view holds
is drawn, and the view holds only the viewer's knowledge (the secrecy tests compare
them)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from engine.views import MapLine, MapView
from mailserver.printouts.map_hex import LARGEST, HexGrid, side_ends, side_middle
from mailserver.printouts.map_hex import num as _num

PEAK = "#5d4037"
"""The colour of a level's peaks."""
SOURCE = "#1a4f9c"
"""The rim of a source's ring (``source`` among a place's marks)."""


def _width(line: MapLine, radius: float) -> float:
    """The width of a line of ``line``'s kind on hexes of ``radius``: thinner on smaller
    hexes, never below one unit."""
    return max(1.0, line.width * radius / LARGEST)


def dash_pattern(width: float) -> str:
    """The dash pattern of a broken line (``MapLine.broken``) ``width`` wide: strokes of
    two widths, gaps of one and a half."""
    return f"{_num(width * 2)} {_num(width * 1.5)}"


def _inside(
    end: tuple[float, float], centre: tuple[float, float], inset: float
) -> tuple[float, float]:
    # A corner moved towards the hex's middle by ``inset`` of the radius.
    return end[0] + (centre[0] - end[0]) * inset, end[1] + (centre[1] - end[1]) * inset


def draw_lines(root: ET.Element, view: MapView, grid: HexGrid) -> None:
    """The view's paths and edges of the places the grid holds: one SVG path per kind of
    line (few elements rasterize fast), the kinds in the order of ``MapView.lines``
    (a later one over an earlier: a road over a river); a path without sides a dot as
    wide as two of its lines; an edge of a kind with an inset inside its place's hex."""
    r = grid.radius
    strokes: dict[str, list[str]] = {}
    arrows: dict[str, list[str]] = {}
    dots: list[tuple[str, float, float]] = []
    for path in view.paths:
        if path.place not in grid.centres or path.line not in view.lines:
            continue
        x, y = grid.centres[path.place]
        if not path.sides:
            dots.append((path.line, x, y))
        for side in path.sides:
            mx, my = side_middle(x, y, r, side)
            strokes.setdefault(path.line, []).append(f"M{_num(x)},{_num(y)} L{_num(mx)},{_num(my)}")
            if path.out:  # downstream: from the middle out, or in from the side
                ends = ((x, y), (mx, my)) if side in path.out else ((mx, my), (x, y))
                arrows.setdefault(path.line, []).append(arrowhead(*ends, r))
    for edge in view.edges:
        if edge.place not in grid.centres or edge.line not in view.lines:
            continue
        centre = grid.centres[edge.place]
        inset = view.lines[edge.line].inset
        (x1, y1), (x2, y2) = (
            _inside(end, centre, inset) for end in side_ends(*centre, r, edge.side)
        )
        strokes.setdefault(edge.line, []).append(f"M{_num(x1)},{_num(y1)} L{_num(x2)},{_num(y2)}")
        if edge.flow:
            way = ((x1, y1), (x2, y2)) if edge.flow > 0 else ((x2, y2), (x1, y1))
            arrows.setdefault(edge.line, []).append(arrowhead(*way, r))
    if not strokes and not dots:
        return
    group = ET.SubElement(root, "g", {"class": "lines"})
    for key, line in view.lines.items():
        width = _width(line, r)
        for kind, x, y in dots:
            if kind == key:
                circle = {"cx": _num(x), "cy": _num(y), "r": _num(width)}
                ET.SubElement(group, "circle", circle | {"fill": line.colour})
        if key in strokes:
            attrs = {"class": f"line-{key}", "d": " ".join(strokes[key]), "fill": "none"}
            stroke = {"stroke": line.colour, "stroke-width": _num(width)}
            if line.broken:
                stroke["stroke-dasharray"] = dash_pattern(width)
            ET.SubElement(group, "path", attrs | stroke | {"stroke-linecap": "round"})
        if key in arrows:
            attrs = {"class": f"flow-{key}", "d": " ".join(arrows[key]), "fill": line.colour}
            ET.SubElement(group, "path", attrs)


def arrowhead(a: tuple[float, float], b: tuple[float, float], radius: float) -> str:
    """A small filled arrowhead halfway from ``a`` to ``b``, pointing at ``b`` (the way
    the line flows), sized to hexes of ``radius``."""
    length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    size = max(2.5, radius * 0.13)
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    tip = (mx + ux * size, my + uy * size)
    back = (mx - ux * size * 0.6, my - uy * size * 0.6)
    left = (back[0] - uy * size * 0.7, back[1] + ux * size * 0.7)
    right = (back[0] + uy * size * 0.7, back[1] - ux * size * 0.7)
    return (
        " ".join(
            [
                f"M{_num(tip[0])},{_num(tip[1])}",
                *(f"L{_num(px)},{_num(py)}" for px, py in (left, right)),
            ]
        )
        + " z"
    )


def flow_colour(view: MapView) -> str:
    """The colour of the first kind of line the view shows flowing (its legend's arrow),
    empty when none flows."""
    flowing = {e.line for e in view.edges if e.flow} | {p.line for p in view.paths if p.out}
    return next((line.colour for key, line in view.lines.items() if key in flowing), "")


def draw_source(parent: ET.Element, x: float, y: float, radius: float) -> None:
    """A source in the hex of ``radius`` around (``x``, ``y``): a small white ring with
    a blue rim at the middle, where the river's line starts."""
    ring = {"class": "source", "cx": _num(x), "cy": _num(y), "r": _num(max(2.5, radius * 0.12))}
    rim = {"fill": "#ffffff", "stroke": SOURCE, "stroke-width": _num(max(1.0, radius * 0.05))}
    ET.SubElement(parent, "circle", ring | rim)


def used_lines(view: MapView) -> list[str]:
    """The keys of the kinds of line the view's edges and paths use, in the legend's
    order."""
    used = {e.line for e in view.edges} | {p.line for p in view.paths}
    return [key for key in view.lines if key in used]


def draw_peaks(parent: ET.Element, level: int, x: float, y: float, radius: float) -> None:
    """``level`` small peaks in an overlapping row left of the middle (``x``, ``y``) of a
    hex of ``radius``: clear of the middle's symbol, the label above and the lines to the
    upper left and left sides, four of them still inside the hex."""
    if level <= 0:
        return
    width, height, step = radius * 0.15, radius * 0.17, radius * 0.11
    base = y - radius * 0.1
    right = x - radius * 0.3
    d = []
    for i in range(level):
        left = right - width - step * (level - 1 - i)
        d.append(
            f"M{_num(left)},{_num(base)} L{_num(left + width / 2)},{_num(base - height)} "
            f"L{_num(left + width)},{_num(base)} z"
        )
    ET.SubElement(parent, "path", {"class": "level", "d": " ".join(d), "fill": PEAK})
