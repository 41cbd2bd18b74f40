"""Strategie 3.2 (Bev: "10.000 Einwohner und 1.500 GS Steuern pro Halbjahr" a BWP): a
settlement's inhabitants follow its Bev, so income follows what is built or lost; and
the GM's corrections of a settlement's structures and inhabitants."""

from __future__ import annotations

import pytest

from engine.core import CORRECTION, Ruling
from engine.wdw.orders import Build, Demolish
from engine.wdw.phases.income import ledger
from engine.wdw.population import follow
from engine.wdw.setup import options_of
from engine.wdw.state import Settlement, WdwState
from tests.wdw.helpers import GAME, month, sample


def guru_of(state: WdwState) -> Settlement:
    guru = state.settlement("Guru")
    assert guru is not None
    return guru


def small_guru() -> WdwState:
    # Guru with Bev 4 (40,000 inhabitants), room for a fifth BWP.
    state = sample()
    guru = guru_of(state)
    guru.bev, guru.population = 4, 40000
    return state


@pytest.mark.parametrize(
    ("population", "before", "after", "now"),
    [
        (40000, 4, 5, 50000),  # a BWP built: 10,000 more
        (40000, 4, 3, 30000),  # one lost: 10,000 fewer
        (35000, 4, 3, 25000),  # fewer than housed: the same 10,000 go
        (45000, 4, 3, 30000),  # never more than Bev × 10,000
        (5000, 1, 0, 0),  # never below 0
    ],
)
def test_the_inhabitants_follow_the_bev(population: int, before: int, after: int, now: int) -> None:
    assert follow(population, before, after) == now


def test_a_bwp_of_bev_built_brings_its_inhabitants_and_their_taxes() -> None:
    state = small_guru()
    before = ledger(state, 1, options_of(state))[0]
    state = month(state, Build(settlement="Guru", structure="bev"))
    assert (guru_of(state).bev, guru_of(state).population) == (5, 50000)
    # F1: +1,500 GS for the 10,000 inhabitants, −100 for the BWP's upkeep.
    assert ledger(state, 1, options_of(state))[0] == before + 1400


def test_a_bwp_of_bev_demolished_takes_its_inhabitants_away() -> None:
    state = month(sample(), Demolish(settlement="Guru", structure="bev", bwp=1))
    assert (guru_of(state).bev, guru_of(state).population) == (4, 40000)


def test_the_economy_forecast_counts_the_inhabitants_a_planned_bev_brings() -> None:
    params = {"builds": "Guru Bev 1", "months": "6"}
    text = GAME.calculate(small_guru(), 1, "economy", params, "de")
    # Bev 5 by month 6: 50,000 inhabitants, 1,500·5 − 13·100 = 6,200 (4 BWP: 4,800).
    assert "Einnahmen +6200 (Guru +6200)" in text


def correct(state: WdwState, text: str) -> WdwState:
    return month(state, rulings=(Ruling(CORRECTION, text, "Sabotage"),))


def test_the_gm_takes_a_structures_bwp_by_correction() -> None:
    state = correct(sample(), "Ansiedlung Guru Mil -2")
    assert guru_of(state).mil == guru_of(sample()).mil - 2
    assert any("Ansiedlung Guru Mil -2 (Sabotage)" in line for line in state.log)


def test_a_bev_taken_by_correction_takes_its_inhabitants_and_the_former_capital_shrinks() -> None:
    state = correct(sample(), "Settlement Guru bev -1")
    assert (guru_of(state).bev, guru_of(state).population) == (4, 40000)


def test_the_gm_moves_the_inhabitants_by_correction() -> None:
    state = correct(sample(), "Ansiedlung Guru Einwohner -5000")
    assert (guru_of(state).bev, guru_of(state).population) == (5, 45000)


@pytest.mark.parametrize(
    ("text", "lang", "reason"),
    [
        ("Ansiedlung Guru Lab -1", "de", "Guru hat nur 0 BWP Lab"),
        ("Settlement Guru lab -1", "en", "Guru has only 0 BWP Lab"),
        ("Ansiedlung Guru Bef +9", "de", "Bef darf höchstens 2 BWP haben"),
        (
            "Ansiedlung Guru Einwohner +5000",
            "de",
            "Guru: 55000 Einwohner geht nicht: zwischen 0 und 50000 (Bev 5 × 10.000, "
            "Strategie 3.2)",
        ),
        (
            "Settlement Guru inhabitants -60000",
            "en",
            "Guru: -10000 inhabitants cannot be: between 0 and 50000 (Bev 5 × 10,000, "
            "Strategie 3.2)",
        ),
        ("Ansiedlung Atlantis Bef -1", "de", "keine Ansiedlung Atlantis"),
    ],
)
def test_a_settlement_correction_out_of_its_bounds_is_refused(
    text: str, lang: str, reason: str
) -> None:
    assert GAME.check_ruling(sample(), {}, [], Ruling(CORRECTION, text, "x"), lang) == reason


def test_a_settlement_correction_within_its_bounds_is_taken() -> None:
    said = GAME.check_ruling(
        sample(), {}, [], Ruling(CORRECTION, "Ansiedlung Guru Bef +1", "x"), "de"
    )
    assert said == ""
