"""Starweb "Kontrolle über eine Welt", "Leere keys", "Pirat": worked by hand."""

from __future__ import annotations

from engine.starweb.control import capture, conquer
from engine.starweb.state import Character, StarwebState
from tests.starweb.factory import make_state, make_turn, setv

# Player 1 at home on W1 (keys 1-5), player 2 on W3 (keys 6-10); W2 is neutral.


def populated(state: StarwebState) -> None:
    setv(state.world(2), population=10, mines=2)


def test_the_only_player_at_war_takes_a_populated_world() -> None:
    state = make_state()
    populated(state)
    setv(state.fleet(1), world=2, ships=1)
    turn = make_turn(state)
    conquer(turn)
    assert (state.world(2).owner, state.world(2).turns) == (1, 1)
    assert 2 in turn.conquered
    assert "conquered" in turn.world_note(2).flags


def test_no_conquest_at_peace_against_home_fleets_or_of_an_empty_world() -> None:
    for world_values, key_values in (
        ({}, {"peace": True}),
        ({"p_ships": 1}, {}),
        ({"population": 0}, {}),
        ({"population": 4, "converts": 4, "convert_owner": 2}, {}),
        ({"robots": 5, "population": 0}, {}),
    ):
        state = make_state()
        populated(state)
        setv(state.world(2), **world_values)
        setv(state.fleet(1), world=2, ships=1, **key_values)
        conquer(make_turn(state))
        assert state.world(2).owner == 0, world_values


def test_an_allys_world_is_not_taken_and_two_players_block_each_other() -> None:
    state = make_state()
    setv(state.player(1), allies=[2])
    setv(state.world(3), i_ships=0, p_ships=0)
    setv(state.fleet(1), world=3, ships=1)
    populated(state)
    setv(state.fleet(2), world=2, ships=1)
    setv(state.fleet(6), world=2, ships=1)
    conquer(make_turn(state))
    assert (state.world(3).owner, state.world(2).owner) == (2, 0)


def test_the_only_player_with_ships_takes_empty_keys() -> None:
    state = make_state()
    setv(state.fleet(1), world=8, ships=1)  # keys 11-20 lie empty and neutral on W8
    turn = make_turn(state)
    conquer(turn)
    assert {state.fleet(n).owner for n in range(11, 21)} == {1}
    assert "captured" in turn.fleet_note(11).flags


def test_an_own_empty_key_stays_while_own_ships_are_on_the_own_world() -> None:
    state = make_state()
    conquer(make_turn(state))
    assert state.fleet(1).owner == 1  # the home fleets guard the keys
    setv(state.world(1), i_ships=0, p_ships=0)
    conquer(make_turn(state))
    assert state.fleet(1).owner == 0


def test_an_enemy_at_war_takes_the_empty_keys_from_the_owner() -> None:
    state = make_state()
    setv(state.world(1), i_ships=0, p_ships=0)
    setv(state.fleet(6), world=1, ships=2)
    turn = make_turn(state)
    conquer(turn)
    assert state.fleet(1).owner == 2
    assert "taken_from:1" in turn.fleet_note(1).flags


def test_a_pirate_with_more_than_three_times_the_ships_captures_all_keys() -> None:
    for pirate_ships, taken in ((10, True), (9, False)):
        state = make_state((Character.PIRATE, Character.MERCHANT))
        setv(state.fleet(1), world=3, ships=pirate_ships)
        setv(state.fleet(6), ships=2, cargo=4)
        setv(state.fleet(7), ships=1)
        turn = make_turn(state)
        capture(turn)
        owners = (state.fleet(6).owner, state.fleet(7).owner, state.fleet(8).owner)
        assert owners == ((1, 1, 1) if taken else (2, 2, 2))
        if taken:
            assert state.fleet(6).cargo == 2  # more than 1 metal per ship disappears
            assert "taken_from:2" in turn.fleet_note(6).flags
            assert state.world(3).owner == 2


def test_a_pirate_spares_allies_and_must_outnumber_them_too() -> None:
    for ally_ships, taken in ((3, True), (4, False)):
        state = make_state((Character.PIRATE, Character.MERCHANT, Character.APOSTLE))
        setv(state.player(1), allies=[3])
        setv(state.fleet(1), world=3, ships=10)
        setv(state.fleet(6), ships=1)
        setv(state.fleet(11), world=3, ships=ally_ships)
        capture(make_turn(state))
        assert state.fleet(11).owner == 3
        assert state.fleet(6).owner == (1 if taken else 2)


def test_a_pirate_at_peace_captures_nothing() -> None:
    state = make_state((Character.PIRATE, Character.MERCHANT))
    setv(state.fleet(1), world=3, ships=10, peace=True)
    setv(state.fleet(6), ships=1)
    capture(make_turn(state))
    assert state.fleet(6).owner == 2
