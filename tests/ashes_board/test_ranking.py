"""The flight order (B G.4.3): lowest population first, then the tie-breaks in turn."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from engine.ashes_board.ranking import order_phase, rank_key
from engine.ashes_board.state import BoardState
from tests.ashes_board.helpers import bare, fleet, own


def _pair() -> BoardState:
    """Two players equal on every key but the home planet number (player 2's is higher)."""
    state = bare()
    own(state, 1, 1, factories=["oil"])
    own(state, 2, 2, factories=["oil"])
    state.player(1).hp, state.player(2).hp = 1, 2
    fleet(state, 1, 1, 5, 2)
    fleet(state, 2, 2, 5, 2)
    return state


def _places(state: BoardState) -> list[int]:
    order_phase(state)
    return [p.place for p in state.players]


def test_equal_players_rank_by_home_planet_number() -> None:
    assert _places(_pair()) == [1, 2]


def _more_pop(s: BoardState) -> None:
    s.planet(1).pop += 1


def _more_stock(s: BoardState) -> None:
    s.player(1).oil += 1


def _more_fighters(s: BoardState) -> None:
    fleet(s, 1, 1, 1, 0, space=2)  # ships in flight count too


def _more_transporters(s: BoardState) -> None:
    fleet(s, 1, 1, 0, 1)


def _more_factories(s: BoardState) -> None:
    s.planet(1).factories.append("steel")


def _more_hangars(s: BoardState) -> None:
    s.planet(1).hangars.append("fighter")


@pytest.mark.parametrize(
    "change",
    [
        _more_pop,
        _more_stock,
        _more_fighters,
        _more_transporters,
        _more_factories,
        _more_hangars,
    ],
)
def test_each_tie_break_puts_the_larger_player_later(change: Callable[[BoardState], None]) -> None:
    state = _pair()
    change(state)
    assert _places(state) == [2, 1]


def test_a_higher_key_is_outweighed_by_a_lower_earlier_key() -> None:
    state = _pair()
    state.player(1).oil += 10  # stock: player 1 is larger ...
    state.planet(2).pop += 1  # ... but player 2 has more population
    assert _places(state) == [1, 2]


def test_planet_count_breaks_a_tie_of_population_and_stock() -> None:
    state = _pair()
    own(state, 1, 21)  # Beyond, population 1
    state.planet(2).pop += 1  # player 2: 4 on one planet, player 1: 3 + 1 on two
    assert rank_key(state, state.player(1))[:3] == (4, 15, 2)
    assert rank_key(state, state.player(2))[:3] == (4, 15, 1)
    assert _places(state) == [2, 1]


def test_the_key_lists_the_eight_criteria_in_order() -> None:
    state = _pair()
    fleet(state, 1, 9, 3, 1, space=1)
    state.planet(1).hangars = ["fighter"]
    assert rank_key(state, state.player(1)) == (3, 15, 1, 8, 3, 1, 1, 1)


def test_out_players_have_no_place() -> None:
    state = _pair()
    state.player(2).out = True
    assert _places(state) == [1, 0]
