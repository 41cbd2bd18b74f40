"""The orders of Spacewar (docs/orders-spacewar.md): what the grammar builds and the
step reads. The rulebook writes no order syntax; each order cites the rule it plays."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core import SHARED_ORDER_CLASSES, Order, OrderKinds, PlanetNamer
from engine.spacewar.board import TROOP_COST, UNITS
from engine.spacewar.texts import TEXTS, joined, unit_word

ORDER = TEXTS.section("order.")


@dataclass(frozen=True, kw_only=True)
class SpacewarOrder(Order):
    """An order of the game (as opposed to the shared message orders)."""

    setup_only: ClassVar[bool] = False
    """Given in the setup step (Aufstellung) only."""
    standing: ClassVar[bool] = False
    """A standing order: kept until changed, also in the setup step."""


@dataclass(frozen=True, kw_only=True)
class PlaceFleet(SpacewarOrder):
    """Spacewar "Der Spielaufbau": a fleet stone on one of the player's worlds."""

    kind: ClassVar[str] = "place"
    setup_only: ClassVar[bool] = True
    fleet: int
    world: str

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return ORDER.say(lang, "place", fleet=self.fleet, world=self.world)


@dataclass(frozen=True, kw_only=True)
class AssignShip(SpacewarOrder):
    """Spacewar "Der Spielaufbau": a transporter or scout joins a fleet (``fleet`` 0:
    a scout alone on ``world``)."""

    kind: ClassVar[str] = "assign"
    setup_only: ClassVar[bool] = True
    ship: str
    fleet: int = 0
    world: str = ""

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        if self.fleet:
            return ORDER.say(lang, "assign", ship=self.ship, fleet=self.fleet)
        return ORDER.say(lang, "assign_alone", ship=self.ship, world=self.world)


@dataclass(frozen=True, kw_only=True)
class Load(SpacewarOrder):
    """Spacewar §4 ¶1-2: troops (by value), the base, or Jäger into a fleet's
    transporters; ``unload`` the other way (decision 28)."""

    kind: ClassVar[str] = "load"
    fleet: int
    what: str
    """``troops``, ``base`` or ``jaeger``."""
    values: tuple[int, ...] = ()
    count: int = 0
    unload: bool = False

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        key = ("unload_" if self.unload else "load_") + self.what
        return ORDER.say(lang, key, fleet=self.fleet, values=joined(self.values), count=self.count)


@dataclass(frozen=True, kw_only=True)
class Transfer(SpacewarOrder):
    """Decision 28: ships change fleets in the same field (``to`` 0: a new fleet)."""

    kind: ClassVar[str] = "transfer"
    fleet: int
    ships: tuple[str, ...]
    to: int = 0

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        if self.to:
            return ORDER.say(
                lang, "transfer", fleet=self.fleet, ships=joined(self.ships), to=self.to
            )
        return ORDER.say(lang, "split", fleet=self.fleet, ships=joined(self.ships))


WORLD_GROUP = "world"
"""A jump's group when the order named worlds only (``Flotte 3 nach W8``): the mover's
own row or the enemy's, as the first target lies."""


@dataclass(frozen=True, kw_only=True)
class Jump(SpacewarOrder):
    """Spacewar §4: a hyperspace jump to a group, with the targets preferred."""

    kind: ClassVar[str] = "jump"
    fleet: int
    group: str
    """``own``, ``enemy``, ``space`` or :data:`WORLD_GROUP`."""
    targets: tuple[str, ...] = ()

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        group = TEXTS.say(lang, f"group.{self.group}")
        targets = joined(self.targets) or "-"
        return ORDER.say(lang, "jump", fleet=self.fleet, group=group, targets=targets)


@dataclass(frozen=True, kw_only=True)
class Attack(SpacewarOrder):
    """Spacewar §5 ¶1: attack in a field or not (``*``: everywhere); ``scout``: only
    after a successful scout there (decision 22)."""

    kind: ClassVar[str] = "attack"
    standing: ClassVar[bool] = True
    field: str
    mode: str
    """``yes``, ``no`` or ``scout``."""

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        where = self.field if self.field != "*" else TEXTS.say(lang, "everywhere")
        return ORDER.say(lang, f"attack_{self.mode}", field=where)


@dataclass(frozen=True, kw_only=True)
class Stance(SpacewarOrder):
    """The battle stance of a unit type (the one-axis battle, docs/rules-spacewar.md)."""

    kind: ClassVar[str] = "stance"
    standing: ClassVar[bool] = True
    unit: str
    stance: str

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return ORDER.say(
            lang,
            "stance",
            unit=unit_word(lang, self.unit),
            stance=TEXTS.say(lang, f"stance.{self.stance}"),
        )


@dataclass(frozen=True, kw_only=True)
class Targets(SpacewarOrder):
    """Spacewar §5.3: which enemy types to fire at first."""

    kind: ClassVar[str] = "targets"
    standing: ClassVar[bool] = True
    units: tuple[str, ...]

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return ORDER.say(lang, "targets", units=joined(unit_word(lang, u) for u in self.units))


