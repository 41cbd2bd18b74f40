"""Starweb "Feuern": fire of keys and home fleets, conditional fire, simultaneous damage.

All shots are counted from the position before fire (after transfers and building) and
then applied together: a key destroyed this turn still fires (docs/rules-starweb.md,
"Feuern: gleichzeitig"). Conditional fire is decided first, repeatedly,
until no further conditional order is triggered (a triggered one is an attack too).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import NEUTRAL
from engine.starweb import bombs
from engine.starweb.context import Turn
from engine.starweb.forces import (
    change_owner,
    damage,
    depopulate,
    empty_key,
    fleet_shots,
    half_up,
    in_range,
    is_character,
    kill_people,
)
from engine.starweb.orders import (
    AT_CONVERTS,
    AT_FLEET,
    AT_HOME_FLEETS,
    AT_INDUSTRY,
    AT_POPULATION,
    FLEET,
    I_SHIPS,
    DropBomb,
    Fire,
    Move,
)
from engine.starweb.state import Character, StarwebState, World

Attack = tuple[int, int, int, int]
"""(world, victim player, attacking player, attacking key; 0 for home fleets)."""


@dataclass
class Volley:
    """The shots of one key or one group of home fleets at one target."""

    player: int
    world: int
    source: str
    number: int
    """The key's number, or the world's for I- and P-ships."""
    target: str
    target_fleet: int
    shots: int
    conditional: bool
    order: Fire | None
    """None: the conditional fire of a player who missed the turn (NMR)."""

    @property
    def code(self) -> str:
        """The target as the printout writes it (``AF189``, ``AI``, ``CF8``)."""
        target = f"F{self.target_fleet}" if self.target == AT_FLEET else self.target
        return ("C" if self.conditional else "A") + target

    @property
    def key(self) -> int:
        """The firing key (0: home fleets)."""
        return self.number if self.source == FLEET else 0


def fire(turn: Turn) -> None:
    """Carry out this turn's fire orders (Starweb "Feuern", "Bedingte Feuerbefehle").

    Robot attacks form their robots first (they can be shot: Starweb "Roboter").
    """
    bombs.form_robots(turn)
    volleys: list[Volley] = []
    waiting: list[Volley] = []
    for player, order in turn.all_orders(Fire):
        assert isinstance(order, Fire)
        volley = _volley(turn, player, order)
        if volley is not None:
            (waiting if order.conditional else volleys).append(volley)
    attacks = _first_attacks(turn, volleys)
    waiting += _nmr_guards(turn)
    _trigger(turn, volleys, waiting, attacks)
    for volley in waiting:
        if volley.order is not None:
            turn.remark(volley.player, volley.order, "not_attacked")
        else:
            turn.flag_fleet(volley.number, "conditional:C")
    _apply(turn, volleys)


def _volley(turn: Turn, player: int, order: Fire) -> Volley | None:
    """The order's volley, or None with a remark when it cannot be fired."""
    state = turn.state
    if not in_range(state, order):
        turn.remark(player, order, "no_such_number")
        return None
    if order.source == FLEET:
        fleet = state.fleet(order.number)
        problem = _key_problem(turn, player, order)
        world, shots = fleet.world, fleet_shots(fleet)
        if problem is None and order.target == AT_CONVERTS:
            problem = "bad_target"
    else:
        home = state.world(order.number)
        ships = home.i_ships if order.source == I_SHIPS else home.p_ships
        world, shots = home.number, half_up(ships)
        problem = "not_your_world" if home.owner != player else None
        if problem is None and order.target not in (AT_FLEET, AT_CONVERTS):
            problem = "bad_target"
    if problem is None and order.target == AT_FLEET and not _was_here(turn, order, world):
        problem = "target_not_here"
    if problem is None and shots == 0:
        problem = "no_shots"
    if problem is not None:
        turn.remark(player, order, problem)
        return None
    return Volley(
        player,
        world,
        order.source,
        order.number,
        order.target,
        order.target_fleet,
        shots,
        order.conditional,
        order,
    )


def _key_problem(turn: Turn, player: int, order: Fire) -> str | None:
    """Why key ``order.number`` cannot fire (a key that moves does not fire)."""
    fleet = turn.state.fleet(order.number)
    if fleet.owner != player:
        return "not_your_fleet"
    if fleet.ships == 0:
        return "empty_key"
    if fleeing(turn, fleet.number):
        return "moves"
    return None


