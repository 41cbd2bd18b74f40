"""The state of a Welt der Waben game: plain data (engine/plaindata.py), exact JSON.

The map travels in the state as the map file's text (:attr:`WdwState.map_text`), so a
turn replays from the state alone; :func:`world` reads it once per text.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from engine.plaindata import JSONValue, from_plain, to_plain
from engine.wdw.formulas import rs_of
from engine.wdw.mapfile import WorldMap, read_map

STRUCTURES = ("bev", "rues", "mil", "stv", "bef", "lab", "tmp")
"""Strategie 3.2: the structures of a settlement, in BWP."""


@dataclass
class Settlement:
    """A settlement (Strategie 3): its field, owner, structures in BWP, inhabitants."""

    name: str
    kf: str
    owner: int
    bev: int = 0
    rues: int = 0
    mil: int = 0
    stv: int = 0
    bef: int = 0
    lab: int = 0
    tmp: int = 0
    population: int = 0
    capital: bool = False
    rues_used: int = 0
    """GS of Rüstkapazität used this half-year (D12)."""
    damage: list[str] = field(default_factory=list)
    """BWP destroyed by sieges, repairable (Strategie 6.4), as ``structure=BWP``."""
    progress: list[str] = field(default_factory=list)
    """Work under way in exact parts of a BWP (D24): ``abriss:mil=1/2``,
    ``reparatur:bef=3/10``, ``belagerung:bef=1/5``."""
    reuse: int = 0
    """Reusable BWP in quarters (Strategie 3.3, F14): 2 per demolished BWP, 1 per BWP
    destroyed in combat; a build here uses 4 of them instead of gold."""
    unpaid: bool = False
    """Its upkeep was not paid at the last Einnahmetermin: it decays (Strategie 3.4)."""
    lord: str = ""
    """The character (``realm/id``) who leads it, its Stadtherr (Strategie 6.3: one)."""
    label: str = ""
    """The GM's label for it (BRG/STD/FST/MET/GAR/TMP, D34); "": derived from its
    structures and inhabitants (engine.wdw.labels)."""

    def bwp(self) -> int:
        """The settlement's total BWP (Strategie 3.1)."""
        return sum(getattr(self, s) for s in STRUCTURES)


@dataclass
class Unit:
    """A unit (Strategie 4): its realm-wide id, class, size in elements, field, the
    levels of its properties, and its standing K/A/G order (D27)."""

    realm: int
    id: int
    unit_class: str
    size: int
    kf: str
    nahkampf: int = 0
    fernkampf: int = 0
    arbeit: int = 0
    belagerung: int = 0
    geschwindigkeit: int = 0
    beritten: bool = False
    spion: bool = False
    raised_terrain: str = ""
    order: str = "KV"
    gp_bonus: int = 0
    transport: int = 0
    heerfuehrer: bool = False
    training_months: int = 0
    """Months of training left (Strategie 4.2); they count in its own settlement."""
    training_to: list[str] = field(default_factory=list)
    """The property levels the training gives (``name=level``)."""
    heimatverteidigung: list[str] = field(default_factory=list)
    """The provinces it defends (Strategie 4.3: one Rüststufe each)."""
    conversion_months: int = 0
    """Months left of a conversion Heimatverteidigung ↔ Nahkampf (Strategie 4.3)."""
    conversion_to: str = ""
    """What the conversion gives: ``nahkampf`` or a province's name (Heimatverteidigung)."""
    rep: bool = False
    """A character a player plays, a REP (Strategie 6.3: its GP with the army)."""
    experience: int = 0
    """A REP's years of play experience that give GP (Strategie 6.3; the GM's count)."""
    verteidigung: int = 0
    """Strategie 4.3 "Verteidigung": fewer losses in a fight (the GM's ruling)."""
    marineinfanterie: bool = False
    """Strategie 4.3: Angriffsstärke +3 in a boarding fight (the GM's ruling)."""
    immun_extrem: int = 0
    """Strategie 4.3: the immunities against extreme terrain, one Rüststufe each."""
    immune: list[str] = field(default_factory=list)
    """Strategie 4.3 "Geländeimmunität": the terrains it takes no terrain losses in."""

    @property
    def key(self) -> str:
        """``realm/id``, as rulings and corrections name a unit."""
        return f"{self.realm}/{self.id}"

    def combat_unit(self) -> bool:
        """D5: a Kampfeinheit has an Angriffsstärke or Heimatverteidigung (D13), so a
        garrison of Heimatverteidigung alone keeps besieging workers idle (Strategie
        6.4 "keine feindlichen Kampfeinheiten")."""
        return self.nahkampf >= 1 or self.fernkampf >= 1 or bool(self.heimatverteidigung)

    def rs(self) -> int:
        """F6: the Rüststufe its properties give."""
        names = (
            "nahkampf",
            "fernkampf",
            "arbeit",
            "belagerung",
            "geschwindigkeit",
            "transport",
            "verteidigung",
            "immun_extrem",
        )
        properties = {n: int(getattr(self, n)) for n in names}
        properties["beritten"] = int(self.beritten)
        properties["marineinfanterie"] = int(self.marineinfanterie)
        properties["spion"] = int(self.spion)
        properties["heerfuehrer"] = int(self.heerfuehrer)
        properties["heimatverteidigung"] = int(bool(self.heimatverteidigung))
        return rs_of(properties, provinces=len(self.heimatverteidigung))


