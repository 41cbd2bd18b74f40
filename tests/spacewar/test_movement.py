"""P2/P3: hyperspace jumps by dice (Spacewar §4; decisions 2-4, 15, 16)."""

from __future__ import annotations

import pytest

from engine.spacewar.board import ENEMY, SPACE_ROW
from engine.spacewar.movement import move_phase, preference
from engine.spacewar.orders import Jump
from tests.spacewar.factory import empty_board, fleet, forced


def landed(state: object) -> list[list[str]]:
    return [n.args for n in state.notes if n.key == "landed"]  # type: ignore[attr-defined]


def test_the_preferred_target_among_the_two_dice_is_taken() -> None:
    state = empty_board()
    mover = fleet(state, 1, 1, "R2", "KR", "KR")
    jump = Jump(fleet=1, group=ENEMY, targets=("W9", "W8"))
    move_phase(state, {1: [jump]}, forced([("move P1 F1", 3), ("move P1 F1", 4)]))
    # Player 1 counts the enemy row from his left: 3 -> W10, 4 -> W9.
    assert mover.where == "W9"


def test_unlisted_fields_follow_by_ascending_id() -> None:
    assert preference(["W11", "W8"], ("W9",)) == ["W8", "W11"]
    assert preference(["W11", "W8"], ("W11", "W9")) == ["W11", "W8"]


def test_doubles_force_the_one_field_shown() -> None:
    state = empty_board()
    mover = fleet(state, 1, 1, "R2", "KR", "KR")
    jump = Jump(fleet=1, group=ENEMY, targets=("W9",))
    move_phase(state, {1: [jump]}, forced([(None, 2), (None, 2)]))
    assert mover.where == "W11"


@pytest.mark.parametrize(
    ("rule", "throws"),
    [
        # ``throw`` (the default): the whole throw again, once.
        ("throw", (1, 1, 4, 5)),
        # ``each_die``: no listed target shows, so both dice are thrown again.
        ("each_die", (1, 2, 3, 4)),
    ],
)
def test_a_lone_scout_throws_again_when_no_listed_target_shows(
    rule: str, throws: tuple[int, int, int, int]
) -> None:
    state = empty_board(scout_reroll=rule)
    scout = fleet(state, 1, 1, "R1", "SC")
    jump = Jump(fleet=1, group=ENEMY, targets=("W9",))
    labels = ("move P1 F1", "move P1 F1", "move P1 F1 reroll", "move P1 F1 reroll")
    move_phase(state, {1: [jump]}, forced(zip(labels, throws, strict=True)))
    assert scout.where == "W9"
    assert any(n.key == "reroll" for n in state.notes)


def test_a_fleet_with_escorts_does_not_reroll() -> None:
    state = empty_board()
    mover = fleet(state, 1, 1, "R1", "SC", "KR")
    dice = forced([(None, 1), (None, 1)])
    move_phase(state, {1: [Jump(fleet=1, group=ENEMY, targets=("W9",))]}, dice)
    assert mover.where == "W12"


def test_space_row_one_or_six_is_a_free_choice_and_player_two_counts_from_his_left() -> None:
    state = empty_board()
    one = fleet(state, 1, 1, "W1", "KR", "KR")
    two = fleet(state, 2, 1, "W7", "KR", "KR")
    jumps = {
        1: [Jump(fleet=1, group=SPACE_ROW, targets=("R3",))],
        2: [Jump(fleet=1, group=SPACE_ROW, targets=())],
    }
    move_phase(state, jumps, forced([("move P1 F1", 6), ("move P2 F1", 2)]))
    assert one.where == "R3"
    assert two.where == "R4"  # player 2's die 2 is the space field at his left


