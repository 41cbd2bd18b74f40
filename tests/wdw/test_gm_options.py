"""The GM options of the built chapters that change a result (design §2.7):
``hv_bonus`` (D13), ``training_halfyear`` (D22), ``income_rounding`` (D10) and
``g_any_character`` (D15), ``build_strength``/``_bef`` (D19) and ``min_size_mounted``/
``_fleet`` (D4) and ``into_white`` (Strategie 4.4); a bad value is refused."""

from __future__ import annotations

import pytest

from engine.core import Order
from engine.wdw.checks_conquest import min_size
from engine.wdw.items import find_items, legs_of
from engine.wdw.options import WdwOptions
from engine.wdw.orders import Fight, Spy, Train, Work
from engine.wdw.phases.income import ledger
from engine.wdw.provinces import melee_level
from engine.wdw.state import Unit, WdwState
from tests.wdw.helpers import GAME, by_number, field_of, month, sample, unit_of


def _defended(**options: object) -> WdwState:
    """A defender of Erinal (1/18 1/19) in 1/18 against an attacker of realm 2."""
    state = sample(2, **options)
    state.realm(1).provinces = ["Erinal=1/18 1/19"]
    unit = Unit(realm=1, id=301, unit_class="land", size=1000, kf="1/18")
    unit.heimatverteidigung = ["Erinal"]
    enemy = unit_of(state, 2, 101)
    enemy.kf, enemy.order = "1/18", "KA"
    state.units = [u for u in state.units if u.realm == 2] + [unit]
    return state


@pytest.mark.parametrize(("bonus", "power", "melee"), [("strength", 6000, 3), ("gp", 2400, 1)])
def test_hv_bonus_gives_strength_or_gp_at_home(bonus: str, power: int, melee: int) -> None:
    state = _defended(hv_bonus=bonus)
    unit = unit_of(state, 1, 301)
    assert melee_level(state, unit, "1/18", bonus) == melee
    (meeting,) = find_items(state, {}).meetings.values()
    side = meeting.a if meeting.a.realm == 1 else meeting.b
    # In its capital Guru (Stv 2): +2 Stv +3 Hauptstadt (Tab. 6.3-1) on top.
    assert side.kampfkraft == power  # gp: 1,000 × (5 + 2 + 5)/5


def test_hv_bonus_gp_gives_nothing_outside_the_province() -> None:
    state = _defended(hv_bonus="gp")
    for unit in state.units:
        unit.kf = "1/20"
    (meeting,) = find_items(state, {}).meetings.values()
    side = meeting.a if meeting.a.realm == 1 else meeting.b
    assert side.kampfkraft == 1000


def test_a_bad_hv_bonus_is_refused() -> None:
    with pytest.raises(ValueError, match="hv_bonus"):
        WdwOptions.of({"hv_bonus": "both"})


def said(order: Order, state: WdwState) -> str:
    return GAME.describe_order(state, 1, order, "de", by_number)


@pytest.mark.parametrize(("halfyear", "months"), [(False, "9 Monate"), (True, "6 Monate")])
def test_training_halfyear_rounds_the_months_down(halfyear: bool, months: str) -> None:
    state = sample(training_halfyear=halfyear)
    state.realm(1).treasury = 100000
    assert said(Train(unit=101, properties=("nahkampf=4",)), state).endswith(months)


def test_training_halfyear_makes_rs_2_at_once_on_the_ruestkapazitaet() -> None:
    state = month(sample(training_halfyear=True), Train(unit=101, properties=("nahkampf=2",)))
    unit = state.unit(1, 101)
    assert unit is not None and unit.nahkampf == 2 and unit.training_months == 0
    assert state.settlements[0].rues_used == 20000
    assert "Einheit 101 hat die Ausbildung beendet: RS 2." in GAME.printout(state, 1, "de")


def test_training_halfyear_refuses_rs_2_beyond_the_ruestkapazitaet() -> None:
    state = sample(training_halfyear=True)
    state.settlements[0].rues_used = 20000
    assert "Rüstkapazität" in said(Train(unit=101, properties=("nahkampf=2",)), state)


def test_training_halfyear_charges_no_ruestkapazitaet_beyond_rs_2() -> None:
    # Strategie 4.2: only the share of the first two RS counts; RS 3 -> 4 is at once
    # (6 - 6 months) but none of it lies in RS 1-2.
    state = sample(training_halfyear=True)
    state.realm(1).treasury = 10**6
    unit_of(state, 1, 101).nahkampf = 3
    state = month(state, Train(unit=101, properties=("nahkampf=4",)))
    unit = state.unit(1, 101)
    assert unit is not None and unit.nahkampf == 4 and unit.training_months == 0
    assert state.settlements[0].rues_used == 0


