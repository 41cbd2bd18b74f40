"""The acknowledgement of an order with the position in view: what it will do, or why
it will fail as things stand (the order is kept: the position may change before the
step runs, e.g. by production first)."""

from __future__ import annotations

from engine.core import Order
from engine.spacewar.movement import jump_problem
from engine.spacewar.orders import (
    Assignment,
    AssignShip,
    Buy,
    BuyFleet,
    EmergencyJump,
    Jump,
    Lineup,
    Load,
    PlaceFleet,
    SpacewarOrder,
    Transfer,
)
from engine.spacewar.production import buy_problem
from engine.spacewar.state import SpacewarState
from engine.spacewar.texts import TEXTS

CHECK = TEXTS.section("check.")


def problems(state: SpacewarState, seat: int, order: SpacewarOrder) -> list[str]:
    """Codes of what stands against the order now."""
    out: list[str] = []
    if order.setup_only and not state.setup_step:
        return ["setup_only"]
    if state.phase == "battle" and not order.standing:
        return ["battle_only"]  # a battle round reads battle orders only
    if isinstance(order, PlaceFleet | Load | Transfer | Jump | EmergencyJump | Assignment):
        fleet = state.fleet(seat, order.fleet)
        if fleet is None:
            return ["fleet_absent"]
        if isinstance(order, Jump):
            problem = jump_problem(state, fleet, order)
            out += [problem] if problem else []
            if state.setup_step and len(order.targets) != 1:
                out.append("not_in_setup")
    if isinstance(order, PlaceFleet) and state.world(order.world).owner != seat:
        out.append("not_own")
    if isinstance(order, AssignShip) and not any(
        s.id == order.ship for f in state.fleets if f.owner == seat for s in f.ships
    ):
        out.append("no_ship")
    if isinstance(order, Lineup):
        world = state.world(order.world)
        have = sorted(s.value for s in world.troops)
        if world.owner != seat:
            out.append("not_own")
        elif any(order.values.count(v) > have.count(v) for v in set(order.values)):
            out.append("no_stone")
    if isinstance(order, Buy | BuyFleet):
        problem = buy_problem(state, seat, order)
        if problem:
            out.append(problem)
        elif order.cost > state.player(seat).pe:
            out.append("no_pe")
    return out


def notes(state: SpacewarState, seat: int, order: Order, lang: str) -> list[str]:
    """What the acknowledgement adds after the order's words, each with its own lead in
    the reader's language: the cost of a purchase the PE cover, a warning per problem."""
    if not isinstance(order, SpacewarOrder) or seat not in (1, 2):
        return []
    found = problems(state, seat, order)
    out: list[str] = []
    if isinstance(order, Buy | BuyFleet) and not found:
        out.append(CHECK.say(lang, "cost", cost=order.cost, pe=state.player(seat).pe))
    return out + [CHECK.say(lang, "warning", text=CHECK.say(lang, code)) for code in found]
