"""Movement by ranges (Strategie 7.1, F20, D21)."""

from __future__ import annotations

import json
from fractions import Fraction
from random import Random

import pytest

from engine.wdw.calculators.knowledge import knowledge
from engine.wdw.calculators.movement import plan
from engine.wdw.mapfile import read_map
from engine.wdw.movement import month_range, walk
from engine.wdw.movement_rules import MovementRules
from engine.wdw.state import Unit, world
from tests.wdw.helpers import sample

WORLD = world(sample().map_text)


def foot(kf: str = "1/18", **more: object) -> Unit:
    return Unit(realm=1, id=1, unit_class="land", size=1000, kf=kf, nahkampf=1, **more)  # type: ignore[arg-type]


def test_land_units_move_two_fields_and_the_days_are_spread_over_the_month() -> None:
    leg = walk(foot(kf="1/9"), WORLD, ("1/10", "1/11"))
    assert leg.steps == (("1/10", Fraction(15)), ("1/11", Fraction(30)))
    assert not leg.truncated and not leg.bad


def test_a_whole_move_on_a_road_adds_a_field() -> None:
    assert month_range(foot(), WORLD, ("1/19", "1/20", "1/21")) == 3
    assert len(walk(foot(), WORLD, ("1/19", "1/20", "1/21")).steps) == 3
    assert month_range(foot(), WORLD, ("1/26",)) == 2


def test_mounted_units_ships_and_characters_go_further() -> None:
    assert month_range(foot(beritten=True), WORLD, ("1/26",)) == 4
    assert month_range(Unit(1, 2, "character", 1, "1/18"), WORLD, ()) == 6


@pytest.mark.parametrize(
    ("speed", "on_foot", "mounted", "ship"),
    [(0, 2, 4, 6), (1, 2, 5, 8), (2, 3, 6, 10), (3, 4, 8, 12)],
)
def test_speed_scales_the_range_with_the_movement_points(
    speed: int, on_foot: int, mounted: int, ship: int
) -> None:
    # D21 on Strategie 4.3/4.4: ⌊base·BP/BP₀⌋, land +5 BP and ships +10 BP a level.
    assert month_range(foot(geschwindigkeit=speed), WORLD, ("1/26",)) == on_foot
    assert month_range(foot(geschwindigkeit=speed, beritten=True), WORLD, ("1/26",)) == mounted
    assert month_range(Unit(1, 3, "sea", 10, "1/1", geschwindigkeit=speed), WORLD, ()) == ship


def test_a_fast_unit_walks_further_than_a_slow_one() -> None:
    path = ("1/10", "1/11", "1/3", "1/4")
    assert len(walk(foot(kf="1/9"), WORLD, path).steps) == 2
    assert len(walk(foot(kf="1/9", geschwindigkeit=3), WORLD, path).steps) == 4


def test_a_fast_unit_on_a_road_gets_the_road_field_on_top() -> None:
    assert month_range(foot(geschwindigkeit=2), WORLD, ("1/19", "1/20", "1/21")) == 4


def test_a_path_beyond_the_range_stops_where_the_range_ends() -> None:
    leg = walk(foot(kf="1/9"), WORLD, ("1/10", "1/11", "1/3"))
    assert [f for f, _ in leg.steps] == ["1/10", "1/11"] and leg.truncated


def test_a_height_level_costs_one_field_more() -> None:
    # 1/27 (HS 1) to 1/28 (Hügelland, HS 2): 2 of the range of 2.
    leg = walk(foot(kf="1/27"), WORLD, ("1/28", "1/29"))
    assert [f for f, _ in leg.steps] == ["1/28"] and leg.truncated


def test_crossing_a_river_costs_one_field_more() -> None:
    leg = walk(foot(kf="1/4"), WORLD, ("1/5",))
    assert leg.steps == (("1/5", Fraction(30)),)


@pytest.mark.parametrize("listed_by", ["1/4", "1/5"])
def test_a_river_one_field_lists_costs_the_crossing_both_ways(listed_by: str) -> None:
    # Only one of the two fields lists the side between 1/4 and 1/5 (Strategie 7.1).
    data = json.loads(sample().map_text)
    for item in data["fields"]:
        if item["id"] in ("1/4", "1/5") and item["id"] != listed_by:
            item.update(rivers=[], river_flow={})
    one_sided = read_map(json.dumps(data))
    for start, goal in (("1/4", "1/5"), ("1/5", "1/4")):
        leg = walk(foot(kf=start), one_sided, (goal,))
        assert leg.steps == ((goal, Fraction(30)),)


def test_a_step_to_a_field_that_is_not_adjacent_ends_the_path() -> None:
    leg = walk(foot(), WORLD, ("1/19", "1/30"))
    assert [f for f, _ in leg.steps] == ["1/19"] and leg.bad == "not_adjacent"


def test_land_units_stay_off_the_water() -> None:
    leg = walk(foot(kf="1/7"), WORLD, ("1/8",))
    assert leg.steps == () and leg.bad == "land_water"


@pytest.mark.parametrize("prices", [None, {"Tiefland": 3, "Hügelland": 4, "Wald": 5}])
@pytest.mark.parametrize("mounted", [False, True])
@pytest.mark.parametrize("hs3_once", [False, True])
def test_the_planner_prices_every_step_as_the_month_walks_it(
    prices: dict[str, int] | None, mounted: bool, hs3_once: bool
) -> None:
    # Strategie 7.1, F9: the planner (design §9.5) and the month read one price.
    terrains = {f.terrain for f in WORLD.fields.values()}
    step_prices = {t: 2 for t in terrains} | prices if prices is not None else None
    rules = MovementRules(step_prices, hs3_once)
    gm = knowledge(sample(), None)
    rng = Random(7)
    for start in sorted(WORLD.fields)[::3]:
        unit = foot(kf=start, beritten=mounted)
        path: list[str] = []
        here = start
        for _ in range(4):
            here = rng.choice([n for n in WORLD.fields[here].neighbours if n is not None])
            path.append(here)
        route = plan(unit, gm, tuple(path), "", "", rules=rules)
        leg = walk(unit, WORLD, tuple(path), rules=rules)
        assert [(s.kf, s.day) for s in route.steps] == list(leg.steps)
        assert route.stop == ("truncated" if leg.truncated else leg.bad)
        assert sum(s.cost for s in route.steps) == leg.used
