"""Every entry of the board game's tables (B G4.2, A.4.10, 2.5, 2.6, 2.6.3, E2.4)."""

from __future__ import annotations

import pytest

from engine.ashes_board.tables import (
    BASE_POP,
    COSTS,
    FIGHTER,
    MORALE_UNITS,
    START_WAREHOUSE,
    TRANSPORTER,
    TROOPS,
    end_threshold,
    output,
)
from engine.ashesmap.galaxy import standard_galaxy


@pytest.mark.parametrize(
    ("unit", "oil", "steel", "hightech"),
    [(FIGHTER, 1, 1, 2), (TRANSPORTER, 2, 1, 1), (TROOPS, 0, 1, 1)],
)
def test_required_resources_are_those_of_g4_2(
    unit: str, oil: int, steel: int, hightech: int
) -> None:
    assert COSTS[unit] == (oil, steel, hightech)


@pytest.mark.parametrize(
    ("pop", "per_factory"),
    [(1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (6, 2), (7, 3), (8, 3), (9, 4)],
)
def test_factory_output_by_population_is_that_of_a_4_10(pop: int, per_factory: int) -> None:
    assert output(pop) == per_factory


@pytest.mark.parametrize("pop", [0, 10])
def test_output_refuses_a_population_outside_1_to_9(pop: int) -> None:
    with pytest.raises(ValueError, match="1 to 9"):
        output(pop)


@pytest.mark.parametrize(
    ("round_", "needed"),
    [
        (10, None),
        (11, 30),
        (12, 29),
        (13, 28),
        (14, 27),
        (15, 26),
        (16, 24),
        (17, 22),
        (18, 20),
        (20, 16),
        (24, 8),
        (25, 6),
        (26, 5),
        (40, 5),
    ],
)
def test_end_dice_totals_of_2_6_fall_by_two_after_round_15(round_: int, needed: int | None) -> None:
    assert end_threshold(round_) == needed


def test_end_step_one_falls_by_one_after_round_15() -> None:
    assert [end_threshold(r, 1) for r in (15, 16, 17, 36, 37)] == [26, 25, 24, 5, 5]


def test_the_warehouse_starts_with_five_of_each() -> None:
    assert START_WAREHOUSE == (5, 5, 5)


def test_morale_gives_a_die_per_four_ships_or_three_troops() -> None:
    assert MORALE_UNITS == {FIGHTER: 4, TRANSPORTER: 4, TROOPS: 3}


def test_base_population_lists_of_e2_4_with_strife_filling_the_gap() -> None:
    counts = {pop: sorted(n for n, p in BASE_POP.items() if p == pop) for pop in (1, 2, 3)}
    assert counts[3] == [1, 2, 3, 4, 5, 6, 7, 8, 20, 34]
    assert len(counts[2]) == 19
    assert counts[1] == [21, 26, 27, 28, 29, 31, 36, 37, 38, 39, 40]
    assert sum(BASE_POP.values()) == 79
    assert sorted(BASE_POP) == [p.number for p in standard_galaxy().planets]


def test_rulebook_flight_examples_use_the_shared_distance_table() -> None:
    galaxy = standard_galaxy()
    # B G.4.4: Outpost (10) to Mechamea (12) is a 2; Crab (2) to Outpost (10) is a "D".
    assert galaxy.distance(10, 12) == 2
    assert galaxy.distance(2, 10) == 0
    assert galaxy.name_index()["mechamea"] == 12


def test_a_map_draws_each_pair_of_planets_once_with_its_distance() -> None:
    galaxy = standard_galaxy()
    pairs = galaxy.pair_distances()
    assert len(pairs) == galaxy.size * (galaxy.size - 1) // 2
    assert (pairs[(10, 12)], pairs[(2, 10)]) == (2, 0)
    assert (12, 10) not in pairs and (10, 10) not in pairs
