"""Option ``movement = alternating``: one step per fleet move, awaiting the mover only
(Spacewar §4 ¶4-6; decision 4)."""

from __future__ import annotations

from engine.spacewar.state import SpacewarState
from tests.spacewar.factory import GAME, after_setup, bot_game, forced, new_state, orders


def step(
    state: SpacewarState, given: dict[int, str], dice: list[tuple[str | None, int]]
) -> SpacewarState:
    result = GAME.run_turn(
        state, {seat: orders(text) for seat, text in given.items()}, forced(dice)
    )
    assert isinstance(result.state, SpacewarState)
    return result.state


def test_fleets_move_one_step_at_a_time_and_the_round_ends_after_the_last() -> None:
    state = after_setup(start=1, movement="alternating")
    state = step(
        state,
        {
            1: "Flotte 1 springt Raumfelder R1",
            2: "Flotte 1 springt Raumfelder R4\nFlotte 2 springt Raumfelder R4",
        },
        [],
    )
    # Player 2 has more fleets in hyperspace: he moves first.
    assert state.phase == "move" and state.round == 1
    assert GAME.awaiting(state) == frozenset({2})
    assert GAME.step_name(state, "en") == "Round 1: move, player 2"
    assert GAME.order_form(state, 1, "en") == ""
    # He moves fleet 2 first, somewhere else than ordered.
    state = step(state, {2: "Flotte 2 springt Raumfelder R3"}, [("move P2 F2", 3)])
    assert state.fleet(2, 2).where == "R3"  # type: ignore[union-attr]
    assert GAME.awaiting(state) == frozenset({1})
    # Player 1 sends nothing: his fleet jumps as ordered in the round step.
    state = step(state, {}, [("move P1 F1", 6)])
    assert state.fleet(1, 1).where == "R1"  # type: ignore[union-attr]
    assert GAME.awaiting(state) == frozenset({2})
    # The last move ends the round: P4-P9 run, the next round's orders are due.
    state = step(state, {}, [("move P2 F1", 1)])
    assert state.fleet(2, 1).where == "R4"  # type: ignore[union-attr]
    assert state.phase == "orders" and state.round == 2
    assert GAME.awaiting(state) == frozenset({1, 2})
    assert state.player(1).pe == 70


def test_a_round_without_jumps_needs_no_move_step() -> None:
    state = step(after_setup(movement="alternating"), {}, [])
    assert state.phase == "orders" and state.round == 2


def test_bots_play_an_alternating_game_to_its_end() -> None:
    *_, state = bot_game(new_state(seed=3, movement="alternating"), 3, 799)
    assert state.over and state.winner in (1, 2)
