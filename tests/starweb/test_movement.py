"""Starweb "Bewegung", "Ambush", "Schwarze Löcher": moves worked out by hand."""

from __future__ import annotations

from engine.starweb.movement import move
from engine.starweb.orders import AmbushOff, Move, StarwebOrder
from engine.starweb.state import Character, Departure, Options
from tests.starweb.factory import make_state, make_turn, remarks, setv

# Ring of 8 worlds: player 1 at home on W1 (keys 1-5), player 2 on W3 (keys 6-10).


def test_a_key_moves_through_three_gates() -> None:
    state = make_state()
    setv(state.fleet(1), ships=2)
    setv(state.world(3), i_ships=0, p_ships=0)  # nobody to ambush on W3
    turn = make_turn(state, {1: [Move(fleet=1, path=(2, 3, 4))]})
    move(turn)
    assert state.fleet(1).world == 4
    assert turn.world_note(1).departures == [Departure(1, 1, 2)]
    assert turn.world_note(3).departures == [Departure(1, 1, 4)]
    assert turn.passed[1] == {2, 3, 4}
    assert "moved" in turn.fleet_note(1).flags
    assert 1 in turn.moved


def test_a_step_without_a_gate_stops_the_key() -> None:
    state = make_state()
    setv(state.fleet(1), ships=2)
    turn = make_turn(state, {1: [Move(fleet=1, path=(2, 5))]})
    move(turn)
    assert state.fleet(1).world == 2
    assert remarks(turn, 1) == ["no_gate:W5"]


def test_an_empty_key_cannot_move() -> None:
    state = make_state()
    turn = make_turn(state, {1: [Move(fleet=1, path=(2,))]})
    move(turn)
    assert state.fleet(1).world == 1
    assert remarks(turn, 1) == ["empty_key"]


def test_ambush_hits_count_double() -> None:
    # W3: 1 I-ship + 1 P-ship (a whole shot each) and key 6 with 3 ships: 5 shots,
    # each kills an unloaded ship; the 8 ships of key 1 go on with 3.
    state = make_state()
    setv(state.fleet(1), ships=8)
    setv(state.fleet(6), ships=3)
    turn = make_turn(state, {1: [Move(fleet=1, path=(2, 3, 4))]})
    move(turn)
    assert (state.fleet(1).world, state.fleet(1).ships) == (4, 3)
    assert "ambush" in turn.fleet_note(6).flags
    assert "ambush" in turn.world_note(3).flags


def test_the_destination_does_not_ambush() -> None:
    state = make_state()
    setv(state.fleet(1), ships=2)
    setv(state.fleet(6), ships=9)
    move(make_turn(state, {1: [Move(fleet=1, path=(2, 3))]}))
    assert (state.fleet(1).world, state.fleet(1).ships) == (3, 2)


def test_a_key_destroyed_in_ambush_stays_there_empty_and_neutral() -> None:
    state = make_state()
    setv(state.fleet(1), ships=2)
    turn = make_turn(state, {1: [Move(fleet=1, path=(2, 3, 4))]})
    move(turn)
    assert (state.fleet(1).world, state.fleet(1).ships, state.fleet(1).owner) == (3, 0, 0)
    assert turn.world_note(3).departures == []


def test_no_ambush_against_allies_or_when_switched_off() -> None:
    for player_two in ({"allies": [1]}, {}):
        state = make_state()
        setv(state.player(2), **player_two)
        setv(state.fleet(1), ships=2)
        orders: dict[int, list[StarwebOrder]] = {1: [Move(fleet=1, path=(2, 3, 4))]}
        if not player_two:
            orders[2] = [AmbushOff(world=3)]
        move(make_turn(state, orders))
        assert (state.fleet(1).world, state.fleet(1).ships) == (4, 2)


def test_loaded_ships_die_two_to_an_ambush_shot() -> None:
    state = make_state()
    setv(state.world(3), i_ships=0)  # one P-ship: 1 shot = 2 hits = 2 loaded ships
    setv(state.fleet(1), ships=3, cargo=3)
    move(make_turn(state, {1: [Move(fleet=1, path=(2, 3, 4))]}))
    assert (state.fleet(1).ships, state.fleet(1).cargo) == (1, 1)


def test_neutral_home_fleets_fire_back_only_by_option() -> None:
    for fire_back, survivors in ((True, 1), (False, 2)):
        state = make_state(options=Options(worlds=8, neutral_fire_back=fire_back))
        setv(state.world(6), p_ships=1)
        setv(state.fleet(1), ships=2, world=5)
        move(make_turn(state, {1: [Move(fleet=1, path=(6, 7))]}))
        assert state.fleet(1).ships == survivors


def test_a_black_hole_takes_the_ships_and_throws_the_key_away() -> None:
    state = make_state((Character.EMPIRE_BUILDER, Character.PIRATE))
    setv(state.world(2), black_hole=True)
    setv(state.fleet(1), ships=5, cargo=2)
    turn = make_turn(state, {1: [Move(fleet=1, path=(2, 3))]}, seed=4)
    move(turn)
    key = state.fleet(1)
    assert (key.ships, key.cargo, key.owner) == (0, 0, 0)
    assert not state.world(key.world).black_hole
    assert "black_hole:F1" in turn.player_report(1).notices
