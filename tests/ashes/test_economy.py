"""Worked numbers for GIP, HD, goods, storage and growth (4.4.1-4.4.5, 7.6)."""

from __future__ import annotations

from fractions import Fraction
from random import Random

from engine.ashes.economy import (
    economy_phase,
    gip,
    goods_output,
    grow,
    growth,
    growth_steps,
    home_defense,
    produce_goods,
    trunc,
    trunc_div,
)
from engine.ashes.rules import pr
from engine.ashes.state import Options, Planet
from engine.ashes.turn import run_turn
from engine.dice import Dice
from tests.ashes.helpers import bare, standard


def test_gip_of_crab_and_outpost_at_the_start() -> None:
    # data README: Crab 9 + 240 * 40/60 / 20 + 90 / 10 = 26; Outpost 9 + 5.96 + 9 -> 23
    state = standard()
    assert gip(state.planet(2)) == 26
    assert gip(state.planet(10)) == 23


def test_gip_truncates_the_sum_not_the_parts() -> None:
    planet = bare(standard().planet(2), fp=0, op=0, rp=0, a=30, pr60=60, fuel=5, ore=0, rare=0)
    # 30 * 1 / 20 = 1.5 and 5 / 10 = 0.5: the sum is 2, the parts truncated would give 1
    assert gip(planet) == 2


def test_home_defense_formula() -> None:
    # 4.4.4: HD = INT((A - 1) / 40) + 1
    assert [home_defense(a) for a in (1, 40, 41, 80, 81, 240, 110, 20)] == [1, 1, 2, 2, 3, 6, 3, 1]
    assert home_defense(0) == 1  # INT(-1/40) truncates toward zero


def test_every_table_planet_has_the_hd_of_the_formula() -> None:
    for planet in standard().planets:
        assert planet.hd == home_defense(planet.a)


def test_goods_output_examples_of_the_rulebook() -> None:
    assert goods_output(30, 49) == 24  # 4.4.3: 30 FP at PR 0.816 -> 24 FUEL
    assert goods_output(16, 70) == 18  # 4.4.5: 16 FP at PR 1.166 -> 18 FUEL
    assert goods_output(10, 42) == 7  # 6.1.2: 10 FP at PR 0.7 -> 7 FUEL


def test_storage_caps_the_stock_and_the_excess_is_lost() -> None:
    planet = bare(standard().planet(2), fp=16, fuel=150, op=3, ore=30, rp=3, rare=0, pr60=70)
    produce_goods(planet)
    assert planet.fuel == 160  # 150 + 18, only 16 * 10 fit
    assert planet.ore == 30  # already full
    assert planet.rare == 3  # INT(3 * 70/60)


def test_growth_only_above_a_multiple() -> None:
    options = Options()
    assert [growth_steps(g, 40, options) for g in (0, 40, 41, 80, 81, 200)] == [0, 0, 1, 1, 2, 4]
    assert growth_steps(201, 200, options) == 1
    literal = Options(growth_above=False)
    assert [growth_steps(g, 40, literal) for g in (39, 40, 80)] == [0, 1, 2]


def test_grow_raises_pm_a_pr_and_hd() -> None:
    planet = bare(
        standard().planet(2),
        fp=100,
        op=100,
        rp=30,
        a=240,
        pr60=60,
        fuel=100,
        ore=100,
        rare=100,
        pm=245,
    )
    # GIP = 230 + 240/20 + 300/10 = 272: A +6 (six times over 40), PR +1/60 (over 200)
    assert gip(planet) == 272
    grow(planet, Options(), printed_gip=272)
    assert (planet.pm, planet.a, planet.pr60, planet.hd) == (250, 246, 61, 7)


def test_pr_never_exceeds_two_and_a_half() -> None:
    planet = bare(standard().planet(2), fp=500, op=0, rp=0, pr60=150, fuel=0, ore=0, rare=0)
    grow(planet, Options(), printed_gip=500)
    assert planet.pr60 == 150


def test_growth_every_turn_or_only_for_multiples_newly_risen_above() -> None:
    every, crossing = Options(), Options(growth_every_turn=False)
    # 4.4.1 "Steigt das GIP über 40 oder ein Vielfaches von 40": by default every turn
    assert [growth(g, g, 40, every) for g in (40, 41, 272)] == [0, 1, 6]
    # read as "rises above": nothing for a GIP that stays where the printout showed it
    assert [growth(g, g, 40, crossing) for g in (41, 272)] == [0, 0]
    assert growth(272, 100, 40, crossing) == 4  # above 120 .. 240, not 40 and 80 again
    assert growth(272, 199, 200, crossing) == 1
    assert growth(30, 100, 40, crossing) == 0  # a falling GIP never shrinks A


def _rich(options: dict[str, object]) -> tuple[int, int]:
    """A and PR of Crab after a turn without orders, with a GIP of 472 before and after."""
    state = standard(**options)
    bare(state.planet(2), fp=100, op=100, rp=30, a=240, pr60=60, fuel=1000, ore=1000, rare=300)
    # full stores: 230 plants + 240 * 1 / 20 + 2300 / 10, the goods do not change it
    assert gip(state.planet(2)) == 472
    after, _ = run_turn(state, {p.number: [] for p in state.players}, Dice.legacy(Random(0)))
    return after.planet(2).a, after.planet(2).pr60


def test_a_turn_grows_a_planet_per_the_option() -> None:
    assert _rich({}) == (240 + 11, 60 + 2)
    assert _rich({"growth_every_turn": False}) == (240, 60)
    # games stored before the option grow every turn and replay to the same JSON
    options = standard().to_json()["options"]
    assert isinstance(options, dict) and "growth_every_turn" not in options


def test_neutral_planets_keep_pdu_at_hd_for_free() -> None:
    state = standard(players=2)
    neutral = bare(state.planet(20), pdu=0, a=230)
    cargo_filled = bare(state.planet(21), pdu=9)
    economy_phase(state, standard(players=2))
    assert neutral.pdu == neutral.hd == 6
    assert cargo_filled.pdu == 9  # more PDU (from cargo ships) stay


def test_trunc_is_toward_zero() -> None:
    from fractions import Fraction

    assert trunc(Fraction(-7, 2)) == -3
    assert trunc(Fraction(15, 4)) == 3


def test_integer_formulas_equal_the_rulebook_fractions() -> None:
    # GIP, HD and goods are computed in ints; the rulebook's formulas in Fractions agree.
    rng = Random(4)
    for numerator in range(-130, 131):
        for denominator in (1, 10, 40, 60, 1200):
            assert trunc_div(numerator, denominator) == trunc(Fraction(numerator, denominator))
    for _ in range(2000):
        p = Planet(
            number=1,
            name="X",
            owner=1,
            a=rng.randint(0, 2000),
            pr60=rng.randint(0, 120),
            hd=1,
            pm=100,
            pdu=0,
            fp=rng.randint(0, 50),
            op=rng.randint(0, 50),
            rp=rng.randint(0, 50),
            fuel=rng.randint(0, 500),
            ore=rng.randint(0, 500),
            rare=rng.randint(0, 500),
        )
        assert gip(p) == trunc(p.plants + Fraction(p.a) * pr(p.pr60) / 20 + Fraction(p.stock, 10))
        assert home_defense(p.a) == trunc(Fraction(p.a - 1, 40)) + 1
        assert goods_output(p.fp, p.pr60) == trunc(p.fp * pr(p.pr60))
