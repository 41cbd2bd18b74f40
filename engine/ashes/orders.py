"""Every order a player of Ashes of Empire can give (Ashes 2.3, 3.2, 5, 6, 7).

The classes are plain frozen dataclasses: their fields give the JSON form documented for
``pbem parse --json`` (:class:`engine.core.Instruction`), and :data:`ORDER_KINDS`
rebuilds an order from it; ``describe`` says it in plain German or English for the
acknowledgement mail.

Planets and players are numbers here; the grammar resolves planet names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from engine import core
from engine.ashes.texts import TEXTS
from engine.core import Order, OrderKinds, PlanetNamer
from engine.plaindata import stored_as

PRODUCTION_ITEMS = ("PDU", "FP", "OP", "RP", "FY", "TY", "FI", "TR")
"""Production items in the order the evaluation builds them (Ashes 7.4)."""

CARGO_LOADS: Mapping[int, tuple[str, int]] = {
    0: ("A", 8),
    1: ("PDU", 1),
    2: ("FP", 4),
    3: ("OP", 5),
    4: ("RP", 2),
    5: ("FUEL", 40),
    6: ("ORE", 50),
    7: ("RARE", 20),
    8: ("FY", 1),
    9: ("TY", 1),
}
"""What one cargo ship C0..C9 carries (Ashes 6.3.5)."""

RESEARCH_TARGETS = ("PR", "FM", "TM")

MAX_PLAYERS = 8
MAX_PLANET = 40
NAME_MAX = 15  # Ashes 6.3.3: "maximal 15 Anschläge"
PRESS_MAX_LINES = 8  # Ashes 5.1
PRESS_WIDTH = 72  # the printout's text width, used to count an article's lines
ROUNDS_MIN, ROUNDS_MAX = 10, 30  # Ashes 2.1
EXTENSION_MIN, EXTENSION_MAX = 0, 10  # Ashes 2.3
PV_VALUES = (0, 1, 2)  # Ashes 4.3


def _num(planet: int, namer: PlanetNamer | None) -> str:
    return namer(planet) if namer else str(planet)


@dataclass(frozen=True, kw_only=True)
class Production(Order):
    """Build orders for one planet (Ashes 6.1), executed in the order PDU..TR (Ashes 7.4)."""

    kind: ClassVar[str] = "production"
    planet: int
    PDU: int = 0
    FP: int = 0
    OP: int = 0
    RP: int = 0
    FY: int = 0
    TY: int = 0
    FI: int = 0
    TR: int = 0

    def items(self) -> dict[str, int]:
        """The non-zero items in build order."""
        return {k: getattr(self, k) for k in PRODUCTION_ITEMS if getattr(self, k)}

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        items = ", ".join(f"{n} {k}" for k, n in self.items().items()) or TEXTS.say(
            lang, "order.nothing"
        )
        planet = _num(self.planet, planet_name)
        return TEXTS.say(lang, "order.build", planet=planet, items=items)


@dataclass(frozen=True, kw_only=True)
class Flight(Order):
    """Send FI and TR from a planet's orbit to another planet (Ashes 6.2.1, 6.3.6)."""

    kind: ClassVar[str] = "flight"
    source: int = field(metadata=stored_as("from"))
    fi: int
    tr: int
    target: int = field(metadata=stored_as("to"))

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        ships = f"{self.fi} FI, {self.tr} TR"
        src, dst = _num(self.source, planet_name), _num(self.target, planet_name)
        return TEXTS.say(lang, "order.flight_from", ships=ships, src=src, dst=dst)


@dataclass(frozen=True, kw_only=True)
class CargoFlight(Order):
    """Load ``count`` transporters as cargo ships of type C0..C9 and send them (Ashes 6.3.5)."""

    kind: ClassVar[str] = "cargo"
    source: int = field(metadata=stored_as("from"))
    cargo: int
    count: int
    target: int = field(metadata=stored_as("to"))

    def load(self) -> tuple[str, int]:
        """What and how much all ships of this order carry together."""
        what, per_ship = CARGO_LOADS[self.cargo]
        return what, per_ship * self.count

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        what, amount = self.load()
        src, dst = _num(self.source, planet_name), _num(self.target, planet_name)
        return TEXTS.say(
            lang,
            "order.cargo_flight_c_from",
            count=self.count,
            cargo=self.cargo,
            amount=amount,
            what=what,
            src=src,
            dst=dst,
        )


@dataclass(frozen=True, kw_only=True)
class PVChange(Order):
    """Declare the political relation to another player (Ashes 6.3.1)."""

    kind: ClassVar[str] = "pv"
    player: int
    value: int

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        relation = TEXTS.say(lang, f"order.relation.{self.value}")
        return TEXTS.say(
            lang, "order.pv_player", player=self.player, value=self.value, relation=relation
        )


@dataclass(frozen=True, kw_only=True)
class HomePlanet(Order):
    """Choose a new home planet (Ashes 6.3.2)."""

    kind: ClassVar[str] = "homeplanet"
    planet: int

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        planet = _num(self.planet, planet_name)
        return TEXTS.say(lang, "order.home_planet", planet=planet)


