"""Money in mail order (D25): building in settlements, paid month by month (F12)."""

from __future__ import annotations

from engine.wdw.formulas import structure_limit
from engine.wdw.home_terrain import terrain_class
from engine.wdw.month import Month
from engine.wdw.orders import Build
from engine.wdw.population import set_structure
from engine.wdw.state import Realm, Settlement, world


def big_site(month: Month, kf: str) -> bool:
    """Strategie 3.2: a coast at HS 1 or a navigable river allows Bev 10."""
    field = world(month.state.map_text).fields[kf]
    return (field.coast and field.height == 1) or field.navigable


def interrupted(month: Month, seat: int, place: Settlement, structure: str, missing: int) -> None:
    """D25: the printout's line of a build the treasury cannot pay (no penalty)."""
    month.note(
        seat, "note.build_interrupted", name=place.name, structure=structure, missing=missing
    )


def run(month: Month) -> None:
    """Strategie 3.1 (F12): each Build order adds BWP this month, as many as the people
    build (D19: the option ``build_people``, 1 by default) and the order asks, each when
    the treasury pays it (else the build is interrupted, no penalty) and the limit
    allows it."""
    state = month.state
    for seat in sorted(month.orders):
        realm = state.realm(seat) if seat in {r.seat for r in state.realms} else None
        if realm is None:
            continue
        for order in month.orders[seat]:
            if not isinstance(order, Build):
                continue
            place = state.settlement(order.settlement)
            if place is None or place.owner != seat:
                continue
            count, paid = 0, 0
            for _ in range(min(month.options.build_people, order.bwp)):
                cost = _build_one(month, realm, place, order.structure)
                if cost is None:
                    break
                count, paid = count + 1, paid + cost
            if count:  # one line per order with the month's sum
                name, structure = place.name, order.structure
                month.note(seat, "note.built", name=name, structure=structure, bwp=count, cost=paid)


def _build_one(month: Month, realm: Realm, place: Settlement, structure: str) -> int | None:
    """One BWP of ``structure`` in ``place``, paid by ``realm`` (F12): what it cost, or
    None when the limit or the treasury stops the build."""
    seat = realm.seat
    structures = {s: getattr(place, s) for s in ("bev", "rues", "stv")}
    limit = structure_limit(structure, structures, big_site=big_site(month, place.kf))
    if getattr(place, structure) + 1 > limit:
        month.note(seat, "note.build_max", name=place.name, structure=structure, limit=limit)
        return None
    cost = month.options.bwp_cost(terrain_class(month.state, seat, place.kf))  # D33
    if place.reuse >= 4:  # Strategie 3.3 (F14): reused resources cost no gold
        place.reuse, cost = place.reuse - 4, 0
    if realm.treasury < cost:
        interrupted(month, seat, place, structure, cost - realm.treasury)
        return None
    month.book(seat, "build", -cost, place.name)
    set_structure(place, structure, getattr(place, structure) + 1)
    return cost
