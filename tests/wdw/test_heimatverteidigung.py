"""Heimatverteidigung (Strategie 1.2, 4.3; D13): raised and trained for a province, its
Rüststufe, its strength in and outside the province, and its conversion into Nahkampf
and back (six months with neither)."""

from __future__ import annotations

import pytest

from engine.core import Order
from engine.wdw.formulas import rs_of
from engine.wdw.items import find_items
from engine.wdw.orders import Convert, Fight, Train
from engine.wdw.provinces import melee_level
from engine.wdw.state import Unit, WdwState
from tests.wdw.helpers import GAME, by_number, month, raising, read_orders, sample, unit_of

HV = "heimatverteidigung"


@pytest.mark.parametrize(
    ("line", "order"),
    [
        (
            "Umwandlung 101 Heimatverteidigung Erinal -> Nahkampf",
            Convert(line=2, unit=101, source=HV, source_province="Erinal", target="nahkampf"),
        ),
        (
            "101 Umwandlung Nahkampf nach Heimatverteidigung Erinal",
            Convert(line=2, unit=101, source="nahkampf", target=HV, target_province="Erinal"),
        ),
        (
            "convert 101 melee to home defence Erinal",
            Convert(line=2, unit=101, source="nahkampf", target=HV, target_province="Erinal"),
        ),
        (
            "101: Umwandlung HV Erinal -> HV Nord",
            Convert(
                line=2,
                unit=101,
                source=HV,
                source_province="Erinal",
                target=HV,
                target_province="Nord",
            ),
        ),
        (
            "Rüste 1000 Krieger Heimatverteidigung Erinal in Guru",
            raising(1000, province="Erinal", line=2),
        ),
        (
            "Soforrüstung 100 Krieger HV Erinal Nahkampf 2 Guru",
            raising(100, "nahkampf=2", instant=True, province="Erinal", line=2),
        ),
        ("train 101 home defense Erinal", Train(line=2, unit=101, province="Erinal")),
    ],
)
def test_heimatverteidigung_orders_read_in_german_and_english(line: str, order: Order) -> None:
    assert read_orders(line) == [order]


@pytest.mark.parametrize(
    ("properties", "provinces", "rs"),
    [
        ({HV: 1}, 1, 1),  # Tab. 4.2-1a: the first property, at RS 1
        ({HV: 1}, 2, 2),  # one Rüststufe per further province
        ({HV: 1, "nahkampf": 1}, 1, 2),
        ({HV: 1, "nahkampf": 2, "beritten": 1}, 1, 4),
    ],
)
def test_heimatverteidigung_costs_a_rueststufe_per_province(
    properties: dict[str, int], provinces: int, rs: int
) -> None:
    assert rs_of(properties, provinces=provinces) == rs


def with_province() -> WdwState:
    state = sample()
    state.realm(1).provinces = ["Erinal=1/18 1/19", "Nord=1/10"]
    return state


def defender(state: WdwState) -> Unit:
    unit = Unit(realm=1, id=301, unit_class="land", size=1000, kf="1/18")
    unit.heimatverteidigung = ["Erinal"]
    state.units.append(unit)
    return unit


def said(order: Order, state: WdwState | None = None) -> str:
    return GAME.describe_order(state or with_province(), 1, order, "de", by_number)


@pytest.mark.parametrize(
    ("order", "words"),
    [
        (
            raising(1000, province="erinal"),
            "Rüste in Guru: 1000 Krieger (Heimatverteidigung Erinal), RS 1: 5000 GS",
        ),
        (
            raising(100, "nahkampf=2", instant=True, province="Erinal"),
            "(Nahkampf 2, Heimatverteidigung Erinal), RS 3: 3000 GS",
        ),
        (
            Train(unit=101, province="Erinal"),
            "(Heimatverteidigung Erinal) auf RS 2: 20000 GS, 3 Monate",
        ),
        (
            Convert(unit=101, source="nahkampf", target=HV, target_province="Erinal"),
            "Umwandlung von Einheit 101: Nahkampf → Heimatverteidigung Erinal, 6 Monate",
        ),
    ],
)
def test_legal_heimatverteidigung_orders_are_worded(order: Order, words: str) -> None:
    assert words in said(order)


