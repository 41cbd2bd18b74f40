"""The GM option ``leader_capacity`` (Strategie 4.1 "Heerführer", D1): the elements one
Heerführer leads, mounted ones counting twice; the acknowledgement warns of a K order in
an army with too few Heerführer, the combat workbench notes the side. Unset: no check."""

from __future__ import annotations

import pytest

from engine.core import Order
from engine.wdw.leaders import shortfall
from engine.wdw.options import WdwOptions
from engine.wdw.orders import Fight
from engine.wdw.state import Unit, WdwState
from tests.wdw.helpers import GAME, by_number, sample


def _led(capacity: int) -> WdwState:
    """Realm 1's army in 1/18 (2,000 + 1,000 mounted + 1,000 workers: 5,000 counted)
    with one Heerführer."""
    state = sample(2, leader_capacity=capacity)
    leader = Unit(realm=1, id=602, unit_class="character", size=1, kf="1/18", heerfuehrer=True)
    state.units.append(leader)
    return state


@pytest.mark.parametrize(("capacity", "warned"), [(0, False), (2000, True), (5000, False)])
def test_the_acknowledgement_warns_of_an_army_beyond_its_heerfuehrer(
    capacity: int, warned: bool
) -> None:
    (text,) = GAME.describe_orders(_led(capacity), 1, [Fight(unit=101, code="KV")], "de", by_number)
    expected = "in 1/18 führen die Heerführer (1) höchstens 2000 Elemente, das Heer hat 5000"
    assert (expected in text) is warned
    (english,) = GAME.describe_orders(
        _led(capacity), 1, [Fight(unit=101, code="KV")], "en", by_number
    )
    assert ("the leaders (1) lead 2000 elements at most" in english) is warned


def test_mounted_elements_count_twice_and_characters_not_at_all() -> None:
    state = _led(1)
    army = [u for u in state.units if u.realm == 1]
    short = shortfall(army, WdwOptions(leader_capacity=1))
    assert short is not None and (short.elements, short.leaders, short.most) == (5000, 1, 1)
    assert shortfall(army, WdwOptions()) is None


ORDERS: dict[int, list[Order]] = {
    1: [Fight(line=1, unit=101, code="KA", path=("1/19", "1/20"))],
    2: [Fight(line=1, unit=101, code="KV", path=("1/21", "1/20"))],
}


@pytest.mark.parametrize(("capacity", "noted"), [(0, False), (1000, True)])
def test_the_workbench_notes_a_side_without_enough_heerfuehrer(capacity: int, noted: bool) -> None:
    text = GAME.dossier(sample(2, leader_capacity=capacity), ORDERS, "de")
    combat = text.split("K1 Kampf in 1/20", 1)[1]
    assert "Werkbank:" in combat
    line = "Heerführer: Reich 1 hat 2000 Elemente, seine Heerführer (0) führen höchstens 0"
    assert (line in combat) is noted
    assert ("Heerführer: Reich 2 hat 2000 Elemente" in combat) is noted


def test_a_heerfuehrer_with_the_army_leads_it_in_the_workbench() -> None:
    state = _led(2000)
    leader = state.unit(1, 602)
    assert leader is not None
    orders = {1: [*ORDERS[1], Fight(line=2, unit=602, code="KV", path=("1/19", "1/20"))]}
    text = GAME.dossier(state, {**ORDERS, **orders}, "de")
    combat = text.split("K1 Kampf in 1/20", 1)[1]
    assert "Heerführer: Reich 1" not in combat
    assert "Heerführer: Reich 2 hat 2000 Elemente, seine Heerführer (0)" in combat
