"""Movement by BP (the GM's option ``movement`` ``bp`` with ``bp_costs``; Strategie 4.4,
7.1, F8, F9; docs/rules-wdw.md "Movement by BP"): the month's legs, the acknowledgement,
the movement planner and the days read the GM's table; ``ranges`` stays as it was."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.wdw.movement import price, walk
from engine.wdw.movement_rules import RANGES, MovementRules
from engine.wdw.orders import Fight
from engine.wdw.state import WdwState, world
from tests.wdw.helpers import GAME, by_number, field_of, month, sample, unit_of

TABLE = {"Tiefland": 4, "Hügelland": 6, "Wald": 5, "Sumpf": 8, "Gebirge": 10, "Wasser": 2}
ROAD = ("1/19", "1/20", "1/21", "1/22")


def by_bp(**costs: int) -> WdwState:
    """The sample (unit 1/101 on foot, speed 0: 15 BP by F8, in 1/18) moving by BP."""
    return sample(movement="bp", bp_costs={**TABLE, **costs})


def test_a_table_without_a_terrain_of_the_map_refuses_the_game_naming_it() -> None:
    costs = {k: v for k, v in TABLE.items() if k not in ("Sumpf", "Wald")}
    with pytest.raises(ValueError, match="bp_costs has no BP for the terrain Sumpf, Wald"):
        sample(movement="bp", bp_costs=costs)


def test_each_step_costs_the_table_bp_and_the_day_is_30_used_over_bp() -> None:
    state = by_bp()
    unit = unit_of(state, 1, 101)
    prices = dict(TABLE)
    leg = walk(unit, world(state.map_text), ROAD, rules=MovementRules(prices))
    # F8: 15 BP; Tiefland 4 BP a field; F9: day = 30·used/15; the fourth step needs 16.
    assert leg.steps == (("1/19", Fraction(8)), ("1/20", Fraction(16)), ("1/21", Fraction(24)))
    assert (leg.truncated, leg.need, leg.budget) == (True, 16, 15)


def test_without_the_option_the_same_path_goes_by_ranges() -> None:
    state = sample()
    unit = unit_of(state, 1, 101)
    leg = walk(unit, world(state.map_text), ROAD)
    # 7.1: 2 KF on foot, +1 on the road: 3 fields, days 10, 20, 30.
    assert leg.steps == (("1/19", Fraction(10)), ("1/20", Fraction(20)), ("1/21", Fraction(30)))


def test_a_height_level_crossed_costs_the_entered_terrain_once_more() -> None:
    state = by_bp()
    unit = unit_of(state, 1, 101)
    # 7.1: 1/21 (HS 1) to 1/28 (Hügelland, HS 2) is two fields, each at 6 BP.
    assert price(unit, world(state.map_text), "1/21", "1/28", MovementRules(dict(TABLE))) == 12
    assert price(unit, world(state.map_text), "1/21", "1/28", RANGES) == 2


def test_the_months_leg_stops_where_the_bp_end_and_goes_on_by_ranges() -> None:
    order = Fight(unit=101, code="KV", path=ROAD[:3])
    # 8 BP a Tiefland field: 1/19 on day 16, 1/20 would need 16 of 15 BP.
    assert field_of(month(by_bp(Tiefland=8), order), 1, 101) == "1/19"
    assert field_of(month(sample(), order), 1, 101) == "1/21"


@pytest.mark.parametrize(
    ("lang", "sentence"),
    [
        ("de", "reicht nicht: 16 BP, die Einheit hat 15; sie hält in 1/21"),
        ("en", "not enough: 16 BP, the unit has 15; it stops in 1/21"),
    ],
)
def test_the_acknowledgement_says_the_bp_needed_and_had(lang: str, sentence: str) -> None:
    order = Fight(unit=101, code="KV", path=ROAD)
    bp, ranges = by_bp(), sample()
    for state in (bp, ranges):  # D37: the way is judged where the realm knows it
        state.realm(1).known = sorted({*state.realm(1).known, *ROAD})
    assert sentence in GAME.describe_order(bp, 1, order, lang, by_number)
    assert "BP" not in GAME.describe_order(ranges, 1, order, lang, by_number)


def _planned(state: WdwState, lang: str) -> list[str]:
    state.realm(1).known = sorted({*state.realm(1).known, *ROAD})
    text = GAME.calculate(state, 1, "movement", {"path": " ".join(ROAD)}, lang)
    return [line.strip() for line in text.splitlines() if line.strip()]


def test_the_planner_prices_each_step_by_the_table_in_german() -> None:
    assert _planned(by_bp(), "de")[1:] == [
        "1/101 ab 1/18: 15 BP (Tab. 4.2-1a; Kosten nach der SL-Tabelle)",
        "1/19: kostet 4, verbraucht 4/15, Tag 8",
        "1/20: kostet 4, verbraucht 8/15, Tag 16",
        "1/21: kostet 4, verbraucht 12/15, Tag 24",
        "Reichweite endet vor 1/22 (der Zug wird dort gekürzt)",
        "Ende in 1/21; BP 15, übrig 3, Kampfrunden danach 1",
    ]


def test_the_planner_prices_each_step_by_the_table_in_english() -> None:
    lines = _planned(by_bp(), "en")
    assert lines[1] == "1/101 from 1/18: 15 BP (Tab. 4.2-1a; costs by the GM's table)"
    assert lines[-1] == "Ends in 1/21; BP 15, left 3, combat rounds after 1"


def test_the_dossiers_budget_line_counts_the_bp_the_month_walked() -> None:
    # Part C reads the budget of the walk (15 BP, 12 used), as the planner does, not
    # the range in fields (3) that the path would have by ranges.
    state = by_bp()
    state.realm(1).known = sorted({*state.realm(1).known, *ROAD})
    dossier = GAME.dossier(state, {1: [Fight(unit=101, code="KV", path=ROAD)]}, "de")
    assert "     Reichweite 15: genutzt 12, frei 3; BP 15, übrig 3, Runden 1\n" in dossier


INTO_WHITE = Fight(unit=101, code="KV", path=("1/19", "1/20"))
"""1/19 known, 1/20 not: the second step's cost is unknown to realm 1 (D37)."""


