"""P0 Produktion (Spacewar §7; decision 12: the production the rulebook has after the
battles of round r is ordered with round r+1's mail and runs first)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.dice import Dice
from engine.spacewar.board import UNITS
from engine.spacewar.fleets import find_ship, free_fleet_id
from engine.spacewar.orders import Buy, BuyFleet
from engine.spacewar.setup import VALUES, new_ship
from engine.spacewar.state import Base, Fleet, Player, SpacewarState, Stone


def draw_stones(
    state: SpacewarState, player: Player, count: int, dice: Dice, why: str
) -> list[Stone]:
    """Spacewar §7: stones drawn blind from the pool, one at a time, uniformly without
    replacement from the pool sorted by value. The draws are seen by their owner only
    (the values stay secret until the stones fight)."""
    stones = []
    for _ in range(count):
        flat = [v for v, n in zip(VALUES, player.pool, strict=True) for _ in range(n)]
        if not flat:
            break
        value = dice.choose(
            f"draw P{player.number} {why}", flat, seen_by=frozenset({player.number})
        )
        player.pool[VALUES.index(value)] -= 1
        stones.append(Stone(id=player.next_stone, value=value))
        player.next_stone += 1
    return stones


def produce(state: SpacewarState, number: int, buys: Sequence[Buy | BuyFleet], dice: Dice) -> None:
    """Every buy line in the order written; a line the PE (or a limit) cannot cover is
    refused whole and the later lines are still tried (docs/rules-spacewar.md, order 13)."""
    player = state.player(number)
    for buy in buys:
        problem = refusal(state, number, buy)
        if problem is not None:
            state.note("buy_refused", [str(buy.line), problem], [number])
            continue
        pay(player, buy)
        if isinstance(buy, Buy) and buy.unit == "TT":
            _deliver_troops(state, player, buy, dice)
        else:
            deliver(state, player, buy)
    if not state.options.pe_savings:
        player.pe = 0


def refusal(state: SpacewarState, number: int, buy: Buy | BuyFleet) -> str | None:
    """Why a buy line is refused whole as things stand (a limit, or the PE left), or None."""
    problem = buy_problem(state, number, buy)
    if problem is None and buy.cost > state.player(number).pe:
        return "no_pe"
    return problem


def pay(player: Player, buy: Buy | BuyFleet) -> None:
    """The line's PE spent (Spacewar §7)."""
    player.pe -= buy.cost
    player.spent += buy.cost


def buy_problem(state: SpacewarState, number: int, buy: Buy | BuyFleet) -> str | None:
    """Why a buy line cannot be carried out as things stand (a code), or None."""
    if state.world(buy.world).owner != number:
        return "not_own"
    if isinstance(buy, BuyFleet):
        return None if free_fleet_id(state, number) else "fleet_limit"
    if buy.count < 1:
        return "count"
    if buy.unit in ("ST", "KR", "TR", "SC"):
        if buy.fleet:
            fleet = state.fleet(number, buy.fleet)
            if fleet is None or fleet.where != buy.world:
                return "fleet_absent"
        elif not free_fleet_id(state, number):
            return "fleet_limit"
    elif buy.unit == "BA":
        if buy.count != 1 or state.base_at(buy.world) is not None:
            return "base_there"
        own = sum(1 for b in state.bases if b.owner == number)
        if state.options.max_bases and own >= state.options.max_bases:
            return "base_limit"
    elif buy.unit == "TT" and buy.count > sum(state.player(number).pool):
        return "pool_empty"
    elif buy.unit == "JG" and _room(state, number, buy) < buy.count:
        return "no_room"
    return None


def _room(state: SpacewarState, number: int, buy: Buy) -> int:
    if buy.carrier == "BA":
        base = state.base_at(buy.world)
        ok = base is not None and base.owner == number
        return UNITS["BA"].fighters - base.fighters if ok and base is not None else 0
    found = find_ship(state, number, buy.carrier)
    if found is None or found[1].where != buy.world or found[0].type != "ST":
        return 0
    return UNITS["ST"].fighters - found[0].fighters


def _deliver_troops(state: SpacewarState, player: Player, buy: Buy, dice: Dice) -> None:
    stones = draw_stones(state, player, buy.count, dice, buy.world)
    state.world(buy.world).troops += stones
    values = ", ".join(str(s.value) for s in stones)
    state.note("bought_troops", [str(len(stones)), buy.world, values], [player.number])


def deliver(state: SpacewarState, player: Player, buy: Buy | BuyFleet) -> None:
    """A paid line's ships, base or Jäger put where it says (not troops: they are drawn
    from the pool with the dice)."""
    number = player.number
    if isinstance(buy, BuyFleet):
        made = Fleet(owner=number, id=free_fleet_id(state, number), where=buy.world)
        made.ships = [new_ship(player, code) for code in buy.ships]
        state.fleets.append(made)
        state.note("bought_fleet", [buy.world, str(made.id), " ".join(buy.ships)], [number])
    elif buy.unit == "BA":
        state.bases.append(Base(id=player.next_base, owner=number, field=buy.world))
        player.next_base += 1
        state.note("bought", [str(buy.count), "BA", buy.world], [number])
    elif buy.unit == "JG":
        if buy.carrier == "BA":
            base = state.base_at(buy.world)
            assert base is not None
            base.fighters += buy.count
        else:
            found = find_ship(state, number, buy.carrier)
            assert found is not None
            found[0].fighters += buy.count
        state.note("bought", [str(buy.count), "JG", buy.world], [number])
    else:
        fleet = state.fleet(number, buy.fleet) if buy.fleet else None
        if fleet is None:
            fleet = Fleet(owner=number, id=free_fleet_id(state, number), where=buy.world)
            state.fleets.append(fleet)
        for _ in range(buy.count):
            fleet.ships.append(new_ship(player, buy.unit))
        state.note("bought_ships", [str(buy.count), buy.unit, buy.world, str(fleet.id)], [number])
