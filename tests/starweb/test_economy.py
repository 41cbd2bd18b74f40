"""Plunder, mining, growth, rounds (Starweb "Plünderung", "Bevölkerung", "Minen …")."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator

import pytest

from engine.starweb.context import Turn
from engine.starweb.orders import Plunder
from engine.starweb.state import Character
from tests.starweb.factory import make_state, make_turn, remarks, setv


@pytest.fixture(autouse=True)
def black_box(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Turn]]:
    """The Black Box is the galaxy's module; here it only records that it was called."""
    calls: list[Turn] = []
    module = types.ModuleType("engine.starweb.artifacts")
    module.apply_black_box = calls.append  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "engine.starweb.artifacts", module)
    import engine.starweb

    monkeypatch.setattr(engine.starweb, "artifacts", module, raising=False)
    sys.modules.pop("engine.starweb.economy", None)
    yield calls
    sys.modules.pop("engine.starweb.economy", None)


def _produce(turn: Turn) -> None:
    from engine.starweb.economy import produce

    produce(turn)


def test_mining_only_with_people_who_did_not_build(black_box: list[Turn]) -> None:
    # "Minen": 6 industries, 6 mines, 10 people, all six build -> 4 metals.
    state = make_state()
    setv(state.world(1), industry=6, mines=6, population=10, limit=10, metal=0)
    turn = make_turn(state)
    turn.used_population[1] = 6
    _produce(turn)
    assert state.world(1).metal == 4
    assert black_box == [turn]


def test_mining_limited_by_population() -> None:
    # "Bevölkerung": 2 industries, 5 mines, 3 people -> 3 metals.
    state = make_state()
    setv(state.world(1), industry=2, mines=5, population=3, limit=3, metal=0)
    turn = make_turn(state)
    _produce(turn)
    assert state.world(1).metal == 3


def test_growth_about_ten_per_cent_never_past_the_limit() -> None:
    state = make_state()
    setv(state.world(1), population=50, limit=100)
    setv(state.world(3), population=98, limit=100)
    _produce(make_turn(state))
    assert state.world(1).population == 55  # 50 // 10, no last digit: no chance
    assert state.world(3).population == 100  # 9 or 10, cut at the limit


def test_apostles_newborn_are_converts_robots_do_not_grow() -> None:
    state = make_state((Character.APOSTLE, Character.BERSERKER))
    setv(state.world(1), population=40, converts=0)
    setv(state.world(3), population=0, robots=40)
    _produce(make_turn(state))
    assert (state.world(1).population, state.world(1).converts) == (44, 4)
    assert state.world(1).convert_owner == 1
    assert state.world(3).robots == 40


def test_rounds_counter_seven_turns_one_mine() -> None:
    state = make_state()
    setv(state.world(1), turns=6, mines=2)
    _produce(make_turn(state))
    assert (state.world(1).turns, state.world(1).mines) == (7, 2)
    _produce(make_turn(state))
    assert (state.world(1).turns, state.world(1).mines) == (1, 3)


def test_rounds_counter_starts_at_one_on_conquest_and_needs_a_mine() -> None:
    state = make_state()
    setv(state.world(2), mines=3, population=10, limit=10)
    setv(state.world(4), mines=0, population=10, limit=10)
    turn = make_turn(state)
    setv(state.world(2), owner=1)
    setv(state.world(4), owner=1)
    _produce(turn)
    assert state.world(2).turns == 1 and state.world(4).turns == 0


def test_pirate_plunder_50_then_three_turns_of_recovery() -> None:
    state = make_state((Character.PIRATE, Character.MERCHANT))
    setv(state.world(1), turns=3, metal=0)
    turn = make_turn(state, {1: [Plunder(world=1), Plunder(world=3)]})
    _produce(turn)
    home = state.world(1)
    assert turn.scored[1] == 50
    assert (home.plundered, home.recovery, home.turns) == (1, 3, 3)
    assert home.metal == 2  # the plunder turn still mines
    assert remarks(turn, 1) == ["", "not_your_world"]
    for left in (2, 1, 0):
        turn = make_turn(state, {1: [Plunder(world=1)]})
        _produce(turn)
        assert home.recovery == left and home.population == 55 and home.metal == 2
        assert home.turns == 3
        assert turn.scored[1] == 0 and remarks(turn, 1) == ["recovering"]
    turn = make_turn(state, {1: [Plunder(world=1)]})
    _produce(turn)
    assert turn.scored[1] == 40


def test_plunder_by_others_costs_five_and_fails_on_a_gifted_world() -> None:
    state = make_state()
    turn = make_turn(state, {1: [Plunder(world=1)]})
    _produce(turn)
    assert turn.scored[1] == -5
    state = make_state()
    turn = make_turn(state, {1: [Plunder(world=1)]})
    turn.gifted_worlds.add(1)
    _produce(turn)
    assert turn.scored[1] == 0 and remarks(turn, 1) == ["gifted"]
