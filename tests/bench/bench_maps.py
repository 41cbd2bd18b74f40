"""Benchmark of the map pictures: drawing one printout's map as PNG.

Run: ``python tests/bench/bench_maps.py [repeats] [--quick] [--json]`` (from the
repository root). Draws a player's map of an Ashes game after 10 turns (40 planets laid
out by the distance table) and of a 15-player Starweb game on 255 worlds after 10 turns
(the worlds he knows), the GM's Starweb map (all 255 worlds), and a Welt der Waben realm's
and GM's map of fields on the example map file (rivers, a road, heights), each after a first
drawing that warms the drawing libraries up. The layout is cached per map shape, as in
the server, so the figures are what every printout after the first costs;
``*_first_ms`` is a drawing with an empty layout cache. On a tree that draws SVG
(``mailserver.printouts.map_svg``) ``*_svg_ms`` is the SVG alone, the web page's map.
``*_cpu_ms`` is the drawing's processor time, the least of the repeats: on a shared
machine the load stretches the wall time more than the work (docs/performance.md, "Map
pictures"). Prints medians in milliseconds.

report.py runs it on this tree and on the baseline tree (``PBEM_BENCH_ROOT``), whose
drawing may be another: only ``render_map`` and the layout's cache are asked of a tree.
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from random import Random

sys.path.insert(0, os.environ.get("PBEM_BENCH_ROOT") or str(Path(__file__).resolve().parents[2]))

import importlib

from cli import show, tree_bench_args  # tests/bench/cli.py, beside this script
from timing import samples_ms  # tests/bench/timing.py, beside this script

from engine.core import JSONValue, PlayerSetup, Setup, State, turn_dice, turn_rng
from engine.registry import UnknownGameKind, kind
from engine.views import MapView
from grammar.ashes import LANGUAGE as ASHES_LANGUAGE
from grammar.starweb import LANGUAGE as STARWEB_LANGUAGE
from mailserver.printouts import maps
from mailserver.printouts.maps import render_map

# The layout's cache: in map_layout since the maps are drawn as SVG, in maps before.
_layout_home = (
    maps if hasattr(maps, "layout") else importlib.import_module("mailserver.printouts.map_layout")
)
layout = _layout_home.layout
try:
    from mailserver.printouts.map_svg import map_svg
except ImportError:  # a baseline tree drawn with matplotlib: no SVG to measure
    map_svg = None

CHARACTERS = ("Reichsgründer", "Händler", "Pirat", "Kunstsammler", "Berserker", "Apostel")


def played(name: str, turns: int) -> State:
    """A bot game of the kind after ``turns`` turns."""
    game = kind(name)
    assert game.bots is not None
    language = ASHES_LANGUAGE if name == "ashes" else STARWEB_LANGUAGE
    players = 8 if name == "ashes" else 15
    seats = [
        PlayerSetup(n, None, {"character": CHARACTERS[(n - 1) % 6], "code_name": f"P{n}"})
        if name == "starweb"
        else PlayerSetup(n)
        for n in range(1, players + 1)
    ]
    state = game.engine.new_game(Setup(game=1, players=seats, seed=7), turn_rng(7, 0))
    for _ in range(turns):
        orders = {
            seat: language.parse(
                "\n".join(game.bots.orders(state, seat, Random(seat + state.turn)))
            ).orders
            for seat in range(1, players + 1)
        }
        state = game.engine.run_turn(state, orders, turn_dice(7, state.turn + 1)).state
    return state


def wdw_views() -> dict[str, MapView]:
    """A Welt der Waben realm's picture after its first month (the fields two around its
    units and towns) and the GM's (all 48) on config/examples/wdw-map.json; none on a
    tree without the kind."""
    try:
        game = kind("wdw")
    except UnknownGameKind:
        return {}
    text = (Path(__file__).resolve().parents[2] / "config" / "examples" / "wdw-map.json").read_text(
        encoding="utf-8"
    )
    options: dict[str, JSONValue] = {"map": text, "sight_radius": 2}
    setup = Setup(1, [PlayerSetup(1), PlayerSetup(2)], options=options, seed=7)
    engine = game.engine
    begun = engine.new_game(setup, turn_rng(7, 0))
    state = engine.draft(begun, {}, [], turn_dice(7, 1)).state  # type: ignore[attr-defined]
    return {
        "wdw_player": engine.map_view(state, 1, "de"),  # type: ignore[attr-defined]
        "wdw_gm": engine.map_view(state, 0, "de"),  # type: ignore[attr-defined]
    }


def median_ms(draw: Callable[[], bytes], repeats: int) -> float:
    """The median time (ms) of ``repeats`` drawings."""
    return statistics.median(samples_ms(draw, repeats))


def least_cpu_ms(draw: Callable[[], bytes], repeats: int) -> float:
    """The least processor time (ms) of ``repeats`` drawings."""
    return min(samples_ms(draw, repeats, time.process_time))


def first_ms(view: MapView) -> float:
    layout.cache_clear()
    start = time.perf_counter()
    render_map(view)
    return (time.perf_counter() - start) * 1000


def measure(repeats: int) -> dict[str, float]:
    """The medians (ms) of drawing each map."""
    ashes, starweb = played("ashes", 10), played("starweb", 10)
    views = {
        "ashes_player": kind("ashes").engine.map_view(ashes, 1, "de"),  # type: ignore[attr-defined]
        "starweb_player": kind("starweb").engine.map_view(starweb, 1, "de"),  # type: ignore[attr-defined]
        "starweb_gm": kind("starweb").engine.map_view(starweb, 0, "de"),  # type: ignore[attr-defined]
        **wdw_views(),
    }
    render_map(views["ashes_player"])  # warm-up: importing matplotlib is not a map's cost
    figures: dict[str, float] = {}
    for name, view in views.items():
        figures[f"{name}_first_ms"] = first_ms(view)
        figures[f"{name}_ms"] = median_ms(lambda v=view: render_map(v), repeats)
        figures[f"{name}_cpu_ms"] = least_cpu_ms(lambda v=view: render_map(v), repeats)
        if map_svg is not None:
            figures[f"{name}_svg_ms"] = median_ms(lambda v=view: map_svg(v).encode(), repeats)
    return figures


def main() -> None:
    args = tree_bench_args("Map pictures: drawing time.", "3 repeats", 7)
    figures = measure(3 if args.quick else args.repeats)
    show(figures, args.json, *(f"{name:28} {value:8.1f} ms" for name, value in figures.items()))


if __name__ == "__main__":
    main()
