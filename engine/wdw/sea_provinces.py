"""Sea provinces (Strategie 1.2 "Seeprovinzen"): water fields "nicht weiter als 2 KF von
der eigenen Küste entfernt", tied to a land province by a home port, where fleets with
Heimatverteidigung may serve. Why a request fails; the GM approves it as any province
(the ``V`` items)."""

from __future__ import annotations

from engine.wdw.checks_army import Refusal
from engine.wdw.checks_conquest import owner_of
from engine.wdw.mapfile import WorldMap
from engine.wdw.orders import Province
from engine.wdw.provinces import provinces_of
from engine.wdw.setup import options_of
from engine.wdw.sightlines import seen_by
from engine.wdw.state import Realm, WdwState, world

SEA_REACH = 2
"""Strategie 1.2: "nicht weiter als 2 KF von der eigenen Küste entfernt"."""


def coastal(the_map: WorldMap, kf: str) -> bool:
    """A land field on a coast: the map's flag, or a water neighbour."""
    here = the_map.fields[kf]
    if here.water:
        return False
    wet = any(n is not None and the_map.fields[n].water for n in here.neighbours)
    return here.coast or wet


def own_coast(state: WdwState, the_map: WorldMap, seat: int) -> set[str]:
    """The realm's coast: its fields (conquered, or its settlements') on a coast."""
    mine = {e.partition("=")[0] for e in state.territory} | {s.kf for s in state.settlements}
    return {kf for kf in mine if owner_of(state, kf) == seat and coastal(the_map, kf)}


def reach(the_map: WorldMap, coast: set[str], most: int = SEA_REACH) -> set[str]:
    """The water fields at most ``most`` fields from ``coast``, counted over water."""
    found: set[str] = set()
    ring = set(coast)
    for _ in range(most):
        ring = {
            n
            for kf in ring
            for n in the_map.fields[kf].neighbours
            if n is not None and the_map.fields[n].water and n not in found
        }
        found |= ring
    return found


def sea_names(realm: Realm) -> set[str]:
    """The names of the realm's sea provinces (those with a home port)."""
    return {entry.partition("=")[0] for entry in realm.home_ports}


def check_sea_province(state: WdwState, seat: int, order: Province) -> Refusal | None:
    """Strategie 1.2: the home port an own settlement on a coast in one of the realm's
    land provinces; every field known, water, in no other province of the realm and
    within 2 KF of its own coast (the new name: engine.wdw.checks_realm.check_province)."""
    realm = state.realm(seat)
    taken = provinces_of(realm)
    the_map = world(state.map_text)
    port = state.settlement(order.port)
    if port is None or port.owner != seat:
        return Refusal("unknown_settlement", {"settlement": order.port})
    if not coastal(the_map, port.kf):
        return Refusal("port_not_coast", {"settlement": port.name})
    land = {name: fields for name, fields in taken.items() if name not in sea_names(realm)}
    if not any(port.kf in fields for fields in land.values()):
        return Refusal("port_no_province", {"settlement": port.name})
    seen = seen_by(state, seat, options_of(state))
    near = reach(the_map, own_coast(state, the_map, seat))
    for kf in order.fields:
        if kf not in seen or kf not in the_map.fields:
            return Refusal("field_unknown", {"kf": kf})
        if not the_map.fields[kf].water:
            return Refusal("sea_province_land", {"kf": kf})
        for name, fields in taken.items():
            if kf in fields:
                return Refusal("field_in_province", {"kf": kf, "name": name})
        if kf not in near:
            return Refusal("sea_province_far", {"kf": kf, "reach": SEA_REACH})
    return None