@dataclass(frozen=True, kw_only=True)
class Split(SpacewarOrder):
    """Spacewar §5.3: a Kreuzer, Schlachtträger or the Basis splits one weapon's fire into
    groups, each aimed on its own (``ship`` an id such as ``KR1``, or a type for all of
    them; ``weapon`` ``L`` or ``R``)."""

    kind: ClassVar[str] = "split"
    standing: ClassVar[bool] = True
    ship: str
    weapon: str
    groups: tuple[int, ...]

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        weapon = TEXTS.say(lang, f"weapon.{self.weapon}")
        groups = "+".join(str(g) for g in self.groups)
        return ORDER.say(lang, "split_fire", ship=self.ship, weapon=weapon, groups=groups)


@dataclass(frozen=True, kw_only=True)
class DoubleShot(SpacewarOrder):
    """Spacewar §5.4: Jäger fire both missiles at once (or one a round)."""

    kind: ClassVar[str] = "double_shot"
    standing: ClassVar[bool] = True
    on: bool = True

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return ORDER.say(lang, "double_shot_on" if self.on else "double_shot_off")


@dataclass(frozen=True, kw_only=True)
class EmergencyJump(SpacewarOrder):
    """Spacewar §5.5: when a fleet leaves a battle: after round ``value``, at a loss of
    ``value`` per cent, each ship alone (4+) after round ``value``, or never."""

    kind: ClassVar[str] = "emergency"
    standing: ClassVar[bool] = True
    fleet: int
    rule: str
    value: int = 0

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return ORDER.say(lang, f"emergency_{self.rule}", fleet=self.fleet, value=self.value)


@dataclass(frozen=True, kw_only=True)
class Lineup(SpacewarOrder):
    """Spacewar §6: the defender's stones from left to right, by value."""

    kind: ClassVar[str] = "lineup"
    standing: ClassVar[bool] = True
    world: str
    values: tuple[int, ...]
    weakest: bool = False
    """``schwach zuerst``: the weakest stones on the left."""

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        if self.weakest:
            return ORDER.say(lang, "lineup_weak", world=self.world)
        return ORDER.say(lang, "lineup", world=self.world, values=joined(self.values))


@dataclass(frozen=True, kw_only=True)
class Assignment(SpacewarOrder):
    """Spacewar §6: the order in which the attacker's stones fill the rows."""

    kind: ClassVar[str] = "assignment"
    standing: ClassVar[bool] = True
    fleet: int
    values: tuple[int, ...]

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return ORDER.say(lang, "assignment", fleet=self.fleet, values=joined(self.values))


@dataclass(frozen=True, kw_only=True)
class GroundRetreat(SpacewarOrder):
    """Spacewar §6: retreat from a ground fight when ``value`` stones are left
    (``stones``) or after round ``value`` (``round``); ``where`` is a world (defending)
    or ``F<n>`` (attacking)."""

    kind: ClassVar[str] = "ground_retreat"
    standing: ClassVar[bool] = True
    where: str
    rule: str
    value: int

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return ORDER.say(lang, f"ground_retreat_{self.rule}", where=self.where, value=self.value)


@dataclass(frozen=True, kw_only=True)
class Buy(SpacewarOrder):
    """Spacewar §7: buy ``count`` units at a world. Ships join ``fleet`` (0: a new
    fleet); Jäger go to the carrier ``carrier`` there (``BA``: the base)."""

    kind: ClassVar[str] = "buy"
    count: int
    unit: str
    world: str
    fleet: int = 0
    carrier: str = ""

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        key = "buy"
        if self.unit in ("ST", "KR", "TR", "SC"):
            key = "buy_fleet" if self.fleet else "buy_new"
        elif self.unit == "JG":
            key = "buy_jaeger"
        return ORDER.say(
            lang,
            key,
            count=self.count,
            unit=unit_word(lang, self.unit, self.count),
            world=self.world,
            fleet=self.fleet,
            carrier=self.carrier,
        )

    @property
    def cost(self) -> int:
        """What the line costs in PE (Spacewar §11.2)."""
        return self.count * (TROOP_COST if self.unit == "TT" else UNITS[self.unit].cost)


@dataclass(frozen=True, kw_only=True)
class BuyFleet(SpacewarOrder):
    """Spacewar §7: a new fleet bought at a world, several ship types at once
    (``Kaufe neue Flotte W1: 1 Schlachtträger, 2 Kreuzer``); ``ships`` holds one type code
    per ship. Refused whole when the PE or the fleet limit cannot cover it."""

    kind: ClassVar[str] = "buy_fleet"
    world: str
    ships: tuple[str, ...]

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        counts = {code: self.ships.count(code) for code in dict.fromkeys(self.ships)}
        what = joined(f"{n} {unit_word(lang, code, n)}" for code, n in counts.items())
        return ORDER.say(lang, "buy_fleet_new", world=self.world, ships=what)

    @property
    def cost(self) -> int:
        """What the new fleet costs in PE (Spacewar §11.2)."""
        return sum(UNITS[code].cost for code in self.ships)


ORDER_CLASSES: tuple[type[Order], ...] = (
    PlaceFleet,
    AssignShip,
    Load,
    Transfer,
    Jump,
    Attack,
    Stance,
    Targets,
    Split,
    DoubleShot,
    EmergencyJump,
    Lineup,
    Assignment,
    GroundRetreat,
    Buy,
    BuyFleet,
)
ORDER_KINDS = OrderKinds((*ORDER_CLASSES, *SHARED_ORDER_CLASSES))
"""The JSON round trip of every order a Spacewar seat may send."""
