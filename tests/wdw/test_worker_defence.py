"""How a unit under an A order meets foreign units (Strategie 5.2, Tab. 5.2-2): no
extension and R retreat, H holds to the last man, V defends and retreats after a lost
fight, I goes on working; the table row (Tab. 6.1-1) the month and the workbench read."""

from __future__ import annotations

import pytest

from engine.core import Order, Ruling
from engine.wdw.calculators.combat import lead_order
from engine.wdw.items import find_items, main_order
from engine.wdw.orders import Fight, Work
from engine.wdw.state import WdwState
from engine.wdw.tables import defends_as
from tests.wdw.helpers import GAME, month_of, sample, unit_of
from tests.wdw.test_calculators import GM, lines_of


def _alone() -> WdwState:
    """Realm 1's worker 201 alone in Guru (1/18); realm 2's unit 101 next door in 1/19."""
    state = sample(2)
    enemy = unit_of(state, 2, 101)
    enemy.kf = "1/19"
    state.units = [unit_of(state, 1, 201), enemy]
    return state


def _orders(ext: str, enemy: str) -> dict[int, list[Order]]:
    return {
        1: [Work(line=1, unit=201, code="AB", ext=ext, structure="stv")],
        2: [Fight(line=1, unit=101, code=enemy, path=("1/18",))],
    }


@pytest.mark.parametrize(
    ("ext", "defends"), [("", "KR"), ("R", "KR"), ("H", "KH"), ("V", "KV"), ("I", "KH")]
)
def test_a_workers_extension_gives_the_order_it_meets_others_with(ext: str, defends: str) -> None:
    state = _alone()
    worker = unit_of(state, 1, 201)
    assert main_order(worker, {(1, 201): Work(unit=201, code="AB", ext=ext)}) == defends
    assert defends_as(f"AB{ext}") == defends  # as it stands (D27)
    assert lead_order([f"AB{ext} stv"]) == defends  # the combat workbench's side


def test_a_g_order_still_defends() -> None:
    assert defends_as("GI") == "KV"
    assert lead_order(["GI", "ABR"]) == "KV"


def test_a_worker_without_extension_gives_way_to_an_attack() -> None:
    items = find_items(_alone(), _orders("", "KA"))
    assert not items.meetings
    assert [units for _, units, _, _ in items.retreats] == [("1/201",)]


@pytest.mark.parametrize(("ext", "row"), [("H", "ka_kh"), ("I", "ka_kh"), ("V", "loser_retreats")])
def test_a_worker_holding_or_defending_is_fought(ext: str, row: str) -> None:
    items = find_items(_alone(), _orders(ext, "KA"))
    (meeting,) = items.meetings.values()
    assert meeting.outcome.key == row
    assert not items.retreats


def test_a_lone_worker_without_extension_does_not_stop_a_passing_army() -> None:
    # KI ⇔ KR: the worker retreats, the army goes on; as KV it held the army (both stay).
    items = find_items(_alone(), _orders("", "KI"))
    assert [units for _, units, _, _ in items.retreats] == [("1/201",)]
    held = find_items(_alone(), _orders("V", "KI"))
    assert not held.retreats


def test_a_holding_worker_stays_after_a_lost_fight_and_a_defending_one_retreats() -> None:
    # Strategie 6.2 / Tab. 5.2-2: H "bis zum letzten Mann", V "zieht sich aber nach einem
    # verlorenen Kampf zurück". The GM rules the attacker the winner (A).
    for ext, stays in (("H", True), ("V", False)):
        state = _alone()
        (item,) = find_items(state, _orders(ext, "KA")).meetings
        verdict = Ruling(item, "Sieger A; Verluste 1/201 -100")
        after = month_of(state, _orders(ext, "KA"), verdict)
        assert (unit_of(after, 1, 201).kf == "1/18") is stays, ext


@pytest.mark.parametrize(
    ("order", "row"),
    [
        ("ABH", "Tab. 6.1-1: A KA ⇔ B KH: Kampf. Falls A verliert, Rückzug A, sonst Kampf bis"),
        ("AB", "Tab. 6.1-1: A KA ⇔ B KR: Rückzug von B (A zieht weiter)."),
    ],
)
def test_the_workbench_reads_the_workers_row(order: str, row: str) -> None:
    state = _alone()
    unit_of(state, 1, 201).order = order  # standing (D27)
    params = {"a": "2/101", "b": "1/201", "kf": "1/18", "a_from": "1/19", "a_order": "KA"}
    lines = lines_of(GAME.calculate(state, GM, "combat", params, "de"))
    assert any(line.startswith(row) for line in lines), lines


def test_the_finder_reads_a_standing_workers_extension() -> None:
    # 1/201 stands under ABH (D27) in Guru; 2/101 comes along the road under KA.
    state = sample()
    for unit in state.units:
        unit.kf = "1/18" if unit.key == "1/201" else ("1/20" if unit.key == "2/101" else "1/40")
    unit_of(state, 1, 201).order = "ABH"
    params = {"paths": "2/101 KA 1/19 1/18"}
    lines = lines_of(GAME.calculate(state, GM, "encounters", params, "de"))
    assert any("1/201 (KH)" in line and "Kampf. Falls A verliert" in line for line in lines), lines
