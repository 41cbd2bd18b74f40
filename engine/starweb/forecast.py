"""What each Starweb order will do in the seat's position, or why it will not.

The acknowledgement forecasts a seat's whole order list at once, in the order the turn
carries it out (Starweb "Die Bearbeitungsreihenfolge", :data:`engine.starweb.turn.PHASES`):
unloading (1), scrapping, transfers, building world by world and planet-busters (2),
loading (3), probes, robots, movement. Orders that draw on one stock are told apart: two
transfers from one key that want more ships than it has, a move of a key whose ships
were transferred away, two builds that spend one world's industry, two unloads of one
cargo. The warnings are those of :mod:`engine.starweb.warnings`, asked of a copy of the
position that the orders before have changed.

Only what the seat's printout shows goes in: his keys and worlds with their ships, cargo,
industry and metal, the gates of the worlds he has seen. What others do in the same turn
(fire, ambush, gifts) is not known and not guessed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.core import Order, Outlook
from engine.starweb.cargo import cargo_per_ship
from engine.starweb.forces import half_up
from engine.starweb.orders import (
    BUILD_FLEET,
    BUILD_INDUSTRY,
    BUILD_LIMIT,
    BUILD_ROBOTS,
    FLEET,
    I_SHIPS,
    JETTISON,
    LOAD,
    UNLOAD,
    AttachArtifact,
    Build,
    BuildBomb,
    Cargo,
    DropArtifact,
    DropBomb,
    Emigrate,
    Fire,
    Gift,
    Move,
    Plunder,
    Probe,
    RobotAttack,
    Scrap,
    StarwebOrder,
    Transfer,
)
from engine.starweb.ships import fleet_shots, industry_cost, scrap_cost, usable_industry
from engine.starweb.state import CAP, Character, StarwebState, World, copy_state
from engine.starweb.texts import TEXTS
from engine.starweb.warnings import BOMB_SHIPS, Checks

WORDS = TEXTS.section("forecast.")
"""The forecasts' words."""

_STEPS: tuple[tuple[type[StarwebOrder], ...], ...] = (
    (Cargo,),  # 1 unloading and jettison
    (Scrap,),  # 2 ... scrapping first,
    (Transfer,),
    (Build, Emigrate),
    (BuildBomb,),
    (AttachArtifact, DropArtifact),
    (),  # 3 loading: a Cargo order that loads (LOADING)
    (Probe,),
    (RobotAttack,),  # robots are formed before fire
    (Fire,),
    (Move,),
    (DropBomb,),
    (Gift,),
    (Plunder,),
)
"""The orders that change stocks in the order the turn carries them out
(:data:`engine.starweb.turn.PHASES`)."""

LOADING = _STEPS.index(()) + 1


def phase(order: Order) -> int:
    """When the turn carries out ``order``: 1, 2 … as in :data:`_STEPS`, 0 for the orders
    that only change standing (they come first)."""
    if isinstance(order, Cargo) and order.action == LOAD:
        return LOADING
    return next((n for n, kinds in enumerate(_STEPS, 1) if isinstance(order, kinds)), 0)


def outlook(state: StarwebState, seat: int, orders: Sequence[Order], lang: str) -> list[Outlook]:
    """One :class:`Outlook` per order of ``seat``'s list, as things stand in ``state``
    (orders of the host, such as articles, get an empty one)."""
    if seat not in {p.number for p in state.players}:
        return [Outlook() for _ in orders]
    return _Turn(state, seat, lang).run(orders)


Say = Callable[..., str]


