"""Phase 10 (B A.4.10) and the end of a round (B 2.6, 2.6.2, 2.6.3; D-14, D-15)."""

from __future__ import annotations

import pytest

from engine.ashes_board.orders import Build, Item
from engine.ashes_board.state import BoardState
from engine.ashes_board.victory import points
from engine.core import Resign
from tests.ashes_board.helpers import bare, fleet, own, play, start


@pytest.mark.parametrize(("pop", "gain"), [(3, 2), (4, 4), (7, 6), (9, 8)])
def test_each_factory_yields_by_the_planets_population(pop: int, gain: int) -> None:
    state = bare()
    own(state, 1, 1, pop=pop, factories=["steel", "steel"])
    own(state, 2, 5)
    state, _, _ = play(state)
    assert state.player(1).steel == 5 + gain


def test_neutral_planets_produce_nothing() -> None:
    state = bare()
    own(state, 1, 1)
    own(state, 2, 5)
    state.planet(2).factories = ["oil"]
    state, _, _ = play(state)
    assert state.player(1).oil == 5


def test_points_count_planets_units_factories_hangars_and_thirds_of_the_stock() -> None:
    state = start("I")
    p = state.player(1)
    # 3 planets: 15; ships 15 FI + 6 TR: 21; troops 8; factories 3; stock 15: 5.
    assert points(state, p) == 15 + 21 + 8 + 3 + 5
    p.oil += 2  # 17 raw materials still make 5 points
    assert points(state, p) == 52
    p.oil += 1
    assert points(state, p) == 53
    fleet(state, 1, 12, 1, 1, space=3)  # ships in flight count
    assert points(state, p) == 55


def _big(players: int, planets: int) -> BoardState:
    state = start("free", players)
    for n in range(1, 41):
        if state.planet(n).owner == 0 and len(state.owned(1)) < planets:
            own(state, 1, n)
    return state


def test_22_planets_win_the_two_player_game_at_once() -> None:
    state, events, _ = play(_big(2, 22))
    assert state.finished and state.winners == [1]
    assert events[-1].kind == "game_over"
    assert events[-1].data["reason"] == "planets"


def test_21_planets_do_not_win_the_two_player_game() -> None:
    state, _, _ = play(_big(2, 21))
    assert not state.finished


def test_18_planets_win_with_more_players() -> None:
    state, _, _ = play(_big(3, 18))
    assert state.winners == [1]


def test_end_dice_from_round_11_end_the_game_and_points_decide() -> None:
    state = start("I")
    state.turn = 10
    state.player(2).oil += 3  # one point more
    state, events, _ = play(state, rolls=[("end", 6)] * 5)
    assert state.finished and state.winners == [2]
    assert events[-1].data["reason"] == "points"


def test_end_dice_below_the_total_go_on() -> None:
    state = start("I")
    state.turn = 10
    state, events, _ = play(state, rolls=[("end", 6)] * 4 + [("end", 5)])
    assert not state.finished and events == []


def test_no_end_dice_before_round_11() -> None:
    state = start("I")
    state.turn = 9
    state, _, dice = play(state)
    assert dice.log == ()


def test_equal_points_share_the_victory() -> None:
    state = start("I")
    state.turn = 10
    state, _, _ = play(state, rolls=[("end", 6)] * 5)
    assert state.winners == [1, 2]


def test_a_player_without_planet_and_transporter_is_out() -> None:
    state = bare()
    own(state, 1, 1)
    fleet(state, 2, 12, 3)
    state.player(1).hp = 1
    state, events, _ = play(state)
    assert state.player(2).out
    assert [e.kind for e in events] == ["player_out", "game_over"]
    assert state.winners == [1]


def test_a_player_without_planet_but_with_a_transporter_stays() -> None:
    state = bare(3)
    own(state, 1, 1)
    own(state, 3, 3)
    fleet(state, 2, 12, 0, 1, space=2)
    state, events, _ = play(state)
    assert not state.player(2).out and events == []


def test_a_player_who_resigns_leaves_his_planets_neutral() -> None:
    state = start("free", 3)
    orders = {2: [Resign(), Build(planet=2, items=(Item(what="fighter", count=1),))]}
    state, events, _ = play(state, orders)
    assert state.player(2).out
    assert state.owned(2) == [] and state.fleets_of(2) == []
    assert state.planet(2).troops == 3
    assert events[0].kind == "player_out"
