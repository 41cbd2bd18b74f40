"""Fleets along rivers at the fields' sides (Strategie 7.1, 3.2; docs/rules-wdw.md,
"Fleets on rivers"): a fleet lies on a bank, crosses to the other one or sails past a
corner where the river runs on, upstream at double cost; the month, the movement
planner, the acknowledgement and a retreat read the same rule."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core import Order
from engine.wdw.items import find_items
from engine.wdw.mapfile import read_map
from engine.wdw.movement import walk
from engine.wdw.orders import Fight
from engine.wdw.retreat import free_neighbours
from engine.wdw.rivers import barrier, side_ways
from engine.wdw.state import Unit, WdwState
from tests.wdw.helpers import GAME, by_number, field_of, month, sample, unit_of
from tests.wdw.test_calculators import lines_of
from tests.wdw.test_map_lines import EXAMPLE, edited, on_map

# A navigable river at the sides (both fields list it): along 1/30|1/31 (flowing north),
# on along 1/23|1/31 into the sea 1/24 at the corner of 1/23, 1/24 and 1/31.
SIDE_RIVER = edited(
    EXAMPLE,
    f1_23={"rivers": [3], "river_flow": {"3": 2}, "navigable": True},
    f1_30={"rivers": [2], "river_flow": {"2": 1}, "navigable": True},
    f1_31={"rivers": [5, 6], "river_flow": {"5": 6, "6": 1}, "navigable": True},
)
WORLD = read_map(SIDE_RIVER)
KNOWN = ["1/22", "1/23", "1/24", "1/30", "1/31", "1/39"]


def fleet(kf: str) -> Unit:
    return Unit(realm=1, id=301, unit_class="sea", size=100, kf=kf, nahkampf=1)


def with_fleet(kf: str, text: str = SIDE_RIVER) -> WdwState:
    state = on_map(text, KNOWN)
    state.units.append(fleet(kf))
    return state


def test_the_ways_along_the_sides_and_which_go_upstream() -> None:
    assert side_ways(WORLD, "1/24", "1/31") == [True]  # up the mouth past 1/23's corner
    assert side_ways(WORLD, "1/31", "1/30") == [False]  # across to the other bank
    assert side_ways(WORLD, "1/30", "1/23") == [False]  # past the corner, downstream
    assert side_ways(WORLD, "1/23", "1/30") == [True]  # the same way up
    assert side_ways(WORLD, "1/31", "1/39") == []


def test_a_fleet_sails_up_a_river_at_the_sides_and_down_it() -> None:
    # Up from the sea 2 + one height level, across 1, past the corner downstream 1: 5 of 6.
    leg = walk(fleet("1/24"), WORLD, ("1/31", "1/30", "1/23"))
    assert leg.steps == (("1/31", Fraction(15)), ("1/30", Fraction(20)), ("1/23", Fraction(25)))
    assert not leg.bad and not leg.truncated
    back = walk(fleet("1/23"), WORLD, ("1/30", "1/31", "1/24"))
    assert back.steps == (("1/30", Fraction(10)), ("1/31", Fraction(15)), ("1/24", Fraction(25)))


@pytest.mark.parametrize(
    ("changes", "start", "path", "bad"),
    [
        ({}, "1/31", ("1/39",), "off_river"),  # 1/39's river runs through it, not from 1/31
        ({}, "1/23", ("1/22",), "land_water"),  # land with no river
        ({}, "1/30", ("1/29",), "land_water"),
        ({"f1_30": {"navigable": False}}, "1/31", ("1/30",), "not_navigable"),
        (
            {
                "f1_30": {"rivers": [], "river_flow": {}},
                "f1_31": {"rivers": [6], "river_flow": {"6": 1}},
            },
            "1/31",
            ("1/30",),
            "land_water",
        ),
    ],
)
def test_a_fleet_leaves_a_river_at_the_sides_only_where_it_runs(
    changes: dict[str, dict[str, object]], start: str, path: tuple[str, ...], bad: str
) -> None:
    assert barrier("sea", read_map(edited(SIDE_RIVER, **changes)), start, path[0]) == bad
    leg = walk(fleet(start), read_map(edited(SIDE_RIVER, **changes)), path)
    assert leg.bad == bad and leg.steps == ()


def test_a_river_at_the_sides_is_no_waterway_for_land_units() -> None:
    # Land units cross it (+1, 7.1) and never sail on it.
    army = Unit(realm=1, id=101, unit_class="land", size=100, kf="1/31", nahkampf=1)
    assert walk(army, WORLD, ("1/30",)).steps == (("1/30", Fraction(30)),)


def test_the_planner_walks_a_river_at_the_sides_and_names_the_stop() -> None:
    state = with_fleet("1/24")
    params = {"unit": "301", "path": "1/31 1/30 1/23 1/22"}
    lines = lines_of(GAME.calculate(state, 1, "movement", params, "de"))
    assert "1/31: kostet 3 (flussaufwärts), verbraucht 3/6, Tag 15" in lines
    assert "1/30: kostet 1, verbraucht 4/6, Tag 20" in lines
    assert "1/23: kostet 1, verbraucht 5/6, Tag 25" in lines
    assert "1/22: Land/Wasser passt nicht zur Einheit" in lines
    off = lines_of(GAME.calculate(state, 1, "movement", {"unit": "301", "path": "1/31 1/39"}, "en"))
    assert (
        "1/39: a fleet goes on land only along a river that runs there from the field before"
        " (through the fields or along their sides)"
    ) in off


def test_the_acknowledgement_takes_a_way_along_the_sides_and_refuses_one_off_it() -> None:
    state = with_fleet("1/24")
    legal = GAME.describe_order(
        state, 1, Fight(unit=301, code="KV", path=("1/31", "1/30", "1/23")), "de", by_number
    )
    assert "Weg:" not in legal and "1/23" in legal
    german = GAME.describe_order(
        state, 1, Fight(unit=301, code="KV", path=("1/31", "1/39")), "de", by_number
    )
    assert (
        "Weg: eine Flotte fährt nach 1/39 nur auf einem Fluss, der vom Feld davor dorthin führt"
        " (durch die Felder oder an ihren Seiten entlang)"
    ) in german
    english = GAME.describe_order(
        with_fleet("1/31", edited(SIDE_RIVER, f1_30={"navigable": False})),
        1,
        Fight(unit=301, code="KV", path=("1/30",)),
        "en",
        by_number,
    )
    assert "path: the river to 1/30 is not navigable" in english


def test_the_month_sails_a_fleet_along_the_sides_and_it_retreats_that_way() -> None:
    after = month(with_fleet("1/24"), Fight(unit=301, code="KV", path=("1/31", "1/30", "1/23")))
    assert field_of(after, 1, 301) == "1/23"
    moored = unit_of(after, 1, 301)
    assert free_neighbours(after, moored) == ["1/24", "1/31", "1/30"]


def test_a_fleet_under_f_chases_up_a_river_at_the_sides() -> None:
    # Tharn's 2/101 marches into 1/23, on the river's bank; Isyrial's fleet in the sea
    # 1/24 sees it on day 15 and sails up the mouth after it (3 of its 6 left: day 30).
    state = with_fleet("1/24")
    orders: dict[int, list[Order]] = {
        1: [Fight(unit=301, code="KA", ext="F")],
        2: [Fight(unit=101, code="KV", path=("1/23",))],
    }
    leg = find_items(state, orders).legs["1/301"]
    assert leg.steps == (("1/23", Fraction(30)),) and leg.pursued == "2/101"
    inland = find_items(with_fleet("1/24", EXAMPLE), orders).legs["1/301"]
    assert inland.steps == () and not inland.pursued  # no river there: it stays at sea


@pytest.mark.parametrize(
    "text", [sample().map_text, EXAMPLE], ids=["packaged sample", "config example"]
)
def test_the_shipped_maps_side_river_carries_a_fleet_from_the_sea_inland(text: str) -> None:
    # The river along the sides from 1/4|1/5 east to the sea at 1/8: up its mouth past
    # 1/15's corner 2 + one height level, on past 1/14's corner upstream 2: 5 of 6.
    shipped = read_map(text)
    leg = walk(fleet("1/8"), shipped, ("1/7", "1/6", "1/5"))
    assert leg.steps == (("1/7", Fraction(15)), ("1/6", Fraction(25)))
    assert leg.truncated and not leg.bad
    # The next month on to the head of the river, across to the other bank at 1/12.
    on = walk(fleet("1/6"), shipped, ("1/5", "1/4", "1/5", "1/12"))
    assert [f for f, _ in on.steps] == ["1/5", "1/4", "1/5", "1/12"] and not on.bad
    # Down to the sea again: no step upstream, one height level.
    down = walk(fleet("1/5"), shipped, ("1/6", "1/7", "1/8"))
    assert down.steps[-1] == ("1/8", Fraction(20)) and not down.bad
