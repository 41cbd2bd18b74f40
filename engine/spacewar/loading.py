"""P1 Laden (Spacewar §4 ¶1-2; decision 28): load and unload troops, the base and Jäger;
move ships between fleets in the same field. The start player's orders run first."""

from __future__ import annotations

from collections.abc import Sequence

from engine.spacewar.board import STRIPS, TR_JAEGER, UNITS, is_world
from engine.spacewar.fleets import drop_empty, free_fleet_id
from engine.spacewar.orders import Load, Transfer
from engine.spacewar.state import Fleet, Ship, SpacewarState, Stranded

BASE_THIRDS = 3
"""A base travels in thirds, one per transporter (Spacewar §4)."""


def empty_transporters(fleet: Fleet) -> list[Ship]:
    """The fleet's transporters with no cargo."""
    return [
        s
        for s in fleet.ships
        if s.type == "TR" and s.stone is None and not s.base_part and not s.jaeger
    ]


def load_phase(state: SpacewarState, number: int, orders: Sequence[Load | Transfer]) -> None:
    """One player's loading and regrouping, in the order written."""
    for order in orders:
        problem = load_one(state, number, order)
        if problem:
            state.note("load_refused", [str(order.line), problem], [number])
    drop_empty(state)


def load_one(state: SpacewarState, number: int, order: Load | Transfer) -> str | None:
    """One loading or regrouping line carried out as far as it goes; why it stopped (a
    code), or None."""
    fleet = state.fleet(number, order.fleet)
    if fleet is None or fleet.where in STRIPS:
        return "fleet_absent"
    if isinstance(order, Transfer):
        return _transfer(state, fleet, order)
    return _load(state, fleet, order)


def _load(state: SpacewarState, fleet: Fleet, order: Load) -> str | None:
    if order.what == "troops":
        return (
            _unload_troops(state, fleet, order)
            if order.unload
            else _load_troops(state, fleet, order)
        )
    if order.what == "base":
        return _unload_base(state, fleet) if order.unload else _load_base(state, fleet)
    return (
        _unload_jaeger(state, fleet, order.count)
        if order.unload
        else _load_jaeger(state, fleet, order.count)
    )


def _load_troops(state: SpacewarState, fleet: Fleet, order: Load) -> str | None:
    if not is_world(fleet.where) or state.world(fleet.where).owner != fleet.owner:
        return "not_own"
    world = state.world(fleet.where)
    loaded = []
    strongest = sorted((s.value for s in world.troops), reverse=True)[: order.count]
    for value in order.values or strongest:
        stone = next((s for s in world.troops if s.value == value), None)
        free = empty_transporters(fleet)
        if stone is None:
            return "no_stone"
        if not free:
            return "no_transporter"
        world.troops.remove(stone)
        free[0].stone = stone
        loaded.append(str(value))
    state.note("loaded_troops", [str(fleet.id), fleet.where, ", ".join(loaded)], [fleet.owner])
    return None


def _unload_troops(state: SpacewarState, fleet: Fleet, order: Load) -> str | None:
    if not is_world(fleet.where) or state.world(fleet.where).owner != fleet.owner:
        return "not_own"
    world = state.world(fleet.where)
    wanted = (
        list(order.values)
        or [s.stone.value for s in fleet.ships if s.stone is not None][: order.count or None]
    )
    for value in wanted:
        ship = next(
            (s for s in fleet.ships if s.stone is not None and s.stone.value == value), None
        )
        if ship is None or ship.stone is None:
            return "no_stone"
        world.troops.append(ship.stone)
        ship.stone = None
    state.note("unloaded_troops", [str(fleet.id), fleet.where, str(len(wanted))], [fleet.owner])
    return None


def _load_base(state: SpacewarState, fleet: Fleet) -> str | None:
    base = state.base_at(fleet.where)
    if base is None or base.owner != fleet.owner:
        return "no_base"
    if base.fighters:
        return "base_not_empty"  # decision 28: a Basis loads only empty
    free = empty_transporters(fleet)
    if len(free) < BASE_THIRDS or fleet.base is not None:
        return "no_transporter"
    for ship in free[:BASE_THIRDS]:
        ship.base_part = True
    state.bases.remove(base)
    base.field = ""
    fleet.base = base
    state.note("loaded_base", [str(fleet.id), fleet.where], [fleet.owner])
    return None


