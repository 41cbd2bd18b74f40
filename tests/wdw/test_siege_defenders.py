"""Strategie 6.4 with D5: a garrison of Heimatverteidigung alone is a Kampfeinheit, so
besieging workers (and siege units without a ranged attack against the other
structures) stay idle while it stands in the settlement."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.wdw.calculators.siege import forces_of, siege_plan
from engine.wdw.checks_works import Siege, siege_work
from engine.wdw.state import Unit, WdwState
from tests.wdw.helpers import sample, unit_of


def open_tharnburg(home_defence: bool) -> tuple[WdwState, Unit]:
    # Tharnburg without Bef and Stv, held by realm 2's units 101/102; a besieging
    # worker-ram of 2,500 elements stands at the gate.
    state = sample()
    tharnburg = state.settlement("Tharnburg")
    assert tharnburg is not None
    tharnburg.bef = tharnburg.stv = 0
    if home_defence:
        for number in (101, 102):
            unit = unit_of(state, 2, number)
            unit.nahkampf, unit.heimatverteidigung = 0, ["Kern"]
    ram = Unit(1, 301, "land", 2500, "1/22", belagerung=1, arbeit=1, order="KHB")
    state.units.append(ram)
    return state, ram


@pytest.mark.parametrize("home_defence", [False, True])
def test_a_garrison_of_home_defence_alone_keeps_the_besiegers_workers_idle(
    home_defence: bool,
) -> None:
    state, ram = open_tharnburg(home_defence)
    structure, rate = siege_work(state, Siege("1/22", "Tharnburg", 1, ("1/301",)), [ram])
    assert (structure, rate) == ("mil", Fraction(0))


def test_without_a_garrison_the_besiegers_workers_destroy_the_other_structures() -> None:
    state, ram = open_tharnburg(False)
    state.units = [u for u in state.units if not (u.realm == 2 and u.kf == "1/22")]
    structure, rate = siege_work(state, Siege("1/22", "Tharnburg", 1, ("1/301",)), [ram])
    assert (structure, rate) == ("mil", Fraction(5))


def test_the_siege_planner_counts_home_defence_as_defenders() -> None:
    state, ram = open_tharnburg(True)
    tharnburg = state.settlement("Tharnburg")
    assert tharnburg is not None
    defenders = tuple(u for u in state.units if u.realm == 2 and u.kf == "1/22")
    forces = forces_of((ram,), defenders, tharnburg)
    assert forces.defence == 3500  # 101 and 102, 3,500 elements; the worker 201 none
    # The workers idle: the siege strength alone, 2,500/1,000 (with them 5 a month).
    assert siege_plan(tharnburg, forces).other_rate == Fraction(5, 2)
