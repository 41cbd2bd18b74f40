"""Demo players of the board game: the order lines a careful player would mail."""

from __future__ import annotations

from random import Random

from engine.ashes_board.builds import affordable, pay
from engine.ashes_board.fleets import distance
from engine.ashes_board.state import ORBIT, BoardState, Player
from engine.ashes_board.tables import COSTS, FIGHTER, TRANSPORTER, TROOPS
from engine.core import NEUTRAL, State
from engine.kind_engine import state_as

GARRISON = 2
"""Fighters a bot leaves in the orbit of a planet it attacks from."""


class BoardBots:
    """Bots that keep their troops up to the population (B E2.4), spend the rest of the
    warehouse on fighters and transporters, and send every strong enough fleet against the
    nearest planet it can beat."""

    def orders(self, state: State, seat: int, rng: Random) -> list[str]:
        """The order lines of ``seat`` for the next round."""
        state = state_as(state, BoardState)
        if state.finished or state.player(seat).out:
            return []
        return _builds(state, state.player(seat), rng) + _flights(state, seat, rng)


def _builds(state: BoardState, player: Player, rng: Random) -> list[str]:
    """Troops first where they fall short of the population, then ships on a random own
    planet while the warehouse lasts."""
    stock = Player(player.number, oil=player.oil, steel=player.steel, hightech=player.hightech)
    wanted: dict[int, dict[str, int]] = {}
    mine = state.owned(player.number)
    for planet in mine:
        short = planet.pop - planet.troops + (1 if planet.number == player.hp else 0)
        for _ in range(max(0, short)):
            if affordable(stock, COSTS[TROOPS]):
                pay(stock, COSTS[TROOPS])
                wanted.setdefault(planet.number, {}).setdefault(TROOPS, 0)
                wanted[planet.number][TROOPS] += 1
    if mine:
        yard = rng.choice(mine).number
        for unit in (TRANSPORTER, FIGHTER, FIGHTER, FIGHTER):
            if affordable(stock, COSTS[unit]):
                pay(stock, COSTS[unit])
                wanted.setdefault(yard, {}).setdefault(unit, 0)
                wanted[yard][unit] += 1
    words = {FIGHTER: "FI", TRANSPORTER: "TR", TROOPS: "LT"}
    return [
        f"{planet}: " + ", ".join(f"{n} {words[u]}" for u, n in units.items())
        for planet, units in sorted(wanted.items())
    ]


def _flights(state: BoardState, seat: int, rng: Random) -> list[str]:
    lines: list[str] = []
    for fleet in state.fleets_of(seat):
        if fleet.space != ORBIT or fleet.fighters <= GARRISON + 2 or not fleet.transporters:
            continue
        strength = fleet.fighters - GARRISON
        targets = [
            p
            for p in state.planets
            if p.owner != seat
            and p.number != fleet.planet
            and _defence(state, p.number, p.owner) < strength
        ]
        if not targets:
            continue
        nearest = min(distance(fleet.planet, p.number) for p in targets)
        target = rng.choice([p for p in targets if distance(fleet.planet, p.number) == nearest])
        lines.append(f"{fleet.planet}/{strength}/{fleet.transporters}/{target.number}")
    return lines


def _defence(state: BoardState, planet: int, owner: int) -> int:
    """The fighters that would defend ``planet``: a neutral's own, an owner's in orbit."""
    own = state.planet(planet).fighters if owner == NEUTRAL else 0
    return own + sum(
        f.fighters
        for f in state.fleets
        if f.planet == planet and f.space == ORBIT and f.owner == owner
    )
