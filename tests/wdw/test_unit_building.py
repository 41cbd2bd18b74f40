"""Building by worker units (Strategie 5.2 Tab. 5.2-1 ``AB``, 3.1, 3.2; F12, F14, D19,
D25): the order line, each check with its reason, the rate (Arbeitsstärke/1,000, Bef
/2,500) in exact parts of a BWP, the price of each finished BWP, reuse, and a build the
treasury cannot pay."""

from __future__ import annotations

import pytest

from engine.core import Order
from engine.wdw.orders import Work
from engine.wdw.state import WdwState
from tests.wdw.helpers import GAME, by_number, month, read_orders, sample, unit_of


def said(order: Order, state: WdwState | None = None, lang: str = "de") -> str:
    return GAME.describe_order(state or sample(), 1, order, lang, by_number)


def test_an_ab_order_is_read_with_its_structure() -> None:
    assert read_orders("201 ABV Stadtverteidigung") == [
        Work(line=2, unit=201, code="AB", ext="V", structure="stv")
    ]


def test_a_legal_ab_is_worded_with_its_rate_and_price() -> None:
    order = Work(unit=201, code="AB", structure="bef")
    assert said(order) == (
        "Einheit 201: AB baut in Guru an Bef, 0,40 BWP Arbeit im Monat, 5000 GS je fertigem BWP"
    )
    assert said(order, lang="en").startswith("Unit 201: AB builds Bef in Guru, 0.40 BWP of work")


def _elsewhere() -> WdwState:
    state = sample()
    unit = unit_of(state, 1, 201)
    unit.kf = "1/19"
    return state


def _full_rues() -> WdwState:
    state = sample()
    state.settlements[0].rues = 5
    return state


@pytest.mark.parametrize(
    ("order", "state", "reason"),
    [
        (Work(unit=999, code="AB", structure="stv"), sample(), "keine Einheit 999"),
        (Work(unit=101, code="AB", structure="stv"), sample(), "101 hat keine Arbeitsstärke"),
        (Work(unit=201, code="AB"), sample(), "AB braucht das Bauwerk"),
        (
            Work(unit=201, code="AB", structure="stv"),
            _elsewhere(),
            "Einheit 201 steht in 1/19 in keiner Ansiedlung Ihres Reiches",
        ),
        (Work(unit=201, code="AB", structure="rues"), _full_rues(), "Rüs darf höchstens 5 BWP"),
    ],
)
def test_an_illegal_ab_says_why(order: Order, state: WdwState, reason: str) -> None:
    assert reason in said(order, state)


def test_a_worker_builds_a_bwp_a_month_and_pays_for_it() -> None:
    idle = month(sample())
    state = month(sample(), Work(unit=201, code="AB", structure="stv"))
    assert state.settlements[0].stv == 3
    assert state.realm(1).treasury == idle.realm(1).treasury - 5000
    assert "Guru: Einheit 201 hat 1 BWP Stv gebaut (5000 GS)." in GAME.printout(state, 1, "de")


def test_fortifications_take_2500_strength_a_bwp_and_parts_carry_over() -> None:
    order = Work(unit=201, code="AB", structure="bef")
    state = month(sample(), order)
    assert (state.settlements[0].bef, state.settlements[0].progress) == (0, ["bau:bef=2/5"])
    # A part of a BWP is said as such ("hat 0 BWP Bef gebaut (0 GS)" said nothing).
    assert "Guru: Einheit 201 baut an Bef, 2/5 BWP fertig." in GAME.printout(state, 1, "de")
    assert "0 BWP" not in GAME.printout(state, 1, "de")
    state = month(month(state, order), order)
    assert (state.settlements[0].bef, state.settlements[0].progress) == (1, ["bau:bef=1/5"])


def test_reused_resources_pay_a_worker_bwp() -> None:
    state = sample()
    state.settlements[0].reuse = 4
    idle = month(sample())
    state = month(state, Work(unit=201, code="AB", structure="stv"))
    assert (state.settlements[0].stv, state.settlements[0].reuse) == (3, 0)
    assert state.realm(1).treasury == idle.realm(1).treasury


def test_a_build_the_treasury_cannot_pay_is_interrupted() -> None:
    state = sample()
    state.realm(1).treasury = 100
    state = month(state, Work(unit=201, code="AB", structure="stv"))
    assert state.settlements[0].stv == 2
    assert "der Bau von Stv ist unterbrochen" in GAME.printout(state, 1, "de")


def test_a_worker_away_from_its_settlement_builds_nothing() -> None:
    state = month(_elsewhere(), Work(unit=201, code="AB", structure="stv"))
    assert state.settlements[0].stv == 2
    assert "keiner Ansiedlung Ihres Reiches" in GAME.printout(state, 1, "de")
