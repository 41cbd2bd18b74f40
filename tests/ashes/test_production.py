"""Worked numbers for production (6.1, 7.4) and neutral production."""

from __future__ import annotations

from engine.ashes.neutrals import neutral_production
from engine.ashes.production import build
from engine.ashes.state import Options
from tests.ashes.helpers import bare, standard

TURN_1_CRAB = {"PDU": 1, "FP": 7, "OP": 5, "RP": 5, "FI": 6, "TR": 3}


def test_the_published_turn_1_of_crab_uses_exactly_240_a() -> None:
    # 15 + 7*5 + 5*4 + 5*10 + 6*10 + 3*20 = 240 with OP at 4 A (errata)
    planet = standard().planet(2)
    built = build(planet, TURN_1_CRAB, Options())
    assert built.items == TURN_1_CRAB
    assert built.short == []
    assert (planet.pdu, planet.fp, planet.op, planet.rp) == (7, 10, 8, 8)
    # FI: 1 FUEL 1 ORE 3 RARE each; TR: 2 FUEL 3 ORE 1 RARE each
    assert (planet.fuel, planet.ore, planet.rare) == (30 - 6 - 6, 30 - 6 - 9, 30 - 18 - 3)


def test_with_op_at_5_a_the_last_transporter_is_cut() -> None:
    planet = standard().planet(2)
    built = build(planet, TURN_1_CRAB, Options(op_cost=5))
    assert built.items["TR"] == 2
    assert built.short == ["A"]


def test_ships_need_yards_and_goods() -> None:
    planet = bare(standard().planet(2), fy=2)
    built = build(planet, {"FI": 5}, Options())
    assert built.items == {"FI": 2}
    assert built.short == ["FY"]
    planet = bare(standard().planet(2), fy=6, rare=7)
    built = build(planet, {"FI": 5}, Options())
    assert built.items == {"FI": 2}  # 7 RARE // 3
    assert built.short == ["RARE"]


def test_yards_built_this_turn_already_build() -> None:
    planet = bare(standard().planet(2), ty=0)
    built = build(planet, {"TY": 1, "TR": 1}, Options())
    assert built.items == {"TY": 1, "TR": 1}


def test_production_in_the_order_of_7_4_when_a_runs_out() -> None:
    planet = bare(standard().planet(2), a=50)
    built = build(planet, {"PDU": 2, "FP": 10, "TR": 1}, Options())
    assert built.items == {"PDU": 2, "FP": 4}
    assert built.short == ["A"]


def test_neutral_planets_build_fi_then_tr_then_yards_and_plants() -> None:
    state = standard(players=2)
    planet = state.planet(20)  # A 230, 30 of each good, 6 FY, 3 TY
    built = neutral_production(planet, state)
    # FI: 6 (yards), TR: 3 (yards): 120 A; 110 A left: FY 15, FP 5, OP 4, RP 10 a cycle,
    # three cycles (102 A), then one more FP (5 A); 3 A are left over
    assert built.items["FI"] == 6 and built.items["TR"] == 3
    assert built.items["FY"] == 3 and built.items["FP"] == 4
    assert built.items["OP"] == 3 and built.items["RP"] == 3
    assert planet.fy == 9 and planet.fp == 7