def _was_here(turn: Turn, order: Fire, world: int) -> bool:
    """The target key was on ``world`` at the start of the turn and still is."""
    number = order.target_fleet
    return turn.start.fleet(number).world == world and turn.state.fleet(number).world == world


def fleeing(turn: Turn, fleet: int) -> bool:
    """The key's owner ordered it to move: it flees and takes half the hits ("Feuern")."""
    owner = turn.state.fleet(fleet).owner
    return any(isinstance(o, Move) and o.fleet == fleet for o in turn.orders_of(owner, Move))


def _victims(state: StarwebState, volley: Volley) -> set[int]:
    """The players a volley attacks (the firer himself is never attacked)."""
    world = state.world(volley.world)
    if volley.target == AT_FLEET:
        victims = {state.fleet(volley.target_fleet).owner}
    elif volley.target == AT_CONVERTS:
        victims = {world.convert_owner}
    elif volley.target == AT_POPULATION:
        victims = {world.owner, world.convert_owner}
    else:
        victims = {world.owner}
    return victims - {NEUTRAL, volley.player}


def _attacks_of(state: StarwebState, volley: Volley) -> set[Attack]:
    return {(volley.world, v, volley.player, volley.key) for v in _victims(state, volley)}


def _first_attacks(turn: Turn, volleys: list[Volley]) -> set[Attack]:
    """Attacks known before conditional fire: fire, robot attacks, planet-busters."""
    state = turn.state
    attacks: set[Attack] = set()
    for volley in volleys:
        attacks |= _attacks_of(state, volley)
    dropping = [
        o.fleet
        for _p, o in turn.all_orders(DropBomb)
        if isinstance(o, DropBomb) and in_range(state, o)
    ]
    for number in sorted(turn.robots) + dropping:
        fleet = state.fleet(number)
        world = state.world(fleet.world)
        for victim in {world.owner, world.convert_owner} - {NEUTRAL, fleet.owner}:
            attacks.add((world.number, victim, fleet.owner, number))
    return attacks


def _nmr_guards(turn: Turn) -> list[Volley]:
    """Starweb "Feuern": the keys of a player who missed the turn fire conditionally at
    whoever attacks them (Options.nmr_conditional_fire; target decided on trigger)."""
    if not turn.state.options.nmr_conditional_fire:
        return []
    return [
        Volley(f.owner, f.world, FLEET, f.number, AT_FLEET, 0, fleet_shots(f), True, None)
        for f in turn.state.fleets
        if f.owner in turn.nmr and fleet_shots(f) > 0
    ]


def _trigger(
    turn: Turn, volleys: list[Volley], waiting: list[Volley], attacks: set[Attack]
) -> None:
    """Move triggered conditional volleys from ``waiting`` to ``volleys`` until none is
    left to trigger (an ambush never triggers: ambush comes later, in movement)."""
    changed = True
    while changed:
        changed = False
        for volley in list(waiting):
            if _triggered(turn, volley, attacks):
                waiting.remove(volley)
                volleys.append(volley)
                attacks |= _attacks_of(turn.state, volley)
                changed = True


def _triggered(turn: Turn, volley: Volley, attacks: set[Attack]) -> bool:
    """Was the volley's player attacked on its world by what it names?

    ``CFm``: by key m; ``CI``/``CP``/``CH``: by the world's owner; ``CC``: by the
    converts' apostle; NMR: by any key, the lowest-numbered one becomes the target.
    """
    state = turn.state
    mine = [a for a in attacks if a[0] == volley.world and a[1] == volley.player]
    if volley.order is None:
        keys = sorted(a[3] for a in mine if a[3] and state.fleet(a[3]).world == volley.world)
        if not keys:
            return False
        volley.target_fleet = keys[0]
        turn.flag_fleet(volley.number, f"conditional:{volley.code}")
        return True
    if volley.target == AT_FLEET:
        return any(a[3] == volley.target_fleet for a in mine)
    world = state.world(volley.world)
    by = world.convert_owner if volley.target == AT_CONVERTS else world.owner
    return by != NEUTRAL and any(a[2] == by for a in mine)


