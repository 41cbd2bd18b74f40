"""A unit held by a combat stays in its field until the combat ends (Strategie 6.2:
four days a round): under F or W it does not go after a unit it sights meanwhile
(Tab. 5.1-3, 6.1 "Abfangen")."""

from __future__ import annotations

from fractions import Fraction

from engine.core import Order, Ruling
from engine.wdw.items import find_items
from engine.wdw.orders import Fight
from engine.wdw.state import WdwState
from tests.wdw.helpers import placed, unit_of

# Isyrial's 101 and Tharn's 101 (KV with F) both stand in 1/21: they fight from day 0,
# four rounds, until day 16. Isyrial's mounted 102 rides 1/19 → 1/20 (day 6) → 1/12
# (day 12) in the pursuer's sight.
ORDERS: dict[int, list[Order]] = {
    1: [
        Fight(unit=101, code="KA"),
        Fight(unit=102, code="KI", path=("1/19", "1/20", "1/12")),
    ],
    2: [Fight(unit=101, code="KV", ext="F")],
}


def fighting() -> WdwState:
    return placed(u1_101="1/21", u1_102="1/18", u2_101="1/21")


def test_a_pursuer_in_a_combat_does_not_turn_while_the_combat_lasts() -> None:
    items = find_items(fighting(), ORDERS)
    assert [(k, m.kf, m.day) for k, m in items.meetings.items()] == [("K1", "1/21", 0)]
    assert items.legs["2/101"].steps == () and not items.legs["2/101"].pursued


def test_a_winner_pursues_from_the_day_the_combat_ends() -> None:
    # Tharn's 101 mounted (range 4 on the road) wins: free on day 16, it still sees
    # Isyrial's 102 in 1/20 (there from day 15 to 22.5) and rides after it, 7.5 days.
    state = fighting()
    hunter = unit_of(state, 2, 101)
    hunter.beritten = True
    items = find_items(state, ORDERS, [Ruling("K1", "Sieger B; Verluste keine")])
    leg = items.legs["2/101"]
    assert leg.pursued == "1/102" and leg.steps == (("1/20", Fraction(47, 2)),)
