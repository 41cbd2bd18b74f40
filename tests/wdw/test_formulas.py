"""Every formula of the module (F1–F18, docs/rules-wdw.md) against the rulebook's own
numbers where it gives them."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.wdw import formulas as f
from engine.wdw.options import WdwOptions


@pytest.mark.parametrize(
    ("population", "bwp", "terrain", "net"),
    [
        # Strategie Tab. 3.1-1: the module's own examples.
        (0, 6, "normal", -600),
        (10000, 12, "normal", 300),
        (50000, 24, "normal", 5100),
        (50000, 36, "normal", 3900),
        (100000, 48, "normal", 10200),
        (19999, 1, "schwer", 1300),
        (10000, 1, "extrem", 1200),
    ],
)
def test_income_is_1500_per_full_10000_less_upkeep_by_terrain(
    population: int, bwp: int, terrain: str, net: int
) -> None:
    assert f.income(population, bwp, terrain) == net


def test_an_atoll_has_upkeep_but_no_income() -> None:
    assert f.income(50000, 2, "normal", atoll=True) == -200


def test_structure_limits_of_chapter_3_2() -> None:
    assert f.structure_limit("bev", {}, big_site=False) == 5
    assert f.structure_limit("bev", {}, big_site=True) == 10
    assert f.structure_limit("rues", {"bev": 4}, big_site=False) == 4
    assert f.structure_limit("bef", {"stv": 0}, big_site=False) == 0
    assert f.structure_limit("bef", {"stv": 3}, big_site=False) == 3


def test_arms_capacity_and_barracks() -> None:
    assert f.rues_capacity(3) == 30000
    assert f.barracks(2) == 4000


@pytest.mark.parametrize(
    ("cls", "rs", "cost"),
    [
        ("land", 1, 5),
        ("land", 2, 15),
        ("land", 3, 30),
        ("sea", 1, 100),
        ("sea", 6, 2100),
        ("character", 2, 3000),
    ],
)
def test_element_cost_is_the_base_times_the_triangular_number(cls: str, rs: int, cost: int) -> None:
    assert f.element_cost(cls, rs) == cost


def test_element_cost_below_rs_1_is_refused() -> None:
    with pytest.raises(ValueError, match="Rüststufe 0"):
        f.element_cost("land", 0)


def test_training_pays_the_difference_and_takes_three_months_a_level() -> None:
    assert f.training_cost("land", 1, 3, 2000) == (30 - 5) * 2000
    assert f.training_months(4) == 9
    assert f.training_months(4, halfyear=True) == 6


def test_rs_follows_from_the_properties() -> None:
    # Strategie 4.3: 100 ships RS 6 = Nahkampf 3 (+2) and speed 2 (+3).
    assert f.rs_of({"nahkampf": 3, "geschwindigkeit": 2}) == 6
    assert f.rs_of({"nahkampf": 1}) == 1
    assert f.rs_of({"nahkampf": 1, "beritten": 1}) == 2
    assert f.rs_of({"nahkampf": 1, "heimatverteidigung": 1}, provinces=2) == 3


def test_upkeep_is_a_fifth_of_the_base_per_element_per_income_date() -> None:
    plain = WdwOptions()
    assert f.upkeep("land", 2000, 1, plain) == 2000
    assert f.upkeep("sea", 10, 1, plain) == 200
    surcharge = WdwOptions(upkeep_rs_surcharge=True)
    assert f.upkeep("land", 2000, 4, surcharge) == 4000
    assert f.upkeep("land", 2000, 3, surcharge) == 2000


def test_movement_points() -> None:
    assert f.movement_points("land") == 15
    assert f.movement_points("land", speed=1, mounted=True) == 40
    assert f.movement_points("sea", speed=2) == 50
    assert f.movement_points("character") == 40


def test_days_and_rounds_of_the_timeline() -> None:
    assert f.day_of_step(1, 2) == 15
    assert f.day_of_step(1, 3) == 10
    # Standard warrior: 15 BP, a round costs 2 BP; at most max_rounds.
    assert f.rounds_possible(Fraction(15), 15, 4) == 4
    assert f.rounds_possible(Fraction(5), 15, 4) == 2
    assert f.rounds_possible(Fraction(1), 15, 4) == 0


def test_kampfkraft_adds_a_fifth_of_the_strength_per_gp() -> None:
    assert f.kampfkraft(2000, 0) == 2000
    assert f.kampfkraft(2000, 3) == 3200
    assert f.kampfkraft(7, 1) == Fraction(42, 5)


@pytest.mark.parametrize(
    ("bukaz", "gp", "chars", "total"),
    [
        (0, 2, 3, 5),
        (25, 2, 0, 3),
        (100, 0, 0, 4),
        (-25, 2, 0, 1),
        (-60, 2, 3, 1),
        (-50, 4, 3, 3),
        (-75, 5, 4, 2),
    ],
)
def test_bukaz_gives_and_takes_gp(bukaz: int, gp: int, chars: int, total: int) -> None:
    assert f.bukaz_gp(bukaz, gp, chars) == total


def test_attack_gp_from_a_settlement_is_one_per_one_and_a_half_stv() -> None:
    assert f.attack_gp_from_settlement(7) == 4  # Strategie 3.2: "7/4"
    assert f.attack_gp_from_settlement(3) == 2


def test_siege_demolition_repair_and_breach_rates() -> None:
    assert f.siege_rate("bef", 5000, 9999, 9999) == 2
    assert f.siege_rate("stv", 1000, 500, 9999) == Fraction(3, 2)
    assert f.siege_rate("mil", 1000, 0, 2500) == 2
    assert f.demolition_rate(2500, "bef", WdwOptions()) == 1
    assert f.demolition_rate(2500, "mil", WdwOptions()) == Fraction(5, 2)
    assert f.repair_rate(20000, 5000) == 3
    assert f.breached(10, Fraction(2))
    assert not f.breached(10, Fraction(19, 10))


def test_plunder_days_and_decay() -> None:
    assert f.plunder_days(1, 1000) == 30
    assert f.plunder_days(2, 3000) == 20
    with pytest.raises(ValueError, match="stage"):
        f.plunder_days(4, 1000)
    assert f.decay_per_month(12) == Fraction(1, 10)
