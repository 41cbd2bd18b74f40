"""Where a beaten unit goes (Strategie 5.1, 6.1 "Rückzug", D28): to the field it entered
the combat's field from; a unit that stood still, or whose field is blocked by a hostile
unit, draws R1 among the free neighbours (sides 1 to 6, the map's order) with a named
die, so rulings in any order give the same field (design §6). A land unit may retreat
onto an own fleet that waits in a neighbouring water field (Strategie 6.1); a fleet
retreats where it may sail, on the water or along a navigable river (engine.wdw.rivers).
With no free neighbour it cannot retreat, and the GM rules on a surrender."""

from __future__ import annotations

from fractions import Fraction

from engine.wdw.allied import hostile
from engine.wdw.month import Month
from engine.wdw.rivers import barrier
from engine.wdw.state import Unit, WdwState, world
from engine.wdw.timeline import Whereabouts


def blocked(state: WdwState, unit: Unit, kf: str, day: Fraction, where: Whereabouts) -> bool:
    """A field is blocked for ``unit`` when a unit of a hostile realm (D26) is in it on
    ``day``, the combat's (as the dossier's workbench finds it,
    engine.wdw.calculators.combat.retreat_fields)."""
    return any(
        o.realm != unit.realm and o.size > 0 and hostile(state, o.realm, unit.realm)
        for o in where.units_in(kf, day)
    )


def fleet_waits(state: WdwState, realm: int, kf: str) -> bool:
    """Strategie 6.1: an own fleet *waits* in ``kf`` — it stands there after the month's
    movement ("Vorbeifahren reicht nicht": a fleet that went on is elsewhere)."""
    return any(
        o.realm == realm and o.unit_class == "sea" and o.kf == kf and o.size > 0
        for o in state.units
    )


def free_neighbours(
    state: WdwState, unit: Unit, on: tuple[Fraction, Whereabouts] | None = None
) -> list[str]:
    """The neighbours of the unit's field it may enter (land units on land, or onto an
    own fleet waiting on the water; ships where they may sail: on water, and along a
    navigable river onto land, engine.wdw.rivers) and that no hostile unit blocks, by
    side 1 to 6: on the combat's day along the month's legs (``on``), else where the
    units stand."""
    the_map = world(state.map_text)
    around = {kf for kf in the_map.fields[unit.kf].neighbours if kf is not None}
    # Each realm's hostility looked up once, not once a unit around.
    foes = {r.seat for r in state.realms if r.seat != unit.realm}
    foes = {seat for seat in foes if hostile(state, seat, unit.realm)}
    if on is not None:
        day, where = on
        taken = {kf for kf in around if where.any_of(kf, day, foes)}
    else:
        # The hostile units around, found in one pass (not one pass a neighbour).
        taken = {o.kf for o in state.units if o.kf in around and o.size > 0 and o.realm in foes}
    free = []
    for kf in the_map.fields[unit.kf].neighbours:
        if kf is None or kf in taken:
            continue
        water = the_map.fields[kf].water
        if unit.unit_class == "land" and water and not fleet_waits(state, unit.realm, kf):
            continue
        if unit.unit_class == "sea" and barrier("sea", the_map, unit.kf, kf):
            continue  # D28: a fleet retreats as it sails, along a river too
        free.append(kf)
    return free


def retreat_field(month: Month, item: str, unit: Unit, winner: int, day: Fraction) -> str | None:
    """D28: the field ``unit`` retreats to after losing ``item``, met on ``day`` (None:
    none is free); the fields a hostile unit blocks are those of that day. The draw
    ``R <item> <realm/unit>`` is seen by both sides (design §6, R1)."""
    where = month.whereabouts
    leg = month.items.legs.get(unit.key)
    back = ""
    if leg is not None and leg.steps:
        back = leg.steps[-2][0] if len(leg.steps) > 1 else month.origins.get(unit.key, "")
    if back and back != unit.kf and not blocked(month.state, unit, back, day, where):
        return back
    free = free_neighbours(month.state, unit, (day, where))
    if not free:
        return None
    seen = frozenset({unit.realm, winner})
    return free[month.dice.named(f"R {item} {unit.key}", len(free), seen_by=seen) - 1]


def retreat(month: Month, item: str, unit: Unit, foe: int, day: Fraction) -> None:
    """Move ``unit`` to its retreat field after the meeting on ``day``
    (:func:`retreat_field`) and tell its owner where it went, or that it cannot
    retreat."""
    back = retreat_field(month, item, unit, foe, day)
    if back is None:
        month.note(unit.realm, "note.no_retreat", unit=unit.id, kf=unit.kf)
    elif back != unit.kf:
        unit.kf = back
        month.note(unit.realm, "note.retreat", unit=unit.id, kf=back)
