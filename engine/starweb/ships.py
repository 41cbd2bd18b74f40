"""Step 2: scrapping, transfers, building, emigration, planet-busters, artifact orders.

Within the step: scrapping first (Starweb "Schiffe": only I-ships there at the start of
the turn), then transfers, then building and emigration world by world in the order
written (industry without orders builds I-ships), then the emigrants arrive, then
planet-busters are built (from ships transferred or built this turn), then artifacts
are hooked and unhooked (docs/rules-starweb.md).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from engine.core import NEUTRAL
from engine.starweb.cargo import cargo_per_ship
from engine.starweb.context import Turn
from engine.starweb.forces import depopulate
from engine.starweb.orders import (
    BUILD_FLEET,
    BUILD_I,
    BUILD_INDUSTRY,
    BUILD_LIMIT,
    BUILD_ROBOTS,
    FLEET,
    I_SHIPS,
    P_SHIPS,
    AttachArtifact,
    Build,
    BuildBomb,
    DropArtifact,
    DropBomb,
    Emigrate,
    Scrap,
    Transfer,
)
from engine.starweb.population import people_meet_robots, robots_land
from engine.starweb.state import CAP, Character, Fleet, StarwebState, World

BOMB_SHIPS = 25
"""Starweb "Planetenbruch-Bombe": 25 ships become the bomb (the key needs more)."""


def _character(state: StarwebState, player: int) -> str:
    return "" if player == NEUTRAL else state.player(player).character


def industry_cost(state: StarwebState, player: int) -> int:
    """Industries, metal and people one new industry (or +1 limit) takes: 5, the
    Reichsgründer's 4 (Starweb "Reichsgründer", "Bauen")."""
    return 4 if _character(state, player) == Character.EMPIRE_BUILDER else 5


def scrap_cost(state: StarwebState, player: int) -> int:
    """I-ships scrapped per industry: 6, the Reichsgründer's 4 (Starweb "Schiffe")."""
    return 4 if _character(state, player) == Character.EMPIRE_BUILDER else 6


def fleet_shots(fleet: Fleet) -> int:
    """Shots of a key: one per ship, none from a merchant's ship carrying two metal
    (Starweb "Feuern": five ships with six metal fire four shots)."""
    return max(0, fleet.ships - max(0, fleet.cargo - fleet.ships))


def usable_industry(state: StarwebState, world: World) -> int:
    """Industry that may build (Starweb "Bauen", printed ``Industrie=30/25``).

    Every shot of foreign keys at war beyond the defenders' shots takes one industry;
    the world's I- and P-ships count double, keys of the owner and of players who
    declared the owner their ally defend (four I-ships against ten ships: two industries
    lost). A neutral or recovering (plundered) world builds nothing.
    """
    if world.owner == NEUTRAL or world.recovery > 0:
        return 0
    attack = 0
    defence = 2 * (world.i_ships + world.p_ships)
    for fleet in state.fleets_at(world.number):
        if fleet.owner == NEUTRAL:
            continue
        shots = fleet_shots(fleet)
        if fleet.owner == world.owner or world.owner in state.player(fleet.owner).allies:
            defence += shots
        elif not fleet.peace:
            attack += shots
    return max(0, world.industry - max(0, attack - defence))


def build_capacity(state: StarwebState, world: World, unloaded: int = 0) -> int:
    """What the world can build: min(usable industry, population or robots, metal), the
    metal unloaded this turn (``unloaded``) not counted (the printout's ``30/7``)."""
    people = world.population if world.population else world.robots
    return max(0, min(usable_industry(state, world), people, world.metal - unloaded))


# ---------------------------------------------------------------------------- scrap


