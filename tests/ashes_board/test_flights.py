"""Phase 4 (B G.4.4): home planet, freight, the fleets on number spaces, flights."""

from __future__ import annotations

from engine.ashes_board.orders import Fly, Freight, HomePlanet
from engine.ashes_board.state import BoardState
from tests.ashes_board.helpers import bare, fleet, keys, on_space, orbiting, own, play


def _outpost() -> BoardState:
    """Player 1 holds Outpost (10) with a fleet; player 2 holds Lenin (5), far away."""
    state = bare()
    own(state, 1, 10, troops=5)
    own(state, 2, 5, troops=5)
    state.player(1).hp, state.player(2).hp = 10, 5
    fleet(state, 1, 10, 6, 2)
    state.planet(12).fighters = 0
    state.planet(12).troops = 0
    return state


def test_outpost_to_mechamea_goes_to_space_2_of_board_12() -> None:
    # B G.4.4's own example: "you would find on the table a 2".
    state, _, _ = play(_outpost(), {1: [Fly(source=10, fighters=4, transporters=0, target=12)]})
    assert on_space(state, 1, 12, 2) == (4, 0)
    assert orbiting(state, 1, 10) == (2, 2)


def test_a_fleet_on_space_2_reaches_the_orbit_two_rounds_later() -> None:
    state, _, _ = play(_outpost(), {1: [Fly(source=10, fighters=4, transporters=0, target=12)]})
    state, _, _ = play(state)
    assert on_space(state, 1, 12, 1) == (4, 0)
    state, _, _ = play(state)
    assert orbiting(state, 1, 12) == (4, 0)


def _crab_and_outpost() -> BoardState:
    """Player 1 holds Crab (2) and Outpost (10), a "D" apart; player 2 holds Lenin (5)."""
    state = bare()
    own(state, 1, 2, troops=5)
    own(state, 1, 10, troops=5)
    own(state, 2, 5, troops=5)
    return state


def test_crab_to_outpost_is_a_d_and_arrives_at_once() -> None:
    state = _crab_and_outpost()
    fleet(state, 1, 2, 3)
    state, _, _ = play(state, {1: [Fly(source=2, fighters=3, transporters=0, target=10)]})
    assert orbiting(state, 1, 10) == (3, 0)


def test_ships_that_arrived_cannot_fly_again_in_the_same_round() -> None:
    state = _crab_and_outpost()
    fleet(state, 1, 10, 3, space=1)  # reaches the orbit of 10 in this round
    orders = {1: [Fly(source=10, fighters=3, transporters=0, target=2)]}
    state, _, _ = play(state, orders)
    assert orbiting(state, 1, 10) == (3, 0)
    assert "fly_cut" in keys(state)


def test_fleets_of_one_owner_on_one_space_combine() -> None:
    state = _outpost()
    fleet(state, 1, 12, 1, 1, space=3)  # moves to space 2 as the new flight lands there
    state, _, _ = play(state, {1: [Fly(source=10, fighters=4, transporters=0, target=12)]})
    assert [(f.planet, f.space) for f in state.fleets_of(1)].count((12, 2)) == 1
    assert on_space(state, 1, 12, 2) == (5, 1)


def test_a_flight_for_more_than_is_there_sends_what_is_there() -> None:
    state, _, _ = play(_outpost(), {1: [Fly(source=10, fighters=9, transporters=1, target=12)]})
    assert on_space(state, 1, 12, 2) == (6, 1)
    assert "fly_cut" in keys(state)


def test_home_planet_changes_to_an_own_planet_only() -> None:
    state = _outpost()
    own(state, 1, 9)
    state, _, _ = play(state, {1: [HomePlanet(planet=9)], 2: [HomePlanet(planet=10)]})
    assert state.player(1).hp == 9
    assert state.player(2).hp == 5
    assert "hp_refused" in keys(state)


def test_freight_carries_population_above_the_board_number() -> None:
    state = _outpost()
    state.planet(10).pop = 4  # board number 2: 2 may go
    own(state, 1, 2, troops=9)  # Crab, a "D" from Outpost
    state, _, _ = play(state, {1: [Freight(source=10, pop=3, transporters=2, target=2)]})
    assert state.planet(10).pop == 2
    assert state.planet(2).pop == 5
    assert orbiting(state, 1, 2) == (0, 2)


def test_freight_beyond_nine_is_lost() -> None:
    state = _outpost()
    state.planet(10).pop = 4
    own(state, 1, 2, pop=8, troops=9)
    state, _, _ = play(state, {1: [Freight(source=10, pop=2, transporters=2, target=2)]})
    assert state.planet(2).pop == 9
    lost = [line.values() for line in state.report if line.key == "unloaded"]
    assert lost == [{"owner": "1", "planet": "2", "pop": "1", "lost": "1"}]
