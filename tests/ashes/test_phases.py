"""The phases of a turn through run_turn: PV, flights, cargo, revolts, morale, PP."""

from __future__ import annotations

from random import Random

from engine.ashes.morale import bounded, regenerate
from engine.ashes.research import successes
from engine.ashes.revolt import revolt_phase
from engine.ashes.state import AshesState
from engine.ashes.turn import run_turn
from engine.core import NEUTRAL, Order
from engine.dice import Dice
from grammar.ashes import parse
from tests.ashes.helpers import bare, standard


def orders(text: str) -> list[Order]:
    result = parse(text)
    assert not result.errors, [e.message("en") for e in result.errors]
    return result.orders


def turn(state: AshesState, by_player: dict[int, str], seed: int = 0) -> AshesState:
    given = {p.number: [] for p in state.active()}
    given.update({p: orders(text) for p, text in by_player.items()})
    new, _ = run_turn(state, given, Dice.legacy(Random(seed)))
    return new


# -------------------------------------------------------------------- 7.1 PV (6.3.1)


def test_lowering_is_one_sided_and_raising_needs_both() -> None:
    state = turn(standard(), {1: "PV 2 = 0", 3: "PV 4 = 2"})
    assert state.pv[1][2] == state.pv[2][1] == 0
    assert state.pv[3][4] == 1  # only player 3 wants the alliance
    state = turn(state, {4: "PV 3 = 2"})
    assert state.pv[3][4] == state.pv[4][3] == 2


def test_pv_moves_one_step_a_turn() -> None:
    state = turn(standard(), {1: "PV 2 = 2", 2: "PV 1 = 2"})
    assert state.pv[1][2] == 2
    state = turn(state, {1: "PV 2 = 0"})
    assert state.pv[1][2] == 1  # 2 -> 1, the declaration 0 stands
    state = turn(state, {})
    assert state.pv[1][2] == 0


def test_pv_to_neutral_is_always_0_and_to_self_1() -> None:
    state = standard()
    assert all(state.pv[NEUTRAL][n] == 0 for n in range(9))
    assert state.pv[3][3] == 1


def test_political_points_per_pv() -> None:
    state = turn(standard(), {1: "PV 2 = 0\nPV 3 = 2", 3: "PV 1 = 2"})
    # player 1: one alliance (+1), one war (-1); player 2: one war; player 3: one alliance
    assert [state.player(n).pp for n in (1, 2, 3, 4)] == [0, -1, 1, 0]


def test_home_planet_and_renames() -> None:
    state = turn(standard(), {2: "HP = 10\n10 = Vorposten\nHerrscher = Ming\n4 = Meins"})
    me = state.player(2)
    assert me.home == 10 and me.ruler == "Ming"
    assert state.planet(10).name == "Vorposten"
    assert state.planet(4).name == "Nameless"  # not conquered, the name is dropped


def test_flight_order_to_a_bound_stray_fleet_is_a_flight_home() -> None:
    state = turn(standard(), {1: "PV 2 = 2", 2: "PV 1 = 2"})
    state.add_fleet(1, 2, 10, 0)  # player 1's fleet over Crab, an ally's planet
    state = turn(state, {2: "PV 1 = 1", 1: "2 / 10 / 0 / 18"})
    assert state.pv[1][2] == 1
    # not to 18 but home to Earth (distance class 1): stage 1 + 1, advanced once -> (D+1)
    home = [f for f in state.fleets if f.owner == 1 and f.stage is not None]
    assert [(f.target, f.stage) for f in home] == [(1, 1)]


# ------------------------------------------------------------------ 7.3 flights


def test_distance_0_arrives_the_same_turn_and_longer_flights_advance() -> None:
    state = turn(standard(), {2: "2 / 5 / 0 / 10\n2 / 5 / 0 / 11\n2 / 5 / 3 / 5"})
    by_target = {f.target: f for f in state.fleets if f.owner == 2}
    assert by_target[10].stage is None and by_target[10].fi == 15  # (D): arrived
    assert by_target[11].stage == 0  # distance class 1: (D) after this turn
    assert by_target[5].stage == 2  # distance class 3: (D+2)
    state = turn(state, {})
    by_target = {f.target: f for f in state.fleets if f.owner == 2}
    assert by_target[11].stage is None and by_target[5].stage == 1


def test_a_flight_for_more_ships_than_there_are_sends_what_is_there() -> None:
    state = turn(standard(), {2: "2 / 50 / 1 / 10"})
    arrived = state.orbit(10, 2)
    assert arrived is not None and (arrived.fi, arrived.tr) == (10 + 15, 6 + 1)
    assert any(n.kind == "flight_cut" for n in state.report.notices)


# --------------------------------------------------------------- cargo (6.3.5)


