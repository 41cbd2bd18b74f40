"""Rivers, roads and heights on a realm's map picture (Strategie 1.3, 7.1): what the map
file says of them, read and checked; drawn from the fields the realm knows and from
nothing else (a property: whatever the unseen fields hold, the picture is the same); the
GM's picture shows all of them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.views import MapEdge, MapPath
from engine.wdw.map_lines import level, lines, place_number
from engine.wdw.mapfile import MapError, read_map
from engine.wdw.state import WdwState, world
from mailserver.printouts.map_svg import legend, map_svg
from tests.lanes import examples
from tests.wdw.helpers import GAME, sample

EXAMPLE = (Path(__file__).parents[2] / "config" / "examples" / "wdw-map.json").read_text(
    encoding="utf-8"
)


def edited(text: str, **changes: dict[str, object]) -> str:
    """The map ``text`` with the fields named (``f1_37`` for 1/37) changed."""
    data = json.loads(text)
    for name, change in changes.items():
        fid = name[1:].replace("_", "/")
        next(f for f in data["fields"] if f["id"] == fid).update(change)
    return json.dumps(data, ensure_ascii=False)


def on_map(text: str, known: list[str]) -> WdwState:
    """The sample scenario on the map ``text``, realm 1 knowing the fields ``known``."""
    state = sample(map=text)
    state.realm(1).known = known
    return state


def test_the_example_map_holds_a_river_through_fields_that_ends_in_the_sea() -> None:
    fields = read_map(EXAMPLE).fields
    assert [fields[f].river_through for f in ("1/37", "1/38", "1/39")] == [(2,), (5, 2), (5, 2)]
    assert fields["1/39"].navigable and fields["1/40"].water
    assert fields["1/40"].river_through == ()


def test_a_river_through_a_field_must_run_on_into_the_land_beside() -> None:
    broken = edited(EXAMPLE, f1_38={"river_through": [2]})
    with pytest.raises(MapError, match=r"^line \d+: field 1/37: the river through it leaves by"):
        read_map(broken)


@pytest.mark.parametrize("sides", [[7], ["x"], 2])
def test_river_through_sides_are_1_to_6(sides: object) -> None:
    with pytest.raises(MapError, match="river_through sides are 1-6"):
        read_map(edited(EXAMPLE, f1_1={"river_through": sides}))


def test_the_gms_picture_has_every_river_road_and_height() -> None:
    view = GAME.map_view(sample(map=EXAMPLE), 0, "en")
    rivers = {(e.place, e.side) for e in view.edges if e.line != "coast"}
    # Eight sides with a river, each listed by both fields, drawn once.
    assert rivers == {
        (104, 2),
        (105, 3),
        (105, 4),
        (106, 3),
        (106, 4),
        (107, 3),
        (107, 4),
        (112, 2),
    }
    paths = {p.place: (p.sides, p.line) for p in view.paths}
    assert paths[137] == ((2,), "river") and paths[139] == ((5, 2), "navigable")
    assert paths[117] == ((2,), "road") and paths[122] == ((5,), "road")
    levels = {p.number: p.level for p in view.places if p.level}
    assert levels[136] == 4 and levels[127] == 2 and 118 not in levels  # HS 1: none
    assert [e.text for e in legend(view) if e.symbol == "line"] == [
        "coastline",
        "river",
        "navigable river",
        "road",
    ]
    assert {e.symbol: e.text for e in legend(view)}["level4"] == "height level 4"


def test_a_road_leads_only_towards_known_fields_with_a_road() -> None:
    view = GAME.map_view(on_map(EXAMPLE, ["1/18", "1/19", "1/26"]), 1, "en")
    assert view.paths == (MapPath(118, (2,), "road"), MapPath(119, (5,), "road"))
    alone = GAME.map_view(on_map(EXAMPLE, ["1/18"]), 1, "en")
    assert alone.paths == (MapPath(118, (), "road"),)  # a dot: its road goes on unseen


def test_a_river_at_a_side_is_drawn_from_the_known_field_that_lists_it() -> None:
    # 1/5 lists side 5 (towards 1/4), 1/4 side 2: known alone, each draws its own.
    # Both say it flows south: up side 5 of 1/5 is counter-clockwise, side 2 of 1/4
    # clockwise.
    alone = GAME.map_view(on_map(EXAMPLE, ["1/5"]), 1, "en").edges
    assert MapEdge(105, 5, "navigable", -1) in alone
    both = GAME.map_view(on_map(EXAMPLE, ["1/4", "1/5"]), 1, "en").edges
    assert MapEdge(104, 2, "navigable", 1) in both
    assert (105, 5) not in {(e.place, e.side) for e in both}  # drawn once
    # A side only the unseen neighbour lists is the known field's border too: drawn, with
    # the neighbour's flow.
    one_sided = edited(EXAMPLE, f1_5={"rivers": [3, 4], "river_flow": {"3": 2, "4": 3}})
    assert GAME.map_view(on_map(one_sided, ["1/5"]), 1, "en").edges == alone


def test_the_legend_in_german_names_rivers_roads_and_heights() -> None:
    # A road (1/18, 1/19), the river rising in 1/37 at HS 2, not yet navigable.
    view = GAME.map_view(on_map(EXAMPLE, ["1/18", "1/19", "1/37"]), 1, "de")
    texts = [(e.symbol, e.text) for e in legend(view)]
    assert ("line", "Fluss") in texts and ("line", "Straße") in texts
    assert ("level2", "Höhenstufe 2") in texts
    assert not any(t == "schiffbarer Fluss" for _, t in texts)  # not in its sight


def test_the_picture_draws_the_lines_and_peaks_of_the_view() -> None:
    view = GAME.map_view(on_map(EXAMPLE, ["1/36", "1/37", "1/38"]), 1, "en")
    svg = map_svg(view, with_legend=False)
    assert svg.count('class="level"') == 2  # 1/36 (HS 4) and 1/37 (HS 2), not 1/38
    assert map_svg(view).count('class="level"') == 4  # and in the legend: HS 2, HS 4
    assert 'class="line-river"' in svg and 'stroke="#2f6fc4"' in svg
    assert 'class="line-road"' not in svg


def test_a_height_is_drawn_from_hs_2_up() -> None:
    fields = read_map(EXAMPLE).fields
    assert [level(fields[f]) for f in ("1/40", "1/18", "1/27", "1/36")] == [0, 0, 2, 4]


UNSEEN = st.fixed_dictionaries(
    {
        "road": st.booleans(),
        "navigable": st.booleans(),
        "height": st.integers(0, 4),
        "terrain": st.sampled_from(["Tiefland", "Wald", "Gebirge"]),
        "rivers": st.lists(st.integers(1, 6), max_size=3, unique=True),
        "coast": st.booleans(),
    }
)


@settings(max_examples=examples(40), deadline=None)
@given(
    known=st.lists(st.sampled_from(sorted(world(EXAMPLE).fields)), min_size=1, unique=True),
    unseen=st.lists(UNSEEN, min_size=48, max_size=48),
    lang=st.sampled_from(["de", "en"]),
    unflowed=st.sets(st.sampled_from(["1/37", "1/38", "1/39"])),
)
def test_the_picture_is_the_same_whatever_the_unseen_fields_hold(
    known: list[str], unseen: list[dict[str, object]], lang: str, unflowed: set[str]
) -> None:
    data = json.loads(EXAMPLE)
    for item, change in zip(data["fields"], unseen, strict=True):
        if item["id"] in unflowed - set(known):
            # Which way an unseen stretch of the river flows (or whether it rises there).
            item.pop("river_out", None)
            item.pop("source", None)
        if item["id"] not in known and not item.get("river_through"):
            # Water stays water: the example's river ends in it.
            # A river at a side towards a known field is that field's border too (read
            # into both, docs/state-wdw.md): it stays as it was.
            shared = [i for i, n in enumerate(item["neighbours"], 1) if n in known]
            flow = {k: v for k, v in item.get("river_flow", {}).items() if int(k) in shared}
            rivers = [r for r in item.get("rivers", []) if r in shared]
            item.update(change | ({"terrain": item["terrain"]} if item["height"] == 0 else {}))
            item["rivers"] = sorted({*rivers, *(r for r in item["rivers"] if r not in shared)})
            item["river_flow"] = flow  # the flow of its old rivers at the unseen sides goes
    other = json.dumps(data, ensure_ascii=False)
    first = GAME.map_view(on_map(EXAMPLE, known), 1, lang)
    second = GAME.map_view(on_map(other, known), 1, lang)
    assert map_svg(first) == map_svg(second)
    shown = {place_number(f) for f in known}
    assert {e.place for e in first.edges} | {p.place for p in first.paths} <= shown


def test_the_lines_of_no_known_field_are_none() -> None:
    found = lines(read_map(EXAMPLE), [], "en")
    assert found.edges == () and found.paths == ()
