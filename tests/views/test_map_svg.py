"""The map drawn as SVG: a legend for every viewer in his language,
arrowheads and ships on the moves, the distances of an Ashes map, the report line of
every place, the same bytes for the same view, and nothing a seat's printout does not
say."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from engine.ashes_board.kind import ASHES_BOARD
from engine.ashes_board.state import ORBIT
from engine.spacewar.kind import SPACEWAR
from engine.spacewar.state import SpacewarState
from engine.starweb.kind import STARWEB
from engine.views import UNKNOWN, MapMove, MapPlace, MapView
from mailserver.common.catalog import say
from mailserver.printouts.map_svg import legend, map_svg
from mailserver.printouts.maps import render_map, web_map
from tests.ashes_board.test_secrecy import played as board_played
from tests.dice.games import play
from tests.views.test_maps import ashes_game
from tests.views.test_starweb_views import played


def spacewar_round(seed: int, steps: int) -> SpacewarState:
    """A bots' Spacewar game after ``steps`` steps."""
    state = [turn.result.state for turn in play("spacewar", seed, 2, steps)][-1]
    assert isinstance(state, SpacewarState)
    return state


NS = {"svg": "http://www.w3.org/2000/svg"}


def every_mark(lang: str) -> MapView:
    """A view that uses every symbol the host draws."""
    return MapView(
        viewer=1,
        places=(
            MapPlace(1, "W1", owner=1, marks=("home", "fleet"), report="W1 (2) [ME]"),
            MapPlace(2, "W2", owner=0, report="W2 (1,3) [---]"),
            MapPlace(3, "W3", owner=2, report="W3 (2,4) [THEM]"),
            MapPlace(4, "W4", owner=UNKNOWN, marks=("black_hole",), report="W4"),
            MapPlace(5, "W5", owner=UNKNOWN, marks=("unexplored",)),
        ),
        links=((1, 2), (2, 3), (3, 4), (4, 5)),
        moves=(MapMove(target=2, origin=1, label="F12:5"),),
        owners={1: "ME", 2: "THEM"},
        title="test",
        lang=lang,
        move_note="F12:5 = key 12, 5 ships",
    )


def parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts(root: ET.Element, selector: str) -> list[str]:
    return [e.text or "" for e in root.iterfind(selector, NS)]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_legend_explains_every_symbol_the_map_uses_in_the_readers_language(
    lang: str,
) -> None:
    view = every_mark(lang)
    entries = legend(view)
    symbols = {e.symbol for e in entries}
    assert symbols == {
        "place",
        "own",
        "home",
        "fleet",
        "black_hole",
        "unexplored",
        "link",
        "move",
        "note",
    }
    meanings = [e.text for e in entries]
    assert say(lang, "map_legend_unknown") in meanings  # W4: a black hole of no known owner
    for key in ("home", "fleet", "black_hole", "unexplored", "link", "move", "nobody"):
        assert say(lang, f"map_legend_{key}") in meanings
    assert {"ME", "THEM", view.move_note} <= set(meanings)
    drawn = texts(parsed(map_svg(view)), ".//svg:g[@class='legend']/svg:text")
    assert say(lang, "map_legend_home") in drawn and "THEM" in drawn


def test_the_german_legend_addresses_the_player_as_sie_like_every_player_text() -> None:
    meanings = {e.symbol: e.text for e in legend(every_mark("de"))}
    assert (meanings["own"], meanings["home"]) == ("dicker Rand: Ihres", "Quadrat: Ihre Heimat")
    assert say("de", "map_legend_unknown") == "Besitzer Ihnen unbekannt"
    words = " ".join(meanings.values()).lower().replace(",", " ").replace(":", " ").split()
    assert not {"du", "dir", "dein", "deins", "deine"} & set(words)


def test_a_colour_the_map_does_not_use_is_not_in_the_legend() -> None:
    view = MapView(
        viewer=1,
        places=(MapPlace(1, "W1", owner=1), MapPlace(2, "W2", marks=("unexplored",))),
        links=((1, 2),),
        lang="en",
    )
    meanings = [e.text for e in legend(view)]
    assert say("en", "map_legend_unexplored") in meanings
    assert say("en", "map_legend_unknown") not in meanings  # the ring is not grey
    assert say("en", "map_legend_nobody") not in meanings


def test_a_viewer_who_owns_nothing_still_gets_a_legend() -> None:
    view = MapView(
        viewer=3,
        places=(MapPlace(1, "1 Earth"), MapPlace(2, "2 Crab")),
        distances={(1, 2): 0},
        lang="en",
        near=0,
        distance_note="distance = turns",
    )
    drawn = texts(parsed(map_svg(view)), ".//svg:g[@class='legend']/svg:text")
    assert say("en", "map_legend_unknown") in drawn
    assert say("en", "map_legend_near", distance=0) in drawn and "distance = turns" in drawn


def test_moves_are_arrows_with_their_ships_and_end_at_the_targets_rim() -> None:
    root = parsed(map_svg(every_mark("en")))
    arrows = root.findall(".//svg:g[@class='moves']/svg:line", NS)
    assert len(arrows) == 1
    assert arrows[0].get("marker-end") == "url(#arrow)"
    assert root.find(".//svg:marker[@id='arrow']", NS) is not None
    assert "F12:5" in texts(root, ".//svg:g[@class='moves']/svg:text")
    target = root.find(".//svg:g[@data-n='2']/svg:circle", NS)
    assert target is not None
    tip = float(arrows[0].get("x2", 0)), float(arrows[0].get("y2", 0))
    centre = float(target.get("cx", 0)), float(target.get("cy", 0))
    apart = ((tip[0] - centre[0]) ** 2 + (tip[1] - centre[1]) ** 2) ** 0.5
    assert apart >= float(target.get("r", 0))


