"""D21 (Strategie 5.1-1 KX, 5.1-2 S, 7.1): hiding or searching units take twice the time
a field, both together four times, on the day timeline, in the month's legs, in the
acknowledgement and in the movement planner (one function, ``mode_factor``)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.wdw.calculators.knowledge import knowledge
from engine.wdw.calculators.movement import plan
from engine.wdw.items import legs_of
from engine.wdw.movement import mode_factor, walk
from engine.wdw.orders import Fight
from engine.wdw.state import Unit, world
from tests.wdw.helpers import GAME, by_number, sample, unit_of

WORLD = world(sample().map_text)


def foot() -> Unit:
    return Unit(realm=1, id=1, unit_class="land", size=1000, kf="1/9", nahkampf=1)


@pytest.mark.parametrize(
    ("code", "ext", "factor"),
    [("KN", "", 1), ("KX", "", 2), ("KV", "S", 2), ("KX", "S", 4), ("KA", "E", 1)],
)
def test_hiding_and_searching_double_the_time_a_step(code: str, ext: str, factor: int) -> None:
    assert mode_factor(code, ext) == factor


def test_a_hiding_unit_enters_its_field_at_the_end_of_the_month() -> None:
    assert walk(foot(), WORLD, ("1/10", "1/11")).steps[0] == ("1/10", Fraction(15))
    leg = walk(foot(), WORLD, ("1/10", "1/11"), mode_factor("KX", ""))
    assert leg.steps == (("1/10", Fraction(30)),) and leg.truncated
    assert walk(foot(), WORLD, ("1/10",), mode_factor("KX", "S")).steps == ()


def test_the_months_legs_use_the_doubled_time() -> None:
    state = sample()
    unit = unit_of(state, 1, 101)
    unit.kf = "1/9"
    order = Fight(unit=101, code="KV", ext="S", path=("1/10", "1/11"))
    legs = legs_of(state, {(1, 101): order})
    assert legs["1/101"].steps == (("1/10", Fraction(30)),)
    said = GAME.describe_order(state, 1, order, "de", by_number)
    assert "der Weg ist länger als die Reichweite: die Einheit hält in 1/10" in said


def test_the_planner_uses_the_same_factor() -> None:
    known = knowledge(sample(), None)
    unit = foot()
    assert [s.kf for s in plan(unit, known, ("1/10", "1/11"), "", "").steps] == ["1/10", "1/11"]
    route = plan(unit, known, ("1/10", "1/11"), "S", "")
    assert [(s.kf, s.day) for s in route.steps] == [("1/10", Fraction(30))]