def test_a_step_into_unknown_land_is_told_the_bp_left_and_the_least_a_field_costs() -> None:
    # 15 BP, 1/19 (Tiefland) 4: 11 left; the cheapest terrain of the table (Wasser) 2.
    text = GAME.describe_order(by_bp(), 1, INTO_WHITE, "de", by_number)
    assert text.endswith(
        "(ab 1/20 unbekanntes Gebiet: die Einheit hat dort noch 11 BP, ein Feld kostet"
        " mindestens 2 BP; wie weit sie kommt, zeigt erst der Monat)"
    )


def test_a_step_into_unknown_land_the_bp_left_cannot_pay_at_any_price_stops_the_unit() -> None:
    # All terrains 10 BP: 1/19 takes 10 of 15; 5 left pay no field whatever 1/20 is —
    # a fact, not a guess (the old check took the unknown step for 1 BP).
    state = sample(movement="bp", bp_costs=dict.fromkeys(TABLE, 10))
    text = GAME.describe_order(state, 1, INTO_WHITE, "de", by_number)
    assert "die Einheit hält in 1/19" in text and "unbekanntes Gebiet" not in text


def test_a_step_into_unknown_land_left_just_the_cheapest_field_is_left_open() -> None:
    # 1/19 at 9: 6 BP left; a field costs 6 at least (no terrain cheaper): it may pass.
    state = sample(movement="bp", bp_costs={**dict.fromkeys(TABLE, 6), "Tiefland": 9})
    text = GAME.describe_order(state, 1, INTO_WHITE, "en", by_number)
    assert (
        "(from 1/20 on unknown land: the unit has 6 BP left there, a field costs at least 6" in text
    )
