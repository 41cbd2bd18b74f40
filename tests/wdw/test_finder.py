"""The encounter and sighting finder (design §9.2) reads the month's own timeline: for a
seeded world its meetings are the month's, in the month's order."""

from __future__ import annotations

from random import Random

from engine.core import Order
from engine.wdw.calculators.encounters import find
from engine.wdw.items import find_items
from engine.wdw.orders import Fight
from engine.wdw.state import WdwState, world
from engine.wdw.tables import MAIN_ORDERS
from tests.wdw.helpers import sample


def _seeded_world(seed: int) -> tuple[WdwState, dict[int, list[Order]]]:
    """Three realms' units spread over the sample map's land, each with a K order of
    a random main order and a path of up to three fields."""
    state = sample(3)
    the_map = world(state.map_text)
    land = sorted(f.id for f in the_map.fields.values() if not f.water)
    rng = Random(seed)
    orders: dict[int, list[Order]] = {}
    for unit in state.units:
        unit.kf = rng.choice(land)
        path, here = [], unit.kf
        for _ in range(rng.randint(0, 3)):
            here = rng.choice([n for n in the_map.fields[here].neighbours if n is not None])
            path.append(here)
        code = rng.choice(MAIN_ORDERS)
        orders.setdefault(unit.realm, []).append(Fight(unit=unit.id, code=code, path=tuple(path)))
    return state, orders


def test_the_finders_meetings_are_the_months_for_a_seeded_world() -> None:
    met = 0
    for seed in range(12):
        state, orders = _seeded_world(seed)
        plans = {
            f"{seat}/{o.unit}": (o.code + o.ext, o.path)
            for seat, given in orders.items()
            for o in given
            if isinstance(o, Fight)
        }
        found = find(state, plans, 1)
        month: list[tuple[object, ...]] = []
        for m in find_items(state, orders).meetings.values():
            row = (m.kf, m.day, tuple(sorted(m.a.units)), tuple(sorted(m.b.units)))
            if row not in month:  # an E and a K item name one meeting
                month.append(row)
        assert [(m.kf, m.day, m.a, m.b) for m in found.meetings] == month
        met += len(month)
    assert met >= 5  # the seeded worlds do meet