def _apply(turn: Turn, volleys: list[Volley]) -> None:
    """Count and flag every volley, then apply the damage target by target."""
    state = turn.state
    for volley in volleys:
        jihad = state.player(volley.player).jihad
        if not (
            is_character(state, volley.player, Character.APOSTLE)
            and jihad
            and jihad in _victims(state, volley)
        ):
            turn.shots_by[volley.player] += volley.shots
        if volley.source == FLEET:
            turn.fired.add(volley.number)
            turn.flag_fleet(volley.number, f"fire:{volley.code}")
        else:
            group = "i_fire" if volley.source == I_SHIPS else "p_fire"
            turn.flag_world(volley.world, f"{group}:{volley.code}")
    at_keys = sorted({v.target_fleet for v in volleys if v.target == AT_FLEET})
    for number in at_keys:
        _hit_key(turn, number, [v for v in volleys if v.target_fleet == number])
    for world in sorted({v.world for v in volleys}):
        here = [v for v in volleys if v.world == world]
        home = state.world(world)
        _hit_industry(home, [v for v in here if v.target == AT_INDUSTRY])
        _hit_population(turn, home, [v for v in here if v.target == AT_POPULATION])
        _hit_converts(turn, home, [v for v in here if v.target == AT_CONVERTS])
        _hit_home_fleets(turn, home, [v for v in here if v.target == AT_HOME_FLEETS])


def _hit_key(turn: Turn, number: int, volleys: list[Volley]) -> None:
    """Hits on a key: robots of its robot attack first, then ships; half if it flees.

    Starweb "Berserker": destroying a whole fleet gives each berserker who fired at it
    two points per ship.
    """
    fleet = turn.state.fleet(number)
    hits = sum(v.shots for v in volleys)
    if fleeing(turn, number):
        hits //= 2
    robots = turn.robots.get(number, 0)
    if robots:
        turn.robots[number] = robots - min(robots, hits)
        hits -= min(robots, hits)
    before = fleet.ships
    if before == 0:
        return
    damage(turn.state, fleet, hits)
    if fleet.ships == 0:
        empty_key(fleet)
        for player in sorted({v.player for v in volleys}):
            if is_character(turn.state, player, Character.BERSERKER):
                turn.scored[player] += 2 * before


def _hit_industry(world: World, volleys: list[Volley]) -> None:
    """``AI``: all I-ships first, then two hits per industry."""
    hits = sum(v.shots for v in volleys)
    dead = min(world.i_ships, hits // 2)
    world.i_ships -= dead
    if world.i_ships == 0:
        world.industry -= min(world.industry, (hits - 2 * dead) // 2)


def _hit_population(turn: Turn, world: World, volleys: list[Volley]) -> None:
    """``AP``: all P-ships first, then two hits per population (or robot).

    Hits are pooled; the dead are put down to the firers in order (for scoring).
    """
    carry = 0
    for volley in volleys:
        hits = volley.shots + carry
        dead = min(world.p_ships, hits // 2)
        world.p_ships -= dead
        hits -= 2 * dead
        if world.p_ships == 0 and world.robots:
            dead = min(world.robots, hits // 2)
            world.robots -= dead
            hits -= 2 * dead
        elif world.p_ships == 0:
            hits -= 2 * kill_people(turn, world, volley.player, hits // 2)
        carry = hits
    if volleys:
        depopulate(turn, world)


def _hit_converts(turn: Turn, world: World, volleys: list[Volley]) -> None:
    """``IAC``/``PAC``: one shot of the home fleets kills one convert."""
    for volley in volleys:
        dead = min(world.converts, volley.shots)
        if dead == 0:
            continue
        apostle = world.convert_owner
        world.converts -= dead
        world.population -= dead
        turn.killed[(volley.player, apostle)] += dead
        turn.killed_converts[(volley.player, apostle)] += dead
        note = turn.world_note(world.number)
        note.dead += dead
        note.dead_converts += dead
        if world.converts == 0:
            world.convert_owner = NEUTRAL
    if volleys:
        depopulate(turn, world)


def _hit_home_fleets(turn: Turn, world: World, volleys: list[Volley]) -> None:
    """``AH``: I-ships, then P-ships; two shots beyond that make the world neutral."""
    hits = sum(v.shots for v in volleys)
    dead = min(world.i_ships, hits // 2)
    world.i_ships -= dead
    hits -= 2 * dead
    if world.i_ships:
        return
    dead = min(world.p_ships, hits // 2)
    world.p_ships -= dead
    hits -= 2 * dead
    if world.p_ships == 0 and hits >= 2 and world.owner != NEUTRAL:
        change_owner(turn, world, NEUTRAL, "neutralised")
