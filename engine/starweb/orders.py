"""Starweb orders as typed objects (Starweb "Die Befehle").

Every order knows its ``code``: the order in the rulebook's own notation, upper case,
without spaces (``F45W206W79W13``). The order language (``grammar.starweb``) builds them;
the engine (``engine.starweb.turn``) carries them out. Players are named by code name
(``A=BORG``): the engine resolves the name, so an unknown name is a remark in the echo.

Sources of ships and shots: ``F`` a key (fleet) ``n``, ``I``/``P`` the I- or P-ships of
world ``n``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.core import JSONValue, Order, PlanetNamer

FLEET, I_SHIPS, P_SHIPS = "F", "I", "P"
"""Where ships come from or go to: a key, a world's I-ships, a world's P-ships."""


@dataclass(frozen=True, kw_only=True)
class StarwebOrder(Order):
    """Base of every Starweb order: JSON form from the fields, plus the ``code``."""

    kind: ClassVar[str] = "starweb"

    @property
    def code(self) -> str:
        """The order in the rulebook's notation (upper case, no spaces)."""
        raise NotImplementedError

    def to_json(self) -> dict[str, JSONValue]:
        out: dict[str, JSONValue] = {"code": self.code}
        for f in dataclasses.fields(self):
            if f.name == "line":
                continue
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> StarwebOrder:
        """Inverse of :meth:`to_json` (``kind`` and ``code`` are ignored)."""
        values: dict[str, Any] = {}
        for f in dataclasses.fields(cls):
            if f.name in d:
                value = d[f.name]
                values[f.name] = tuple(value) if isinstance(value, list) else value
        return cls(**values)

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return self.code


def _q(quantity: int | None) -> str:
    return "" if quantity is None else str(quantity)


# ------------------------------------------------------------------ ships and building


@dataclass(frozen=True, kw_only=True)
class Transfer(StarwebOrder):
    """``FnTqFm`` ``InTqFm`` ``PnTqFm`` ``FnTqI`` ``FnTqP`` ``PnTqI`` ``InTqP``: move q
    ships between keys and home fleets (Starweb "Schiffe transferieren")."""

    kind: ClassVar[str] = "transfer"
    source: str
    number: int
    quantity: int
    target: str
    target_fleet: int = 0

    @property
    def code(self) -> str:
        to = f"F{self.target_fleet}" if self.target == FLEET else self.target
        return f"{self.source}{self.number}T{self.quantity}{to}"


@dataclass(frozen=True, kw_only=True)
class Scrap(StarwebOrder):
    """``WnSq``: build q industries on world n by scrapping I-ships."""

    kind: ClassVar[str] = "scrap"
    world: int
    quantity: int

    @property
    def code(self) -> str:
        return f"W{self.world}S{self.quantity}"


BUILD_I, BUILD_P, BUILD_FLEET, BUILD_ROBOTS = "I", "P", "F", "R"
BUILD_INDUSTRY, BUILD_LIMIT = "industry", "limit"


@dataclass(frozen=True, kw_only=True)
class Build(StarwebOrder):
    """``WnBqI`` ``WnBqP`` ``WnBqFm`` ``WnBqR`` (q I-ships, P-ships, ships for key m,
    robots from q industries) and ``WnIqI`` ``WnIqL`` (q industries, limit + q)."""

    kind: ClassVar[str] = "build"
    world: int
    quantity: int
    what: str
    fleet: int = 0

    @property
    def code(self) -> str:
        if self.what == BUILD_INDUSTRY:
            return f"W{self.world}I{self.quantity}I"
        if self.what == BUILD_LIMIT:
            return f"W{self.world}I{self.quantity}L"
        target = f"F{self.fleet}" if self.what == BUILD_FLEET else self.what
        return f"W{self.world}B{self.quantity}{target}"


@dataclass(frozen=True, kw_only=True)
class Emigrate(StarwebOrder):
    """``PnMqWm`` (population) and ``CnMqWm`` (converts): q emigrate from n to m."""

    kind: ClassVar[str] = "emigrate"
    world: int
    quantity: int
    to: int
    converts: bool = False

    @property
    def code(self) -> str:
        return f"{'C' if self.converts else 'P'}{self.world}M{self.quantity}W{self.to}"


# ------------------------------------------------------------------------ movement


@dataclass(frozen=True, kw_only=True)
class Move(StarwebOrder):
    """``FnWm[Wo[Wr]]``: key n moves through up to three gates."""

    kind: ClassVar[str] = "move"
    fleet: int
    path: tuple[int, ...]

    @property
    def code(self) -> str:
        return f"F{self.fleet}" + "".join(f"W{w}" for w in self.path)


@dataclass(frozen=True, kw_only=True)
class Probe(StarwebOrder):
    """``FnPm`` ``InPm`` ``PnPm``: one ship probes the neighbouring world m."""

    kind: ClassVar[str] = "probe"
    source: str
    number: int
    world: int

    @property
    def code(self) -> str:
        return f"{self.source}{self.number}P{self.world}"


# --------------------------------------------------------------------------- cargo

UNLOAD, JETTISON, CONSUMER_GOODS, LOAD = "U", "J", "N", "L"


@dataclass(frozen=True, kw_only=True)
class Cargo(StarwebOrder):
    """``FnU[q]`` unload, ``FnJ[q]`` jettison, ``FnN[q]`` unload as consumer goods,
    ``FnL[q]`` load (no quantity: all, or as much as fits)."""

    kind: ClassVar[str] = "cargo"
    fleet: int
    action: str
    quantity: int | None = None

    @property
    def code(self) -> str:
        return f"F{self.fleet}{self.action}{_q(self.quantity)}"


