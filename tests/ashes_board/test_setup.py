"""The start of a game (B E3, E3.1): scenarios I and II, the free set-up, the options."""

from __future__ import annotations

import pytest

from engine.ashes_board.setup import SetupError, new_game, options_from
from engine.ashes_board.state import BoardState
from engine.ashes_board.tables import FIGHTER, TRANSPORTER
from engine.core import NEUTRAL, PlayerSetup, Setup
from tests.ashes_board.helpers import orbiting, start


def test_scenario_one_gives_the_planets_of_e3_1_1() -> None:
    state = start("I")
    assert [p.number for p in state.owned(1)] == [1, 9, 20]
    assert [p.number for p in state.owned(2)] == [5, 13, 34]
    assert [state.player(s).hp for s in (1, 2)] == [1, 5]


def test_scenario_one_fleets_stand_on_the_home_planet_and_the_stamm_colony() -> None:
    state = start("I")
    assert orbiting(state, 1, 1) == (10, 3)
    assert orbiting(state, 1, 9) == (5, 3)
    assert orbiting(state, 2, 5) == (10, 3)
    assert orbiting(state, 2, 13) == (5, 3)


def test_scenario_two_gives_eight_planets_and_three_fleets_each() -> None:
    state = start("II")
    assert [p.number for p in state.owned(1)] == [7, 15, 22, 23, 25, 26, 31, 38]
    assert [p.number for p in state.owned(2)] == [3, 11, 21, 24, 28, 29, 30, 33]
    assert [orbiting(state, 2, n) for n in (3, 11, 21, 24)] == [(5, 3)] * 3 + [(0, 0)]
    assert sum(p.pop for p in state.owned(1)) == sum(p.pop for p in state.owned(2)) == 14


def test_every_start_planet_has_troops_as_its_population_and_one_factory() -> None:
    state = start("II")
    for planet in state.owned(1) + state.owned(2):
        assert planet.troops == planet.pop == planet.base_pop
        assert len(planet.factories) == 1
        assert planet.hangars == []
    assert [p.factories[0] for p in state.owned(1)[:4]] == ["hightech", "steel", "oil", "hightech"]


def test_warehouses_start_with_five_of_each() -> None:
    state = start("I")
    assert [(p.oil, p.steel, p.hightech) for p in state.players] == [(5, 5, 5)] * 2


def test_neutral_planets_hold_their_base_population_in_troops_and_fighters() -> None:
    state = start("I")
    neutral = [p for p in state.planets if p.owner == NEUTRAL]
    assert len(neutral) == 34
    assert all(p.troops == p.fighters == p.base_pop for p in neutral)
    assert sum(p.fighters for p in neutral) == 63  # within the 75 white fighters


@pytest.mark.parametrize(("choice", "fighters"), [("postal", 15), ("none", 0)])
def test_neutral_fighter_options(choice: str, fighters: int) -> None:
    state = start("I", neutral_fighters=choice)
    assert state.planet(2).fighters == fighters  # Crab: 15 FI in the postal table


def test_the_extension_puts_hangars_on_home_planet_and_stamm_colony() -> None:
    state = start("I", extension=True)
    assert state.planet(1).hangars == [FIGHTER]
    assert state.planet(9).hangars == [TRANSPORTER]
    assert state.planet(20).hangars == []


def test_tied_scenarios_rank_by_home_planet_number() -> None:
    assert [p.place for p in start("I").players] == [1, 2]
    assert [p.place for p in start("II").players] == [2, 1]  # Eastside (3) before Sombrero (7)


@pytest.mark.parametrize("players", range(2, 9))
def test_free_set_up_gives_home_and_stamm_colony(players: int) -> None:
    state = start("free", players)
    for seat in range(1, players + 1):
        assert [p.number for p in state.owned(seat)] == [seat, seat + 8]
        assert orbiting(state, seat, seat) == (10, 3)


@pytest.mark.parametrize(
    ("scenario", "players", "message"),
    [("I", 3, "for 2 players"), ("free", 9, "2 to 8"), ("III", 2, "unknown scenario")],
)
def test_impossible_starts_are_refused(scenario: str, players: int, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        start(scenario, players)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"fog": True}, "no rule option 'fog'"),
        ({"pirates": "yes"}, "needs a bool"),
        ({"end_step": True}, "needs a int"),
        ({"growth": "fast"}, "one of none, die, every_round"),
        ({"factory_cost": [1, 2]}, "three counts"),
        ({"end_step": 0}, "at least 1"),
    ],
)
def test_bad_rule_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(SetupError, match=message):
        options_from(options)


def test_seats_must_be_numbered_from_one() -> None:
    with pytest.raises(SetupError, match="numbered 1 to n"):
        new_game(Setup(game=1, players=[PlayerSetup(1), PlayerSetup(3)], scenario="I"))


def test_state_round_trips_through_json_exactly() -> None:
    state = start("II", extension=True, factory_cost=[1, 2, 3])
    again = BoardState.from_json(state.to_json())
    assert again == state
    assert again.to_json() == state.to_json()
