"""Starweb "Roboter" and "Planetenbruch-Bombe": the rulebook's numbers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.starweb.bombs import drop
from engine.starweb.combat import fire
from engine.starweb.context import Turn
from engine.starweb.orders import AT_FLEET, DropBomb, Fire, RobotAttack, StarwebOrder
from engine.starweb.population import robots_meet_humans
from engine.starweb.state import Character, StarwebState
from tests.starweb.factory import make_state, make_turn, remarks, setv

# Player 1 is the berserker (home W1, keys 1-5), player 2 the other (home W3, keys 6-10).
BERSERKER = (Character.BERSERKER, Character.EMPIRE_BUILDER)


def fire_and_drop(state: StarwebState, orders: Mapping[int, Sequence[StarwebOrder]]) -> Turn:
    """The turn of ``orders`` after its shooting and its bombs and robots."""
    turn = make_turn(state, orders)
    fire(turn)
    drop(turn)
    return turn


def robot_attack(ships: int, quantity: int, population: int = 50) -> tuple[StarwebState, Turn]:
    """The berserker's key 2 with ``ships`` ships at the other's home W3 (``population``
    people; 50 is the start) turns ``quantity`` of them into robots: the state and turn."""
    state = make_state(BERSERKER)
    setv(state.world(3), population=population)
    setv(state.fleet(2), world=3, ships=ships)
    return state, fire_and_drop(state, {1: [RobotAttack(fleet=2, quantity=quantity)]})


def test_eight_people_kill_two_robots_nine_kill_three() -> None:
    assert robots_meet_humans(3, 8) == (1, 0)
    assert robots_meet_humans(4, 9) == (1, 0)
    assert robots_meet_humans(3, 9) == (0, 0)


def test_four_robots_kill_sixteen() -> None:
    assert robots_meet_humans(4, 20) == (0, 4)


def test_f7r2_shot_four_times_brings_no_robots() -> None:
    state = make_state(BERSERKER)
    setv(state.fleet(2), world=3, ships=5)
    setv(state.fleet(6), ships=4)
    turn = fire_and_drop(
        state,
        {
            1: [RobotAttack(fleet=2, quantity=2)],
            2: [Fire(source="F", number=6, target=AT_FLEET, target_fleet=2)],
        },
    )
    assert "robots" in turn.fleet_note(2).flags
    assert state.fleet(2).ships == 3
    assert (state.world(3).population, state.world(3).robots) == (50, 0)


def test_a_robot_attack_takes_the_world_and_its_home_fleets() -> None:
    # F2R3: 6 robots against 10 people: 24 could die, the 10 kill ceil(10/4) = 3 robots.
    state, turn = robot_attack(ships=4, quantity=3, population=10)
    world = state.world(3)
    assert (world.owner, world.robots, world.population, world.i_ships) == (1, 3, 0, 1)
    assert turn.world_note(3).dead == 10
    assert "conquered" in turn.world_note(3).flags
    assert turn.killed[(1, 2)] == 10


def test_four_robots_leave_tote_sixteen() -> None:
    state, turn = robot_attack(ships=3, quantity=2)
    assert turn.world_note(3).dead == 16
    assert (state.world(3).owner, state.world(3).population) == (2, 34)


def test_a_robot_attack_keeps_one_ship() -> None:
    state, turn = robot_attack(ships=3, quantity=5, population=4)
    assert state.fleet(2).ships == 1
    assert state.world(3).robots == 3  # 2 ships: 4 robots, 4 people kill 1
    assert remarks(turn, 1) == ["corrected"]


def test_only_berserkers_attack_with_robots() -> None:
    state = make_state()
    setv(state.fleet(1), world=3, ships=3)
    turn = make_turn(state, {1: [RobotAttack(fleet=1, quantity=1)]})
    fire(turn)
    assert remarks(turn, 1) == ["not_berserker"]


def test_the_planet_buster_destroys_everything_but_keys_and_artifacts() -> None:
    state = make_state(BERSERKER)
    setv(state.fleet(2), world=3, ships=2, bomb=True)
    setv(state.fleet(6), ships=4)
    turn = make_turn(state, {1: [DropBomb(fleet=2)]})
    drop(turn)
    world = state.world(3)
    assert (world.industry, world.metal, world.mines, world.population) == (0, 0, 0, 0)
    assert (world.i_ships, world.p_ships, world.owner, world.bombed) == (0, 0, 0, True)
    assert state.fleet(6).ships == 4
    assert turn.scored[1] == 200
    assert turn.killed[(1, 2)] == 50
    assert "destroyed" in turn.world_note(3).flags
    assert "bomb_dropped" in turn.fleet_note(2).flags


def test_a_second_bomb_on_the_world_scores_nothing_and_others_lose_fifty() -> None:
    state = make_state(BERSERKER)
    setv(state.world(3), bombed=True)
    setv(state.fleet(2), world=3, ships=1, bomb=True)
    setv(state.fleet(6), world=5, ships=1, bomb=True)
    turn = make_turn(state, {1: [DropBomb(fleet=2)], 2: [DropBomb(fleet=6)]})
    drop(turn)
    assert (turn.scored[1], turn.scored[2]) == (0, -50)
