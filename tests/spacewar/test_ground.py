"""P7: ground combat with troop stones in rows, guerrillas (Spacewar §6; decisions 5-9)."""

from __future__ import annotations

from engine.dice import Dice
from engine.spacewar.ground import Fighter, ground_phase, layout, ordered
from engine.spacewar.state import SpacewarState, Stone
from tests.spacewar.factory import empty_board, fleet, forced, stones


def invade(state: SpacewarState, world: str, attacker: int, *values: int) -> None:
    """A fleet of ``attacker`` with one transporter per stone over ``world``."""
    made = fleet(state, attacker, 1, world, *(["TR"] * len(values)))
    for ship, stone in zip(made.ships, stones(state, attacker, *values), strict=True):
        ship.stone = stone


def front_to_back(world: str, *rolls: int) -> Dice:
    """Dice for the first round on ``world`` with one pair per row (column 1): ``rolls``
    from the front row back."""
    return forced((f"ground {world} r1 row{row} c1", roll) for row, roll in enumerate(rolls, 1))


def fighters(*values: int) -> list[Fighter]:
    return [Fighter(Stone(n, v), True) for n, v in enumerate(values, 1)]


def test_layout_fills_row_one_then_the_rows_behind_at_most_four_deep() -> None:
    a, d = layout(fighters(5, 4, 3, 3, 3), fighters(4, 4))
    assert [[f.stone.value for f in col] for col in a] == [[5, 3, 3], [4, 3]]
    assert [[f.stone.value for f in col] for col in d] == [[4], [4]]
    a, d = layout(fighters(3), fighters(5, 4, 3, 3, 3))
    assert [[f.stone.value for f in col] for col in d] == [[5, 4, 3, 3]]  # the fifth sits out
    assert [[f.stone.value for f in col] for col in a] == [[3]]


def test_line_up_order_then_strongest_first() -> None:
    given = [Stone(1, 3), Stone(2, 5), Stone(3, 4), Stone(4, 3)]
    assert [s.value for s in ordered(given, [])] == [5, 4, 3, 3]
    assert [s.value for s in ordered(given, [3, 4])] == [3, 4, 5, 3]


def test_the_attacker_wins_and_the_defenders_turn_guerrilla() -> None:
    state = empty_board()
    state.world("W9").troops = stones(state, 2, 3, 3)
    invade(state, "W9", 1, 5, 5)
    pool = list(state.player(2).pool)
    ground_phase(state, forced([("ground W9 r1 row1 c1", 4), ("ground W9 r1 row1 c2", 3)]))
    world = state.world("W9")
    assert world.owner == 1
    assert sorted(s.value for s in world.troops) == [5, 5]
    assert (world.guerrilla, world.guerrilla_of, world.income) == (2, 2, 8)
    assert state.player(2).pool[0] == pool[0] + 2  # the guerrillas' stones left the board


def test_the_defender_holds_and_a_destroyed_attacker_goes_back_to_the_pool() -> None:
    state = empty_board()
    state.world("W9").troops = stones(state, 2, 5)
    invade(state, "W9", 1, 3)
    pool = list(state.player(1).pool)
    ground_phase(state, forced([("ground W9 r1 row1 c1", 1)]))  # 1 - 2 = -1
    assert state.world("W9").owner == 2
    assert state.player(1).pool[0] == pool[0] + 1
    assert all(s.stone is None for f in state.fleets for s in f.ships)


def test_rear_rows_get_the_bonus_for_their_own_side() -> None:
    state = empty_board()
    state.world("W6").troops = stones(state, 1, 4, 3, 3)
    invade(state, "W6", 2, 4)
    # Row 1: 5 + 0 = 5, defender repulsed; row 2: 6 + 1 - 1 = 6, defender repulsed;
    # row 3: 3 + 1 - 2 = 2, attacker repulsed.
    ground_phase(state, front_to_back("W6", 5, 6, 3))
    results = [n.args[7:] for n in state.notes if n.key == "ground_pair"]
    assert results == [["5", "d_repulsed"], ["6", "d_repulsed"], ["2", "a_repulsed"]]
    assert state.world("W6").owner == 1
    assert sorted(s.value for s in state.world("W6").troops) == [3, 3, 4]
    # the repulsed attacker re-embarks
    assert [s.stone.value for f in state.fleets for s in f.ships if s.stone] == [4]


def test_a_world_without_stones_falls_at_once() -> None:
    state = empty_board()
    invade(state, "W10", 1, 3)
    ground_phase(state, forced([]))
    assert state.world("W10").owner == 1 and [s.value for s in state.world("W10").troops] == [3]


def test_no_ground_fight_while_the_owner_has_ships_there() -> None:
    state = empty_board()
    invade(state, "W10", 1, 3)
    fleet(state, 2, 1, "W10", "KR", "KR")
    ground_phase(state, forced([]))
    assert state.world("W10").owner == 2


def test_the_former_owner_gets_half_the_guerrillas_as_stones_and_recapture_clears_them() -> None:
    state = empty_board()
    world = state.world("W3")
    world.owner, world.guerrilla, world.guerrilla_of = 2, 5, 1
    invade(state, "W3", 1, 5)
    state.player(1).pool = [0, 0, 4]
    # floor(5 / 2) = 2 stones drawn blind from the pool: both 5er here.
    dice = forced([("draw P1 guerrilla W3", 1), ("draw P1 guerrilla W3", 1)])
    ground_phase(state, dice)
    assert world.owner == 1 and sorted(s.value for s in world.troops) == [5, 5, 5]
    assert (world.guerrilla, world.guerrilla_of) == (0, 0)
    assert state.player(1).pool == [0, 0, 2]


def test_a_defender_who_retreats_leaves_the_world_to_guerrillas() -> None:
    state = empty_board()
    state.world("W9").troops = stones(state, 2, 3, 3, 3)
    state.player(2).standing.ground_retreats = ["W9:stones:2"]
    invade(state, "W9", 1, 4)
    # Row 1: 6 + 1 = 7, defender destroyed; row 2: 4 + 1 - 1 = 4 and row 3: 4 + 1 - 2 = 3,
    # no effect.
    ground_phase(state, front_to_back("W9", 6, 4, 4))
    assert state.world("W9").owner == 1
    assert state.world("W9").guerrilla == 2
    assert any(n.key == "ground_retreat" for n in state.notes)


def test_a_weakest_first_line_up_puts_the_threes_in_front() -> None:
    state = empty_board()
    state.world("W9").troops = stones(state, 2, 5, 3, 4)
    state.player(2).standing.lineups = ["W9:weak"]
    invade(state, "W9", 1, 4)
    ground_phase(state, forced([(None, 6)] * 12))
    pairs = [n.args[4:6] for n in state.notes if n.key == "ground_pair"]
    assert pairs[0] == ["4", "3"]  # the attacker meets the 3 first