def test_cargo_whole_loads_fewer_ships_when_goods_run_short() -> None:
    state = standard()
    bare(state.planet(2), fuel=100)
    state = turn(state, {2: "2 / C5 / 5 / 5"})  # 40 FUEL a ship: only 2 ships
    convoy = state.cargo[0]
    assert (convoy.count, convoy.cargo, convoy.target, convoy.stage) == (2, 5, 5, 2)
    # goods left before production: 20 FUEL, then 3 FP make 2 more
    assert state.planet(2).fuel == 22
    assert state.orbit(2, 2) is not None and state.orbit(2, 2).tr == 1  # type: ignore[union-attr]


def test_cargo_needs_an_own_fighter_in_orbit() -> None:
    state = standard()
    fleet = state.orbit(2, 2)
    assert fleet is not None
    fleet.fi = 0
    state = turn(state, {2: "2 / C2 / 1 / 10"})
    assert state.cargo == []
    assert any(n.kind == "cargo_no_control" for n in state.report.notices)


def test_cargo_unloads_for_the_owner_only_with_air_superiority() -> None:
    state = turn(standard(), {2: "2 / C1 / 2 / 10"})  # distance 0: arrives at once
    # Outpost is player 2's with 10 FI: unloaded after production, they become TR
    assert state.cargo == []
    assert state.planet(10).pdu == 12
    assert state.orbit(10, 2) is not None and state.orbit(10, 2).tr == 8  # type: ignore[union-attr]
    state = standard()
    state = turn(state, {2: "2 / C1 / 1 / 18"})  # Draken: neutral, with its own FI
    assert state.planet(18).pdu >= 6
    state = standard()
    garrison = state.orbit(18, NEUTRAL)
    assert garrison is not None
    garrison.fi = 0
    bare(state.planet(18), fy=0)  # no new FI either
    state = turn(state, {2: "2 / C1 / 1 / 18"})
    assert [(c.count, c.stage) for c in state.cargo] == [(1, None)]  # waits in (D+0)


# ----------------------------------------------------------------- 7.5 revolts


def test_revolt_when_pdu_below_hd() -> None:
    state = standard()
    planet = bare(state.planet(2), pdu=5, pm=150)  # HD 6
    revolt_phase(state, Dice.legacy(Random(4)))
    destroyed = 5 - planet.pdu
    assert 0 <= destroyed <= 6
    assert planet.pm == 150 - destroyed
    assert state.report.news[-1].kind == "revolt"


def test_a_revolt_that_destroys_all_pdu_makes_the_planet_neutral() -> None:
    state = standard()
    planet = bare(state.planet(2), pdu=0)
    revolt_phase(state, Dice.legacy(Random(0)))
    assert planet.owner == NEUTRAL and planet.pm == 50
    assert [n.kind for n in state.report.news][-2:] == ["revolt", "independent"]


def test_negative_pp_makes_all_planets_revolt() -> None:
    state = standard()
    state.player(3).pp = -1
    revolt_phase(state, Dice.legacy(Random(0)))
    assert sorted(n.planet for n in state.report.news if n.kind == "revolt") == [3, 11]


# ------------------------------------------------------------ morale, research


def test_morale_bounds_and_regeneration() -> None:
    assert bounded(14950, 100) == 15000
    assert bounded(5050, -200) == 5000
    state = standard()
    state.player(1).fm, state.player(1).tm = 9000, 9499
    state.player(2).fm = 9500
    regenerate(state)
    assert (state.player(1).fm, state.player(1).tm, state.player(2).fm) == (9500, 9999, 9500)


def test_research_each_pp_succeeds_with_half_a_chance() -> None:
    dice = Dice.legacy(Random(7))
    values = [successes(10, dice, "research seat 1 FM", 1) for _ in range(200)]
    assert min(values) >= 0 and max(values) <= 10
    assert 900 < sum(values) < 1100  # about 5 of 10 on average


def test_research_spends_pp_and_raises_values() -> None:
    state = standard()
    state.player(2).pp = 10
    state = turn(state, {2: "6 PP für FM%\n6 PP für PR auf 2"})
    me = state.player(2)
    done = [n for n in state.report.notices if n.kind == "research_done"]
    cut = [n for n in state.report.notices if n.kind == "research_cut"]
    assert me.pp == 0 and len(done) == 2 and cut[0].number == 4
    assert me.fm == 10000 + done[0].number
    assert state.planet(2).pr60 == 40 + done[1].number


def test_spying_costs_7_pp_and_shows_the_planet_before_the_turn() -> None:
    state = standard()
    state.player(2).pp = 8
    state = turn(state, {2: "4 ausspionieren", 4: "4: 1 PDU"})
    spy = state.report.spies[0]
    assert spy.player == 2 and spy.planet.number == 4 and spy.planet.pdu == 6
    assert (spy.fi, spy.tr) == (15, 3)
    assert state.player(2).pp == 1
    assert state.planet(4).pdu == 7