@dataclass(frozen=True, kw_only=True)
class RenamePlanet(Order):
    """Give a planet a new name, at most 15 characters (Ashes 6.3.3)."""

    kind: ClassVar[str] = "rename_planet"
    planet: int
    name: str

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return TEXTS.say(
            lang, "order.planet_renamed", planet=_num(self.planet, planet_name), name=self.name
        )

    def describe_on_conquest(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        """For a planet the player does not own: the name counts only if he conquers it
        this turn (Ashes 6.3.3)."""
        return TEXTS.say(
            lang,
            "order.planet_named_once_you_conquer",
            planet=_num(self.planet, planet_name),
            name=self.name,
        )


@dataclass(frozen=True, kw_only=True)
class RenameRuler(Order):
    """The name of the ruler and his empire (Ashes 6.3.3; one name, see docs/rules-ashes.md)."""

    kind: ClassVar[str] = "rename_ruler"
    name: str

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return TEXTS.say(lang, "order.ruler_name", name=self.name)


@dataclass(frozen=True, kw_only=True)
class Spy(Order):
    """Spy on a planet for 7 PP (Ashes 6.3.4)."""

    kind: ClassVar[str] = "spy"
    planet: int

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        p = _num(self.planet, planet_name)
        return TEXTS.say(lang, "order.spy_7_pp", p=p)


@dataclass(frozen=True, kw_only=True)
class Research(Order):
    """Spend PP on research: PR of a planet, or FM% / TM% (Ashes 6.3.4)."""

    kind: ClassVar[str] = "research"
    pp: int
    target: str  # "PR", "FM" or "TM"
    planet: int | None = None

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        if self.target == "PR" and self.planet is not None:
            p = _num(self.planet, planet_name)
            return TEXTS.say(lang, "order.research_pp_pr", pp=self.pp, p=p)
        return TEXTS.say(lang, "order.research_pp", pp=self.pp, target=self.target)


@dataclass(frozen=True, kw_only=True)
class VoteRounds(Order):
    """The vote on the length of the game, 10..30 rounds (Ashes 2.1)."""

    kind: ClassVar[str] = "vote_rounds"
    rounds: int

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return TEXTS.say(lang, "order.vote_game_s_length_rounds", rounds=self.rounds)


@dataclass(frozen=True, kw_only=True)
class VoteExtension(Order):
    """The vote on an extension of the game, 0..10 rounds (Ashes 2.3)."""

    kind: ClassVar[str] = "vote_extension"
    rounds: int

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return TEXTS.say(lang, "order.vote_extension_rounds", rounds=self.rounds)


@dataclass(frozen=True, kw_only=True)
class VoteEnd(Order):
    """The vote to end the game early once a player is out (Ashes 2.3, majority)."""

    kind: ClassVar[str] = "vote_end"
    end: bool

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        if self.end:
            return TEXTS.say(lang, "order.vote_end_game_now")
        return TEXTS.say(lang, "order.vote_against_ending_game")


@dataclass(frozen=True, kw_only=True)
class VoteRule(Order):
    """A free-text vote on a rule question the GM asked (Ashes 3.2)."""

    kind: ClassVar[str] = "vote_rule"
    text: str

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return TEXTS.say(lang, "order.vote", text=self.text)


Final = core.Final
"""The player marks these orders as final: the GM may run the turn early (host rule)."""

Resign = core.Resign
"""The player leaves the game (Ashes 1.5)."""

SecretMessage = core.SecretMessage
"""A secret message to a player, delivered with the next printout (Ashes 5.2)."""

UrgentDispatch = core.UrgentDispatch
"""An Eildepesche: a secret message forwarded at once, postage charged (Ashes 5.2)."""

GMMessage = core.GmMessage
"""A message to the game master (Spielleiter)."""


@dataclass(frozen=True, kw_only=True)
class Press(core.Article):
    """An article for the Galactic Media, at most 8 lines (Ashes 5.1).

    The evaluation reads every :class:`engine.core.Article` the same way; this subclass
    only words the acknowledgement the Ashes way ("Galactic Media").
    """

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        text = core.preview(self.text, lang)
        return TEXTS.say(lang, "order.article_galactic_media", text=text)


ORDER_CLASSES: tuple[type[Order], ...] = (
    Production,
    Flight,
    CargoFlight,
    PVChange,
    HomePlanet,
    RenamePlanet,
    RenameRuler,
    Spy,
    Research,
    VoteRounds,
    VoteExtension,
    VoteEnd,
    VoteRule,
    Resign,
    Final,
    Press,
    SecretMessage,
    UrgentDispatch,
    GMMessage,
)
ORDER_KINDS = OrderKinds(ORDER_CLASSES)
"""Rebuild any Ashes order from its JSON form: ``ORDER_KINDS.from_json(d)``."""

MESSAGE_KINDS = frozenset({"press", "secret", "urgent", "gm_message"})
"""Orders that carry text for people rather than for the evaluation."""
