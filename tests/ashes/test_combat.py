"""Worked numbers for space combat (6.2.2, 6.2.3) and landing attempts (6.2.4)."""

from __future__ import annotations

from fractions import Fraction
from random import Random

from engine.ashes.combat import (
    battle,
    escorts,
    fighting_strength,
    pair_losses,
    superiority,
)
from engine.ashes.landing import landing_strength, pdu_destroyed, tr_losses
from engine.ashes.printout import printout
from engine.ashes.state import AshesState
from engine.ashesmap.galaxy import standard_galaxy
from engine.core import NEUTRAL
from engine.dice import Dice
from tests.ashes.helpers import bare, standard


def _fight(state: AshesState, planet: int, seed: int = 0) -> object:
    return battle(state, standard_galaxy(), state.planet(planet), Dice.legacy(Random(seed)), {})


def test_escort_per_started_five_tr() -> None:
    assert [escorts(10, tr) for tr in (0, 1, 5, 6, 10, 11)] == [0, 1, 1, 2, 2, 3]
    assert escorts(1, 11) == 1  # never more than the FI there are


def test_strength_uses_pm_only_above_100() -> None:
    assert fighting_strength(15, 10000, 150) == 2250  # 15 x 100 x 1.5
    assert fighting_strength(15, 10000, 100) == 1500
    assert fighting_strength(15, 10000, 50) == 1500  # PM% below 100 does not count
    assert fighting_strength(10, 12000, None) == 1200


def test_ad_is_larger_over_smaller_capped() -> None:
    assert superiority(Fraction(3000), Fraction(2000)) == Fraction(3, 2)
    assert superiority(Fraction(9000), Fraction(2000)) == Fraction(5, 2)
    assert superiority(Fraction(10), Fraction(0)) == Fraction(5, 2)
    assert superiority(Fraction(0), Fraction(0)) == 1


def test_pair_losses_worked_example() -> None:
    # 20 FI (FM 100) against 10 FI: AD = 2; the 10 lose INT(0.5 * 20 * 1 / 2 * 10/10) = 5,
    # the 20 lose INT(0.5 * 10 * 1 / 2 * 20/20) = 2 (2.5 truncated)
    ad = Fraction(2)
    assert pair_losses(20, 10000, ad, 10, 10) == 5
    assert pair_losses(10, 10000, ad, 20, 20) == 2
    assert pair_losses(10, 15000, ad, 20, 20) == 3  # 0.5 * 10 * 1.5 / 2 = 3.75
    assert pair_losses(10, 10000, ad, 5, 20) == 0  # 2.5 * 5 / 20


def test_one_attacker_one_defender_battle_and_flight_home() -> None:
    state = standard()
    # Player 2 (home Crab) attacks Earth (PM 150): Earth has 15 FI and 4 TR (1 escort)
    state.pv[1][2] = state.pv[2][1] = 0
    state.add_fleet(2, 1, 40, 0)
    report = _fight(state, 1)
    assert report is not None
    # AS = 40 * 100 = 4000; DS = 14 * 100 * 1.5 = 2100; AD = 4000/2100
    assert (report.strength_a, report.af, report.strength_d, report.df) == (4000, 40, 2100, 14)
    assert report.attackers_won
    attacker, defender = (next(s for s in report.sides if s.player == n) for n in (2, 1))
    ad = Fraction(4000, 2100)
    assert attacker.lost_fi == int(Fraction(1, 2) * 14 / ad)  # 3
    assert defender.lost_fi == int(Fraction(1, 2) * 40 / ad)  # 10
    assert (attacker.lost_fi, defender.lost_fi) == (3, 10)
    assert defender.lost_tr == 4
    assert defender.fled_fi == 5
    # Earth's owner flees to its nearest other planet (its HP is the battle planet): 9
    assert defender.fled_to == 9
    fled = [f for f in state.fleets if f.owner == 1 and f.target == 9 and f.stage is not None]
    assert fled[0].fi == 5 and fled[0].stage == 0  # distance 0, + 1 turn: arrives next turn
    assert state.player(2).fm == 10000 + (10 - 3 + 1) * 100
    assert state.player(1).fm == 10000 + (3 - 10 - 1) * 100
    assert state.player(1).tm == 10000 - 4 * 100


def test_ties_go_to_the_defender() -> None:
    state = standard()
    state.pv[1][3] = state.pv[3][1] = 0
    bare(state.planet(1), pm=100)
    fleet = state.orbit(1, 1)
    assert fleet is not None
    fleet.fi, fleet.tr = 10, 0
    state.add_fleet(3, 1, 10, 0)
    report = _fight(state, 1)
    assert report is not None and not report.attackers_won
    attacker = next(s for s in report.sides if s.player == 3)
    assert attacker.fled_fi == 10 - attacker.lost_fi


