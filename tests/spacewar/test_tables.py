"""Every table of the rulebook as printed (Spacewar §11.1, §11.2, §6, §10.1) and the
board's die tables (§4, decisions 2 and 3)."""

from __future__ import annotations

import pytest

from engine.spacewar.board import (
    ENEMY,
    OWN,
    SPACE_ROW,
    UNITS,
    damage_event,
    ground_effect,
    needed,
    reachable,
    space_by_die,
    strip_of,
    world_by_die,
)

# Spacewar §11.1, copied from the rulebook's text row by row (None: "---"): for 1-9
# weapons, the entries for shields 1-4 of the missiles (R), then of the lasers (L).
WEAPONS = ("R", "L")
AS_PRINTED = {
    1: ((18, 19, 20, None), (15, 17, 17, 20)),
    2: ((15, 18, 19, 20), (12, 15, 16, 19)),
    3: ((12, 16, 18, 19), (10, 13, 15, 18)),
    4: ((10, 14, 16, 18), (8, 11, 14, 17)),
    5: ((8, 12, 14, 17), (6, 9, 12, 15)),
    6: ((6, 10, 12, 16), (5, 7, 10, 13)),
    7: ((4, 8, 10, 15), (4, 5, 8, 11)),
    8: ((3, 6, 8, 14), (3, 4, 6, 9)),
    9: ((2, 4, 6, 13), (2, 3, 4, 7)),
}


@pytest.mark.parametrize("weapon", WEAPONS)
@pytest.mark.parametrize(("count", "shield"), [(c, s) for c in range(1, 10) for s in range(1, 5)])
def test_weapon_table_entry_as_printed(weapon: str, count: int, shield: int) -> None:
    printed = AS_PRINTED[count][WEAPONS.index(weapon)]
    assert needed(weapon, count, shield) == printed[shield - 1]


def test_laser_row_one_keeps_the_printed_17_twice() -> None:
    # Decision 29: kept as printed, though it looks like a misprint.
    assert needed("L", 1, 2) == needed("L", 1, 3) == 17


@pytest.mark.parametrize(
    ("code", "cost", "lasers", "missiles", "shield", "bwp", "fighters"),
    [
        ("JG", 1, 1, 1, 1, 13, 0),
        ("SC", 6, 1, 1, 2, 8, 0),
        ("KR", 11, 6, 8, 4, 3, 0),
        ("ST", 23, 2, 4, 4, 3, 8),
        ("TR", 5, 1, 1, 1, 3, 0),
        ("BA", 32, 8, 12, 4, 0, 16),
    ],
)
def test_unit_values_as_printed(
    code: str, cost: int, lasers: int, missiles: int, shield: int, bwp: int, fighters: int
) -> None:
    unit = UNITS[code]
    assert (unit.cost, unit.lasers, unit.missiles, unit.shield, unit.bwp, unit.fighters) == (
        cost,
        lasers,
        missiles,
        shield,
        bwp,
        fighters,
    )


@pytest.mark.parametrize(
    ("result", "effect"),
    [
        (-2, "a_destroyed"),
        (-1, "a_destroyed"),
        (0, "a_destroyed"),
        (1, "a_repulsed"),
        (2, "a_repulsed"),
        (3, "none"),
        (4, "none"),
        (5, "d_repulsed"),
        (6, "d_repulsed"),
        (7, "d_destroyed"),
        (8, "d_destroyed"),
        (9, "d_destroyed"),
    ],
)
def test_ground_table_entry_with_the_minus_signs_restored(result: int, effect: str) -> None:
    assert ground_effect(result) == effect


def test_ground_results_beyond_the_table_are_clamped() -> None:
    # Decision 5: 1W6 ± 4 can leave -2 .. 9.
    assert ground_effect(-5) == "a_destroyed"
    assert ground_effect(12) == "d_destroyed"


@pytest.mark.parametrize(
    ("die", "event"),
    [(1, "graze"), (2, "yellow"), (3, "yellow"), (4, "yellow"), (5, "orange"), (6, "orange")],
)
def test_damage_table_on_an_unmarked_ship(die: int, event: str) -> None:
    assert damage_event(die, "") == event


def test_damage_markers_add_to_the_roll_but_a_one_stays_a_graze() -> None:
    assert damage_event(6, "yellow") == "red"  # 7: kritischer Treffer
    assert damage_event(6, "orange") == "white"  # 8: katastrophaler Treffer
    assert damage_event(5, "orange") == "red"
    assert damage_event(1, "orange") == "graze"
    assert damage_event(5, "red") == "white"  # decision 23: red +3
    assert damage_event(4, "red", red_modifier=2) == "orange"


@pytest.mark.parametrize("die", range(1, 7))
def test_own_row_counts_from_the_own_home(die: int) -> None:
    assert world_by_die(OWN, die, 1) == f"W{die}"
    assert world_by_die(OWN, die, 2) == f"W{6 + die}"


@pytest.mark.parametrize("die", range(1, 7))
def test_enemy_row_is_counted_from_the_movers_left(die: int) -> None:
    # Decision 3: the enemy home is die 6 (W7 for player 1, W1 for player 2).
    assert world_by_die(ENEMY, die, 1) == f"W{13 - die}"
    assert world_by_die(ENEMY, die, 2) == f"W{7 - die}"
    assert world_by_die(ENEMY, die, 1, mirrored=False) == f"W{6 + die}"


def test_space_row_by_die_and_the_free_choice() -> None:
    assert [space_by_die(d, 1) for d in range(1, 7)] == [None, "R1", "R2", "R3", "R4", None]
    assert [space_by_die(d, 2) for d in range(1, 7)] == [None, "R4", "R3", "R2", "R1", None]


def test_hyperspace_strips_reach_their_row_and_the_space_row() -> None:
    assert strip_of("W3", 2) == "H1" and strip_of("W9", 1) == "H2"
    assert strip_of("R2", 1) == "H1" and strip_of("R2", 2) == "H2"
    assert reachable("W3", OWN, 1) and reachable("W3", SPACE_ROW, 1)
    assert not reachable("W3", ENEMY, 1)
    assert reachable("W3", ENEMY, 2)  # row A is player 2's enemy row
    assert reachable("R1", ENEMY, 1) and reachable("R1", OWN, 2)
    assert reachable("W3", ENEMY, 1, open_reach=True)