def test_a_place_carries_its_report_line_and_links() -> None:
    root = parsed(map_svg(every_mark("en")))
    place = root.find(".//svg:g[@data-n='3']", NS)
    assert place is not None
    assert texts(place, "svg:title") == ["W3 (2,4) [THEM]"]
    assert place.get("data-links") == "2 4"
    assert place.get("tabindex") == "0"  # reachable by keyboard and tap


def test_the_same_view_gives_the_same_svg_and_png() -> None:
    view = every_mark("de")
    assert map_svg(view) == map_svg(view)
    png = render_map(view)
    assert png.startswith(b"\x89PNG") and render_map(view) == png
    other = render_map(every_mark("en"))  # another language, another legend
    assert other != png


def test_the_web_map_is_the_drawing_without_the_legend_which_is_text() -> None:
    view = every_mark("de")
    shown = web_map(view)
    assert parsed(shown.svg).find(".//svg:g[@class='legend']", NS) is None
    assert [meaning for _, meaning in shown.legend] == [e.text for e in legend(view)]
    assert all(symbol.startswith("<svg") for symbol, _ in shown.legend if symbol)


def test_a_text_from_the_players_is_escaped() -> None:
    view = MapView(
        viewer=1,
        places=(MapPlace(1, "<b>1</b>", owner=1, report='"x" & <script>'),),
        owners={1: "</svg><script>alert(1)</script>"},
    )
    svg = map_svg(view)
    assert "<script>" not in svg and "<b>" not in svg
    root = parsed(svg)
    assert texts(root, ".//svg:title") == ['"x" & <script>']


def test_the_ashes_map_draws_the_neighbours_and_carries_every_flight_time() -> None:
    ashes, state = ashes_game(2)
    view = ashes.engine.map_view(state, 1, "de")
    root = parsed(map_svg(view))
    lines = root.findall(".//svg:g[@class='near']/svg:line", NS)
    assert len(lines) == sum(1 for d in view.distances.values() if d == 0) > 0
    places = root.findall(".//svg:g[@class='place']", NS)
    order = [int(p.get("data-n", 0)) for p in places]
    for place in places:
        a = int(place.get("data-n", 0))
        row = [int(d) for d in place.get("data-d", "").split()]
        assert row == [0 if a == b else view.distances[min(a, b), max(a, b)] for b in order]
    assert view.distance_note in [e.text for e in legend(view)]


def test_the_starweb_moves_carry_the_keys_ships() -> None:
    state = played(3, 4)
    moved = 0
    for seat in range(1, 7):
        view = STARWEB.engine.map_view(state, seat, "en")
        for move in view.moves:
            key, ships = move.label[1:].split(":")
            fleet = state.fleet(int(key))
            assert fleet.owner == seat and int(ships) == fleet.ships
            moved += 1
        if view.moves:
            assert view.move_note in [e.text for e in legend(view)]
    assert moved > 0


def _telling(text: str) -> set[str]:
    return {line.strip() for line in text.splitlines() if len(line.strip()) >= 20}


def _svg_lines(svg: str) -> set[str]:
    root = parsed(svg)
    return {
        line.strip()
        for element in root.iter()
        for text in (element.text or "", *element.attrib.values())
        for line in text.splitlines()
    }


@pytest.mark.parametrize("kind", ["ashes", "starweb", "ashes-board", "spacewar"])
def test_a_seats_svg_says_nothing_only_another_seats_printout_says(kind: str) -> None:
    if kind == "ashes":
        game, state = ashes_game(5, seed=2)
        engine, seats = game.engine, range(1, 7)
    elif kind == "ashes-board":
        engine, state, seats = ASHES_BOARD.engine, board_played(11, 4, 3), range(1, 5)
    elif kind == "spacewar":
        engine, state, seats = SPACEWAR.engine, spacewar_round(11, 4), range(1, 3)
    else:
        engine, state, seats = STARWEB.engine, played(11, 5), range(1, 7)
    printouts = {seat: _telling(engine.printout(state, seat, "de")) for seat in seats}
    for seat in seats:
        view = engine.map_view(state, seat, "de")
        shown = _svg_lines(map_svg(view))
        for place in view.places:
            # A report is lines of his printout, whole; else the name, with the owner
            # when his printout names it (tests/views/test_maps.py checks the owners).
            if place.report != place.label and not place.report.startswith(place.label + ": "):
                assert _telling(place.report) <= printouts[seat], place
        for other in seats:
            for line in printouts[other] - printouts[seat]:
                assert line not in shown, (seat, other, line)


@pytest.mark.parametrize("kind", ["ashes-board", "spacewar"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_kinds_map_is_in_the_viewers_language(kind: str, lang: str) -> None:
    # A kind's view that forgot its reader's language got an English legend under a
    # German title (the MapView's default).
    if kind == "spacewar":
        engine, state = SPACEWAR.engine, spacewar_round(5, 2)
    else:
        engine, state = ASHES_BOARD.engine, board_played(5, 2, 1)
    view = engine.map_view(state, 1, lang)
    assert view.lang == lang
    assert say(lang, "map_legend_own") in [e.text for e in legend(view)]


def test_the_board_games_legend_explains_its_labels_and_flight_times() -> None:
    state = board_played(11, 3, 4)
    view = ASHES_BOARD.engine.map_view(state, 1, "de")
    said = [e.text for e in legend(view)]
    assert view.label_note in said and "Fabriken" in view.label_note
    assert view.distance_note in said and view.near == 0
    # The triangle is the reader's own ships, as the legend says.
    own = {f.planet for f in state.fleets if f.owner == 1 and f.space == ORBIT}
    assert {p.number for p in view.places if "fleet" in p.marks} == own
