"""Starweb "Feuern": numbers worked out by hand from the rulebook."""

from __future__ import annotations

from collections.abc import Sequence

from engine.starweb.combat import fire
from engine.starweb.forces import fleet_shots
from engine.starweb.orders import AT_FLEET, AT_HOME_FLEETS, AT_INDUSTRY, AT_POPULATION, Fire, Move
from engine.starweb.state import Character, Fleet, StarwebState
from tests.starweb.factory import make_state, make_turn, remarks, setv

# Player 1 (Reichsgründer) at home on W1 with keys 1-5, player 2 (Händler) on W3 with 6-10.


def keys_facing(
    own: int,
    other: int,
    characters: Sequence[str] = (Character.EMPIRE_BUILDER, Character.MERCHANT),
) -> StarwebState:
    """Player 1's key 1 with ``own`` ships and player 2's key 6 with ``other`` ships, both
    on W1, player 1's home world."""
    state = make_state(characters)
    setv(state.fleet(1), ships=own)
    setv(state.fleet(6), world=1, ships=other)
    return state


def at_fleet(key: int, target: int, conditional: bool = False) -> Fire:
    return Fire(
        source="F", number=key, target=AT_FLEET, target_fleet=target, conditional=conditional
    )


def test_merchant_fleet_of_five_ships_with_six_metals_has_four_shots() -> None:
    assert fleet_shots(Fleet(number=1, world=1, owner=2, ships=5, cargo=6)) == 4


def test_four_shots_destroy_two_unloaded_ships() -> None:
    state = make_state()
    setv(state.fleet(6), world=1, ships=5, cargo=6)  # the merchant's 4 shots
    setv(state.fleet(1), ships=10)
    turn = make_turn(state, {2: [at_fleet(6, 1)]})
    fire(turn)
    assert state.fleet(1).ships == 8
    assert "fire:AF1" in turn.fleet_note(6).flags
    assert 6 in turn.fired
    assert turn.shots_by[2] == 4


def test_unloaded_ships_are_hit_first_then_one_hit_per_loaded_ship() -> None:
    state = make_state()
    setv(state.fleet(6), world=1, ships=3)
    setv(state.fleet(1), ships=3, cargo=2)  # one unloaded, two loaded
    fire(make_turn(state, {2: [at_fleet(6, 1)]}))
    assert (state.fleet(1).ships, state.fleet(1).cargo) == (1, 1)


def test_home_fleets_fire_half_a_shot_rounded_up() -> None:
    state = make_state()
    setv(state.world(1), i_ships=3)  # 2 shots
    setv(state.fleet(6), world=1, ships=5)
    order = Fire(source="I", number=1, target=AT_FLEET, target_fleet=6)
    turn = make_turn(state, {1: [order]})
    fire(turn)
    assert state.fleet(6).ships == 4
    assert "i_fire:AF6" in turn.world_note(1).flags


def test_two_shots_beyond_the_home_fleets_make_the_world_neutral() -> None:
    state = make_state()
    setv(state.fleet(6), world=1, ships=6)  # 4 shots for 1 I + 1 P, 2 more
    turn = make_turn(state, {2: [Fire(source="F", number=6, target=AT_HOME_FLEETS)]})
    fire(turn)
    world = state.world(1)
    assert (world.i_ships, world.p_ships, world.owner) == (0, 0, 0)
    assert "neutralised" in turn.world_note(1).flags
    assert 1 in turn.left[1]


def test_one_shot_beyond_the_home_fleets_does_not_neutralise() -> None:
    state = make_state()
    setv(state.fleet(6), world=1, ships=5)
    fire(make_turn(state, {2: [Fire(source="F", number=6, target=AT_HOME_FLEETS)]}))
    assert (state.world(1).p_ships, state.world(1).owner) == (0, 1)


def test_fire_at_industry_hits_i_ships_first() -> None:
    state = make_state()
    setv(state.world(1), i_ships=2)
    setv(state.fleet(6), world=1, ships=9)  # 4 hits for 2 I-ships, 5 left: 2 industries
    fire(make_turn(state, {2: [Fire(source="F", number=6, target=AT_INDUSTRY)]}))
    assert (state.world(1).i_ships, state.world(1).industry) == (0, 28)


def test_fire_at_population_kills_p_ships_first_and_counts_the_dead() -> None:
    state = make_state()
    setv(state.fleet(6), world=1, ships=9)  # 2 hits for the P-ship, 7 left: 3 people
    turn = make_turn(state, {2: [Fire(source="F", number=6, target=AT_POPULATION)]})
    fire(turn)
    assert (state.world(1).p_ships, state.world(1).population) == (0, 47)
    assert turn.world_note(1).dead == 3
    assert turn.killed[(2, 1)] == 3


def test_fire_is_simultaneous() -> None:
    state = keys_facing(2, 2)
    fire(make_turn(state, {1: [at_fleet(1, 6)], 2: [at_fleet(6, 1)]}))
    assert state.fleet(1).ships == state.fleet(6).ships == 1


def test_a_destroyed_key_stays_empty_and_neutral() -> None:
    state = keys_facing(4, 2, (Character.BERSERKER, Character.MERCHANT))
    turn = make_turn(state, {1: [at_fleet(1, 6)]})
    fire(turn)
    assert (state.fleet(6).owner, state.fleet(6).world, state.fleet(6).ships) == (0, 1, 0)
    assert turn.scored[1] == 4  # Starweb "Berserker": 2 per ship of a whole fleet


def test_a_fleeing_key_takes_half_the_hits() -> None:
    state = keys_facing(4, 5)
    flee = Move(fleet=6, path=(2,))
    fire(make_turn(state, {1: [at_fleet(1, 6)], 2: [flee]}))
    assert state.fleet(6).ships == 4


def test_conditional_fire_answers_an_attack_by_the_named_key() -> None:
    state = keys_facing(4, 4)
    turn = make_turn(state, {1: [at_fleet(1, 6, conditional=True)], 2: [at_fleet(6, 1)]})
    fire(turn)
    assert state.fleet(1).ships == state.fleet(6).ships == 2
    assert "fire:CF6" in turn.fleet_note(1).flags


def test_conditional_fire_without_an_attack_does_not_fire() -> None:
    state = keys_facing(4, 4)
    turn = make_turn(state, {1: [at_fleet(1, 6, conditional=True)]})
    fire(turn)
    assert state.fleet(6).ships == 4
    assert remarks(turn, 1) == ["not_attacked"]


def test_a_player_who_missed_the_turn_fires_back_conditionally() -> None:
    state = keys_facing(4, 4)
    turn = make_turn(state, {2: [at_fleet(6, 1)]}, nmr=frozenset({1}))
    turn.orders.pop(1)
    fire(turn)
    assert state.fleet(6).ships == 2
    assert "conditional:CF6" in turn.fleet_note(1).flags


def test_the_target_must_have_been_there_at_the_start() -> None:
    state = make_state()
    setv(state.fleet(6), ships=3)
    turn = make_turn(state, {1: [at_fleet(1, 6)]})
    setv(state.fleet(1), ships=3)
    fire(turn)
    assert remarks(turn, 1) == ["target_not_here"]


def test_apostle_in_jihad_pays_nothing_for_shots_at_the_target() -> None:
    state = keys_facing(4, 4, (Character.APOSTLE, Character.MERCHANT))
    setv(state.player(1), jihad=2)
    turn = make_turn(state, {1: [at_fleet(1, 6)]})
    fire(turn)
    assert turn.shots_by[1] == 0
