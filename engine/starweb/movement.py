"""Starweb "Bewegung", "Ambush" and "Schwarze Löcher": keys move through gates.

Keys move one after the other by key number; ambushers are keys and home fleets that do
not move, so the order of the moves changes nothing: each key's black hole die is its own
(``black hole F7``; only the legacy dice of turns stored before draw them in that order).
"""

from __future__ import annotations

from engine.core import NEUTRAL
from engine.dice import PRIVATE
from engine.starweb.context import Turn
from engine.starweb.forces import allied, damage, empty_key, fleet_shots, in_range, is_character
from engine.starweb.orders import (
    FLEET,
    I_SHIPS,
    AmbushOff,
    DropBomb,
    Fire,
    Gift,
    Move,
    RobotAttack,
)
from engine.starweb.state import Character, Departure, Fleet


def move(turn: Turn) -> None:
    """Carry out the ``FnWm[Wo[Wr]]`` orders (Starweb "Bewegung").

    Each step must go through a gate of the world the key is at; a wrong step stops the
    key there. A key with no ships cannot move; one that fired or made a robot attack
    does not. Every world on the way but the last may ambush the key.
    """
    state = turn.state
    orders = []
    for player, order in turn.all_orders(Move):
        assert isinstance(order, Move)
        if in_range(state, order):
            orders.append((player, order))
        else:
            turn.remark(player, order, "no_such_number")
    orders.sort(key=lambda po: po[1].fleet)
    moving = {o.fleet for p, o in orders if state.fleet(o.fleet).owner == p}
    for player, order in orders:
        fleet = state.fleet(order.fleet)
        if fleet.owner != player:
            turn.remark(player, order, "not_your_fleet")
        elif fleet.ships == 0:
            turn.remark(player, order, "empty_key")
        elif fleet.number in turn.fired or fleet.number in turn.robots:
            turn.remark(player, order, "fired")
        elif fleet.number not in turn.moved:
            _travel(turn, player, order, fleet, moving)


def _travel(turn: Turn, player: int, order: Move, fleet: Fleet, moving: set[int]) -> None:
    state = turn.state
    turn.left[player].add(fleet.world)
    for step, to in enumerate(order.path):
        here = state.world(fleet.world)
        if to not in here.gates:
            turn.remark(player, order, f"no_gate:W{to}")
            break
        turn.world_note(here.number).departures.append(Departure(fleet.number, player, to))
        fleet.world = to
        turn.passed[player].add(to)
        turn.moved.add(fleet.number)
        turn.flag_fleet(fleet.number, "moved")
        if state.world(to).black_hole:
            _black_hole(turn, fleet)
            break
        if step < len(order.path) - 1:
            _ambush(turn, fleet, moving)
            if fleet.ships == 0:
                break


def _black_hole(turn: Turn, fleet: Fleet) -> None:
    """Starweb "Schwarze Löcher": the key loses all ships and cargo and lands, neutral,
    on a random world; its artifacts stay on it (docs/rules-starweb.md). The die
    (``black hole F7``) is private: "Niemand weiß, was genau geschieht" (Starweb "Schwarze
    Löcher"), and where the key lands no printout of its former owner shows."""
    turn.notice(fleet.owner, f"black_hole:F{fleet.number}")
    empty_key(fleet)
    worlds = [w.number for w in turn.state.worlds if not w.black_hole]
    fleet.world = turn.dice.choose(f"black hole F{fleet.number}", worlds, seen_by=PRIVATE)


def _busy(turn: Turn) -> set[int]:
    """Keys with an order that excludes ambush (fire, robots, bomb, gift)."""
    busy = set(turn.fired) | set(turn.robots)
    for _player, order in turn.all_orders(Fire, RobotAttack, DropBomb, Gift):
        busy.add(_key_of(order))
    return busy - {0}


def _key_of(order: object) -> int:
    """The key an order uses (0: a world's order, e.g. ``I13AF8`` or ``W5G=BORG``)."""
    if isinstance(order, Fire):
        return order.number if order.source == FLEET else 0
    if isinstance(order, Gift):
        return order.number if order.what == FLEET else 0
    return order.fleet if isinstance(order, RobotAttack | DropBomb) else 0


def _ambush_off(turn: Turn, player: int, world: int) -> bool:
    """``Z`` or ``Zn``: the player's ambush is off on that world this turn."""
    return any(
        isinstance(o, AmbushOff) and o.world in (0, world)
        for o in turn.orders_of(player, AmbushOff)
    )


def _will_ambush(turn: Turn, shooter: int, mover: int, world: int) -> bool:
    """Starweb "Ambush", "Alliierte": foreign, not allied; neutrals per the option."""
    if shooter == mover:
        return False
    if shooter == NEUTRAL:
        return turn.state.options.neutral_fire_back
    return not allied(turn.state, shooter, mover) and not _ambush_off(turn, shooter, world)


def _home_shots(turn: Turn, world: int) -> int:
    """Home fleets' ambush shots: a whole shot per I- or P-ship ("Ambush"), unless the
    group had a fire order or the world is given away this turn ("Geschenke")."""
    home = turn.state.world(world)
    shots = {I_SHIPS: home.i_ships, "P": home.p_ships}
    for _player, order in turn.all_orders(Fire, Gift):
        if isinstance(order, Fire) and order.source != FLEET and order.number == world:
            shots[order.source] = 0
        if isinstance(order, Gift) and order.what == "W" and order.number == world:
            return 0
    return sum(shots.values())


def _ambush(turn: Turn, fleet: Fleet, moving: set[int]) -> None:
    """Every unmoved ship without a fire order on the world fires at the passing key;
    each hit counts double. A key at peace ambushes only on its own or an ally's world
    ("Flotten im Frieden"). A key destroyed here stays here, empty and neutral."""
    state = turn.state
    world = state.world(fleet.world)
    busy = _busy(turn)
    shots: dict[int, int] = {}
    firing: list[Fleet] = []
    for key in state.fleets_at(world.number):
        if key.ships == 0 or key.number in moving or key.number in busy:
            continue
        if not _will_ambush(turn, key.owner, fleet.owner, world.number):
            continue
        if key.peace and not (key.owner == world.owner or allied(state, key.owner, world.owner)):
            continue
        firing.append(key)
        shots[key.owner] = shots.get(key.owner, 0) + fleet_shots(key)
    home = _home_shots(turn, world.number)
    if home and _will_ambush(turn, world.owner, fleet.owner, world.number):
        shots[world.owner] = shots.get(world.owner, 0) + home
        turn.flag_world(world.number, "ambush")
    total = sum(shots.values())
    if total == 0:
        return
    for key in firing:
        turn.flag_fleet(key.number, "ambush")
    before = fleet.ships
    damage(state, fleet, 2 * total)
    if fleet.ships == 0:
        empty_key(fleet)
        for player in sorted(p for p, n in shots.items() if n):
            if is_character(state, player, Character.BERSERKER):
                turn.scored[player] += 2 * before
