"""One step of Spacewar (docs/rules-spacewar.md, "The turn"): the setup step, then one
step per round, its phases in the order of the phase table (P0-P9)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from engine.core import Event, Order, Resign
from engine.dice import Dice
from engine.spacewar.battle import battle_phase, declare
from engine.spacewar.battle_steps import fight_on
from engine.spacewar.ground import WEAKEST, ground_phase
from engine.spacewar.loading import load_phase
from engine.spacewar.movement import move_one, move_phase
from engine.spacewar.orders import (
    Assignment,
    Attack,
    Buy,
    BuyFleet,
    DoubleShot,
    EmergencyJump,
    GroundRetreat,
    Jump,
    Lineup,
    Load,
    SpacewarOrder,
    Split,
    Stance,
    Targets,
    Transfer,
)
from engine.spacewar.production import produce
from engine.spacewar.scouting import scout_phase
from engine.spacewar.setup import run_setup
from engine.spacewar.state import Fight, SpacewarState, Standing
from engine.spacewar.victory import collect, end_of_round, finish

OrderT = TypeVar("OrderT", bound=Order)


def of_type(orders: Sequence[Order], cls: type[OrderT]) -> list[OrderT]:
    """The orders of one class, in the order written."""
    return [o for o in orders if isinstance(o, cls)]


def run_step(
    state: SpacewarState, orders: Mapping[int, Sequence[Order]], dice: Dice
) -> tuple[SpacewarState, list[Event]]:
    """Evaluate the next step; seats missing from ``orders`` sent none (their standing
    orders stay; no loading, jumping or buying: docs/rules-spacewar.md, NMR)."""
    new = state.copy()
    new.turn += 1
    new.notes = []
    mine = {n: list(orders.get(n, ())) for n in (1, 2)}
    for number in (1, 2):
        for order in mine[number]:
            if isinstance(order, SpacewarOrder) and order.standing:
                set_standing(new.player(number).standing, order)
    resigned = [n for n in (1, 2) if of_type(mine[n], Resign)]
    if resigned:
        number = resigned[0]
        new.player(number).resigned = True
        new.note("resigned", [str(number)])
        return new, [Event("player_out", number), *finish(new, 3 - number, "resigned")]
    game_orders = {n: [o for o in mine[n] if isinstance(o, SpacewarOrder)] for n in (1, 2)}
    if new.setup_step:
        run_setup(new, game_orders, dice)
        new.round = 1
        return new, []
    if new.phase == "move":
        if not move_one(new, of_type(game_orders[new.mover], Jump), dice):
            return new, []
        return new, finish_round(new, new.first_mover, dice)
    if new.phase == "battle":
        # A battle round (battle_mode = rounds): only the standing orders set above count.
        return new, after_battles(new, dice) if fight_on(new, dice) else []
    return new, run_round(new, game_orders, dice)


def run_round(
    state: SpacewarState, orders: Mapping[int, Sequence[SpacewarOrder]], dice: Dice
) -> list[Event]:
    """P0-P9 of one round (P0-P2 only while fleets wait for move steps)."""
    state.note("round", [str(state.round)])
    first_two = (state.start_player, 3 - state.start_player)
    for number in first_two:
        buys = [o for o in orders[number] if isinstance(o, Buy | BuyFleet)]
        produce(state, number, buys, dice)
    for number in first_two:
        load_phase(state, number, [o for o in orders[number] if isinstance(o, Load | Transfer)])
    first = move_phase(state, {n: of_type(orders[n], Jump) for n in (1, 2)}, dice)
    if state.phase == "move":
        return []  # the fleets move in steps of their own (movement = alternating)
    return finish_round(state, first, dice)


def finish_round(state: SpacewarState, first: int, dice: Dice) -> list[Event]:
    """P4-P9, once every fleet has moved (with ``battle_mode = rounds`` P6 pauses after
    each battle round: P7-P9 run in the step that ends the last battle)."""
    scouted = scout_phase(state, dice)
    if state.options.battle_mode == "rounds":
        state.fights = [
            Fight(where, attacker) for where, attacker in declare(state, first, scouted)
        ]
        if not fight_on(state, dice):
            return []
    else:
        battle_phase(state, first, scouted, dice)
    return after_battles(state, dice)


def after_battles(state: SpacewarState, dice: Dice) -> list[Event]:
    """P7-P9: ground combat, the end of the round, the income."""
    ground_phase(state, dice)
    events = end_of_round(state)
    if not events:
        collect(state)
        state.round += 1
    return events


def set_standing(standing: Standing, order: SpacewarOrder) -> None:
    """A standing order replaces the earlier one of its kind for the same thing."""
    if isinstance(order, Attack):
        standing.no_attack = [f for f in standing.no_attack if f != order.field]
        standing.scout_attack = [f for f in standing.scout_attack if f != order.field]
        if order.field == "*":
            standing.no_attack, standing.scout_attack = [], []
        if order.mode == "no":
            standing.no_attack.append(order.field)
        elif order.mode == "scout":
            standing.scout_attack.append(order.field)
    elif isinstance(order, Stance):
        standing.stances = _keyed(standing.stances, order.unit, f"{order.unit}:{order.stance}")
    elif isinstance(order, Targets):
        standing.targets = list(order.units)
    elif isinstance(order, Split):
        key = f"{order.ship}:{order.weapon}"
        entry = f"{key}:{_values(order.groups)}"
        standing.splits = sorted(
            [e for e in standing.splits if not e.startswith(key + ":")] + [entry]
        )
    elif isinstance(order, DoubleShot):
        standing.double_shot = order.on
    elif isinstance(order, EmergencyJump):
        standing.jumps = _keyed(
            standing.jumps, str(order.fleet), f"{order.fleet}:{order.rule}:{order.value}"
        )
    elif isinstance(order, Lineup):
        spec = WEAKEST if order.weakest else _values(order.values)
        standing.lineups = _keyed(standing.lineups, order.world, f"{order.world}:{spec}")
    elif isinstance(order, Assignment):
        standing.assignments = _keyed(
            standing.assignments, str(order.fleet), f"{order.fleet}:{_values(order.values)}"
        )
    elif isinstance(order, GroundRetreat):
        standing.ground_retreats = _keyed(
            standing.ground_retreats, order.where, f"{order.where}:{order.rule}:{order.value}"
        )


def _keyed(entries: list[str], key: str, entry: str) -> list[str]:
    return sorted([e for e in entries if e.split(":")[0] != key] + [entry])


def _values(values: Sequence[int]) -> str:
    return ",".join(str(v) for v in values)
