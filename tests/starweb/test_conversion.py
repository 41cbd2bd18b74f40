"""Starweb "Apostel": conversion with every 10 % chance coming true (or none)."""

from __future__ import annotations

from random import Random

from engine.dice import Dice
from engine.starweb.context import Turn
from engine.starweb.conversion import convert
from engine.starweb.state import Character, StarwebState
from tests.starweb.factory import make_state, make_turn, setv

# Player 1 is the apostle (home W1, keys 1-5), player 2 a Reichsgründer (W3, keys 6-10).
APOSTLE = (Character.APOSTLE, Character.EMPIRE_BUILDER, Character.APOSTLE)


class Always(Random):
    """Every 10 % chance comes true."""

    def randrange(self, *args: object, **kwargs: object) -> int:
        return 0


class Never(Random):
    def randrange(self, *args: object, **kwargs: object) -> int:
        return 99


def converted(state: StarwebState, chances: Random) -> Turn:
    """A turn's conversion of ``state`` with the dice rolling by ``chances``."""
    turn = make_turn(state)
    turn.dice = Dice.legacy(chances)
    convert(turn)
    return turn


def test_each_convert_and_each_ship_at_war_may_convert_one() -> None:
    state = make_state(APOSTLE)
    setv(state.world(3), converts=3, convert_owner=1)
    setv(state.fleet(1), world=3, ships=2)
    setv(state.fleet(2), world=3, ships=4, peace=True)  # at peace: converts nobody
    converted(state, Always())
    assert (state.world(3).converts, state.world(3).convert_owner) == (8, 1)


def test_no_chance_no_convert() -> None:
    state = make_state(APOSTLE)
    setv(state.fleet(1), world=3, ships=20)
    converted(state, Never())
    assert state.world(3).converts == 0


def test_of_two_apostles_the_one_converting_most_takes_the_converts() -> None:
    state = make_state(APOSTLE)
    setv(state.world(3), converts=3, convert_owner=1)  # apostle 1 would convert 3
    setv(state.fleet(11), world=3, ships=5)  # apostle 3 would convert 5
    converted(state, Always())
    assert (state.world(3).converts, state.world(3).convert_owner) == (8, 3)


def test_a_world_of_converts_only_passes_to_the_apostle() -> None:
    state = make_state(APOSTLE)
    setv(state.world(3), population=10, converts=7, convert_owner=1)
    turn = converted(state, Always())
    assert (state.world(3).owner, state.world(3).converts) == (1, 10)
    assert 3 in turn.conquered
    assert 3 in turn.left[2]


def test_robots_are_never_converted() -> None:
    state = make_state(APOSTLE)
    setv(state.world(3), population=0, robots=10)
    setv(state.fleet(1), world=3, ships=5)
    converted(state, Always())
    assert state.world(3).converts == 0
