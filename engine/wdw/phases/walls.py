"""Walls in the month (Strategie 3.5, 5.1-2 B1–B6, 6.4; F16, D19, D24, D25): the wall
sieges the GM confirmed (before the works, as a settlement's siege comes before its
repair), and a worker's AB at a wall (called by the works phase in the order of the
mail's lines): it repairs the wall's damage first, then builds, each whole BWP paid at
the field's BWP price."""

from __future__ import annotations

from math import floor

from engine.wdw.checks_walls import wall_building, wall_most, wall_price, wall_siege_rate
from engine.wdw.month import Month
from engine.wdw.orders import Work
from engine.wdw.parts import progress, take_whole
from engine.wdw.phases.ordered import checked
from engine.wdw.rulings import SpecialResult, default_ruling, read
from engine.wdw.state import Wall
from engine.wdw.walls import is_breached, wall_at


def run(month: Month) -> None:
    """Each wall siege the GM did not refuse destroys its BWP of the month (siege
    strength/2,500, ships 1:50) in exact parts; the destroyed BWP are the wall's damage,
    a fifth of the wall a breach (F16). Besiegers that fell or retreated do nothing."""
    state = month.state
    for item, siege in month.items.wall_sieges.items():
        verdict = month.verdict(item) or read(item, default_ruling(item, month.items))
        wall = wall_at(state, siege.wall_kf, siege.wall_side)
        if wall is None:
            continue
        if isinstance(verdict, SpecialResult) and not verdict.accepted:
            month.note(siege.realm, "note.wall_siege_refused", **_where(wall), text=verdict.text)
            continue
        units = [u for u in state.units if u.key in siege.units and u.kf == siege.kf]
        was_breached = is_breached(wall)
        n = take_whole(wall, "belagerung", wall_siege_rate(state, units), wall.bwp)
        wall.bwp, wall.damage = wall.bwp - n, wall.damage + n
        for seat in (siege.realm, wall.owner):
            month.note(seat, "note.wall_siege", **_where(wall), bwp=n, left=wall.bwp)
            if is_breached(wall) and not was_breached:
                month.note(seat, "note.wall_breached", **_where(wall))


def build(month: Month, seat: int, order: Work) -> None:
    """Tab. 5.2-1 AB at a wall (Strategie 3.5): the worker's whole BWP of the month, paid
    at the field's price when done; what the treasury cannot pay waits (D25), and that
    whole BWP of work is lost, as for a settlement's structure."""
    state = month.state
    leg = month.items.legs.get(f"{seat}/{order.unit}")  # D18: after a move, pro rata
    found = checked(month, seat, order, wall_building(state, seat, order, leg))
    if found is None:
        return
    wall = found.wall
    if wall is None:
        wall = Wall(found.kf, found.side, seat)
        state.walls.append(wall)
    realm = state.realm(seat)
    price = wall_price(state, seat, found.kf)
    wanted = floor(progress(wall, "bau") + found.rate)
    paid = realm.treasury // price if price else wanted
    if paid < wanted:
        month.note(seat, "note.wall_interrupted", **_where(wall), missing=price - realm.treasury)
    most = wall_most(month.options)  # [R Vorwort]: one tier without "Gestaffelte Wälle"
    room = wanted if most is None else max(0, most - wall.bwp)
    n = take_whole(wall, "bau", found.rate, min(wanted, paid, room))
    month.book(seat, "wall", -n * price, wall.kf)
    repaired = min(n, wall.damage)  # the damage first (Strategie 6.4: "bis zu einer Reparatur")
    wall.damage -= repaired
    wall.bwp += n
    # Strategie 3.5: the part of the next BWP done shows, or "0 BWP" reads as no work.
    part = progress(wall, "bau")
    key = "note.wall_built_part" if part else "note.wall_built"
    month.note(seat, key, unit=order.unit, **_where(wall), bwp=n, cost=n * price, part=part)


def _where(wall: Wall) -> dict[str, object]:
    """The values naming a wall in the printout's lines."""
    return {"kf": wall.kf, "side": wall.side}
