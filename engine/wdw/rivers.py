"""Fleets on rivers (Strategie 7.1: "Bewegen sich Flotten flußaufwärts, zählt jede
KF-Seite als zwei"; 3.2: navigable rivers): where a fleet may sail onto land — along a
river through the fields or along a river at their sides — and whether a step goes
against a river's flow (docs/rules-wdw.md, "Fleets on rivers")."""

from __future__ import annotations

from engine.wdw.mapfile import WorldMap, back_side


def barrier(unit_class: str, world: WorldMap, a: str, b: str) -> str:
    """Why a unit of ``unit_class`` may not step from ``a`` onto its neighbour ``b``, as
    a reason key, or "": land units stay off water (``land_water``); a fleet sails onto
    land only along a navigable river through both fields (or up its mouth from the
    water) or along a river at their sides (:func:`side_ways`): ``land_water`` where
    ``b`` lists no river, ``off_river`` where no river comes to it from ``a``,
    ``not_navigable`` where the river is not navigable."""
    here, there = world.fields[a], world.fields[b]
    if unit_class == "land":
        return "land_water" if there.water else ""
    if unit_class != "sea" or there.water:
        return ""
    if not _through(world, a, b) and not side_ways(world, a, b):
        return "off_river" if there.river_through or there.rivers else "land_water"
    if not there.navigable or not (here.water or here.navigable):
        return "not_navigable"
    return ""


def _through(world: WorldMap, a: str, b: str) -> bool:
    """A river through the fields joins the neighbours ``a`` and ``b`` (one of them may
    be the water at its mouth, not both)."""
    side = world.side_to(a, b)
    if side is None:
        return False
    here, there = world.fields[a], world.fields[b]
    into = there.water or back_side(side) in there.river_through
    out = here.water or side in here.river_through
    return into and out and not (here.water and there.water)


def river_at(world: WorldMap, a: str, b: str) -> bool:
    """A river runs at the side between the neighbours ``a`` and ``b`` (either field may
    list it)."""
    side, back = world.side_to(a, b), world.side_to(b, a)
    return (side is not None and side in world.fields[a].rivers) or (
        back is not None and back in world.fields[b].rivers
    )


def on_a_river(world: WorldMap, kf: str) -> bool:
    """A river runs through the field ``kf`` or at one of its sides (a fleet may sail
    there from somewhere)."""
    field = world.fields[kf]
    return bool(field.river_through or field.rivers) or any(
        n is not None and river_at(world, kf, n) for n in field.neighbours
    )


def side_ways(world: WorldMap, a: str, b: str) -> list[bool]:
    """The ways a fleet sails from ``a`` to its neighbour ``b`` along rivers at the
    fields' sides, each as whether it goes upstream (empty: none). **Decision
    (docs/rules-wdw.md):** a fleet on such a river lies in a field on its bank; it may
    go to the other bank (the river at the side between ``a`` and ``b``: never
    upstream), or past a corner of that side where the river runs along ``a``'s side
    and on along ``b``'s (the sides towards their common neighbour; from the water, a
    river of ``b`` that reaches the corner: its mouth). Past a corner it reads only the
    two fields' own lists, so a realm's planner learns nothing of a third field."""
    ways = [False] if river_at(world, a, b) else []
    here, there = world.fields[a], world.fields[b]
    for c in here.neighbours:
        if c is None or c not in there.neighbours:
            continue
        onward, before = there.neighbours.index(c) + 1, here.neighbours.index(c) + 1
        if onward in there.rivers and (here.water or before in here.rivers):
            ways.append(_against(world, a, b, before, onward))
    return ways


def _against(world: WorldMap, a: str, b: str, before: int, onward: int) -> bool:
    """Whether sailing from ``a`` to ``b`` past the corner of ``a``'s side ``before``
    and ``b``'s side ``onward`` goes upstream: ``b``'s river there flows towards that
    corner (or, where ``b`` does not say, ``a``'s flows away from it). No known flow:
    not upstream."""
    toward = world.fields[b].flows_toward(onward)
    if toward:
        return toward == world.side_to(b, a)
    here = world.fields[a]
    away = 0 if here.water else here.flows_toward(before)
    return bool(away) and away != world.side_to(a, b)


def upstream(world: WorldMap, a: str, b: str) -> bool:
    """Whether a step from ``a`` to ``b`` goes up the river joining them: on a river
    through the fields, ``b``'s river flows out towards ``a``, or ``a``'s flows in from
    ``b``; along rivers at the sides, every way there goes upstream (``side_ways``).
    Where the map does not say which way the river flows, it is no step upstream."""
    side = world.side_to(a, b)
    if side is None:
        return False
    here, there = world.fields[a], world.fields[b]
    if _through(world, a, b) or (here.water and there.water):
        if back_side(side) in there.river_out:
            return True
        return bool(here.river_out) and side in here.river_through and side not in here.river_out
    ways = side_ways(world, a, b)
    return bool(ways) and all(ways)
