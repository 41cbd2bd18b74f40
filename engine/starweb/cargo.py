"""Cargo: unloading, consumer goods and jettison (step 1), loading (step 3).

Starweb "Fracht": unloaded metal lies on the world at once (``World.metal``) but cannot
be built with before the next turn: ``Turn.unloaded_metal`` keeps it out of this turn's
building, while another key may load it in step 3. A key that unloaded cannot load.
"""

from __future__ import annotations

from engine.core import NEUTRAL
from engine.starweb.context import Turn
from engine.starweb.orders import CONSUMER_GOODS, JETTISON, LOAD, UNLOAD, Cargo
from engine.starweb.state import CAP, Character, Fleet, StarwebState

KG_POINTS = (10, 8, 5, 3)
"""Starweb "Händler": consumer goods on a world score 10, 8, 5, 3, then 1."""
KG_LATER = 1
METAL_POINTS = 8
"""Starweb "Händler": 8 points per metal unloaded on an industry world not his."""


def cargo_per_ship(state: StarwebState, player: int) -> int:
    """Metal one ship of ``player`` carries: 2 for the merchant, 1 otherwise ("Fracht")."""
    if player != NEUTRAL and state.player(player).character == Character.MERCHANT:
        return 2
    return 1


def kg_points(unloads_before: int) -> int:
    """The merchant's points for consumer goods on a world that saw them in
    ``unloads_before`` earlier turns."""
    if unloads_before < len(KG_POINTS):
        return KG_POINTS[unloads_before]
    return KG_LATER


def _own_fleet(turn: Turn, player: int, order: Cargo) -> Fleet | None:
    state = turn.state
    if not 1 <= order.fleet <= len(state.fleets) or state.fleet(order.fleet).owner != player:
        turn.remark(player, order, "not_your_fleet")
        return None
    return state.fleet(order.fleet)


def _amount(turn: Turn, player: int, order: Cargo, fleet: Fleet) -> int:
    """How much of the cargo the order moves (all when no quantity is given)."""
    if order.quantity is None:
        return fleet.cargo
    if order.quantity > fleet.cargo:
        turn.remark(player, order, "cargo_short")
        return fleet.cargo
    return order.quantity


def _reconvert(turn: Turn, player: int, world: int, goods: int) -> None:
    """Starweb "Apostel": each consumer good has a 50 % chance to win back one convert.

    A d2 per good, 1 wins one back, seen by the unloader alone: how many goods were
    unloaded is the key's cargo, which only its owner's printout shows."""
    target = turn.state.world(world)
    for _ in range(goods):
        if target.converts == 0:
            break
        label = f"reconvert W{world} seat {player}"
        if turn.dice.below(label, 2, seen_by=frozenset({player})) == 0:
            target.converts -= 1
    if target.converts == 0:
        target.convert_owner = NEUTRAL


def _scores_metal(turn: Turn, merchant: int, world: int) -> bool:
    """Starweb "Händler": whether metal the merchant unloads on ``world`` now can score:
    "auf einer Welt …, die ihm nicht gehört … nur dann, wenn auf dieser Welt Industrie
    vorhanden ist", judged as he unloads. A neutral world is not his (German); with the
    English readings (§4B) it must be another player's
    (``Options.merchant_players_worlds_only``), and the owner is the one at the start of
    the turn (``Options.merchant_owner_start_end``; the end is checked by the scores)."""
    state = turn.state
    options = state.options
    owner = (turn.start if options.merchant_owner_start_end else state).world(world).owner
    if owner == merchant or state.world(world).industry <= 0:
        return False
    return owner != NEUTRAL or not options.merchant_players_worlds_only


def unload(turn: Turn) -> None:
    """Step 1: FnU[q] (metal), FnN[q] (consumer goods), FnJ[q] (jettison)."""
    state = turn.state
    kg_before: dict[int, int] = {}
    kg_scored: set[tuple[int, int]] = set()
    for player, order in turn.all_orders(Cargo):
        assert isinstance(order, Cargo)
        if order.action not in (UNLOAD, CONSUMER_GOODS, JETTISON):
            continue
        fleet = _own_fleet(turn, player, order)
        if fleet is None:
            continue
        amount = _amount(turn, player, order, fleet)
        fleet.cargo -= amount
        if order.action == JETTISON:
            continue
        turn.unloaded_keys.add(fleet.number)
        world = state.world(fleet.world)
        merchant = state.player(player).character == Character.MERCHANT
        if order.action == UNLOAD:
            world.metal = min(CAP, world.metal + amount)
            turn.unloaded_metal[world.number] += amount
            # Starweb "Händler": only on a world not his with industry, at most twice its
            # industry per turn (per merchant and world).
            if merchant and _scores_metal(turn, player, world.number):
                key = (player, world.number)
                room = 2 * world.industry - turn.merchant_metal[key]
                turn.merchant_metal[key] += max(0, min(amount, room))
        elif amount > 0:
            if world.number not in kg_before:
                kg_before[world.number] = world.kg_unloads
                world.kg_unloads = min(CAP, world.kg_unloads + 1)
            # Starweb "Händler": "Diese Staffelung gilt für jede Welt": every merchant
            # unloading here this turn scores by the count before the turn, once.
            if merchant and (player, world.number) not in kg_scored:
                kg_scored.add((player, world.number))
                turn.scored[player] += kg_points(kg_before[world.number])
            turn.flag_world(world.number, "kg_unloaded")
            turn.flag_fleet(fleet.number, "kg_unloaded")
            _reconvert(turn, player, world.number, amount)


def _may_load(turn: Turn, player: int, world: int) -> bool:
    """Own world, or its owner granted the player the right to load (L=)."""
    owner = turn.state.world(world).owner
    if owner == player:
        return True
    return owner != NEUTRAL and player in turn.state.player(owner).loaders


def load(turn: Turn) -> None:
    """Step 3: FnL[q]. The world's owner loads first, then keys by number (English
    rules §13); each ship holds one metal, the merchant's two."""
    state = turn.state
    wanted: list[tuple[int, int, int, Cargo]] = []
    for player, order in turn.all_orders(Cargo):
        assert isinstance(order, Cargo)
        if order.action != LOAD:
            continue
        fleet = _own_fleet(turn, player, order)
        if fleet is None:
            continue
        if fleet.number in turn.unloaded_keys:
            turn.remark(player, order, "unloaded_this_turn")
            continue
        if not _may_load(turn, player, fleet.world):
            turn.remark(player, order, "no_loading_right")
            continue
        first = 0 if state.world(fleet.world).owner == player else 1
        wanted.append((first, fleet.number, player, order))
    for _first, number, player, order in sorted(wanted, key=lambda w: (w[0], w[1])):
        fleet = state.fleet(number)
        world = state.world(fleet.world)
        room = fleet.ships * cargo_per_ship(state, player) - fleet.cargo
        asked = room if order.quantity is None else order.quantity
        amount = max(0, min(asked, room, world.metal))
        if order.quantity is not None and amount < order.quantity:
            turn.remark(player, order, "metal_short" if amount < room else "no_room")
        fleet.cargo += amount
        world.metal -= amount
        turn.loaded[(player, world.number)] += amount
