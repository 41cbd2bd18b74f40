"""Starweb "Planetenbruch-Bombe" and "Roboter": the planet-buster and robot attacks."""

from __future__ import annotations

from engine.core import NEUTRAL
from engine.starweb.context import Turn
from engine.starweb.forces import (
    depopulate,
    in_range,
    is_character,
    kill_people,
    per_ship,
)
from engine.starweb.orders import DropBomb, RobotAttack
from engine.starweb.population import robots_land
from engine.starweb.state import Character

BOMB_PENALTY = 50
"""Starweb "Planetenbruch-Bombe": every other player loses 50 points per bomb."""

BOMB_REWARD = 200
"""Starweb "Berserker": 200 points for a planet-buster, once per world."""


def form_robots(turn: Turn) -> None:
    """Turn the ships of each ``FnRq`` into 2q robots before fire (they can be shot).

    Starweb "Roboter": berserkers only; at least one ship stays on the key (a larger q is
    corrected); ships transferred this turn may be used.
    """
    for player, order in turn.all_orders(RobotAttack):
        assert isinstance(order, RobotAttack)
        if not in_range(turn.state, order):
            turn.remark(player, order, "no_such_number")
            continue
        fleet = turn.state.fleet(order.fleet)
        if not is_character(turn.state, player, Character.BERSERKER):
            turn.remark(player, order, "not_berserker")
        elif fleet.owner != player:
            turn.remark(player, order, "not_your_fleet")
        elif fleet.ships < 2 or order.fleet in turn.robots:
            turn.remark(player, order, "too_few_ships")
        else:
            used = min(order.quantity, fleet.ships - 1)
            if used < order.quantity:
                turn.remark(player, order, "corrected")
            fleet.ships -= used
            fleet.cargo = min(fleet.cargo, fleet.ships * per_ship(turn.state, player))
            turn.robots[order.fleet] = 2 * used
            turn.flag_fleet(order.fleet, "robots")


def drop(turn: Turn) -> None:
    """Drop this turn's planet-busters, then land the robot attacks."""
    for player, order in turn.all_orders(DropBomb):
        assert isinstance(order, DropBomb)
        _bomb(turn, player, order)
    _land_robots(turn)


def _bomb(turn: Turn, player: int, order: DropBomb) -> None:
    """Starweb "Planetenbruch-Bombe": everything on the world but artifacts and keys goes.

    Scores (``turn.scored``): the berserker +200 once per world (plus his kills, in
    ``turn.killed``); everyone else -50, except an apostle in jihad against the owner.
    """
    state = turn.state
    if not in_range(state, order):
        turn.remark(player, order, "no_such_number")
        return
    fleet = state.fleet(order.fleet)
    if fleet.owner != player:
        turn.remark(player, order, "not_your_fleet")
        return
    # Starweb "Planetenbruch-Bombe": a bomb built this turn cannot fall this turn.
    if not (fleet.bomb and turn.start.fleet(fleet.number).bomb):
        turn.remark(player, order, "bomb_new" if fleet.bomb else "no_bomb")
        return
    if fleet.number in turn.moved or fleet.number in turn.fired:
        turn.remark(player, order, "moved_or_fired")
        return
    world = state.world(fleet.world)
    # A key of 51 ships may drop one bomb and build the next in the same turn.
    fleet.bomb = fleet.number in turn.bombs_built
    turn.flag_fleet(fleet.number, "bomb_dropped")
    turn.flag_world(world.number, "destroyed")
    victim = world.owner
    if is_character(state, player, Character.BERSERKER):
        if not world.bombed:
            turn.scored[player] += BOMB_REWARD
    elif not (
        is_character(state, player, Character.APOSTLE)
        and victim != NEUTRAL
        and state.player(player).jihad == victim
    ):
        turn.scored[player] -= BOMB_PENALTY
    world.bombed = True
    kill_people(turn, world, player, world.population)
    for name in ("i_ships", "p_ships", "industry", "mines", "metal", "robots"):
        setattr(world, name, 0)
    depopulate(turn, world)


def _land_robots(turn: Turn) -> None:
    """Starweb "Roboter": the surviving robots of each world's attacks land there.

    Of several berserkers attacking one world the largest army wins; the armies destroy
    each other one for one, so the winner keeps the difference to the second largest
    (equal armies: nobody lands). Robots on a world of robots fight them one for one.
    """
    state = turn.state
    armies: dict[int, dict[int, int]] = {}
    for player, order in turn.all_orders(RobotAttack):
        assert isinstance(order, RobotAttack)
        robots = turn.robots.pop(order.fleet, 0)
        if robots:
            by_player = armies.setdefault(state.fleet(order.fleet).world, {})
            by_player[player] = by_player.get(player, 0) + robots
    for number in sorted(armies):
        ranked = sorted(armies[number].items(), key=lambda pr: (-pr[1], pr[0]))
        runner_up = ranked[1][1] if len(ranked) > 1 else 0
        berserker, robots = ranked[0][0], ranked[0][1] - runner_up
        if robots:
            robots_land(turn, state.world(number), robots, berserker)