@dataclass(frozen=True, kw_only=True)
class LoadingRight(StarwebOrder):
    """``L=X`` grants player X the right to load metal on one's worlds; ``X=X`` takes it
    back (docs/rules-starweb.md, decision on "X=")."""

    kind: ClassVar[str] = "loading_right"
    player: str
    grant: bool = True

    @property
    def code(self) -> str:
        return f"{'L' if self.grant else 'X'}={self.player.upper()}"


# ------------------------------------------------------------------------ artifacts


@dataclass(frozen=True, kw_only=True)
class AttachArtifact(StarwebOrder):
    """``VnFm``: attach artifact n to key m."""

    kind: ClassVar[str] = "artifact_attach"
    artifact: int
    fleet: int

    @property
    def code(self) -> str:
        return f"V{self.artifact}F{self.fleet}"


@dataclass(frozen=True, kw_only=True)
class DropArtifact(StarwebOrder):
    """``VnW``: put artifact n down on the world its key is at."""

    kind: ClassVar[str] = "artifact_drop"
    artifact: int

    @property
    def code(self) -> str:
        return f"V{self.artifact}W"


# ----------------------------------------------------------------------------- fire

AT_FLEET, AT_INDUSTRY, AT_POPULATION, AT_HOME_FLEETS, AT_CONVERTS = "F", "I", "P", "H", "C"


@dataclass(frozen=True, kw_only=True)
class Fire(StarwebOrder):
    """``FnAFm`` ``FnAI`` ``FnAP`` ``FnAH`` ``InAFm`` ``InAC`` ``PnAFm`` ``PnAC``, and the
    conditional forms with ``C`` for ``A`` (``F180CF8``)."""

    kind: ClassVar[str] = "fire"
    source: str
    number: int
    target: str
    target_fleet: int = 0
    conditional: bool = False

    @property
    def code(self) -> str:
        target = f"F{self.target_fleet}" if self.target == AT_FLEET else self.target
        return f"{self.source}{self.number}{'C' if self.conditional else 'A'}{target}"


@dataclass(frozen=True, kw_only=True)
class AmbushOff(StarwebOrder):
    """``Z`` (everywhere) or ``Zn`` (world n): no ambush this turn."""

    kind: ClassVar[str] = "ambush_off"
    world: int = 0

    @property
    def code(self) -> str:
        return f"Z{self.world or ''}"


# ------------------------------------------------------------------------ diplomacy

ALLY, UNALLY, JIHAD = "A", "N", "J"


@dataclass(frozen=True, kw_only=True)
class Diplomacy(StarwebOrder):
    """``A=X`` ally, ``N=X`` strike from the allies, ``J=X`` jihad (apostles)."""

    kind: ClassVar[str] = "diplomacy"
    action: str
    player: str

    @property
    def code(self) -> str:
        return f"{self.action}={self.player.upper()}"


@dataclass(frozen=True, kw_only=True)
class Gift(StarwebOrder):
    """``FnG=X`` / ``WnG=X``: give key or world n to player X."""

    kind: ClassVar[str] = "gift"
    what: str
    """``F`` a key, ``W`` a world."""
    number: int
    player: str

    @property
    def code(self) -> str:
        return f"{self.what}{self.number}G={self.player.upper()}"


# ---------------------------------------------------------------------------- other


@dataclass(frozen=True, kw_only=True)
class Plunder(StarwebOrder):
    """``WnX``: plunder one's own world n."""

    kind: ClassVar[str] = "plunder"
    world: int

    @property
    def code(self) -> str:
        return f"W{self.world}X"


@dataclass(frozen=True, kw_only=True)
class Stance(StarwebOrder):
    """``FnQ`` puts key n at peace, ``FnX`` at war."""

    kind: ClassVar[str] = "stance"
    fleet: int
    peace: bool

    @property
    def code(self) -> str:
        return f"F{self.fleet}{'Q' if self.peace else 'X'}"


@dataclass(frozen=True, kw_only=True)
class BuildBomb(StarwebOrder):
    """``FnB``: 25 ships of key n become a planet-buster bomb."""

    kind: ClassVar[str] = "bomb_build"
    fleet: int

    @property
    def code(self) -> str:
        return f"F{self.fleet}B"


@dataclass(frozen=True, kw_only=True)
class DropBomb(StarwebOrder):
    """``FnD``: key n drops its planet-buster."""

    kind: ClassVar[str] = "bomb_drop"
    fleet: int

    @property
    def code(self) -> str:
        return f"F{self.fleet}D"


@dataclass(frozen=True, kw_only=True)
class RobotAttack(StarwebOrder):
    """``FnRq``: q ships of key n become 2q robots and attack (berserkers only)."""

    kind: ClassVar[str] = "robot_attack"
    fleet: int
    quantity: int

    @property
    def code(self) -> str:
        return f"F{self.fleet}R{self.quantity}"


@dataclass(frozen=True, kw_only=True)
class EndScoreVote(StarwebOrder):
    """The end-score vote of turn 1 (Starweb "Was ist Sache?"; notation decided in
    docs/rules-starweb.md)."""

    kind: ClassVar[str] = "end_vote"
    score: int

    @property
    def code(self) -> str:
        return f"E={self.score}"


ORDER_CLASSES: tuple[type[StarwebOrder], ...] = (
    Transfer,
    Scrap,
    Build,
    Emigrate,
    Move,
    Probe,
    Cargo,
    LoadingRight,
    AttachArtifact,
    DropArtifact,
    Fire,
    AmbushOff,
    Diplomacy,
    Gift,
    Plunder,
    Stance,
    BuildBomb,
    DropBomb,
    RobotAttack,
    EndScoreVote,
)
"""Every Starweb order type (the shared message orders come from ``engine.core``)."""