def test_several_attackers_and_defenders_each_against_each() -> None:
    state = standard()
    # planet 20 (neutral, PM 100, 6 FI 3 TR -> 5 active) with an ally of nobody: players
    # 1 and 2 attack (everyone is at war with Neutral), player 3 watches nothing there.
    state.add_fleet(1, 20, 30, 0)
    state.add_fleet(2, 20, 10, 0)
    report = _fight(state, 20)
    assert report is not None
    assert (report.strength_a, report.af, report.strength_d, report.df) == (4000, 40, 500, 5)
    ad = Fraction(5, 2)
    one, two, neutral = (next(s for s in report.sides if s.player == n) for n in (1, 2, 0))
    # A1 loses INT(0.5 * 5 / 2.5 * 30/40) = 0; A2: INT(0.5 * 5 / 2.5 * 10/40) = 0
    assert (one.lost_fi, two.lost_fi) == (0, 0)
    # Neutral loses INT(0.5*30/2.5*5/5) + INT(0.5*10/2.5*5/5) = 6 + 2 = 8, capped at its 6 FI
    assert int(Fraction(1, 2) * 30 / ad) + int(Fraction(1, 2) * 10 / ad) == 8
    assert neutral.lost_fi == 6 and neutral.lost_tr == 3
    assert neutral.fled_fi == 0


def test_escort_fi_are_lost_when_losses_exceed_the_fighting_fi() -> None:
    state = standard()
    state.pv[4][5] = state.pv[5][4] = 0
    home = state.orbit(5, 5)
    assert home is not None
    home.fi, home.tr = 100, 0
    state.add_fleet(4, 5, 3, 10)  # 3 FI, 2 of them escorts, 1 fighting
    report = _fight(state, 5)
    assert report is not None
    attacker = next(s for s in report.sides if s.player == 4)
    assert report.af == 1
    assert attacker.lost_fi == 3  # INT(0.5 * 100 * 1 / 2.5 * 1/1) = 20, capped at all 3
    assert attacker.lost_tr == 10


def test_spectators_do_not_fight() -> None:
    state = standard()
    state.add_fleet(3, 2, 20, 5)  # PV 1 to Crab's owner
    report = _fight(state, 2)
    assert report is not None and not report.fought
    assert [s.role for s in report.sides] == ["defend", "watch"]
    assert state.orbit(2, 3) is not None


def test_landing_formulas_of_the_rulebook() -> None:
    # 6.2.4: one TR at TM 150 % and AD 2.5 destroys INT(3.75) = 3 PDU
    assert pdu_destroyed(1, 15000, Fraction(5, 2)) == 3
    assert landing_strength(10, 10000, Fraction(2)) == 2000
    # Aj loses INT(PDU * PM% / 100) * AT{Aj}/AT: 7 PDU at PM 150 -> 10; a third of them
    assert tr_losses(7, 150, 10, 30) == 3


def test_landing_conquers_and_renames() -> None:
    state = standard()
    planet = bare(state.planet(37), pdu=1, pm=100)  # Potter's Bar, neutral, 2 FI
    state.add_fleet(7, 37, 20, 10)
    report = battle(state, standard_galaxy(), planet, Dice.legacy(Random(1)), {(7, 37): "Kneipe"})
    assert report is not None and report.landing
    # 2 FI escort of 10 TR -> 18 fight; Neutral 2 FI: AD = 1800/200 -> 2.5
    assert report.landing_a == 10 * 100 * 5 // 2 and report.landing_d == 100
    assert planet.owner == 7 and planet.pm == 50 and planet.pdu == 0
    assert planet.name == "Kneipe"
    assert report.new_owner == 7
    attacker = next(s for s in report.sides if s.player == 7)
    assert attacker.killed_pdu == 1 and attacker.lost_tr == 1


def test_repelled_landing_costs_pm_and_starts_a_revolt() -> None:
    state = standard()
    state.pv[6][8] = state.pv[8][6] = 0
    planet = bare(state.planet(16), pdu=20, pm=200)  # New Nome, player 8
    own = state.orbit(16, 8)
    assert own is not None
    own.fi = own.tr = 0
    state.add_fleet(6, 16, 4, 5)  # 1 escort: 3 FI fight against nobody, AD 2.5
    report = _fight(state, 16, seed=3)
    assert report is not None and report.landing and report.new_owner is None
    # AS = 5 * 100 * 2.5 = 1250 < DS = 20 * 200 = 4000; PDU lost INT(5 * 100 * 2.5 / 100) = 12
    assert (report.landing_a, report.landing_d) == (1250, 4000)
    attacker = next(s for s in report.sides if s.player == 6)
    assert attacker.killed_pdu == 12 and attacker.lost_tr == 5  # INT(20 * 2) capped at 5
    assert planet.pdu == 8 - report.revolt_pdu
    assert planet.pm == 200 - 12 - report.revolt_pdu
    assert 0 <= report.revolt_pdu <= planet.hd


