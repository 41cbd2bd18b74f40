"""Walls at the sides of fields (Strategie 3.5 "Gestaffelte Wälle", 5.1-2 B1–B6, 6.3,
6.4; F16; design §2.1): where a wall stands and which way it faces, whether it still
works (a whole tier, no breach), which crossings a manned wall holds, and the GP of its
defenders. The month's legs, the combat workbench, the wall sieges and the printout
read the same rules."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from engine.wdw.formulas import breached
from engine.wdw.mapfile import WorldMap
from engine.wdw.setup import options_of
from engine.wdw.sightlines import seen_by
from engine.wdw.state import Unit, Wall, WdwState

WALL_TIER = 5
"""Strategie 3.5: walls are built "mit 5, 10, 15 etc. Bauwertpunkten": a tier is 5 BWP."""
WALL_GP = 2
"""Tab. 6.3-1: "+2 Als Verteidiger über einen Fluß oder Wall"."""
SHIP_SIEGE = 50
"""Strategie 6.4: ships with ranged and siege ability count "1:50" in siege strength."""


def opposite(side: int) -> int:
    """The side of the neighbour that borders side ``side`` (docs/state-wdw.md)."""
    return (side + 2) % 6 + 1


def wall_at(state: WdwState, kf: str, side: int) -> Wall | None:
    """The wall standing in ``kf`` at ``side`` (facing the neighbour there), or None."""
    return next((w for w in state.walls if w.kf == kf and w.side == side), None)


def is_breached(wall: Wall) -> bool:
    """F16: a fifth of the wall (its BWP with the damage) destroyed is a breach."""
    return breached(wall.bwp + wall.damage, Fraction(wall.damage))


def works(wall: Wall) -> bool:
    """Strategie 3.5: a wall works from its first whole tier, until it is breached."""
    return wall.bwp >= WALL_TIER and not is_breached(wall)


def facing(state: WdwState, the_map: WorldMap, kf: str, side: int) -> list[Wall]:
    """Strategie 5.1-2 B1–B6: the walls at side ``side`` of ``kf`` in the order a siege
    from ``kf`` attacks them — first the one facing ``kf`` (it stands in the neighbour),
    then the one of ``kf`` itself."""
    found = []
    there = the_map.fields[kf].neighbours[side - 1]
    if there is not None:
        found.append(wall_at(state, there, opposite(side)))
    found.append(wall_at(state, kf, side))
    return [w for w in found if w is not None]


def condition(wall: Wall) -> str:
    """What anyone who sees the wall sees of it (Strategie 3.5, F16): ``works``,
    ``breached`` or ``unfinished`` (no whole tier yet)."""
    return "breached" if is_breached(wall) else "works" if works(wall) else "unfinished"


def seen_walls(state: WdwState, seat: int) -> list[Wall]:
    """The walls ``seat`` sees: its own and the others' in the fields it knows or sees now
    (buildings are seen, Strategie 1.3); the GM (0) all. Whether a foreign wall is manned is not
    seen (its men are units, D37)."""
    if seat == 0:
        return list(state.walls)
    known = seen_by(state, seat, options_of(state))  # D37: as the acknowledgement reads it
    return [w for w in state.walls if w.owner == seat or w.kf in known]


def targets(state: WdwState, the_map: WorldMap, kf: str, side: int, realm: int) -> list[Wall]:
    """Strategie 5.1-2 B1–B6: the walls a unit of ``realm`` in ``kf`` attacks at side
    ``side``, in their order (:func:`facing`): those standing, of a realm it does not
    count an ally."""
    allies = next((r.allies for r in state.realms if r.seat == realm), [])
    return [
        w for w in facing(state, the_map, kf, side) if w.bwp and w.owner not in (realm, *allies)
    ]


def manned(state: WdwState, wall: Wall) -> bool:
    """Strategie 5.1-2 ("besetzter Wall"), 6.4: a land unit of the wall's owner stands in
    the field behind it."""
    return any(
        u.realm == wall.owner and u.kf == wall.kf and u.unit_class == "land" for u in state.units
    )


def held_crossings(
    state: WdwState,
    the_map: WorldMap,
    realm: int,
    hostile: Callable[[int, int], bool],
    unmanned_hold: bool,
) -> frozenset[tuple[str, str]]:
    """Strategie 5.1-2: the steps (from, to) a unit of ``realm`` cannot take because a
    working wall of a hostile realm faces it there — manned as the month begins, or any
    with the option ``wall_unmanned_holds``. The unit is held before the wall."""
    held = set()
    for wall in state.walls:
        if wall.owner == realm or not works(wall) or not hostile(realm, wall.owner):
            continue
        there = the_map.fields[wall.kf].neighbours[wall.side - 1]
        if there is not None and (unmanned_hold or manned(state, wall)):
            held.add((there, wall.kf))
    return frozenset(held)


def wall_gp(state: WdwState, the_map: WorldMap, kf: str, came_from: str, realm: int) -> int:
    """Tab. 6.3-1: +2 GP for a defender of ``realm`` in ``kf`` against an enemy that came
    from ``came_from`` across a working wall of the realm facing it."""
    side = the_map.side_to(kf, came_from)
    wall = wall_at(state, kf, side) if side is not None else None
    return WALL_GP if wall is not None and wall.owner == realm and works(wall) else 0


def siege_strength(unit: Unit) -> int:
    """D32, Strategie 6.4: elements × Belagerung; a ship needs a ranged attack too and
    counts 50 a ship ("1:50")."""
    if unit.unit_class == "sea":
        return unit.size * unit.belagerung * SHIP_SIEGE if unit.fernkampf else 0
    return unit.size * unit.belagerung


def pass_walls(state: WdwState, kf: str, realm: int) -> None:
    """The walls standing in a field conquered or stormed pass to ``realm`` with it (a
    decision here: a wall is a building of its field, Strategie 1.3)."""
    for wall in state.walls:
        if wall.kf == kf:
            wall.owner = realm
