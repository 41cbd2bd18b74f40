"""The month's standing orders are found by the acknowledgement's checks alone (design
§3.0, D37; engine.wdw.forecast.standing): a K order is checked, not worded. The orders
kept and the void ones with their reasons are those the worded acknowledgement refuses,
on random K orders — unknown units, extensions a unit or main order may not take,
paths through the known, the unknown and the impassable, a unit's second order —
(hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import Order
from engine.wdw.checks_army import Refused
from engine.wdw.forecast import LANG, Standing, forecast, standing
from engine.wdw.orders import Fight
from engine.wdw.state import WdwState, world
from engine.wdw.tables import MAIN_ORDERS
from tests.lanes import examples
from tests.wdw.helpers import sample

STATE = sample()
FIELDS = sorted(world(STATE.map_text).fields)
NEAR = ("1/17", "1/18", "1/19", "1/21", "1/22", "1/23", "1/11", "1/12")
"""Fields around both realms' units, so that many paths are steps to neighbours."""

fights = st.builds(
    Fight,
    unit=st.sampled_from((101, 102, 201, 601, 999)),
    code=st.sampled_from(MAIN_ORDERS),
    ext=st.sampled_from(("", "E", "P", "P2", "B", "F", "W", "S")),
    path=st.lists(st.sampled_from(NEAR) | st.sampled_from(FIELDS), max_size=3).map(tuple),
)
seat_orders = st.lists(fights, max_size=6)


def worded(state: WdwState, orders: dict[int, list[Order]]) -> Standing:
    """The standing orders as the worded acknowledgement refuses them."""
    found = Standing({}, [])
    for seat, given_ in orders.items():
        found.orders[seat] = []
        for order, seen in zip(given_, forecast(state, seat, given_, LANG), strict=True):
            if isinstance(seen.worded, Refused):
                found.void.append((seat, order, seen.worded.refusal))
            else:
                found.orders[seat].append(order)
    return found


@settings(max_examples=examples(200), deadline=None)
@given(seat_orders, seat_orders)
def test_the_standing_orders_are_those_the_worded_acknowledgement_keeps(
    first: list[Order], second: list[Order]
) -> None:
    orders = {1: first, 2: second}
    assert standing(STATE, orders) == worded(STATE, orders)


def test_a_refused_k_order_is_void_with_the_reason_the_acknowledgement_gives() -> None:
    bad = Fight(unit=201, code="KA", path=("1/19",))  # no Angriffsstärke (D5)
    good = Fight(unit=101, code="KV", path=("1/19",))
    found = standing(STATE, {1: [bad, good]})
    assert found.orders == {1: [good]}
    ((seat, order, refusal),) = found.void
    assert (seat, order, refusal.key) == (1, bad, "needs_combat_unit")
