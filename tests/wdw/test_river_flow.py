"""The flow of rivers in the map file and fleets on navigable rivers (Strategie 7.1:
"Bewegen sich Flotten flußaufwärts, zählt jede KF-Seite als zwei"; docs/rules-wdw.md,
"The flow of rivers", "Fleets on rivers"): read and checked, walked by the month, the
movement planner and the acknowledgement alike."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.wdw.mapfile import MapError, read_map
from engine.wdw.movement import walk
from engine.wdw.orders import Fight
from engine.wdw.state import Unit, WdwState
from tests.wdw.helpers import GAME, by_number, field_of, month
from tests.wdw.test_calculators import lines_of
from tests.wdw.test_map_lines import EXAMPLE, edited, on_map

# The example's river rises in 1/37, runs through 1/38 and the navigable 1/39 into the
# water 1/40; its side rivers flow south.
WORLD = read_map(EXAMPLE)
NO_FLOW = edited(
    EXAMPLE,
    f1_37={"source": False},
    f1_38={"river_out": None},
    f1_39={"river_out": None},
)


def fleet(kf: str) -> Unit:
    return Unit(realm=1, id=301, unit_class="sea", size=100, kf=kf, nahkampf=1)


def test_the_example_says_where_the_river_rises_and_which_way_it_flows() -> None:
    fields = WORLD.fields
    assert fields["1/37"].source and fields["1/37"].river_out == (2,)
    assert [fields[f].river_out for f in ("1/38", "1/39")] == [(2,), (2,)]
    assert not fields["1/38"].source
    # The river at the sides flows south along 1/4|1/5, then east to the sea at 1/8.
    assert fields["1/4"].river_flow == (3,) and fields["1/5"].flows_toward(5) == 4
    assert fields["1/4"].flows_toward(2) == 3 and fields["1/4"].flows_toward(5) == 0


def test_an_old_map_without_flow_loads_with_no_direction_and_no_source() -> None:
    fields = read_map(NO_FLOW).fields
    assert all(f.river_out == () and not f.source for f in fields.values())
    assert fields["1/38"].river_through == (5, 2)


@pytest.mark.parametrize(
    ("changes", "reason"),
    [
        ({"f1_38": {"river_out": [3]}}, "field 1/38: river_out [3] is not among river_through"),
        (
            {"f1_38": {"river_out": [5, 2]}},
            'the river flows out by sides 5 and 2; a river that splits there needs "fork"',
        ),
        (
            {"f1_38": {"source": True, "river_out": [2]}},
            "field 1/38: a source, but its river flows in by side 5",
        ),
        ({"f1_1": {"source": True}}, "field 1/1: a source needs the sides its river leaves by"),
        ({"f1_1": {"source": "ja"}}, "field 1/1: source and fork must be true or false"),
        (
            {"f1_39": {"river_out": [5]}},
            "field 1/38: its river flows out by side 2 (1/39), and the river of 1/39 flows out by",
        ),
        (
            {
                "f1_38": {"river_out": [5], "source": False},
                "f1_37": {"source": False, "river_out": []},
            },
            "field 1/38: its river flows in by side 2 (1/39), and the river of 1/39 flows in by",
        ),
        ({"f1_4": {"river_flow": {"2": 5}}}, "flows towards a side next to it, 1 or 3, not 5"),
        (
            {"f1_19": {"river_flow": {"4": 3}}},
            "field 1/19: river_flow names side 4, which has no river",
        ),
        ({"f1_19": {"river_flow": [2]}}, "field 1/19: river_flow is an object"),
        (
            {"f1_5": {"river_flow": {"3": 2, "5": 6, "4": 3}}},
            "field 1/4: the river at side 2 flows towards side 3, but 1/5 says the other way",
        ),
    ],
)
def test_a_flow_that_contradicts_itself_is_refused_with_the_field(
    changes: dict[str, dict[str, object]], reason: str
) -> None:
    with pytest.raises(MapError, match=r"^line \d+: ") as refused:
        read_map(edited(EXAMPLE, **changes))
    assert reason in str(refused.value)


def test_a_river_that_splits_may_flow_out_two_ways() -> None:
    # From 1/37 into 1/38, out of it east (1/39) and south-east (1/46), where it ends.
    split = {"river_through": [5, 2, 3], "river_out": [2, 3], "fork": True}
    forked = read_map(edited(EXAMPLE, f1_38=split, f1_46={"river_through": [6]}))
    assert forked.fields["1/38"].river_out == (2, 3) and not forked.fields["1/38"].source


def test_a_river_flowing_out_every_way_it_passes_rises_there() -> None:
    both = read_map(
        edited(EXAMPLE, f1_37={"source": False}, f1_38={"river_out": [5, 2], "fork": True})
    )
    assert both.fields["1/38"].source and not both.fields["1/37"].source


def test_a_fleet_sails_up_a_navigable_river_at_double_cost() -> None:
    # 7.1: 1/40 -> 1/39 upstream 2, one height level +1; 1/39 -> 1/38 upstream 2: 5 of 6.
    leg = walk(fleet("1/40"), WORLD, ("1/39", "1/38"))
    assert leg.steps == (("1/39", Fraction(15)), ("1/38", Fraction(25)))
    assert not leg.bad and not leg.truncated


def test_a_fleet_sails_down_the_river_at_the_plain_cost() -> None:
    leg = walk(fleet("1/38"), WORLD, ("1/39", "1/40"))
    assert leg.steps == (("1/39", Fraction(5)), ("1/40", Fraction(15)))


def test_without_a_flow_in_the_map_no_step_is_upstream() -> None:
    leg = walk(fleet("1/40"), read_map(NO_FLOW), ("1/39", "1/38"))
    assert leg.steps == (("1/39", Fraction(10)), ("1/38", Fraction(15)))


@pytest.mark.parametrize(
    ("start", "path", "bad"),
    [
        ("1/40", ("1/47",), "land_water"),  # land without a river
        ("1/46", ("1/39",), "off_river"),  # the river does not come from 1/46
        ("1/39", ("1/38", "1/37"), "not_navigable"),  # the source's stretch is not
    ],
)
def test_a_fleet_leaves_the_water_only_along_a_navigable_river(
    start: str, path: tuple[str, ...], bad: str
) -> None:
    leg = walk(fleet(start), WORLD, path)
    assert leg.bad == bad and len(leg.steps) == len(path) - 1


def with_fleet(kf: str, known: list[str]) -> WdwState:
    state = on_map(EXAMPLE, known)
    state.units.append(fleet(kf))
    return state


def test_the_planner_counts_the_upstream_steps_and_names_the_stop() -> None:
    state = with_fleet("1/40", ["1/37", "1/38", "1/39", "1/40", "1/47"])
    params = {"unit": "301", "path": "1/39 1/38 1/37"}
    lines = lines_of(GAME.calculate(state, 1, "movement", params, "de"))
    assert "1/39: kostet 3 (flussaufwärts), verbraucht 3/6, Tag 15" in lines
    assert "1/38: kostet 2 (flussaufwärts), verbraucht 5/6, Tag 25" in lines
    assert "1/37: der Fluss dorthin ist nicht schiffbar" in lines
    down = {"unit": "301", "path": "1/40"}
    back = lines_of(GAME.calculate(with_fleet("1/39", ["1/39", "1/40"]), 1, "movement", down, "en"))
    assert "1/40: costs 2, used 2/6, day 10" in back  # downstream, one height level down
    english = lines_of(GAME.calculate(state, 1, "movement", {"unit": "301", "path": "1/47"}, "en"))
    assert "1/47: land/water does not suit the unit" in english


def test_the_acknowledgement_refuses_a_fleet_off_the_river_with_the_reason() -> None:
    state = with_fleet("1/46", ["1/38", "1/39", "1/46"])
    order = Fight(unit=301, code="KN", path=("1/39",))
    german = GAME.describe_order(state, 1, order, "de", by_number)
    assert (
        "eine Flotte fährt nach 1/39 nur auf einem Fluss, der vom Feld davor dorthin führt"
        in german
    )
    english = GAME.describe_order(
        state, 1, Fight(unit=301, code="KN", path=("1/47",)), "en", by_number
    )
    assert "path: this unit cannot enter 1/47" in english
    upriver = GAME.describe_order(
        with_fleet("1/39", ["1/37", "1/38", "1/39"]),
        1,
        Fight(unit=301, code="KN", path=("1/38", "1/37")),
        "en",
        by_number,
    )
    assert "path: the river to 1/37 is not navigable" in upriver


def test_the_month_takes_a_fleet_up_the_river_as_far_as_its_range_goes() -> None:
    # Up 3 + 2, back down 1, out to the sea 2: 8 of 6 — it stops in 1/39 on the way back.
    path = ("1/39", "1/38", "1/39", "1/40")
    state = with_fleet("1/40", ["1/38", "1/39", "1/40"])
    after = month(state, Fight(unit=301, code="KN", path=path))
    assert field_of(after, 1, 301) == "1/39"
    said = GAME.describe_order(state, 1, Fight(unit=301, code="KN", path=path), "de", by_number)
    assert "der Weg ist länger als die Reichweite: die Einheit hält in 1/39" in said
    # Where the map does not say which way the river flows, the same path fits the range.
    flat = on_map(NO_FLOW, ["1/38", "1/39", "1/40"])
    flat.units.append(fleet("1/40"))
    assert field_of(month(flat, Fight(unit=301, code="KN", path=path)), 1, 301) == "1/40"
