"""Starweb "Geschenke": keys and worlds given to a player met before."""

from __future__ import annotations

from engine.starweb.context import Turn
from engine.starweb.forces import in_range, per_ship, restart_rounds
from engine.starweb.orders import Gift
from engine.starweb.state import Character

MAX_GIFTS = 2
"""Starweb "Geschenke": at most two gift orders per turn."""


def give(turn: Turn) -> None:
    """Carry out ``FnG=X`` and ``WnG=X``: the first two gift orders of each player.

    The receiver must be a player met before (``Player.met``); he learns from whom the
    gift comes. A world changes owner with its rounds counter restarting at 1.
    """
    state = turn.state
    for player in sorted(turn.orders):
        for count, order in enumerate(turn.orders_of(player, Gift), start=1):
            assert isinstance(order, Gift)
            receiver = state.by_code_name(order.player)
            if not in_range(state, order):
                turn.remark(player, order, "no_such_number")
            elif count > MAX_GIFTS:
                turn.remark(player, order, "too_many_gifts")
            elif receiver is None or receiver.out or receiver.number == player:
                turn.remark(player, order, "unknown_player")
            elif receiver.number not in state.player(player).met:
                turn.remark(player, order, "not_met")
            elif order.what == "F":
                _give_key(turn, player, order, receiver.number)
            else:
                _give_world(turn, player, order, receiver.number)


def _give_key(turn: Turn, player: int, order: Gift, receiver: int) -> None:
    fleet = turn.state.fleet(order.number)
    if fleet.owner != player:
        turn.remark(player, order, "not_your_fleet")
        return
    fleet.owner = receiver
    # Starweb "Fracht": a ship carries one metal, the merchant's two; what the new owner's
    # ships cannot carry disappears (as when a pirate captures a merchant's key).
    fleet.cargo = min(fleet.cargo, fleet.ships * per_ship(turn.state, receiver))
    turn.gifted_fleets.add(fleet.number)
    turn.flag_fleet(fleet.number, f"gift_from:{player}")
    turn.flag_fleet(fleet.number, f"gift_to:{receiver}")
    turn.notice(receiver, f"gift_received:F{fleet.number}:{player}")


def _give_world(turn: Turn, player: int, order: Gift, receiver: int) -> None:
    state = turn.state
    world = state.world(order.number)
    if world.owner != player:
        turn.remark(player, order, "not_your_world")
        return
    if world.robots and state.player(receiver).character != Character.BERSERKER:
        # Starweb "Berserker": "Ein Spieler, der kein Berserker ist, kann eine Welt, die
        # von Robotern bevölkert ist, nicht erobern oder besitzen".
        turn.remark(player, order, "robot_world")
        return
    world.owner = receiver
    restart_rounds(world)
    turn.gifted_worlds.add(world.number)
    turn.left[player].add(world.number)
    turn.flag_world(world.number, f"gift_from:{player}")
    turn.notice(receiver, f"gift_received:W{world.number}:{player}")