def _scrap(turn: Turn) -> None:
    state = turn.state
    for player, order in turn.all_orders(Scrap):
        assert isinstance(order, Scrap)
        world = state.world(order.world)
        if world.owner != player:
            turn.remark(player, order, "not_your_world")
            continue
        cost = scrap_cost(state, player)
        done = min(order.quantity, world.i_ships // cost, CAP - world.industry)
        if done < order.quantity:
            turn.remark(player, order, "ships_short")
        world.i_ships -= done * cost
        world.industry += done


# ------------------------------------------------------------------------ transfers


def _drop_ships(state: StarwebState, fleet: Fleet, ships: int) -> None:
    """Take ``ships`` off a key: unloaded ships leave first, cargo the rest cannot hold
    is lost (Starweb "Schiffe"), a bomb is lost below ``Options.bomb_min_ships``."""
    fleet.ships -= ships
    fleet.cargo = min(fleet.cargo, fleet.ships * cargo_per_ship(state, fleet.owner))
    if fleet.ships < state.options.bomb_min_ships:
        fleet.bomb = False


def _land_ships(turn: Turn, world: World, target: Fleet | None, key: str, ships: int) -> None:
    """Put ``ships`` on fleet ``target``, else on the world's I-ships (key ``I``) or
    P-ships (``P``), and count them as new this turn (probes report only the old ones)."""
    if target is not None:
        target.ships += ships
        turn.new_ships[(FLEET, target.number)] += ships
    elif key == I_SHIPS:
        world.i_ships += ships
        turn.new_ships[(I_SHIPS, world.number)] += ships
    else:
        world.p_ships += ships
        turn.new_ships[(P_SHIPS, world.number)] += ships


def _transfer(turn: Turn, player: int, order: Transfer) -> None:
    state = turn.state
    source: Fleet | None = None
    if order.source == FLEET:
        if not 1 <= order.number <= len(state.fleets) or state.fleet(order.number).owner != player:
            turn.remark(player, order, "not_your_fleet")
            return
        source = state.fleet(order.number)
        world = state.world(source.world)
        available = source.ships
    else:
        world = state.world(order.number)
        if world.owner != player:
            turn.remark(player, order, "not_your_world")
            return
        available = world.i_ships if order.source == I_SHIPS else world.p_ships
    target: Fleet | None = None
    if order.target == FLEET:
        if not 1 <= order.target_fleet <= len(state.fleets):
            turn.remark(player, order, "no_fleet")
            return
        target = state.fleet(order.target_fleet)
        if target.world != world.number or target is source:
            turn.remark(player, order, "fleet_not_here")
            return
        room = CAP - target.ships
    else:
        if order.target == order.source:
            turn.remark(player, order, "same")
            return
        room = CAP - (world.i_ships if order.target == I_SHIPS else world.p_ships)
    moved = min(order.quantity, available, room)
    if moved < order.quantity:
        turn.remark(player, order, "ships_short" if moved == available else "key_full")
    if source is not None:
        _drop_ships(state, source, moved)
    elif order.source == I_SHIPS:
        world.i_ships -= moved
    else:
        world.p_ships -= moved
    # Ships put on a foreign key belong to its owner; on a neutral key they make a
    # neutral fleet (Starweb "Schiffe"): the key's owner does not change.
    _land_ships(turn, world, target, order.target, moved)


# ------------------------------------------------------------------------- building


@dataclass
class _Budget:
    """What a world has left to build with this turn."""

    industry: int
    metal: int
    people: int

    def units(self) -> int:
        return max(0, min(self.industry, self.metal, self.people))

    def spend(self, units: int) -> None:
        self.industry -= units
        self.metal -= units
        self.people -= units


@dataclass(frozen=True)
class _Emigrants:
    source: int
    target: int
    count: int
    robots: bool
    converts: int
    """Of ``count``, converts of ``apostle``."""
    apostle: int
    player: int
    keep_converts: bool
    """CnMqWm: the converts stay their apostle's (PnMqWm: the target decides)."""


def _build_one(turn: Turn, player: int, order: Build, world: World, budget: _Budget) -> int:
    """Carry out one build order; returns the units of industry used."""
    state = turn.state
    if order.what in (BUILD_INDUSTRY, BUILD_LIMIT):
        cost = industry_cost(state, player)
        current = world.industry if order.what == BUILD_INDUSTRY else world.limit
        done = min(order.quantity, budget.units() // cost, CAP - current)
        if order.what == BUILD_INDUSTRY:
            world.industry += done
        else:
            world.limit += done
        if done < order.quantity:
            turn.remark(player, order, "capacity")
        return done * cost
    if order.what == BUILD_ROBOTS:
        # Starweb "Bauen": two robots per industry, only on a robot world, berserkers only.
        if _character(state, player) != Character.BERSERKER:
            turn.remark(player, order, "berserker_only")
            return 0
        if world.robots == 0 or world.population > 0:
            turn.remark(player, order, "no_robots")
            return 0
        done = min(order.quantity, budget.units(), (CAP - world.robots + 1) // 2)
        world.robots = min(CAP, world.robots + 2 * done)
        if done < order.quantity:
            turn.remark(player, order, "capacity")
        return done
    target: Fleet | None = None
    if order.what == BUILD_FLEET:
        if (
            not 1 <= order.fleet <= len(state.fleets)
            or state.fleet(order.fleet).world != world.number
        ):
            turn.remark(player, order, "fleet_not_here")
            return 0
        target = state.fleet(order.fleet)
        room = CAP - target.ships
    else:
        room = CAP - (world.i_ships if order.what == BUILD_I else world.p_ships)
    done = min(order.quantity, budget.units(), room)
    if done < order.quantity:
        turn.remark(player, order, "capacity" if done < room else "key_full")
    _land_ships(turn, world, target, order.what, done)
    return done


def _emigrate(
    turn: Turn, player: int, order: Emigrate, world: World, budget: _Budget
) -> _Emigrants | None:
    """Starweb "Bauen" (Auswanderung): one industry and one metal per emigrant, to a
    neighbour; converts leave first, from an apostle's world the others first."""
    state = turn.state
    if order.to not in world.gates:
        turn.remark(player, order, "not_adjacent")
        return None
    robots = world.population == 0 and world.robots > 0
    people = world.robots if robots else world.population
    if order.converts:
        people = world.converts
    count = max(0, min(order.quantity, budget.industry, budget.metal, people, budget.people))
    if count < order.quantity:
        turn.remark(player, order, "capacity")
    if count == 0:
        return None
    budget.spend(count)
    apostle = world.convert_owner
    if robots:
        world.robots -= count
        converts = 0
    else:
        if order.converts or _character(state, player) != Character.APOSTLE:
            converts = min(count, world.converts)
        else:
            converts = max(0, count - (world.population - world.converts))
        world.population -= count
        world.converts -= converts
        if world.converts == 0:
            world.convert_owner = NEUTRAL
    return _Emigrants(
        world.number, order.to, count, robots, converts, apostle, player, order.converts
    )


def _build_world(turn: Turn, world: World, emigrants: list[_Emigrants]) -> None:
    state = turn.state
    player = world.owner
    orders = [
        o
        for o in turn.orders.get(player, [])
        if isinstance(o, Build | Emigrate) and o.world == world.number
    ]
    if world.recovery > 0:
        # Starweb "Plünderung": a recovering world builds nothing.
        for order in orders:
            turn.remark(player, order, "recovering")
        return
    people = world.population if world.population else world.robots
    budget = _Budget(
        usable_industry(state, world),
        max(0, world.metal - turn.unloaded_metal[world.number]),
        people,
    )
    metal_before = budget.metal
    emigrated = False
    used = 0
    for order in orders:
        if isinstance(order, Build):
            units = _build_one(turn, player, order, world, budget)
            budget.spend(units)
            used += units
        elif emigrated:
            turn.remark(player, order, "emigration_once")
        else:
            group = _emigrate(turn, player, order, world, budget)
            emigrated = group is not None
            if group is not None:
                emigrants.append(group)
    # Starweb "Bauen": industry without orders builds I-ships (also for a missed turn).
    auto = min(budget.units(), CAP - world.i_ships)
    world.i_ships += auto
    turn.new_ships[(I_SHIPS, world.number)] += auto
    budget.spend(auto)
    used += auto
    world.metal -= metal_before - budget.metal
    turn.used_population[world.number] += used


def _arrive(turn: Turn, group: _Emigrants) -> None:
    """Emigrants land: people join (converts of the target owner if an apostle owns
    it), an apostle's converts stay his, robots fight (Starweb "Roboter")."""
    state = turn.state
    target = state.world(group.target)
    turn.arrivals[target.number] += group.count
    if group.robots:
        robots_land(turn, target, group.count, group.player)
        turn.passed[group.player].add(target.number)
        return
    people = people_meet_robots(target, group.count) if target.robots else group.count
    if people == 0:
        if target.robots == 0:
            depopulate(turn, target)
        return
    owner_apostle = (
        target.owner if _character(state, target.owner) == Character.APOSTLE else NEUTRAL
    )
    converts, apostle = 0, NEUTRAL
    if group.keep_converts and target.convert_owner in (NEUTRAL, group.apostle):
        converts, apostle = min(people, group.converts), group.apostle
        turn.passed[group.apostle].add(target.number)
    elif owner_apostle != NEUTRAL and target.convert_owner in (NEUTRAL, owner_apostle):
        converts, apostle = people, owner_apostle
    target.population = min(CAP, target.population + people)
    if converts:
        target.converts = min(target.population, target.converts + converts)
        target.convert_owner = apostle
    if (
        target.converts
        and target.converts == target.population
        and target.owner != target.convert_owner
    ):
        # Starweb "Apostel": a world of converts only belongs to their apostle.
        target.owner = target.convert_owner
        turn.conquered.add(target.number)


def _build_all(turn: Turn) -> None:
    state = turn.state
    emigrants: list[_Emigrants] = []
    owners = {w.number: w.owner for w in state.worlds}
    for player, order in turn.all_orders(Build, Emigrate):
        assert isinstance(order, Build | Emigrate)
        if not 1 <= order.world <= len(state.worlds) or owners[order.world] != player:
            turn.remark(player, order, "not_your_world")
    for world in state.worlds:
        if world.owner != NEUTRAL:
            _build_world(turn, world, emigrants)
    for group in emigrants:
        _arrive(turn, group)


# ---------------------------------------------------------------------------- bombs


def _bombs(turn: Turn) -> None:
    state = turn.state
    dropping: dict[int, set[int]] = defaultdict(set)
    for player, order in turn.all_orders(DropBomb):
        assert isinstance(order, DropBomb)
        dropping[player].add(order.fleet)
    for player, order in turn.all_orders(BuildBomb):
        assert isinstance(order, BuildBomb)
        if not 1 <= order.fleet <= len(state.fleets) or state.fleet(order.fleet).owner != player:
            turn.remark(player, order, "not_your_fleet")
            continue
        fleet = state.fleet(order.fleet)
        # Starweb "Planetenbruch-Bombe": one bomb at a time; a key dropping its bomb this
        # turn may build the next one (the rulebook's 51 ships).
        if fleet.bomb and fleet.number not in dropping[player]:
            turn.remark(player, order, "has_bomb")
        elif fleet.ships <= BOMB_SHIPS or fleet.number in turn.bombs_built:
            turn.remark(player, order, "too_few_ships")
        else:
            _drop_ships(state, fleet, BOMB_SHIPS)
            fleet.bomb = True
            turn.bombs_built.add(fleet.number)


# ------------------------------------------------------------------------ artifacts


def _collector(state: StarwebState, player: int) -> bool:
    return _character(state, player) == Character.COLLECTOR


def _artifact_order(turn: Turn, player: int, order: AttachArtifact | DropArtifact) -> None:
    """Starweb "Kunstwerke": hook on own keys from own worlds, or onto a collector's
    key; only the collector moves artifacts key to key or takes foreign ones."""
    state = turn.state
    artifact = state.artifact(order.artifact)
    holder = state.fleet(artifact.fleet) if artifact.fleet else None
    if isinstance(order, DropArtifact):
        if holder is None or holder.owner != player:
            turn.remark(player, order, "not_your_artifact")
            return
        artifact.fleet, artifact.world = 0, holder.world
        return
    if not 1 <= order.fleet <= len(state.fleets):
        turn.remark(player, order, "no_fleet")
        return
    target = state.fleet(order.fleet)
    where = holder.world if holder is not None else artifact.world
    if where != target.world:
        turn.remark(player, order, "not_here")
        return
    controller = holder.owner if holder is not None else state.world(where).owner
    mine = controller == player
    if holder is None:
        allowed = (mine and (target.owner == player or _collector(state, target.owner))) or (
            _collector(state, player) and target.owner == player
        )
    else:
        allowed = (_collector(state, player) and target.owner == player) or (
            mine and _collector(state, target.owner)
        )
    if not allowed:
        turn.remark(player, order, "not_allowed")
        return
    artifact.fleet, artifact.world = target.number, 0


def _artifacts(turn: Turn) -> None:
    done: set[int] = set()
    for player, order in turn.all_orders(AttachArtifact, DropArtifact):
        assert isinstance(order, AttachArtifact | DropArtifact)
        if not 1 <= order.artifact <= len(turn.state.artifacts):
            turn.remark(player, order, "no_artifact")
        elif order.artifact in done:
            turn.remark(player, order, "one_order_per_artifact")
        else:
            done.add(order.artifact)
            _artifact_order(turn, player, order)


def transfer_and_build(turn: Turn) -> None:
    """Step 2 of Starweb "Die Bearbeitungsreihenfolge": transfer and building."""
    _scrap(turn)
    for player, order in turn.all_orders(Transfer):
        assert isinstance(order, Transfer)
        _transfer(turn, player, order)
    _build_all(turn)
    _bombs(turn)
    _artifacts(turn)
