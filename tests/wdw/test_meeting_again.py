"""Realms that met in a field meet there again when a unit comes that was not in the
first meeting (Strategie 6.1, Tab. 6.1-1): a stand-off earlier in the month does not
let a later attacker pass unfought."""

from __future__ import annotations

from engine.core import Order
from engine.wdw.items import find_items
from engine.wdw.orders import Fight
from engine.wdw.state import WdwState
from tests.wdw.helpers import placed

# Tharn's 101 stands in 1/21 (KV); Isyrial's mounted 102 (KI) comes from 1/20 on day 6
# (KI ⇔ KV: both stay); Isyrial's 101 (KN) comes from 1/19 through 1/20 on day 20.
ORDERS: dict[int, list[Order]] = {
    1: [
        Fight(unit=101, code="KN", path=("1/20", "1/21")),
        Fight(unit=102, code="KI", path=("1/21",)),
    ],
    2: [Fight(unit=101, code="KV")],
}


def stand_off() -> WdwState:
    return placed(u1_101="1/19", u1_102="1/20", u2_101="1/21")


def test_an_attacker_arriving_after_a_stand_off_in_the_field_fights() -> None:
    items = find_items(stand_off(), ORDERS)
    combats = {k: m for k, m in items.meetings.items() if k.startswith("K")}
    assert [(k, m.kf, m.day) for k, m in combats.items()] == [("K1", "1/21", 20)]
    combat = combats["K1"]
    assert (combat.a.order, combat.b.order) == ("KN", "KV")
    assert "1/101" in combat.a.units and combat.b.units == ("2/101",)


def test_the_units_of_the_first_meeting_alone_meet_only_once() -> None:
    orders = {1: ORDERS[1][1:], 2: ORDERS[2]}
    assert list(find_items(stand_off(), orders).meetings) == []


def test_a_unit_that_ignores_the_enemy_passes_a_fight_under_way_without_a_new_item() -> None:
    # Isyrial's 101 fights Tharn's 101 in 1/20 from day 10; its mounted 102 (KI) comes on
    # day 12: it neither joins (6.2 "je nach Befehl") nor meets the fighting units anew.
    orders: dict[int, list[Order]] = {
        1: [
            Fight(unit=101, code="KA", path=("1/20",)),
            Fight(unit=102, code="KI", path=("1/19", "1/20")),
        ],
        2: [Fight(unit=101, code="KV")],
    }
    items = find_items(placed(u1_101="1/19", u2_101="1/20"), orders)
    assert list(items.meetings) == ["K1"]
    assert items.meetings["K1"].a.units == ("1/101",)
