"""Phases 6-8: revolts (B E2.4, D-3), growth (D-4), pirate fleets (D-6)."""

from __future__ import annotations

from engine.ashes_board.orders import Build, Item
from engine.ashes_board.state import BoardState
from engine.core import NEUTRAL
from tests.ashes_board.helpers import bare, fleet, keys, orbiting, own, play


def _two() -> BoardState:
    state = bare()
    own(state, 1, 1, factories=["oil"])
    own(state, 1, 9)
    own(state, 2, 5)
    state.player(1).hp, state.player(2).hp = 1, 5
    return state


def test_a_planet_with_fewer_troops_than_population_turns_neutral_and_refills() -> None:
    state = _two()
    state.planet(1).troops = 2  # population 3
    state, _, _ = play(state)
    earth = state.planet(1)
    assert earth.owner == NEUTRAL
    assert (earth.troops, earth.fighters) == (3, 3)
    assert earth.factories == ["oil"]  # it keeps its factory
    assert state.player(1).hp == 9  # a new home planet
    assert "revolt" in keys(state)


def test_builds_of_phase_5_come_before_the_revolt_check() -> None:
    state = _two()
    state.planet(1).troops = 2
    state, _, _ = play(state, {1: [Build(planet=1, items=(Item(what="troops", count=1),))]})
    assert state.planet(1).owner == 1


def test_revolt_option_none_keeps_the_planet() -> None:
    state = _two()
    state.options.revolt = "none"
    state.planet(1).troops = 0
    state, _, _ = play(state)
    assert state.planet(1).owner == 1


def test_growth_none_by_default() -> None:
    state, _, dice = play(_two())
    assert state.planet(1).pop == 3
    assert dice.log == ()


def test_growth_die_adds_one_on_a_six() -> None:
    state = _two()
    state.options.growth = "die"
    rolls = [("growth P1", 6), ("growth P5", 5), ("growth P9", 6)]
    state, _, _ = play(state, rolls=rolls)
    assert [state.planet(n).pop for n in (1, 5, 9)] == [4, 3, 3]


def test_growth_every_round_stops_at_nine() -> None:
    state = _two()
    state.options.growth = "every_round"
    state.planet(1).pop = state.planet(1).troops = 9
    state, _, _ = play(state)
    assert [state.planet(n).pop for n in (1, 5, 9)] == [9, 4, 3]


def test_pirates_appear_on_the_planet_of_the_two_dice() -> None:
    state = _two()
    state.options.pirates = True
    # column 1, row 5: planet (1 - 1) x 6 + 5 = 5, Lenin; 4 white fighters, no defence.
    rolls = [("pirates column", 1), ("pirates row", 5), ("pirates P5", 4)]
    state, _, _ = play(state, rolls=rolls)
    assert orbiting(state, NEUTRAL, 5) == (4, 0)


def test_pirates_leave_a_neutral_planet_alone() -> None:
    state = _two()
    state.options.pirates = True
    state, _, _ = play(state, rolls=[("pirates column", 6), ("pirates row", 6)])
    assert "pirates_none" in keys(state)
    assert state.fleets_of(NEUTRAL) == []


def test_pirates_fight_the_owner_and_are_lost_when_beaten() -> None:
    state = _two()
    state.options.pirates = True
    fleet(state, 2, 5, 3)
    rolls = [
        ("pirates column", 1),
        ("pirates row", 5),
        ("pirates P5", 1),
        ("battle P5 seat 2", 6),
        ("battle P5 seat 2", 1),
        ("battle P5 seat 2", 1),
        ("battle P5 neutral", 1),
    ]
    state, _, _ = play(state, rolls=rolls)
    assert state.fleets_of(NEUTRAL) == []
    assert orbiting(state, 2, 5) == (3, 0)
