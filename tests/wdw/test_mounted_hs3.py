"""A rider at HS 3 (Strategie 7.1 "Für Reiter reduziert sich die Reichweite in Höhenstufe 3
um 1 KF"; the GM's option ``mounted_hs3``): one field more for each HS 3 field entered
(``per_field``, the default) or once a move (``once``, WDW.md D21) — by ranges and by
BP, and the month, the acknowledgement, the forecast, the planner and the dossier agree."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from engine.wdw.forecast import forecast
from engine.wdw.items import find_items
from engine.wdw.movement import walk
from engine.wdw.movement_rules import MovementRules
from engine.wdw.orders import Fight
from engine.wdw.state import WdwState, world
from tests.wdw.helpers import GAME, by_number, field_of, month, sample

ROAD = ("1/19", "1/20", "1/21", "1/22")
"""1/101's road east from 1/18; here all of it and 1/18 at HS 3."""
TABLE = {"Tiefland": 4, "Hügelland": 6, "Wald": 5, "Sumpf": 8, "Gebirge": 10, "Wasser": 2}


def highland(**options: object) -> WdwState:
    """The sample with 1/18 and its road at HS 3, unit 1/101 mounted in 1/18 (range 4,
    +1 on the road) and the road in its realm's known map (D37)."""
    state = sample(**options)
    data = json.loads(state.map_text)
    for item in data["fields"]:
        if item["id"] in ("1/18", *ROAD):
            item["height"] = 3
    state.map_text = json.dumps(data)
    unit = state.unit(1, 101)
    assert unit is not None
    unit.beritten = True
    state.realm(1).known = sorted({*state.realm(1).known, *ROAD})
    return state


@pytest.mark.parametrize(
    ("hs3_once", "days"),
    [
        # Each HS 3 field costs 2 of the range of 5: the third would need 6.
        (False, (("1/19", Fraction(12)), ("1/20", Fraction(24)))),
        # The first costs 2, the others 1 each: all four fields, the last on day 30.
        (True, (("1/19", 12), ("1/20", 18), ("1/21", 24), ("1/22", 30))),
    ],
)
def test_a_rider_pays_hs3_per_field_or_once_a_move(
    hs3_once: bool, days: tuple[tuple[str, int], ...]
) -> None:
    state = highland()
    unit = state.unit(1, 101)
    assert unit is not None
    leg = walk(unit, world(state.map_text), ROAD, rules=MovementRules(hs3_once=hs3_once))
    assert leg.steps == days
    assert leg.truncated is not hs3_once


@pytest.mark.parametrize(("hs3_once", "steps", "used"), [(False, 3, 24), (True, 4, 20)])
def test_by_bp_the_hs3_field_is_paid_at_its_bp_per_field_or_once(
    hs3_once: bool, steps: int, used: int
) -> None:
    # F8: a mounted unit of speed 0 has 30 BP; Tiefland 4 a field, the HS 3 field once
    # more: per field 8 each (a fourth would need 32); once 8 + 4 + 4 + 4 = 20.
    state = highland()
    unit = state.unit(1, 101)
    assert unit is not None
    leg = walk(unit, world(state.map_text), ROAD, rules=MovementRules(TABLE, hs3_once))
    assert (len(leg.steps), leg.used, leg.budget) == (steps, used, 30)


@pytest.mark.parametrize(("option", "stop"), [("per_field", "1/20"), ("once", "1/22")])
def test_month_acknowledgement_forecast_and_planner_agree(option: str, stop: str) -> None:
    state = highland(mounted_hs3=option)
    order = Fight(unit=101, code="KV", path=ROAD)
    assert field_of(month(highland(mounted_hs3=option), order), 1, 101) == stop
    said = GAME.describe_order(state, 1, order, "de", by_number)
    truncated = f"die Einheit hält in {stop}"
    assert (truncated in said) is (option == "per_field")
    [outlook] = forecast(state, 1, [order], "de")
    assert outlook.worded == said
    planned = GAME.calculate(state, 1, "movement", {"path": " ".join(ROAD)}, "de")
    assert f"Ende in {stop};" in planned


def test_the_option_takes_only_its_two_readings() -> None:
    with pytest.raises(ValueError, match="mounted_hs3 must be 'per_field' or 'once'"):
        sample(mounted_hs3="twice")


@pytest.mark.parametrize(
    ("option", "steps", "pursued"),
    [
        # In 1/20 on day 24 (4 of 5 used), it sights Tharn's 101 in 1/21: 2 more is too much.
        ("per_field", (("1/19", 12), ("1/20", 24)), ""),
        # In 1/20 on day 18 (3 used): its HS 3 field is paid, so 1/21 costs 1, day 24.
        ("once", (("1/19", 12), ("1/20", 18), ("1/21", 24)), "2/101"),
    ],
)
def test_a_pursuing_rider_counts_the_hs3_fields_of_its_leg_before_it_turns(
    option: str, steps: tuple[tuple[str, int], ...], pursued: str
) -> None:
    # Tab. 5.1-3 F (engine.wdw.interception): the changed path goes on the same move.
    state = highland(mounted_hs3=option)
    hunted = state.unit(2, 101)
    assert hunted is not None
    hunted.kf = "1/21"
    order = Fight(unit=101, code="KV", ext="F", path=ROAD[:2])
    leg = find_items(state, {1: [order]}).legs["1/101"]
    assert (leg.steps, leg.pursued) == (steps, pursued)
