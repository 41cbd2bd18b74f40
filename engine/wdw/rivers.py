"""Fleets on rivers (Strategie 7.1: "Bewegen sich Flotten flußaufwärts, zählt jede
KF-Seite als zwei"; 3.2: navigable rivers): where a fleet may sail onto land and whether a
step goes against a river's flow (docs/rules-wdw.md, "Fleets on rivers")."""

from __future__ import annotations

from engine.wdw.mapfile import WorldMap, back_side


def barrier(unit_class: str, world: WorldMap, a: str, b: str) -> str:
    """Why a unit of ``unit_class`` may not step from ``a`` onto its neighbour ``b``, as
    a reason key, or "": land units stay off water (``land_water``); a fleet sails onto
    land only along a navigable river through both fields (or up its mouth from the
    water): ``land_water`` where ``b`` has no river through it, ``off_river`` where its
    river does not come from ``a``, ``not_navigable`` where the river is not navigable."""
    here, there = world.fields[a], world.fields[b]
    if unit_class == "land":
        return "land_water" if there.water else ""
    if unit_class != "sea" or there.water:
        return ""
    if not there.river_through:
        return "land_water"
    side = world.side_to(a, b)
    if side is None or back_side(side) not in there.river_through:
        return "off_river"
    if not here.water and side not in here.river_through:
        return "off_river"
    if not there.navigable or not (here.water or here.navigable):
        return "not_navigable"
    return ""


def upstream(world: WorldMap, a: str, b: str) -> bool:
    """Whether a step from ``a`` to ``b`` goes up the river joining them: ``b``'s river
    flows out towards ``a``, or ``a``'s flows in from ``b``. Where the map does not say
    which way the river flows, it is no step upstream."""
    side = world.side_to(a, b)
    if side is None:
        return False
    here, there = world.fields[a], world.fields[b]
    if back_side(side) in there.river_out:
        return True
    return bool(here.river_out) and side in here.river_through and side not in here.river_out
