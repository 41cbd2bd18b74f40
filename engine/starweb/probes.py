"""Starweb "Sonden": one ship looks at a neighbouring world and burns up there."""

from __future__ import annotations

from engine.starweb.context import Turn
from engine.starweb.forces import in_range
from engine.starweb.orders import FLEET, I_SHIPS, Probe


def probe(turn: Turn) -> None:
    """Carry out ``FnPm``, ``InPm`` and ``PnPm`` (before movement).

    The ship must not have been built or transferred this turn: a source has at most as
    many probes as it had ships at the start of the turn (and still has). The world must
    be behind a gate; the player gets its report, its owner learns nothing.
    """
    used: dict[tuple[str, int], int] = {}
    for player, order in turn.all_orders(Probe):
        assert isinstance(order, Probe)
        source = (order.source, order.number)
        if not in_range(turn.state, order):
            turn.remark(player, order, "no_such_number")
            continue
        here, old = _source(turn, player, order)
        if here == 0:
            turn.remark(player, order, "not_yours")
        elif order.world not in turn.state.world(here).gates:
            turn.remark(player, order, f"no_gate:W{order.world}")
        elif old - used.get(source, 0) <= 0:
            turn.remark(player, order, "no_old_ship")
        else:
            used[source] = used.get(source, 0) + 1
            _spend(turn, order)
            probed = turn.player_report(player).probed
            probed[:] = sorted({*probed, order.world})


def _source(turn: Turn, player: int, order: Probe) -> tuple[int, int]:
    """(world the probe starts from, ships there since the turn began); (0, 0): not his."""
    state, start = turn.state, turn.start
    if order.source == FLEET:
        fleet, before = state.fleet(order.number), start.fleet(order.number)
        if fleet.owner != player:
            return 0, 0
        same = before.owner == player and before.world == fleet.world
        # Starweb "Sonden": ships built or transferred here this turn cannot probe.
        old = fleet.ships - turn.new_ships.get((FLEET, fleet.number), 0)
        return fleet.world, max(0, min(before.ships, old)) if same else 0
    world, before_world = state.world(order.number), start.world(order.number)
    if world.owner != player:
        return 0, 0
    name = "i_ships" if order.source == I_SHIPS else "p_ships"
    had = getattr(before_world, name) if before_world.owner == player else 0
    old = getattr(world, name) - turn.new_ships.get((order.source, world.number), 0)
    return world.number, max(0, min(had, old))


def _spend(turn: Turn, order: Probe) -> None:
    """Lose the probing ship: an unloaded one if there is one, else one with one metal,
    else one with two (its metal is lost with it)."""
    if order.source != FLEET:
        world = turn.state.world(order.number)
        name = "i_ships" if order.source == I_SHIPS else "p_ships"
        setattr(world, name, getattr(world, name) - 1)
        return
    fleet = turn.state.fleet(order.number)
    loaded = min(fleet.ships, fleet.cargo)
    doubles = max(0, fleet.cargo - fleet.ships)
    if loaded == fleet.ships:
        fleet.cargo -= 1 if loaded > doubles else 2
    fleet.ships -= 1