@pytest.mark.parametrize(
    ("order", "reason"),
    [
        (raising(10, province="Süd"), "Ihr Reich hat keine Provinz Süd"),
        (
            raising(10, unit_class="sea", province="Erinal"),
            "Heimatverteidigung in Erinal: Seeprovinzen für Flotten, Landprovinzen für",
        ),
        (
            raising(10, "nahkampf=1", province="Erinal"),
            "mehr geben Ausbildung oder Soforrüstung",
        ),
        (Train(unit=301, province="Erinal"), "Einheit 301 hat schon Heimatverteidigung für"),
        (Convert(unit=999, source="nahkampf", target=HV), "keine Einheit 999 Ihres Reiches"),
        (
            Convert(unit=601, source="nahkampf", target=HV, target_province="Erinal"),
            "Heimatverteidigung gibt es hier nicht für die Klasse Charakter",
        ),
        (Convert(unit=101, source="nahkampf", target="nahkampf"), "Umwandlung in dasselbe"),
        (
            Convert(unit=101, source="fernkampf", target="nahkampf"),
            "Fernkampf lässt sich nicht umwandeln",
        ),
        (
            Convert(unit=201, source="nahkampf", target=HV, target_province="Erinal"),
            "Einheit 201 hat kein Nahkampf",
        ),
        (
            Convert(unit=101, source=HV, source_province="Nord", target="nahkampf"),
            "Einheit 101 hat kein Heimatverteidigung Nord",
        ),
        (
            Convert(unit=101, source="nahkampf", target=HV, target_province="Süd"),
            "Ihr Reich hat keine Provinz Süd",
        ),
        (
            Convert(unit=301, source="nahkampf", target=HV, target_province="Erinal"),
            "Einheit 301 hat kein Nahkampf",
        ),
        (
            Convert(
                unit=301, source=HV, source_province="Erinal", target=HV, target_province="Erinal"
            ),
            "Einheit 301 hat schon Heimatverteidigung für Erinal",
        ),
    ],
)
def test_illegal_heimatverteidigung_orders_say_why(order: Order, reason: str) -> None:
    state = with_province()
    defender(state)
    assert reason in said(order, state)


def test_a_unit_converts_or_trains_one_thing_at_a_time() -> None:
    state = with_province()
    unit = defender(state)
    unit.conversion_months = 4
    convert = Convert(unit=301, source=HV, source_province="Erinal", target="nahkampf")
    assert "Einheit 301 wird gerade umgewandelt (noch 4 Monate)" in said(convert, state)
    assert "Einheit 301 wird gerade umgewandelt" in said(Train(unit=301, province="Nord"), state)
    unit.conversion_months, unit.training_months = 0, 2
    assert "Einheit 301 ist schon in Ausbildung (noch 2 Monate)" in said(convert, state)


def test_heimatverteidigung_fights_as_nahkampf_1_and_plus_2_in_its_province() -> None:
    state = with_province()
    unit = defender(state)
    assert melee_level(state, unit, "1/19") == 3
    assert melee_level(state, unit, "1/20") == 1
    unit.heimatverteidigung = []
    assert melee_level(state, unit, "1/19") == 0


def test_a_defender_may_attack_and_fights_with_its_bonus_at_home() -> None:
    state = with_province()
    defender(state)
    assert "Angriffsstärke" not in said(Fight(unit=301, code="KA"), state)
    enemy = unit_of(state, 2, 101)
    enemy.kf, enemy.order = "1/18", "KA"
    state.units = [u for u in state.units if u.realm == 2 or u.id == 301]
    (meeting,) = find_items(state, {}).meetings.values()
    side = meeting.a if meeting.a.realm == 1 else meeting.b
    # 1,000 elements × (1 + 2), × (1 + 5/5) in its capital Guru (Stv 2 + Hauptstadt 3)
    assert side.kampfkraft == 6000


def test_a_conversion_takes_six_months_with_neither_ability() -> None:
    order = Convert(unit=101, source="nahkampf", target=HV, target_province="Erinal")
    state = month(with_province(), order)
    unit = unit_of(state, 1, 101)
    assert (unit.nahkampf, unit.heimatverteidigung, unit.conversion_months) == (0, [], 5)
    text = GAME.printout(state, 1, "de")
    assert "in Umwandlung zu Heimatverteidigung Erinal: noch 5 Monate" in text
    assert "Einheit 101 wird zu Heimatverteidigung Erinal umgewandelt" in text
    for _ in range(5):
        state = month(state)
    unit = state.unit(1, 101)
    assert unit is not None and unit.heimatverteidigung == ["Erinal"] and unit.rs() == 1
    assert "Einheit 101: die Umwandlung ist fertig (Heimatverteidigung Erinal)." in (
        GAME.printout(state, 1, "de")
    )
    assert "Heimatverteidigung: Erinal" in GAME.printout(state, 1, "de")


def test_a_raised_defender_gets_its_province_and_training_adds_one() -> None:
    state = month(with_province(), raising(1000, province="Erinal"))
    unit = state.unit(1, 602)
    assert unit is not None and unit.heimatverteidigung == ["Erinal"] and unit.rs() == 1
    state = month(state, Train(unit=602, province="Nord"))
    for _ in range(2):
        state = month(state)
    unit = state.unit(1, 602)
    assert unit is not None and unit.heimatverteidigung == ["Erinal", "Nord"] and unit.rs() == 2
