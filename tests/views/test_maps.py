"""The map picture — what it draws, that it is reproducible, and that a
player's map knows no more than his printout."""

from __future__ import annotations

import importlib
import struct
from concurrent.futures import ThreadPoolExecutor
from random import Random

import pytest

from engine.core import PlayerSetup, Setup
from engine.dice import Dice
from engine.registry import kind
from engine.views import UNKNOWN, MapMove, MapPlace, MapView
from mailserver.printouts.map_layout import layout, seat_colour
from mailserver.printouts.maps import render_map
from mailserver.printouts.raster import rasterize

PNG = b"\x89PNG\r\n\x1a\n"


def ashes_game(turns: int, seed: int = 1, players: int = 6):  # type: ignore[no-untyped-def]
    """An Ashes game of bots after ``turns`` turns."""
    ashes = kind("ashes")
    language = importlib.import_module(ashes.grammar).LANGUAGE
    assert ashes.bots is not None
    state = ashes.engine.new_game(
        Setup(game=5, players=[PlayerSetup(number=n) for n in range(1, players + 1)]), Random(seed)
    )
    for turn in range(turns):
        orders = {
            p: language.parse(
                "\n".join(ashes.bots.orders(state, p, Random(seed * 100 + turn)))
            ).orders
            for p in range(1, players + 1)
        }
        state = ashes.engine.run_turn(state, orders, Dice.legacy(Random(turn))).state
    return ashes, state


def test_a_view_draws_as_the_same_png_every_time() -> None:
    view = MapView(
        viewer=1,
        places=(
            MapPlace(1, "W1", owner=1, marks=("home", "fleet")),
            MapPlace(2, "W2", owner=0),
            MapPlace(3, "W3", owner=2),
            MapPlace(4, "W4", owner=UNKNOWN, marks=("black_hole",)),
            MapPlace(9, "W9", owner=UNKNOWN),  # known, but not joined to the others
        ),
        links=((1, 2), (2, 3), (3, 4)),
        moves=(MapMove(target=3, origin=1, label="F12"),),
        owners={1: "THRAWN", 2: "BORG"},
        title="test",
    )
    first = render_map(view)
    assert first.startswith(PNG)
    assert render_map(view) == first
    assert b"matplotlib" not in first  # no version stamp: reproducible bytes
    other = render_map(MapView(viewer=1, places=view.places[:3], links=((1, 2),)))
    assert other != first


def test_layout_follows_the_distances() -> None:
    near, far = 1, 6
    distances = ((1, 2), near), ((1, 3), far), ((2, 3), far)
    pos = layout((1, 2, 3), (), distances)

    def apart(a: int, b: int) -> float:
        return float(((pos[a][0] - pos[b][0]) ** 2 + (pos[a][1] - pos[b][1]) ** 2) ** 0.5)

    assert apart(1, 2) < apart(1, 3)
    assert apart(1, 2) < apart(2, 3)


def test_parts_that_do_not_hang_together_do_not_overlap() -> None:
    pos = layout((1, 2, 3, 4), ((1, 2), (3, 4)), ())
    assert len({(round(x, 6), round(y, 6)) for x, y in pos.values()}) == 4


def test_colours_tell_seats_nobody_and_unknown_apart() -> None:
    colours = {seat_colour(s) for s in (1, 2, 3, 0, UNKNOWN)}
    assert len(colours) == 5


def test_ashes_map_lays_out_all_planets_and_marks_the_home() -> None:
    ashes, state = ashes_game(0)
    view = ashes.engine.map_view(state, 1, "de")
    assert len(view.places) == 40
    home = state.player(1).home
    assert [p.number for p in view.places if "home" in p.marks] == [home]
    assert {p.owner for p in view.places} == {1, UNKNOWN}
    assert len(view.distances) == 40 * 39 // 2
    gm = ashes.engine.map_view(state, 0, "de")
    assert UNKNOWN not in {p.owner for p in gm.places}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_an_ashes_map_names_no_owner_the_printout_does_not(seed: int) -> None:
    ashes, state = ashes_game(6, seed)
    for seat in range(1, 7):
        view = ashes.engine.map_view(state, seat, "de")
        printout = ashes.engine.printout(state, seat, "de")
        for place in view.places:
            if place.owner not in (UNKNOWN, seat):
                name = place.label.split(" ", 1)[1]
                assert name in printout, (seat, place)
        own = {p.number for p in view.places if p.owner == seat}
        assert own == {p.number for p in state.owned(seat)}
        for move in view.moves:  # only his own fleets under way
            assert any(
                f.owner == seat and f.target == move.target and f.stage is not None
                for f in state.fleets
            )


def test_the_picture_is_three_quarters_of_the_drawing_rounded_half_up() -> None:
    """resvg's own zoom rounded 774 × 0.75 = 580.5 up: the goldens' pictures keep their size."""
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="774">'
        '<text x="10" y="40" font-size="20" font-family="DejaVu Sans">Erde</text></svg>'
    )
    png = rasterize(svg)
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert struct.unpack(">II", png[16:24]) == (600, 581)
    assert rasterize(svg) == png  # the font database kept between pictures changes nothing


def test_pictures_drawn_in_other_threads_are_the_same_and_do_not_panic() -> None:
    """The server draws maps in worker threads; resvg's options may not cross threads."""
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">'
        '<text x="10" y="40" font-size="20" font-family="DejaVu Sans">Terra</text></svg>'
    )
    here = rasterize(svg)
    with ThreadPoolExecutor(max_workers=2) as pool:
        drawn = list(pool.map(rasterize, [svg] * 4))
    assert drawn == [here] * 4
