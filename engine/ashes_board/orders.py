"""The board game's orders (docs/orders-ashes-board.md): what the turn reads.

The board game has no written orders (counters lie face down, fleets are pushed); these
reuse the postal game's forms where they fit (B G4.2, G.4.4; decision list in
docs/rules-ashes-board.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.ashes_board.texts import ORDERS, WORDS
from engine.core import SHARED_ORDER_CLASSES, Order, OrderKinds, PlanetNamer


def _name(number: int, planet_name: PlanetNamer | None) -> str:
    return planet_name(number) if planet_name else str(number)


def _between(
    lang: str,
    key: str,
    source: int,
    target: int,
    planet_name: PlanetNamer | None,
    counts: dict[str, int],
) -> str:
    """The words of an order that carries ``counts`` from ``source`` to ``target`` (a
    flight or a freight: both name their two planets alike)."""
    return ORDERS.say(
        lang, key, source=_name(source, planet_name), target=_name(target, planet_name), **counts
    )


@dataclass(frozen=True, kw_only=True)
class Item:
    """One item of a building order: ``count`` units of ``what`` (``fighter``,
    ``transporter``, ``troops``; extension: ``factory`` or ``hangar`` of ``type``)."""

    what: str
    count: int
    type: str = ""

    def describe(self, lang: str) -> str:
        unit = WORDS.say(lang, f"unit.{self.what}", n=self.count)
        if self.type:
            unit += " " + WORDS.say(lang, f"type.{self.type}")
        return unit


@dataclass(frozen=True, kw_only=True)
class Build(Order):
    """A building order for one own planet (B G4.2), carried out in phase 5 unit by unit
    in the order written (decision D-21)."""

    kind: ClassVar[str] = "build"
    planet: int
    items: tuple[Item, ...]

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        what = ", ".join(i.describe(lang) for i in self.items)
        return ORDERS.say(lang, "build", planet=_name(self.planet, planet_name), items=what)


@dataclass(frozen=True, kw_only=True)
class Fly(Order):
    """Ships leave a planet's orbit for another planet (B G.4.4)."""

    kind: ClassVar[str] = "fly"
    source: int
    fighters: int
    transporters: int
    target: int

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        counts = {"fi": self.fighters, "tr": self.transporters}
        return _between(lang, "fly", self.source, self.target, planet_name, counts)


@dataclass(frozen=True, kw_only=True)
class Freight(Order):
    """Population above the board's number carried by transporters (B E2.4, D-7)."""

    kind: ClassVar[str] = "freight"
    source: int
    pop: int
    transporters: int
    target: int

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        counts = {"pop": self.pop, "tr": self.transporters}
        return _between(lang, "freight", self.source, self.target, planet_name, counts)


@dataclass(frozen=True, kw_only=True)
class HomePlanet(Order):
    """Another own planet becomes the home planet (B G.4.4)."""

    kind: ClassVar[str] = "home_planet"
    planet: int

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return ORDERS.say(lang, "home_planet", planet=_name(self.planet, planet_name))


@dataclass(frozen=True, kw_only=True)
class FactoryChoice(Order):
    """The factory a planet gets: ``planet`` 0 is the standing choice for conquered
    neutral planets (B A.4.9.4); an own planet in round 1 is the start choice (B E3)."""

    kind: ClassVar[str] = "factory_choice"
    planet: int
    good: str

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        good = WORDS.say(lang, f"type.{self.good}")
        if self.planet == 0:
            return ORDERS.say(lang, "factory_standing", good=good)
        return ORDERS.say(lang, "factory_start", planet=_name(self.planet, planet_name), good=good)


@dataclass(frozen=True, kw_only=True)
class HangarChoice(Order):
    """Extension, round 1: the type of the start hangar on the HP or Stamm colony (B E3)."""

    kind: ClassVar[str] = "hangar_choice"
    planet: int
    type: str

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        what = WORDS.say(lang, f"type.{self.type}")
        return ORDERS.say(lang, "hangar_start", planet=_name(self.planet, planet_name), type=what)


@dataclass(frozen=True, kw_only=True)
class StartFleets(Order):
    """Round 1: the planets the scenario's colony fleets stand on (B E3.1.1, D-13)."""

    kind: ClassVar[str] = "start_fleets"
    planets: tuple[int, ...]

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        where = ", ".join(_name(p, planet_name) for p in self.planets)
        return ORDERS.say(lang, "start_fleets", planets=where)


@dataclass(frozen=True, kw_only=True)
class Relation(Order):
    """Extension: the declaration toward another player, 0 enemy, 1 neutral, 2 friend
    (the postal PV form, decision D-10)."""

    kind: ClassVar[str] = "relation"
    seat: int
    value: int

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return ORDERS.say(
            lang, "relation", seat=self.seat, value=WORDS.say(lang, f"relation.{self.value}")
        )


@dataclass(frozen=True, kw_only=True)
class Targets(Order):
    """Standing: the players the seat's kills hit first when several are on the other
    side of a battle, in this order (B A.4.9.2); none: the die decides."""

    kind: ClassVar[str] = "targets"
    seats: tuple[int, ...]

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return ORDERS.say(lang, "targets", seats=", ".join(map(str, self.seats)))


ORDER_CLASSES: tuple[type[Order], ...] = (
    Build,
    Fly,
    Freight,
    HomePlanet,
    FactoryChoice,
    HangarChoice,
    StartFleets,
    Relation,
    Targets,
)
ORDER_KINDS = OrderKinds((*ORDER_CLASSES, *SHARED_ORDER_CLASSES))
"""The JSON round trip of every order the kind reads."""
