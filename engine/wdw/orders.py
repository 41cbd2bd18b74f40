"""The orders of Welt der Waben as the engine reads them (design §3): one K, A or G
order per unit a month, building in a settlement, and Sonderbefehle for the GM."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from engine.core import SHARED_ORDER_CLASSES, Order, OrderKinds, PlanetNamer
from engine.wdw.texts import say


@dataclass(frozen=True, kw_only=True)
class Fight(Order):
    """A K order (Strategie 5.1, Tab. 5.1-1): the main order, at most one extension
    (Tab. 5.1-2/5.1-3: S, E, P1–P3, B, B1–B6, F, W), and a path of adjacent fields."""

    kind: ClassVar[str] = "wdw_fight"
    unit: int
    code: str
    ext: str = ""
    path: tuple[str, ...] = ()
    search: str = ""
    """What an S searches for besides foreign units, as written (Tab. 5.1-2: "vom
    Spieler anzugebenden Objekten"); the GM decides what is found."""

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        words = (f"{self.unit} {self.code}{self.ext}", *self.path, self.search)
        return " ".join(w for w in words if w)


@dataclass(frozen=True, kw_only=True)
class Work(Order):
    """An A order (Strategie 5.2, Tab. 5.2-1/5.2-2): AB (build ``structure``), AM, AS,
    with its extension H/V/I/R; an AB may move first along ``path`` (D18)."""

    kind: ClassVar[str] = "wdw_work"
    unit: int
    code: str
    ext: str = ""
    structure: str = ""
    path: tuple[str, ...] = ()
    side: int = 0
    """AB at a wall: the side of the unit's field (Strategie 3.5; ``structure`` "wall")."""

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        what = f"Wall {self.side}" if self.side else self.structure
        words = (f"{self.unit} {self.code}{self.ext}", *self.path, what)
        return " ".join(w for w in words if w)


@dataclass(frozen=True, kw_only=True)
class Spy(Order):
    """A G order (Strategie 5.3, Tab. 5.3-2) with its risk 1–5 (default 3) and target."""

    kind: ClassVar[str] = "wdw_spy"
    unit: int
    code: str
    risk: int = 3
    target: str = ""

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return say(
            lang, "words.spy", unit=self.unit, code=self.code, risk=self.risk, target=self.target
        )


@dataclass(frozen=True, kw_only=True)
class Build(Order):
    """Building in a settlement by its people (Strategie 3.1): ``bwp`` more of
    ``structure``, paid month by month (F12)."""

    kind: ClassVar[str] = "wdw_build"
    settlement: str
    structure: str
    bwp: int = 1

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return say(
            lang, "words.build", settlement=self.settlement, structure=self.structure, bwp=self.bwp
        )


@dataclass(frozen=True, kw_only=True)
class Special(Order):
    """A Sonderbefehl (Strategie 5.1, 6.2): kept verbatim for the GM's ruling."""

    kind: ClassVar[str] = "wdw_special"
    unit: int
    text: str

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return say(lang, "words.special", unit=self.unit, text=self.text)


ORDER_KINDS = OrderKinds((Fight, Work, Spy, Build, Special, *SHARED_ORDER_CLASSES))
"""The orders of the kind, for their JSON round trip."""


@dataclass(frozen=True, kw_only=True)
class Raise(Order):
    """Raising units in a settlement (Strategie 4.2, Tab. 4.2-1a): ``count`` elements of
    ``unit_class`` at RS 1 with one first property (Aufstellen); with ``instant`` a
    Soforrüstung with all its properties at once. ``properties`` as ``name=level``;
    ``rs`` the Rüststufe the player states (0: none stated)."""

    kind: ClassVar[str] = "wdw_raise"
    settlement: str
    count: int
    unit_class: str = "land"
    properties: tuple[str, ...] = ()
    instant: bool = False
    rs: int = 0
    province: str = ""
    """Heimatverteidigung for this province (Strategie 1.2, 4.3), or none."""

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return say(
            lang,
            "words.instant" if self.instant else "words.raise",
            count=self.count,
            who=say(lang, f"class.{self.unit_class}"),
            rs=f" RS{self.rs}" if self.rs else "",
            properties=_props(self.properties, self.province, lang),
            settlement=self.settlement,
        )


@dataclass(frozen=True, kw_only=True)
class Train(Order):
    """Training a unit in a settlement (Strategie 4.2, 4.3): the properties to reach
    (``name=level``; the others keep their level), ``rs`` as the player states it."""

    kind: ClassVar[str] = "wdw_train"
    unit: int
    properties: tuple[str, ...] = ()
    rs: int = 0
    province: str = ""
    """Heimatverteidigung for one more province (Strategie 4.3), or none."""

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return say(
            lang,
            "words.train",
            unit=self.unit,
            rs=f" RS{self.rs}" if self.rs else "",
            properties=_props(self.properties, self.province, lang),
        )


IMMUNITY = "immunitaet"
"""A terrain immunity's entry in an order's properties: ``immunitaet=<terrain>``
(Strategie 4.3 "Geländeimmunität")."""
RIVER = "Fluss"
"""The immunity to river crossings (Strategie 4.3: "befreit … von Verlusten bei
Flußübergängen"), as ``immunitaet=Fluss`` and in ``Unit.immune``."""
RIVER_WORDS = ("fluss", "fluß", "flussübergang", "flußübergang", "river")
"""The words an order names the river-crossing immunity by (any case)."""


FLAGS = frozenset({"beritten", "spion", "heerfuehrer", "marineinfanterie"})
"""The properties a unit has or has not, without a level (Strategie 4.1: mounted, a spy,
a Heerführer, marines): an order's words name them without a number."""


def _props(properties: tuple[str, ...], province: str, lang: str) -> str:
    """`` Nahkampf 3 beritten Heimatverteidigung Erinal``: the properties with their
    levels (a :data:`FLAGS` one without) and a province's Heimatverteidigung, in ``lang``
    as the order is written (each after a space)."""
    pairs = (entry.partition("=") for entry in properties)
    said = [
        f" {say(lang, f'prop.{name}')}" + ("" if name in FLAGS else f" {level}")
        for name, _, level in pairs
    ]
    if province:
        said.append(f" {say(lang, 'prop.heimatverteidigung')} {province}")
    return "".join(said)


@dataclass(frozen=True, kw_only=True)
class Alliance(Order):
    """An alliance by order (Strategie 5.1, D26): ``realm`` (a name or a seat number)
    counts as friendly for the realm's own units from the next month; ``end`` lifts it.
    One-sided."""

    kind: ClassVar[str] = "wdw_alliance"
    realm: str
    end: bool = False

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return say(lang, "words.alliance_end" if self.end else "words.alliance", realm=self.realm)


@dataclass(frozen=True, kw_only=True)
class CapitalMove(Order):
    """Moving the capital to ``settlement`` (Strategie 3.1): a year without a capital."""

    kind: ClassVar[str] = "wdw_capital"
    settlement: str

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return say(lang, "words.capital", settlement=self.settlement)


@dataclass(frozen=True, kw_only=True)
class Province(Order):
    """A province the realm asks for (Strategie 1.2): its name and fields; the GM
    approves it (an open item)."""

    kind: ClassVar[str] = "wdw_province"
    name: str
    fields: tuple[str, ...] = ()
    port: str = ""
    """A sea province's home port (Strategie 1.2: "Seeprovinz"); "" for a land province."""

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        key = "words.sea_province" if self.port else "words.province"
        return say(lang, key, name=self.name, fields=" ".join(self.fields), port=self.port)


@dataclass(frozen=True, kw_only=True)
class Convert(Order):
    """Converting Heimatverteidigung and Nahkampf into each other, or Heimatverteidigung
    to another province (Strategie 4.3: six months with neither). ``source`` and
    ``target`` are ``nahkampf`` or ``heimatverteidigung`` with its province."""

    kind: ClassVar[str] = "wdw_convert"
    unit: int
    source: str
    target: str
    source_province: str = ""
    target_province: str = ""

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        source = f"{say(lang, f'prop.{self.source}')} {self.source_province}".strip()
        target = f"{say(lang, f'prop.{self.target}')} {self.target_province}".strip()
        return say(lang, "words.convert", unit=self.unit, source=source, target=target)


def _settlement_work(
    lang: str, key: str, settlement: str, what: str, units: tuple[int, ...]
) -> str:
    """Work on a settlement's structure as written in ``lang`` (D20): a worker's order
    where it stands (``201 AB Abriss Mil 2``, ``words.<key>_worker``), else the
    settlement's with its helpers (``Abriss Burg Mil 2 mit 201 202``, ``words.<key>``).
    The structure goes as ``what``: the order keeps it as written, not as a state name
    ``say`` would word."""
    if not settlement:
        return say(lang, f"words.{key}_worker", unit=units[0], what=what)
    helpers = say(lang, "words.helpers", units=" ".join(map(str, units))) if units else ""
    return say(lang, f"words.{key}", settlement=settlement, what=what, helpers=helpers)


@dataclass(frozen=True, kw_only=True)
class Demolish(Order):
    """Demolishing ``bwp`` of a structure this month (Strategie 3.3, D20): by the people
    (1 BWP a month, not while they build) and the worker ``units`` named; ``settlement``
    "" is where the first unit stands (``201 AB Abriss Mil 2``)."""

    kind: ClassVar[str] = "wdw_demolish"
    settlement: str
    structure: str
    bwp: int = 1
    units: tuple[int, ...] = ()

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        what = f"{self.structure} {self.bwp}"
        return _settlement_work(lang, "demolish", self.settlement, what, self.units)


@dataclass(frozen=True, kw_only=True)
class Repair(Order):
    """Repairing siege damage of a structure (Strategie 6.4, D20): by the inhabitants and
    the worker ``units`` named, 5,000 GS per BWP; ``settlement`` "" is where the first
    unit stands (``201 AB Reparatur Bef``)."""

    kind: ClassVar[str] = "wdw_repair"
    settlement: str
    structure: str
    units: tuple[int, ...] = ()

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return _settlement_work(lang, "repair", self.settlement, self.structure, self.units)


@dataclass(frozen=True, kw_only=True)
class Storm(Order):
    """A storm assault on a fortified settlement by the realm's ``units`` in its field
    (Strategie 3.2, 6.4: "in einem (schwierigen) Sturmangriff"); the GM rules it."""

    kind: ClassVar[str] = "wdw_storm"
    settlement: str
    units: tuple[int, ...] = ()

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        if not self.units:
            return say(lang, "words.storm_alone", settlement=self.settlement)
        units = " ".join(map(str, self.units))
        return say(lang, "words.storm", settlement=self.settlement, units=units)


ORDER_KINDS = OrderKinds(
    (
        *ORDER_KINDS.classes,
        *(Raise, Train, Alliance, CapitalMove, Province, Convert, Demolish, Repair, Storm),
    )
)
"""The orders of the kind with those of the army and the realm (appended)."""


def counted(given: Sequence[Order]) -> list[Order]:
    """A realm's orders as the month carries them out: each unit has one K, A or G order
    a month, the last given counting (Strategie 5.1–5.3, D27). A worker named in a
    demolition or repair has that as its AB order (Strategie 5.2, D20), so a later order
    to it takes it out of the work, and the work replaces its earlier order; a worker's
    own work (``201 AB Abriss Mil 2``) goes with it entirely. Other orders pass as given."""
    taken: set[int] = set()
    kept: list[Order] = []
    for order in reversed(given):
        if isinstance(order, Fight | Work | Spy):
            if order.unit in taken:
                continue
            taken.add(order.unit)
        elif isinstance(order, Demolish | Repair) and order.units:
            units = tuple(u for u in order.units if u not in taken)
            taken.update(order.units)
            if not units and not order.settlement:
                continue
            order = replace(order, units=units)
        kept.append(order)
    return kept[::-1]