def test_training_halfyear_charges_the_rs_2_share_of_a_longer_training() -> None:
    # RS 1 -> 3 takes 6 months; its RS 2 share (15 - 5 GS an element) uses the capacity.
    state = sample(training_halfyear=True)
    state.realm(1).treasury = 10**6
    state = month(state, Train(unit=101, properties=("nahkampf=3",)))
    unit = state.unit(1, 101)
    assert unit is not None and unit.training_months == 5  # the first month counted
    assert state.settlements[0].rues_used == 10 * unit.size


def test_training_halfyear_refuses_a_longer_training_beyond_the_ruestkapazitaet() -> None:
    state = sample(training_halfyear=True)
    state.realm(1).treasury = 10**6
    state.settlements[0].rues_used = state.settlements[0].rues * 10000
    assert "Rüstkapazität" in said(Train(unit=101, properties=("nahkampf=3",)), state)
    assert "Rüstkapazität" not in said(Train(unit=101, properties=("nahkampf=3",)), sample())


@pytest.mark.parametrize(("rounding", "income"), [("full", 6000), ("exact", 7350)])
def test_income_rounding_counts_full_or_exact_tens_of_thousands(rounding: str, income: int) -> None:
    state = sample(income_rounding=rounding)
    state.settlements[0].population = 49000
    bwp = state.settlements[0].bwp()
    earned, _ = ledger(state, 1, WdwOptions.of({"income_rounding": rounding}))
    assert earned == income - 100 * bwp  # 1,500 × 4 or 1,500 × 4.9; 100 GS upkeep a BWP


def test_a_bad_income_rounding_is_refused() -> None:
    with pytest.raises(ValueError, match="income_rounding"):
        WdwOptions.of({"income_rounding": "half"})


def _character(**options: object) -> WdwState:
    state = sample(2, **options)
    state.units.append(Unit(realm=1, id=602, unit_class="character", size=1, kf="1/18"))
    return state


@pytest.mark.parametrize("any_character", [False, True])
def test_g_any_character_lets_untrained_characters_spy(any_character: bool) -> None:
    state = _character(g_any_character=any_character)
    order = Spy(line=1, unit=602, code="GI", target="Tharnburg")
    refused = "Einheit 602 ist kein Spion" in said(order, state)
    assert refused is not any_character
    assert (find_items(state, {1: [order]}).ids() == ["G1"]) is any_character


def test_build_strength_sets_the_work_a_bwp_takes() -> None:
    order = Work(unit=201, code="AB", structure="bef")
    assert "0,40 BWP Arbeit im Monat" in said(order, sample())
    assert "1 BWP Arbeit im Monat" in said(order, sample(build_strength_bef=1000))
    assert "0,50 BWP Arbeit im Monat" in said(
        Work(unit=201, code="AB", structure="stv"), sample(build_strength=2000)
    )


@pytest.mark.parametrize(
    ("options", "size", "refused"),
    [({}, 499, True), ({}, 500, False), ({"min_size_mounted": 800}, 700, True)],
)
def test_min_size_mounted_is_the_mounted_units_minimum_for_e(
    options: dict[str, int], size: int, refused: bool
) -> None:
    state = sample(**options)
    unit = state.unit(1, 102)
    assert unit is not None and unit.beritten
    unit.size = size
    text = said(Fight(unit=102, code="KA", ext="E"), state)
    assert ("braucht die Mindestgröße" in text) is refused


def test_min_size_fleet_is_no_check_unless_set() -> None:
    fleet = Unit(realm=1, id=701, unit_class="sea", size=10, kf="1/18", nahkampf=1)
    assert min_size(fleet, WdwOptions()) == 0
    assert min_size(fleet, WdwOptions(min_size_fleet=20)) == 20


@pytest.mark.parametrize("white", [True, False])
def test_into_white_off_ends_a_path_at_the_first_unknown_field(white: bool) -> None:
    state = sample(into_white=white)
    state.realm(1).known = ["1/18", "1/19"]
    order = Fight(unit=101, code="KV", path=("1/19", "1/20"))
    legs = legs_of(state, {(1, 101): order})
    assert [kf for kf, _ in legs["1/101"].steps] == (["1/19", "1/20"] if white else ["1/19"])
    refusal = "1/20 kennt Ihr Reich nicht; ins Weiße ziehen ist in dieser Partie nicht erlaubt"
    assert (refusal in said(order, state)) is not white
    after = month(state, order)  # a refused order is void: the unit stays (D37)
    assert field_of(after, 1, 101) == ("1/20" if white else "1/18")