def test_most_fleets_in_hyperspace_move_first_then_alternately() -> None:
    state = empty_board(start=1)
    fleet(state, 1, 1, "W1", "KR", "KR")
    fleet(state, 2, 1, "W7", "KR", "KR")
    fleet(state, 2, 2, "W7", "KR", "KR")
    jumps = {
        1: [Jump(fleet=1, group=SPACE_ROW)],
        2: [Jump(fleet=1, group=SPACE_ROW), Jump(fleet=2, group=SPACE_ROW)],
    }
    first = move_phase(state, jumps, forced([(None, 3)] * 3))
    assert first == 2
    assert [(a[0], a[1]) for a in landed(state)] == [("2", "1"), ("1", "1"), ("2", "2")]


def test_a_tie_in_hyperspace_goes_to_the_start_player() -> None:
    state = empty_board(start=2)
    fleet(state, 1, 1, "W1", "KR", "KR")
    fleet(state, 2, 1, "W7", "KR", "KR")
    jumps = {1: [Jump(fleet=1, group=SPACE_ROW)], 2: [Jump(fleet=1, group=SPACE_ROW)]}
    assert move_phase(state, jumps, forced([(None, 3)] * 2)) == 2


def test_a_strip_reaches_only_its_row_and_the_space_row() -> None:
    state = empty_board()
    stay = fleet(state, 1, 1, "W3", "KR", "KR")
    move_phase(state, {1: [Jump(fleet=1, group=ENEMY, targets=("W9",))]}, forced([]))
    assert stay.where == "W3"
    assert [n.args[1] for n in state.notes if n.key == "jump_refused"] == ["unreachable"]


def test_only_scouts_jump_alone() -> None:
    state = empty_board()
    stay = fleet(state, 1, 1, "W3", "KR")
    move_phase(state, {1: [Jump(fleet=1, group=SPACE_ROW)]}, forced([]))
    assert stay.where == "W3"
    assert [n.args[1] for n in state.notes if n.key == "jump_refused"] == ["alone"]


def test_a_fleet_left_in_hyperspace_must_move() -> None:
    state = empty_board()
    stuck = fleet(state, 1, 1, "H1", "KR", "KR")
    move_phase(state, {}, forced([("move P1 F1", 4)]))
    assert stuck.where == "R3"


def test_targets_named_as_worlds_take_the_movers_row() -> None:
    state = empty_board()
    mover = fleet(state, 2, 1, "R2", "KR", "KR")
    jump = Jump(fleet=1, group="world", targets=("W8",))
    move_phase(state, {2: [jump]}, forced([(None, 2), (None, 5)]))
    assert mover.where == "W8"  # W8 is player 2's own row: die 2 counts from W7


@pytest.mark.parametrize(
    ("throws", "where"),
    [
        # 5 -> W8 (listed second) is kept; 1 -> W12 is thrown again: 4 -> W9.
        ((5, 1, 4), "W9"),
        # 5 -> W8 is kept; 1 -> W12 is thrown again: 2 -> W11 misses, W8 stays.
        ((1, 5, 2), "W8"),
    ],
)
def test_each_die_rerolls_only_the_die_that_shows_no_listed_target(
    throws: tuple[int, int, int], where: str
) -> None:
    state = empty_board(scout_reroll="each_die")
    scout = fleet(state, 1, 1, "R1", "SC")
    jump = Jump(fleet=1, group=ENEMY, targets=("W9", "W8"))
    labels = ("move P1 F1", "move P1 F1", "move P1 F1 reroll")
    dice = forced(zip(labels, throws, strict=True))
    move_phase(state, {1: [jump]}, dice)
    assert scout.where == where
    assert [r.label for r in dice.log] == list(labels)


def test_each_die_on_the_space_row_throws_its_one_die_again() -> None:
    state = empty_board(scout_reroll="each_die")
    scout = fleet(state, 1, 1, "W1", "SC")
    jump = Jump(fleet=1, group=SPACE_ROW, targets=("R3",))
    dice = forced([("move P1 F1", 2), ("move P1 F1 reroll", 4)])
    move_phase(state, {1: [jump]}, dice)
    assert scout.where == "R3"