@dataclass
class Spying:
    """A spy's infiltration grade on one target (Strategie 5.3, D14)."""

    realm: int
    unit: int
    target: str
    ig: int = 1


@dataclass
class Sighting:
    """Another realm's unit a realm saw this month (Strategie 6.1, design §8): where, on
    which day, whether it was on land, a fleet, mounted or a character, and its size as
    the printout guesses it (two digits); never its exact size, realm or id."""

    seat: int
    kf: str
    kind: str = "land"
    """``land``, ``fleet``, ``mounted`` or ``character``."""
    day: int = 0
    """The day of the month it was first seen (the printout's, whole days)."""
    size: int = 0
    """Its size rounded to two digits (engine.wdw.phases.sightings.estimate)."""


@dataclass
class Realm:
    """A realm (Reich) = a seat: its treasury in GS, BükAz, allies (one-sided, D26),
    and the fields it has seen (its known map; never units)."""

    seat: int
    name: str
    treasury: int = 0
    bukaz: int = 0
    allies: list[int] = field(default_factory=list)
    known: list[str] = field(default_factory=list)
    capital_move: int = 0
    """Months left of a capital move (Strategie 3.1); 0: none."""
    capital_to: str = ""
    """The settlement that becomes the capital when the move ends."""
    provinces: list[str] = field(default_factory=list)
    """The GM-approved provinces (Strategie 1.2) as ``name=GF/KF GF/KF …``."""
    home_ports: list[str] = field(default_factory=list)
    """The sea provinces among them with their home port (Strategie 1.2) as
    ``name=settlement``."""


@dataclass
class Wall:
    """A wall at a side of a field (Strategie 3.5, 6.4): it stands in ``kf`` at ``side``
    (1–6) and faces the neighbour there; in tiers of 5 BWP (engine.wdw.walls)."""

    kf: str
    side: int
    owner: int
    bwp: int = 0
    """The BWP standing."""
    damage: int = 0
    """BWP destroyed by sieges (Strategie 6.4); a breach at a fifth of the wall (F16)."""
    progress: list[str] = field(default_factory=list)
    """Work under way in exact parts of a BWP (D24): ``bau=2/5``, ``belagerung=1/5``."""


@dataclass
class Note:
    """A line of a printout: to one seat, or to the GM (seat 0), as a catalog key and
    its values (``name=value``), worded in the reader's language when printed."""

    seat: int
    key: str
    args: list[str] = field(default_factory=list)

    def values(self) -> dict[str, str]:
        """The values by name."""
        return dict(arg.split("=", 1) for arg in self.args)


@dataclass
class Booking:
    """A line of a realm's ledger this month (design §8): what changed its treasury, by
    how many GS (``cause``: a ``ledger.*`` catalog key's last part; ``what``: a name the
    line gives, e.g. a settlement)."""

    seat: int
    cause: str
    amount: int
    what: str = ""


@dataclass
class Report:
    """The GM's narrative of the month to one seat."""

    seat: int
    text: str


@dataclass
class WdwState:
    """The whole game after a month."""

    game: int
    turn: int
    seed: int
    year: int
    month: int
    map_text: str
    realms: list[Realm]
    settlements: list[Settlement]
    units: list[Unit]
    spying: list[Spying] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    """The month's results, per seat (0: the GM)."""
    reports: list[Report] = field(default_factory=list)
    """The GM's narrative of the month, per seat."""
    log: list[str] = field(default_factory=list)
    """Corrections and the rulings of every month (the GM's view only)."""
    options: list[str] = field(default_factory=list)
    """The GM options as ``key=json`` (engine.wdw.options)."""
    over: bool = False
    territory: list[str] = field(default_factory=list)
    """A realm's land besides its settlements' fields (Strategie 1.2, 1.3) as
    ``GF/KF=seat``: the scenario's, the GM's corrections, conquests (Strategie 5.1-2 E, a
    storm); a settlement's field belongs to its owner (engine.wdw.territory)."""
    sightings: list[Sighting] = field(default_factory=list)
    """The other realms' units each realm saw this month (engine.wdw.phases.sightings)."""
    walls: list[Wall] = field(default_factory=list)
    """The walls at the sides of fields (Strategie 3.5, engine.wdw.walls)."""
    ledger: list[Booking] = field(default_factory=list)
    """What changed each realm's treasury this month, in order (Month.book)."""
    news: list[str] = field(default_factory=list)
    """The month's newspaper (design §8 "Segmentsüberblick"): the GM's notices and the
    players' articles, in order, without their authors."""

    def to_json(self) -> dict[str, JSONValue]:
        plain: dict[str, JSONValue] = to_plain(self)
        return plain

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> WdwState:
        state: WdwState = from_plain(cls, dict(data))
        return state

    def realm(self, seat: int) -> Realm:
        """The realm of ``seat`` (KeyError if none)."""
        for realm in self.realms:
            if realm.seat == seat:
                return realm
        raise KeyError(seat)

    def unit(self, realm: int, number: int) -> Unit | None:
        """The unit ``number`` of ``realm``, or None."""
        for unit in self.units:
            if unit.realm == realm and unit.id == number:
                return unit
        return None

    def settlement(self, name: str) -> Settlement | None:
        """The settlement called ``name`` (case does not matter), or None."""
        for s in self.settlements:
            if s.name.lower() == name.lower():
                return s
        return None


@lru_cache(maxsize=8)
def world(map_text: str) -> WorldMap:
    """The map of a state's map text (read once per text)."""
    return read_map(map_text)