def test_neutral_fleet_attacks_a_player() -> None:
    state = standard()
    state.add_fleet(NEUTRAL, 2, 1, 0)
    report = _fight(state, 2)
    assert report is not None and report.fought and not report.attackers_won


def _two_attackers_land(sizes: dict[int, int], seat_order: bool = False) -> AshesState:
    """Seats with {seat: TR} (2 FI each) land on neutral Potter's Bar: 5 PDU, PM 100."""
    state = standard(landing_seat_order=seat_order)
    bare(state.planet(37), pdu=5, pm=100)
    fleet = state.orbit(37, NEUTRAL)
    assert fleet is not None
    fleet.fi = fleet.tr = 0
    for seat, tr in sizes.items():
        state.add_fleet(seat, 37, 2, tr)
    report = battle(state, standard_galaxy(), state.planet(37), Dice.legacy(Random(0)), {})
    assert report is not None
    state.report.battles.append(report)
    return state


def test_every_attacker_hits_the_pdu_present_whatever_its_seat() -> None:
    # 6.2.4: "Die TR verschiedener Angreifer können aber dasselbe PDU mehrfach treffen".
    # No defending FI: AD 2.5. 4 TR destroy INT(4 * 100 * 2.5 / 100) = 10, 2 TR 5: both
    # capped at the 5 PDU present, not at what the attacker before in seat order left.
    for sizes in ({3: 4, 5: 2}, {3: 2, 5: 4}):
        state = _two_attackers_land(sizes)
        (report,) = state.report.battles
        sides = {s.player: s for s in report.sides}
        assert [sides[seat].killed_pdu for seat in sizes] == [5, 5]
        # TR lost: INT(5 * 100 / 100) * AT{Aj} / AT = 5 * 4/6 -> 3 and 5 * 2/6 -> 1
        lost = {seat: 3 if tr == 4 else 1 for seat, tr in sizes.items()}
        assert {seat: sides[seat].lost_tr for seat in sizes} == lost
        # TM% +1 per PDU destroyed, -1 per TR lost, for each attacker
        assert {seat: state.player(seat).tm for seat in sizes} == {
            seat: 10000 + (5 - lost[seat]) * 100 for seat in sizes
        }
        assert report.new_owner == next(seat for seat, tr in sizes.items() if tr == 4)


def test_the_battle_report_shows_each_attackers_pdu() -> None:
    state = _two_attackers_land({3: 4, 5: 2})
    text = printout(state, 3, "de")
    assert "Spieler C greift an 2 FI 4 TR(-0FI) (-3TR/-5PDU)" in text
    assert "Spieler E greift an 2 FI 2 TR(-0FI) (-1TR/-5PDU)" in text


def test_pdu_hit_by_several_attackers_are_destroyed_once() -> None:
    state = standard()
    state.pv[6][8] = state.pv[8][6] = state.pv[7][8] = state.pv[8][7] = 0
    planet = bare(state.planet(16), pdu=10, pm=200)  # New Nome, player 8
    own = state.orbit(16, 8)
    assert own is not None
    own.fi = own.tr = 0
    state.add_fleet(6, 16, 2, 3)  # 3 TR at AD 2.5 destroy INT(7.5) = 7 PDU
    state.add_fleet(7, 16, 2, 2)  # 2 TR destroy 5 PDU
    report = _fight(state, 16, seed=3)
    # AS = 5 * 100 * 2.5 = 1250 < DS = 10 * 200 = 2000: repelled
    assert report is not None and report.landing and report.new_owner is None
    assert [s.killed_pdu for s in report.sides if s.role == "attack"] == [7, 5]
    # 12 hits on 10 PDU leave none: the population's revolt succeeds at once
    assert planet.pdu == 0 and report.revolt_pdu == 0 and report.went_neutral


def test_games_stored_before_the_fix_keep_their_seat_order() -> None:
    state = _two_attackers_land({3: 4, 5: 2}, seat_order=True)
    sides = {s.player: s for s in state.report.battles[0].sides}
    assert (sides[3].killed_pdu, sides[5].killed_pdu) == (5, 0)
    # a new game writes the option; a state stored before it existed lacks it, reads as
    # such a game and is written back byte for byte as it was stored (replay)
    data = standard().to_json()
    options = data["options"]
    assert isinstance(options, dict) and options["landing_seat_order"] is False
    del options["landing_seat_order"]
    stored = AshesState.from_json(data)
    assert stored.options.landing_seat_order
    assert stored.to_json() == data
