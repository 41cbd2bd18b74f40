"""The stepped turn, NMR, victory and resignation (Spacewar "Ziel des Spieles", §7, §8;
decision 26)."""

from __future__ import annotations

import json
from random import Random

from engine.core import Resign, State, turn_dice
from engine.registry import kind
from engine.spacewar.state import SpacewarState
from engine.spacewar.victory import end_of_round
from tests.spacewar.factory import GAME, after_setup, empty_board, forced, new_state, orders


def test_the_kind_is_registered_stepped_for_two() -> None:
    spacewar = kind("spacewar")
    assert spacewar.shape.value == "stepped" and spacewar.max_players == 2
    assert spacewar.stepped.awaiting(new_state()) == frozenset({1, 2})


def test_step_names_say_setup_then_rounds() -> None:
    state = new_state()
    assert GAME.step_name(state, "de") == "Aufstellung"
    assert GAME.step_name(after_setup(), "en") == "Round 1: orders"


def test_income_comes_at_the_end_of_the_round_and_pays_next_rounds_production() -> None:
    state = after_setup()
    assert state.player(1).pe == 0
    result = GAME.run_turn(state, {}, forced([]))
    after = result.state
    assert isinstance(after, SpacewarState)
    assert after.round == 2 and after.player(1).pe == 70 and after.player(2).pe == 70


def test_standing_orders_stay_when_a_player_sends_nothing() -> None:
    state = after_setup()
    given = orders("Kein Angriff R2\nHaltung Kreuzer nah\nNotsprung Flotte 1 nach Runde 3")
    one = GAME.run_turn(state, {1: given}, forced([])).state
    two = GAME.run_turn(one, {}, forced([])).state
    assert isinstance(two, SpacewarState)
    standing = two.player(1).standing
    assert standing.no_attack == ["R2"] and standing.stances == ["KR:close"]
    assert standing.jumps == ["1:round:3"]


def test_resignation_gives_the_other_the_game() -> None:
    result = GAME.run_turn(after_setup(), {2: [Resign()]}, forced([]))
    assert result.game_over
    assert [e.kind for e in result.events] == ["player_out", "game_over"]
    assert result.events[-1].data["winners"] == [1]
    assert GAME.awaiting(result.state) == frozenset()


def test_all_twelve_worlds_win_at_once() -> None:
    state = empty_board()
    for world in state.worlds:
        world.owner = 1
    events = end_of_round(state)
    assert state.over and state.winner == 1 and state.player(2).out
    assert [e.kind for e in events] == ["player_out", "game_over"]
    assert events[-1].data["reason"] == "all_worlds"


def test_max_rounds_ends_with_most_worlds() -> None:
    state = empty_board(max_rounds=1)
    state.world("W12").owner = 1
    events = end_of_round(state)
    assert state.winner == 1 and events[0].data["reason"] == "max_rounds"


def test_same_state_orders_and_seed_give_the_same_bytes() -> None:
    bots = kind("spacewar").bots
    assert bots is not None

    def play() -> str:
        state: State = new_state(seed=4)
        for step in range(1, 8):
            given = {
                seat: orders("\n".join(bots.orders(state, seat, Random(step * 10 + seat))))
                for seat in (1, 2)
            }
            state = GAME.run_turn(state, given, turn_dice(4, step)).state
        return json.dumps(state.to_json(), sort_keys=True)

    assert play() == play()
