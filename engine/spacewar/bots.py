"""Demo players of Spacewar: they buy, load troops, jump towards the enemy and attack
where they outnumber him, and retreat from battles they lose (``engine.core.Bots``).
Their orders are the German lines a player would mail (docs/orders-spacewar.md)."""

from __future__ import annotations

from random import Random

from engine.core import State
from engine.kind_engine import state_as
from engine.spacewar.board import (
    ENEMY,
    HOME,
    OWN,
    SPACE,
    TROOP_COST,
    UNITS,
    WORLDS,
    group_fields,
    other,
    reachable,
    row_of,
)
from engine.spacewar.fleets import free_fleet_id, value_pe
from engine.spacewar.loading import empty_transporters
from engine.spacewar.state import Fleet, SpacewarState


class SpacewarBots:
    """One bot per seat, deterministic given the state and ``rng``."""

    def orders(self, state: State, seat: int, rng: Random) -> list[str]:
        """The bot's order lines for the next step."""
        state = state_as(state, SpacewarState)
        if state.over:
            return []
        if state.setup_step:
            return _setup(state, seat, rng)
        if state.phase == "move":
            return _move_step(state, seat, rng)
        if state.phase == "battle":
            return []  # a battle round: the standing orders fight on
        return _buy(state, seat, rng) + _moves(state, seat, rng)


def _setup(state: SpacewarState, seat: int, rng: Random) -> list[str]:
    lines = [f"Notsprung Flotte {n} bei Verlust 50" for n in (1, 2, 3)]
    lines.append(f"Flotte 3: {rng.choice(row_of(seat)[1:3])}")
    return lines


def _buy(state: SpacewarState, seat: int, rng: Random) -> list[str]:
    """Troops while the pool lasts, transporters for the fleet at home, cruisers with
    the rest."""
    player = state.player(seat)
    pe = player.pe
    home = HOME[seat] if state.world(HOME[seat]).owner == seat else ""
    home = home or next((w.id for w in state.worlds if w.owner == seat), "")
    if not home:
        return []
    lines = []
    troops = min(pe // TROOP_COST, 4, sum(player.pool))
    weakest = min((w for w in state.worlds if w.owner == seat), key=lambda w: (len(w.troops), w.id))
    if troops:
        lines.append(f"Kaufe {troops} Truppen {weakest.id}")
        pe -= troops * TROOP_COST
    here = state.fleets_at(home, seat)
    if here and len(empty_transporters(here[0])) < 3 and pe >= 2 * UNITS["TR"].cost:
        lines.append(f"Kaufe 2 Transporter {home} Flotte {here[0].id}")
        pe -= 2 * UNITS["TR"].cost
    cruisers = pe // UNITS["KR"].cost
    if cruisers and (here or free_fleet_id(state, seat)):
        where = f" Flotte {here[0].id}" if here else ""
        lines.append(f"Kaufe {min(cruisers, 3)} Kreuzer {home}{where}")
    return lines


def _moves(state: SpacewarState, seat: int, rng: Random) -> list[str]:
    lines = []
    enemy = other(seat)
    for fleet in sorted((f for f in state.fleets if f.owner == seat), key=lambda f: f.id):
        if len(fleet.ships) == 1 and fleet.ships[0].type != "SC":
            continue
        lines += _load(state, fleet)
        lines += _jump(state, fleet, enemy, rng)
    return lines


def _load(state: SpacewarState, fleet: Fleet) -> list[str]:
    if fleet.where not in WORLDS or state.world(fleet.where).owner != fleet.owner:
        return []
    world = state.world(fleet.where)
    spare = sorted((s.value for s in world.troops), reverse=True)[: max(0, len(world.troops) - 1)]
    free = len(empty_transporters(fleet))
    take = spare[:free]
    if not take:
        return []
    return [f"Flotte {fleet.id} lädt Truppen {' '.join(map(str, take))}"]


def _jump(state: SpacewarState, fleet: Fleet, enemy: int, rng: Random) -> list[str]:
    """Retreat home from a stronger enemy; carry troops to the enemy's worlds in reach,
    else to the space row, from where both rows are in reach."""
    head = f"Flotte {fleet.id} springt"
    here_enemy = value_pe(state, fleet.where, enemy)
    if here_enemy > value_pe(state, fleet.where, fleet.owner):
        return [f"{head} Raumfelder"]
    if not any(s.stone is not None for s in fleet.ships):
        return _fetch(state, fleet, head)
    if fleet.where in WORLDS and state.world(fleet.where).owner == enemy:
        return []  # landed: the ground fight goes on next round
    for group in (ENEMY, OWN):
        targets = [f for f in group_fields(group, fleet.owner) if state.world(f).owner == enemy]
        if targets and reachable(fleet.where, group, fleet.owner):
            rng.shuffle(targets)
            word = "gegnerische" if group == ENEMY else "eigene"
            return [f"{head} {word} Welten {' '.join(targets[:3])}"]
    return [f"{head} Raumfelder {rng.choice(SPACE)}"]


def _fetch(state: SpacewarState, fleet: Fleet, head: str) -> list[str]:
    """A fleet with empty transporters and no troops goes to an own world with troops
    to spare (or to the space row, from where every row is in reach)."""
    if not empty_transporters(fleet):
        return []
    here = state.world(fleet.where) if fleet.where in WORLDS else None
    if here is not None and here.owner == fleet.owner and len(here.troops) > 1:
        return []  # it loads here
    for group in (OWN, ENEMY):
        spare = [
            f
            for f in group_fields(group, fleet.owner)
            if state.world(f).owner == fleet.owner and len(state.world(f).troops) > 1
        ]
        if spare and reachable(fleet.where, group, fleet.owner):
            spare.sort(key=lambda f: -len(state.world(f).troops))
            word = "gegnerische" if group == ENEMY else "eigene"
            return [f"{head} {word} Welten {' '.join(spare[:2])}"]
    return [f"{head} Raumfelder"]


def _move_step(state: SpacewarState, seat: int, rng: Random) -> list[str]:
    """A move step (``movement = alternating``): the jump of the first fleet waiting in
    hyperspace that the bot would send somewhere now; nothing keeps the ordered jump."""
    if seat != state.mover:
        return []
    for waiting in state.pending:
        fleet = state.fleet(seat, waiting.fleet)
        if waiting.owner == seat and fleet is not None:
            lines = _jump(state, fleet, other(seat), rng)
            if lines:
                return lines[:1]
    return []
