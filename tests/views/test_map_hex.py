"""A map of fields (``MapView.hexes``): every place a hex where the game puts it, in its
ground's colour, the legend naming the grounds used, others' sighted units marked, the
game's own words for a mark, lines along and through the hexes and levels as peaks with
their legend, and the same bytes for the same view."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace

from engine.views import MapEdge, MapGround, MapLine, MapPath, MapPlace, MapView
from mailserver.common.catalog import say
from mailserver.printouts.map_hex import hex_corners, hex_grid, side_ends, side_middle
from mailserver.printouts.map_svg import legend, map_svg, swatch
from mailserver.printouts.maps import render_map

NS = {"svg": "http://www.w3.org/2000/svg"}
GROUNDS = {
    "plain": MapGround("Plain", "#e4ecb8"),
    "sea": MapGround("Sea", "#a9cdef"),
    "ice": MapGround("Ice", "#ffffff"),
}


def fields(lang: str = "en") -> MapView:
    """Four fields on two rows, one the viewer's town with his units, one with others'
    units he sighted; one place without a position."""
    return MapView(
        viewer=1,
        places=(
            MapPlace(101, "1/1 Home", owner=1, marks=("home", "fleet"), ground="plain"),
            MapPlace(102, "1/2", ground="plain", marks=("sighted",), report="1/2 plain"),
            MapPlace(109, "1/9", ground="sea"),
            MapPlace(110, "1/10", ground=""),
            MapPlace(999, "nowhere", ground="plain"),
        ),
        links=((101, 102), (101, 109), (102, 109), (102, 110), (109, 110)),
        owners={1: "ME"},
        lang=lang,
        hexes={101: (0, 0), 102: (1, 0), 109: (0, 1), 110: (1, 1)},
        grounds=GROUNDS,
        mark_texts={"fleet": "triangle: own units there"},
    )


def test_odd_rows_are_shifted_half_a_hex_and_the_hexes_touch() -> None:
    grid = hex_grid({1: (0, 0), 2: (1, 0), 3: (0, 1)}, 0, 0, 100)
    (x1, y1), (x2, y2), (x3, y3) = grid.centres[1], grid.centres[2], grid.centres[3]
    width = x2 - x1
    assert y1 == y2 and abs(width - 3**0.5 * grid.radius) < 0.2
    assert abs(x3 - (x1 + width / 2)) < 0.2 and abs(y3 - y1 - 1.5 * grid.radius) < 0.2
    # Two neighbours share an edge: two corners of one are corners of the other.
    shared = set(hex_corners(x1, y1, grid.radius)) & set(hex_corners(x2, y2, grid.radius))
    assert len(shared) == 2


def test_a_grid_starting_on_an_odd_row_keeps_it_shifted() -> None:
    grid = hex_grid({1: (3, 5), 2: (3, 6)}, 0, 0, 100)
    assert grid.centres[1][0] > grid.centres[2][0]


def test_every_placed_field_is_a_hex_in_its_grounds_colour_and_no_link_is_drawn() -> None:
    root = ET.fromstring(map_svg(fields()))
    places = root.findall(".//svg:g[@class='place']", NS)
    assert [g.get("data-n") for g in places] == ["101", "102", "109", "110"]
    fills = [g.find("svg:polygon", NS).get("fill") for g in places]  # type: ignore[union-attr]
    assert fills == ["#e4ecb8", "#e4ecb8", "#a9cdef", "#d9d9d9"]
    assert root.find(".//svg:g[@class='links']", NS) is None
    assert all(g.get("data-links") is None for g in places)  # neighbours touch
    assert places[1].findtext("svg:title", namespaces=NS) == "1/2 plain"
    labels = [t.text for t in root.iterfind(".//svg:text[@class='label']", NS)]
    assert labels[:3] == ["1/1", "Home", "1/2"]


def test_the_legend_names_the_grounds_used_the_sighted_units_and_the_games_words() -> None:
    entries = legend(fields("de"))
    grounds = [(e.text, e.colour) for e in entries if e.symbol == "ground"]
    assert grounds == [("Plain", "#e4ecb8"), ("Sea", "#a9cdef")]  # no ice: not shown
    texts = {e.symbol: e.text for e in entries}
    assert texts["sighted"] == say("de", "map_legend_sighted")
    assert texts["fleet"] == "triangle: own units there"
    assert "link" not in texts  # neighbours touch, no lines
    assert say("de", "map_legend_unknown") not in texts.values()


def test_the_same_hex_view_gives_the_same_png() -> None:
    png = render_map(fields())
    assert png.startswith(b"\x89PNG") and png == render_map(fields())


LINES = {
    "river": MapLine("River", "#2f6fc4", 3.0),
    "road": MapLine("Road", "#a0522d", 2.5),
    "canal": MapLine("Canal", "#00ffff", 2.0),
}


def with_lines() -> MapView:
    """The four fields with a river along a side, a road through two of them, a road
    dot, a path of a place without a position, and levels."""
    view = fields()
    places = tuple(replace(p, level=p.number % 3) for p in view.places)
    return replace(
        view,
        places=places,
        lines=LINES,
        edges=(MapEdge(101, 2, "river"), MapEdge(999, 1, "river")),
        paths=(MapPath(101, (3,), "road"), MapPath(110, (6,), "road"), MapPath(102, (), "road")),
        level_texts={1: "Level one", 2: "Level two"},
    )


def test_a_side_runs_between_two_corners_and_its_middle_is_the_neighbours_too() -> None:
    grid = hex_grid({1: (0, 0), 2: (1, 0), 3: (0, 1)}, 0, 0, 100)
    (x1, y1), (x2, y2), (x3, y3) = grid.centres[1], grid.centres[2], grid.centres[3]
    r = grid.radius
    # Side 2 (right) of the first is side 5 (left) of the second; side 3 (lower right)
    # of the first side 6 (upper left) of the one below it.
    assert set(side_ends(x1, y1, r, 2)) == set(side_ends(x2, y2, r, 5))
    assert side_middle(x1, y1, r, 3) == side_middle(x3, y3, r, 6)
    assert side_ends(x1, y1, r, 1)[0] == hex_corners(x1, y1, r)[0]  # side 1 from the top


def test_edges_and_paths_are_drawn_per_kind_of_line_between_the_hexes_and_the_signs() -> None:
    root = ET.fromstring(map_svg(with_lines(), with_legend=False))
    groups = [g.get("class") for g in root.findall("svg:g", NS)]
    assert groups == ["places", "lines", "signs"]
    lines = root.find("svg:g[@class='lines']", NS)
    assert lines is not None
    paths = {p.get("class"): p for p in lines.findall("svg:path", NS)}
    assert set(paths) == {"line-river", "line-road"}  # no canal: none drawn
    assert paths["line-river"].get("stroke") == "#2f6fc4"
    assert paths["line-river"].get("d", "").count("M") == 1  # the unplaced one left out
    assert paths["line-road"].get("d", "").count("M") == 2
    (dot,) = lines.findall("svg:circle", NS)
    assert dot.get("fill") == "#a0522d"
    signs = root.find("svg:g[@class='signs']", NS)
    assert signs is not None and signs.get("pointer-events") == "none"
    assert len(signs.findall("svg:path[@class='level']", NS)) == 3  # 101, 109, 110


def test_the_legend_names_the_lines_and_levels_drawn_only() -> None:
    entries = legend(with_lines())
    assert [(e.symbol, e.text) for e in entries if e.symbol == "line"] == [
        ("line", "River"),
        ("line", "Road"),
    ]
    assert [e.text for e in entries if e.symbol.startswith("level")] == ["Level one", "Level two"]
    river = next(e for e in entries if e.text == "River")
    assert 'stroke="#2f6fc4"' in swatch(river) and 'stroke-width="3"' in swatch(river)
    two = next(e for e in entries if e.text == "Level two")
    assert swatch(two).count(" z") == 2  # two peaks


def test_a_view_without_lines_draws_none() -> None:
    root = ET.fromstring(map_svg(fields()))
    assert root.find(".//svg:g[@class='lines']", NS) is None
    assert root.find(".//svg:path[@class='level']", NS) is None
    assert not any(e.symbol == "line" for e in legend(fields()))


def test_the_same_view_with_lines_gives_the_same_png() -> None:
    assert render_map(with_lines()) == render_map(with_lines())


def _wall_path(view: MapView) -> ET.Element:
    (path,) = ET.fromstring(map_svg(view)).findall(".//svg:path[@class='line-wall']", NS)
    return path


def _xs(path: ET.Element) -> list[float]:
    """The x of the two ends of a one-line path ``Mx,y Lx,y``."""
    return [float(end.split(",")[0]) for end in path.get("d", "")[1:].split(" L")]


def test_an_inset_edge_runs_inside_its_hex_and_a_broken_one_is_dashed_in_the_legend_too() -> None:
    wall = MapLine("Wall", "#3b2a20", 4.0, inset=0.25, broken=True)
    view = replace(fields(), lines={"wall": wall}, edges=(MapEdge(101, 2, "wall"),))
    inset = _wall_path(view)
    assert inset.get("stroke-dasharray") == "8 6"  # strokes of two widths, gaps of 1.5
    on_side = _wall_path(replace(view, lines={"wall": replace(wall, inset=0.0, broken=False)}))
    assert on_side.get("stroke-dasharray") is None
    # Side 2 is the right one, upright: the inset line runs parallel, left of it.
    left, right = _xs(inset), _xs(on_side)
    assert left[0] == left[1] < right[0] == right[1]
    entry = next(e for e in legend(view) if e.text == "Wall")
    assert entry.broken and 'stroke-dasharray="8 6"' in swatch(entry)
