"""The players' choices: start fleets, factories and hangars (B E3, E3.1.1; D-13, D-17),
the standing factory for conquests (B A.4.9.4) and relations (extension, D-10)."""

from __future__ import annotations

from engine.ashes_board.orders import FactoryChoice, HangarChoice, Relation, StartFleets, Targets
from tests.ashes_board.helpers import fleet, keys, orbiting, play, start


def test_scenario_one_start_fleet_goes_to_the_colony_named() -> None:
    state, _, _ = play(start("I"), {1: [StartFleets(planets=(20,))]})
    assert orbiting(state, 1, 20) == (5, 3)
    assert orbiting(state, 1, 9) == (0, 0)
    assert orbiting(state, 1, 1) == (10, 3)


def test_scenario_one_start_fleet_may_not_join_the_home_planet() -> None:
    state, _, _ = play(start("I"), {1: [StartFleets(planets=(1,))]})
    assert orbiting(state, 1, 9) == (5, 3)
    assert "start_fleets_refused" in keys(state)


def test_scenario_two_places_three_fleets_on_any_three_planets() -> None:
    state, _, _ = play(start("II"), {2: [StartFleets(planets=(33, 30, 3))]})
    assert [orbiting(state, 2, n) for n in (3, 11, 21, 30, 33)] == [
        (5, 3),
        (0, 0),
        (0, 0),
        (5, 3),
        (5, 3),
    ]


def test_start_choices_count_in_round_one_only() -> None:
    state, _, _ = play(start("I"))
    state, _, _ = play(
        state, {1: [StartFleets(planets=(20,)), FactoryChoice(planet=1, good="steel")]}
    )
    assert orbiting(state, 1, 9) == (5, 3)
    assert state.planet(1).factories == ["hightech"]


def test_the_start_factory_is_the_players_choice() -> None:
    state, _, _ = play(start("I"), {1: [FactoryChoice(planet=20, good="hightech")]})
    assert state.planet(20).factories == ["hightech"]
    assert state.player(1).hightech == 7  # Erde and Crossland now both make high tech
    assert state.player(1).oil == 5


def test_the_standing_factory_choice_is_kept() -> None:
    state, _, _ = play(start("I"), {1: [FactoryChoice(planet=0, good="oil")]})
    assert state.player(1).factory_choice == "oil"
    assert state.player(2).factory_choice == "steel"


def test_extension_start_hangar_is_the_players_choice() -> None:
    state, _, _ = play(
        start("I", extension=True), {1: [HangarChoice(planet=1, type="transporter")]}
    )
    assert state.planet(1).hangars == ["transporter"]


def test_relations_count_only_with_the_extension_and_the_lower_declaration_holds() -> None:
    basic, _, _ = play(start("free", 3), {1: [Relation(seat=2, value=2)]})
    assert not basic.options.extension and basic.hostile(1, 2)
    state, _, _ = play(start("free", 3, extension=True), {1: [Relation(seat=2, value=2)]})
    assert state.hostile(1, 2)  # player 2 still declares 0
    state, _, _ = play(state, {2: [Relation(seat=1, value=2)]})
    assert not state.hostile(1, 2) and state.relation(1, 2) == 2
    assert state.hostile(1, 3)


def test_friends_defend_together_and_neutral_players_look_on() -> None:
    state = start("free", 3, extension=True)
    state.player(1).relations = [0, 2, 1]
    state.player(2).relations = [2, 0, 0]
    state.player(3).relations = [1, 0, 0]
    state.fleets = []
    fleet(state, 2, 1, 1, space=1)  # friend of the owner: defends with him
    fleet(state, 3, 1, 1, space=1)  # neutral to the owner: looks on
    state, _, dice = play(state)
    assert dice.log == ()  # nobody attacks
    assert orbiting(state, 2, 1) == (1, 0) and orbiting(state, 3, 1) == (1, 0)


def test_the_standing_targets_are_kept_without_oneself() -> None:
    state, _, _ = play(start("free", 3), {1: [Targets(seats=(1, 3, 2))]})
    assert state.player(1).targets == [3, 2]
    state, _, _ = play(state)
    assert state.player(1).targets == [3, 2]
