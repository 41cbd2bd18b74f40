"""Cargo (Starweb "Fracht", "Händler"), numbers by hand."""

from __future__ import annotations

from engine.starweb.cargo import load, unload
from engine.starweb.orders import Cargo
from engine.starweb.scoring import score
from engine.starweb.state import Character
from tests.starweb.factory import make_state, make_turn, remarks, setv

MERCHANT = (Character.MERCHANT, Character.EMPIRE_BUILDER)


def test_merchant_scores_8_per_metal_up_to_twice_the_industry() -> None:
    # "Händler": 30 industries -> points for at most 60 metals -> 480 points.
    state = make_state(MERCHANT)
    setv(state.fleet(1), world=3, ships=40, cargo=80)
    turn = make_turn(state, {1: [Cargo(fleet=1, action="U")]})
    unload(turn)
    assert state.world(3).metal == 30 + 80
    assert turn.unloaded_metal[3] == 80
    assert turn.merchant_metal[(1, 3)] == 60
    score(turn)
    assert turn.player_report(1).gained == 480 + 0  # merchants score nothing per turn


def test_no_merchant_points_where_he_also_loads() -> None:
    state = make_state(MERCHANT)
    setv(state.fleet(1), world=3, ships=10, cargo=10)
    setv(state.fleet(2), world=3, ships=10)
    state.player(2).loaders = [1]
    orders = [Cargo(fleet=1, action="U", quantity=4), Cargo(fleet=2, action="L", quantity=5)]
    turn = make_turn(state, {1: orders})
    unload(turn)
    load(turn)
    assert state.fleet(2).cargo == 5
    score(turn)
    assert turn.player_report(1).gained == 0
    state.options.merchant_net_unload = True
    turn.player_report(1).gained = 0
    score(turn)
    assert turn.player_report(1).gained == 0  # net 4 - 5 < 0


def test_consumer_goods_10_8_5_3_then_1_and_reconversion() -> None:
    state = make_state(MERCHANT)
    setv(state.fleet(1), world=3, ships=5, cargo=10)
    setv(state.world(3), kg_unloads=3, converts=40, convert_owner=2)
    turn = make_turn(state, {1: [Cargo(fleet=1, action="N", quantity=6)]})
    unload(turn)
    assert turn.scored[1] == 3  # fourth time
    assert state.world(3).kg_unloads == 4
    assert state.fleet(1).cargo == 4
    assert 34 <= state.world(3).converts < 40
    assert state.world(3).metal == 30


def test_a_key_that_unloaded_cannot_load_another_can() -> None:
    state = make_state()
    setv(state.world(1), metal=0)
    setv(state.fleet(1), ships=3, cargo=3)
    setv(state.fleet(2), ships=2)
    orders = [
        Cargo(fleet=1, action="U"),
        Cargo(fleet=1, action="L"),
        Cargo(fleet=2, action="L"),
    ]
    turn = make_turn(state, {1: orders})
    unload(turn)
    load(turn)
    assert state.fleet(1).cargo == 0 and state.fleet(2).cargo == 2
    assert state.world(1).metal == 1
    assert remarks(turn, 1) == ["", "unloaded_this_turn", ""]


def test_loading_needs_own_world_or_the_right_and_the_owner_loads_first() -> None:
    state = make_state((Character.EMPIRE_BUILDER, Character.PIRATE))
    setv(state.world(3), metal=3)
    setv(state.fleet(1), world=3, ships=3)  # THRAWN at BORG's home
    setv(state.fleet(6), ships=2)  # BORG at home
    orders = {1: [Cargo(fleet=1, action="L")], 2: [Cargo(fleet=6, action="L")]}
    turn = make_turn(state, orders)
    load(turn)
    assert remarks(turn, 1) == ["no_loading_right"]
    state.player(2).loaders = [1]
    state.fleet(6).cargo = 0
    state.world(3).metal = 3
    turn = make_turn(state, orders)
    load(turn)
    assert state.fleet(6).cargo == 2 and state.fleet(1).cargo == 1


def test_jettison_destroys_cargo() -> None:
    state = make_state()
    setv(state.fleet(1), ships=3, cargo=3)
    turn = make_turn(state, {1: [Cargo(fleet=1, action="J", quantity=2)]})
    unload(turn)
    assert state.fleet(1).cargo == 1 and state.world(1).metal == 30
