"""A map of fields (``MapView.hexes``): every place a hex where the game puts it, in its
ground's colour, the legend naming the grounds used, others' sighted units marked, the
game's own words for a mark, and the same bytes for the same view."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from engine.views import MapGround, MapPlace, MapView
from mailserver.common.catalog import say
from mailserver.printouts.map_hex import hex_corners, hex_grid
from mailserver.printouts.map_svg import legend, map_svg
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