def _unload_base(state: SpacewarState, fleet: Fleet) -> str | None:
    if fleet.base is None:
        return "no_base"
    if state.base_at(fleet.where) is not None:
        return "base_there"
    base = fleet.base
    base.field = fleet.where
    state.bases.append(base)
    fleet.base = None
    for ship in fleet.ships:
        ship.base_part = False
    state.note("unloaded_base", [str(fleet.id), fleet.where], [fleet.owner])
    return None


def _load_jaeger(state: SpacewarState, fleet: Fleet, count: int) -> str | None:
    """Free Jäger (stranded, or from an own base) into transporters, 8 each; never a
    carrier's Jäger (Spacewar §4 "Jäger dürfen nicht zu einem Schlachtträger gehören")."""
    stranded = next(
        (s for s in state.stranded if s.owner == fleet.owner and s.field == fleet.where), None
    )
    base = state.base_at(fleet.where)
    available = (stranded.count if stranded else 0) + (
        base.fighters if base is not None and base.owner == fleet.owner else 0
    )
    free = empty_transporters(fleet)
    if count < 1 or count > available:
        return "no_jaeger"
    if count > len(free) * TR_JAEGER:
        return "no_transporter"
    left = count
    for ship in free:
        ship.jaeger = min(TR_JAEGER, left)
        left -= ship.jaeger
        if not left:
            break
    from_stranded = min(count, stranded.count if stranded else 0)
    if stranded is not None:
        stranded.count -= from_stranded
    if base is not None and count > from_stranded:
        base.fighters -= count - from_stranded
    state.stranded = [s for s in state.stranded if s.count]
    state.note("loaded_jaeger", [str(fleet.id), str(count)], [fleet.owner])
    return None


def _unload_jaeger(state: SpacewarState, fleet: Fleet, count: int) -> str | None:
    """Jäger out of the transporters: onto own carriers and the base in the field as far
    as there is room; the rest stay in the field without a carrier (Spacewar §5.5)."""
    carried = sum(s.jaeger for s in fleet.ships)
    count = count or carried
    if count < 1 or count > carried:
        return "no_jaeger"
    left = count
    for ship in fleet.ships:
        take = min(ship.jaeger, left)
        ship.jaeger -= take
        left -= take
    homeless = dock(state, fleet.owner, fleet.where, count)
    if homeless:
        add_stranded(state, fleet.owner, fleet.where, homeless)
    state.note("unloaded_jaeger", [str(fleet.id), str(count)], [fleet.owner])
    return None


def dock(state: SpacewarState, owner: int, field: str, count: int) -> int:
    """Jäger onto ``owner``'s carriers in ``field`` (then his base) as far as there is
    room; returns how many found none."""
    for fleet in state.fleets_at(field, owner):
        for ship in fleet.ships:
            if ship.type == "ST" and count:
                take = min(count, UNITS["ST"].fighters - ship.fighters)
                ship.fighters += take
                count -= take
    base = state.base_at(field)
    if base is not None and base.owner == owner and count:
        take = min(count, UNITS["BA"].fighters - base.fighters)
        base.fighters += take
        count -= take
    return count


def add_stranded(state: SpacewarState, owner: int, field: str, count: int) -> None:
    """Jäger left without a carrier in a field (Spacewar §5.5)."""
    here = next((s for s in state.stranded if s.owner == owner and s.field == field), None)
    if here is None:
        state.stranded.append(Stranded(owner=owner, field=field, count=count))
    else:
        here.count += count


def _transfer(state: SpacewarState, fleet: Fleet, order: Transfer) -> str | None:
    ships = [s for s in fleet.ships if s.id in order.ships]
    if len(ships) != len(set(order.ships)):
        return "no_ship"
    if any(s.base_part for s in ships):
        return "base_part"
    if order.to:
        target = state.fleet(fleet.owner, order.to)
        if target is None or target.where != fleet.where:
            return "fleet_absent"
    else:
        number = free_fleet_id(state, fleet.owner)
        if not number:
            return "fleet_limit"
        target = Fleet(owner=fleet.owner, id=number, where=fleet.where)
        state.fleets.append(target)
    for ship in ships:
        fleet.ships.remove(ship)
        target.ships.append(ship)
    state.note(
        "transferred", [str(fleet.id), ", ".join(order.ships), str(target.id)], [fleet.owner]
    )
    return None