class _Turn:
    """The seat's side of the coming turn, on a copy of the position."""

    def __init__(self, state: StarwebState, seat: int, lang: str) -> None:
        self.start = state
        self.state = copy_state(state)
        self.seat, self.lang = seat, lang
        self.next_turn = state.turn + 1
        self.checks = Checks(self.state, seat, self.warn, lang)
        self.capacity: dict[int, int] = {}
        """Per world: the industry it has left to build with (Starweb "Bauen")."""
        self.emigrated: set[int] = set()
        self.unloaded_keys: set[int] = set()
        self.unloaded_metal: dict[int, int] = {}

    def warn(self, key: str, **params: object) -> str:
        return TEXTS.say(self.lang, f"warnings.{key}", **params)

    def say(self, key: str, **params: object) -> str:
        return WORDS.say(self.lang, key, **params)

    def run(self, orders: Sequence[Order]) -> list[Outlook]:
        found = [Outlook() for _ in orders]
        for i in sorted(range(len(orders)), key=lambda i: phase(orders[i])):
            order = orders[i]
            if not isinstance(order, StarwebOrder):
                continue
            warnings = list(self.checks.of(order))
            forecast, more = self.carry_out(order, warnings)
            found[i] = Outlook(forecast, warnings + more)
        return found

    def carry_out(self, order: StarwebOrder, warnings: list[str]) -> tuple[str | None, list[str]]:
        """Apply what the turn would do of ``order`` to the copy; its forecast and any
        further warnings. Orders the checks refused (``warnings``) change nothing."""
        match order:
            case Transfer():
                return self.transfer(order), []
            case Scrap():
                return self.scrap(order), []
            case Build() | Emigrate():
                return self.build(order)
            case BuildBomb():
                return self.bomb(order, warnings), []
            case Cargo():
                return self.cargo(order)
            case Probe():
                return self.probe(order), []
            case RobotAttack():
                return self.robots(order), []
            case Fire():
                return self.fire(order, warnings)
            case Move():
                return self.move(order, warnings), []
            case DropBomb():
                return self.drop_bomb(order, warnings)
        return None, []

    # ---------------------------------------------------------------- the stocks

    def own_key(self, number: int) -> bool:
        return 1 <= number <= len(self.state.fleets) and self.state.fleet(number).owner == self.seat

    def own_world(self, number: int) -> bool:
        return 1 <= number <= len(self.state.worlds) and self.state.world(number).owner == self.seat

    def stock(self, source: str, number: int) -> int:
        if source == FLEET:
            return self.state.fleet(number).ships
        world = self.state.world(number)
        return world.i_ships if source == I_SHIPS else world.p_ships

    def put(self, source: str, number: int, ships: int) -> None:
        """Set the ships of a key (its cargo what they can hold) or of a world's I or P."""
        if source == FLEET:
            key = self.state.fleet(number)
            key.ships = ships
            key.cargo = min(key.cargo, ships * cargo_per_ship(self.state, key.owner))
        elif source == I_SHIPS:
            self.state.world(number).i_ships = ships
        else:
            self.state.world(number).p_ships = ships
        self.checks.taken.add((source, number))

    def take(self, source: str, number: int, ships: int) -> str:
        """Take ``ships`` from a stock: ``F12: 10 → 7``."""
        before = self.stock(source, number)
        self.put(source, number, before - ships)
        return self.say(
            "stock", stock=self.label(source, number), before=before, after=before - ships
        )

    def label(self, source: str, number: int) -> str:
        return f"F{number}" if source == FLEET else f"W{number} {source}"

    # ---------------------------------------------------------------- the orders

    # Starweb "Schiffe": what the source has goes, onto a key at the same world.
    def transfer(self, o: Transfer) -> str | None:
        own = self.own_key(o.number) if o.source == FLEET else self.own_world(o.number)
        if not own:
            return None
        here = self.state.fleet(o.number).world if o.source == FLEET else o.number
        if o.target == FLEET:
            if not 1 <= o.target_fleet <= len(self.state.fleets):
                return None
            target = self.state.fleet(o.target_fleet)
            if target.world != here or (o.source, o.number) == (FLEET, o.target_fleet):
                return None
        elif o.target == o.source:
            return None
        moved = min(o.quantity, self.stock(o.source, o.number))
        said = self.take(o.source, o.number, moved)
        if o.target == FLEET:
            self.state.fleet(o.target_fleet).ships += moved
        else:
            self.put(o.target, here, self.stock(o.target, here) + moved)
        return said if moved == o.quantity else self.say("moved", n=moved, stock=said)

    # Starweb "Schiffe": six I-ships (the Reichsgründer's four) make one industry.
    def scrap(self, o: Scrap) -> str | None:
        if not self.own_world(o.world):
            return None
        world = self.state.world(o.world)
        cost = scrap_cost(self.state, self.seat)
        done = min(o.quantity, world.i_ships // cost, CAP - world.industry)
        if done <= 0:
            return None
        said = self.take(I_SHIPS, o.world, done * cost)
        world.industry += done
        return said if done == o.quantity else self.say("scrapped", n=done, stock=said)

    def left(self, world: World) -> int:
        """The industry ``world`` has left to build with this turn (its printout's
        ``Industrie=30/25``, less what the orders before spent; metal unloaded this turn
        does not build)."""
        if world.number not in self.capacity:
            people = world.population if world.population else world.robots
            metal = world.metal - self.unloaded_metal.get(world.number, 0)
            usable = usable_industry(self.state, world)
            self.capacity[world.number] = max(0, min(usable, people, metal))
        return self.capacity[world.number]

    # Starweb "Bauen": one industry, one metal and one person per unit, world by world in
    # the order written; emigration once a turn.
    def build(self, o: Build | Emigrate) -> tuple[str | None, list[str]]:
        if not self.own_world(o.world):
            return None, []
        world = self.state.world(o.world)
        if world.recovery > 0:
            return None, [self.warn("recovering", w=o.world)]
        before = self.left(world)
        if isinstance(o, Emigrate):
            if o.world in self.emigrated:
                return None, [self.warn("emigration_once", w=o.world)]
            people = world.converts if o.converts else (world.population or world.robots)
            done = units = min(o.quantity, before, people)
            self.emigrated.add(o.world)
        else:
            done, units = self.built(o, world, before)
        self.capacity[o.world] = before - units
        cut = [] if done >= o.quantity else [self.warn("capacity", n=done, q=o.quantity)]
        if done <= 0:
            return None, cut
        said = self.say("industry", w=o.world, before=before, after=before - units)
        return (self.say("built", n=done, stock=said) if cut else said), cut

    def built(self, o: Build, world: World, units: int) -> tuple[int, int]:
        """How many of ``o`` are built with ``units`` of industry, and the units spent."""
        if o.what in (BUILD_INDUSTRY, BUILD_LIMIT):
            cost = industry_cost(self.state, self.seat)
            current = world.industry if o.what == BUILD_INDUSTRY else world.limit
            done = min(o.quantity, units // cost, CAP - current)
            return done, done * cost
        if o.what == BUILD_ROBOTS:
            berserker = self.state.player(self.seat).character == Character.BERSERKER
            if not berserker or world.robots == 0 or world.population > 0:
                return 0, 0
            done = min(o.quantity, units, (CAP - world.robots + 1) // 2)
            return done, done
        if o.what == BUILD_FLEET:
            fleets = self.state.fleets
            if not 1 <= o.fleet <= len(fleets) or fleets[o.fleet - 1].world != o.world:
                return 0, 0
            key = self.state.fleet(o.fleet)
            done = min(o.quantity, units, CAP - key.ships)
            key.ships += done
            return done, done
        # BUILD_I and BUILD_P are the world's stocks I and P.
        done = min(o.quantity, units, CAP - self.stock(o.what, o.world))
        self.put(o.what, o.world, self.stock(o.what, o.world) + done)
        return done, done

    # Starweb "Planetenbruch-Bombe": 25 ships become the bomb.
    def bomb(self, o: BuildBomb, warnings: list[str]) -> str | None:
        if warnings:
            return None
        self.state.fleet(o.fleet).bomb = True
        return self.take(FLEET, o.fleet, BOMB_SHIPS)

    # Starweb "Fracht": unloading (step 1) before loading (step 3); a key that unloaded
    # does not load; it loads what the world has and its ships hold.
    def cargo(self, o: Cargo) -> tuple[str | None, list[str]]:
        if not self.own_key(o.fleet):
            return None, []
        key = self.state.fleet(o.fleet)
        before = key.cargo
        if o.action != LOAD:
            amount = before if o.quantity is None else min(o.quantity, before)
            short = o.quantity is not None and 0 < before < o.quantity
            more = [self.warn("cargo_left", n=o.fleet, have=before)] if short else []
            key.cargo -= amount
            if o.action != JETTISON:
                self.unloaded_keys.add(o.fleet)
            if o.action == UNLOAD:
                world = self.state.world(key.world)
                world.metal = min(CAP, world.metal + amount)
                self.unloaded_metal[world.number] = (
                    self.unloaded_metal.get(world.number, 0) + amount
                )
            return self.cargo_said(o, amount, before), more
        if o.fleet in self.unloaded_keys:
            return None, [self.warn("unloaded_this_turn", n=o.fleet)]
        world = self.state.world(key.world)
        if world.owner != self.seat:
            return None, []  # what another's world has left after its owner loads is his
        room = key.ships * cargo_per_ship(self.state, self.seat) - before
        amount = max(0, min(room if o.quantity is None else o.quantity, room, world.metal))
        key.cargo += amount
        world.metal -= amount
        short = o.quantity is not None and amount < o.quantity
        more = [self.warn("load_short", n=amount, q=o.quantity)] if short else []
        return self.cargo_said(o, amount, before), more

    def cargo_said(self, o: Cargo, amount: int, before: int) -> str | None:
        if amount <= 0:
            return None
        after = self.state.fleet(o.fleet).cargo
        return self.say("cargo", stock=f"F{o.fleet}", before=before, after=after)

    # Starweb "Sondierung": one ship of the source flies and is lost.
    def probe(self, o: Probe) -> str | None:
        own = self.own_key(o.number) if o.source == FLEET else self.own_world(o.number)
        if not own or self.stock(o.source, o.number) < 1:
            return None
        return self.take(o.source, o.number, 1)

    # Starweb "Roboter": at least one ship stays on the key.
    def robots(self, o: RobotAttack) -> str | None:
        berserker = self.state.player(self.seat).character == Character.BERSERKER
        if not berserker or not self.own_key(o.fleet) or self.stock(FLEET, o.fleet) < 2:
            return None
        used = min(o.quantity, self.stock(FLEET, o.fleet) - 1)
        return self.say("robots", n=2 * used, stock=self.take(FLEET, o.fleet, used))

    # Starweb "Feuern": a key fires one shot a ship (none from a merchant's ship carrying
    # two metal), a world's I- or P-ships one for every two ships, rounded up.
    def fire(self, o: Fire, warnings: list[str]) -> tuple[str | None, list[str]]:
        if warnings:
            return None, []
        if o.source == FLEET:
            shots = fleet_shots(self.state.fleet(o.number))
        else:
            shots = half_up(self.stock(o.source, o.number))
        if shots == 0:
            return None, [self.warn("no_shots", stock=self.label(o.source, o.number))]
        return self.say("shots", n=shots), []

    # Starweb "Planetenbruch-Bombe": a bomb built this turn cannot fall this turn.
    def drop_bomb(self, o: DropBomb, warnings: list[str]) -> tuple[str | None, list[str]]:
        if warnings:
            return None, []
        if not self.start.fleet(o.fleet).bomb:
            return None, [self.warn("bomb_new", n=o.fleet)]
        return self.say("bomb", w=self.state.fleet(o.fleet).world), []

    # Starweb "Bewegung": the key goes the whole way in this turn, unless stopped.
    def move(self, o: Move, warnings: list[str]) -> str | None:
        if warnings or not self.own_key(o.fleet):
            return None
        key = self.state.fleet(o.fleet)
        key.world = o.path[-1]
        return self.say("move", ships=key.ships, w=key.world, turn=self.next_turn)
