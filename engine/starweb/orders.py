"""Starweb orders as typed objects (Starweb "Die Befehle").

Every order knows its ``code``: the order in the rulebook's own notation, upper case,
without spaces (``F45W206W79W13``). The order language (``grammar.starweb``) builds them;
the engine (``engine.starweb.turn``) carries them out. Players are named by code name
(``A=BORG``): the engine resolves the name, so an unknown name is a remark in the echo.

Sources of ships and shots: ``F`` a key (fleet) ``n``, ``I``/``P`` the I- or P-ships of
world ``n``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.core import Order, PlanetNamer

FLEET, I_SHIPS, P_SHIPS = "F", "I", "P"
"""Where ships come from or go to: a key, a world's I-ships, a world's P-ships."""


@dataclass(frozen=True, kw_only=True)
class StarwebOrder(Order):
    """Base of every Starweb order: JSON form from the fields after the ``code``."""

    kind: ClassVar[str] = "starweb"
    derived: ClassVar[tuple[str, ...]] = ("code",)

    @property
    def code(self) -> str:
        """The order in the rulebook's notation (upper case, no spaces)."""
        raise NotImplementedError

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        """``CODE: what it does`` in ``lang`` (German or English)."""
        return f"{self.code}: {self.words(lang, planet_name or _number)}"

    def words(self, lang: str, world: PlanetNamer) -> str:
        """What the order does, in plain words (``world`` names a world number)."""
        raise NotImplementedError


def _number(number: int) -> str:
    return str(number)


def _q(quantity: int | None) -> str:
    return "" if quantity is None else str(quantity)


def _de_en(lang: str, de: str, en: str) -> str:
    return de if lang == "de" else en


def _source(lang: str, source: str, number: int, world: PlanetNamer) -> str:
    """``Flotte 3`` / ``die I-Schiffe auf Welt 13`` (where ships or shots come from)."""
    if source == FLEET:
        return _de_en(lang, f"Flotte {number}", f"fleet {number}")
    kind = "I" if source == I_SHIPS else "P"
    return _de_en(
        lang,
        f"die {kind}-Schiffe auf Welt {world(number)}",
        f"the {kind}-ships at world {world(number)}",
    )


def _ships(lang: str, count: int | None, what: str = "") -> str:
    """``1 Schiff`` / ``3 I-Schiffe`` / ``all ships``."""
    if count is None:
        return _de_en(lang, f"alle {what}Schiffe", f"all {what}ships")
    if count == 1:
        return _de_en(lang, f"1 {what}Schiff", f"1 {what}ship")
    return _de_en(lang, f"{count} {what}Schiffe", f"{count} {what}ships")


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

    def words(self, lang: str, world: PlanetNamer) -> str:
        if self.target == FLEET:
            to = _de_en(lang, f"Flotte {self.target_fleet}", f"fleet {self.target_fleet}")
        else:
            to = _de_en(lang, f"{self.target}-Schiffe", f"{self.target}-ships")
        source = _source(lang, self.source, self.number, world)
        ships = _ships(lang, self.quantity)
        return _de_en(
            lang,
            f"{ships} von {source} zu {to} transferieren",
            f"transfer {ships} from {source} to {to}",
        )


@dataclass(frozen=True, kw_only=True)
class Scrap(StarwebOrder):
    """``WnSq``: build q industries on world n by scrapping I-ships."""

    kind: ClassVar[str] = "scrap"
    world: int
    quantity: int

    @property
    def code(self) -> str:
        return f"W{self.world}S{self.quantity}"

    def words(self, lang: str, world: PlanetNamer) -> str:
        return _de_en(
            lang,
            f"auf Welt {world(self.world)} {self.quantity} Industrie(n) aus verschrotteten "
            "I-Schiffen bauen",
            f"build {self.quantity} industry at world {world(self.world)} by scrapping I-ships",
        )


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

    def words(self, lang: str, world: PlanetNamer) -> str:
        at, q = world(self.world), self.quantity
        if self.what == BUILD_INDUSTRY:
            return _de_en(
                lang, f"auf Welt {at} {q} Industrie(n) bauen", f"build {q} industry at world {at}"
            )
        if self.what == BUILD_LIMIT:
            return _de_en(
                lang,
                f"das Bevölkerungslimit von Welt {at} um {q} erhöhen",
                f"raise the population limit of world {at} by {q}",
            )
        if self.what == BUILD_ROBOTS:
            return _de_en(
                lang,
                f"auf Welt {at} mit {q} Industrie(n) {2 * q} Roboter bauen",
                f"build {2 * q} robots with {q} industry at world {at}",
            )
        if self.what == BUILD_FLEET:
            return _de_en(
                lang,
                f"auf Welt {at} {_ships(lang, q)} für Flotte {self.fleet} bauen",
                f"build {_ships(lang, q)} for fleet {self.fleet} at world {at}",
            )
        return _de_en(
            lang,
            f"auf Welt {at} {_ships(lang, q, self.what + '-')} bauen",
            f"build {_ships(lang, q, self.what + '-')} at world {at}",
        )


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

    def words(self, lang: str, world: PlanetNamer) -> str:
        who = (
            _de_en(lang, "Bekehrte", "converts")
            if self.converts
            else _de_en(lang, "Bevölkerung", "population")
        )
        return _de_en(
            lang,
            f"{self.quantity} {who} von Welt {world(self.world)} nach Welt {world(self.to)} "
            "auswandern lassen",
            f"{self.quantity} {who} emigrate from world {world(self.world)} to world "
            f"{world(self.to)}",
        )


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

    def words(self, lang: str, world: PlanetNamer) -> str:
        *via, to = [world(w) for w in self.path]
        if not via:
            return _de_en(
                lang,
                f"Flotte {self.fleet} nach Welt {to}",
                f"fleet {self.fleet} moves to world {to}",
            )
        through = " und ".join(via) if lang == "de" else " and ".join(via)
        return _de_en(
            lang,
            f"Flotte {self.fleet} über Welt {through} nach Welt {to}",
            f"fleet {self.fleet} moves through world {through} to world {to}",
        )


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

    def words(self, lang: str, world: PlanetNamer) -> str:
        source = _source(lang, self.source, self.number, world)
        return _de_en(
            lang,
            f"1 Schiff von {source} sondiert Welt {world(self.world)}",
            f"1 ship of {source} probes world {world(self.world)}",
        )


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

    def words(self, lang: str, world: PlanetNamer) -> str:
        q, f = self.quantity, self.fleet
        if self.action == LOAD:
            return _de_en(
                lang,
                f"Flotte {f} lädt {q if q is not None else 'so viele'} Metalle"
                + (" wie möglich" if q is None else ""),
                f"fleet {f} loads {q if q is not None else 'as much'} metal"
                + (" as it can" if q is None else ""),
            )
        amount_de = "die gesamte Fracht" if q is None else f"{q} Fracht"
        amount_en = "all its cargo" if q is None else f"{q} cargo"
        if self.action == UNLOAD:
            return _de_en(lang, f"Flotte {f} entlädt {amount_de}", f"fleet {f} unloads {amount_en}")
        if self.action == JETTISON:
            return _de_en(
                lang, f"Flotte {f} wirft {amount_de} ab", f"fleet {f} jettisons {amount_en}"
            )
        return _de_en(
            lang,
            f"Flotte {f} entlädt {amount_de} als Konsumgüter",
            f"fleet {f} unloads {amount_en} as consumer goods",
        )


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

    def words(self, lang: str, world: PlanetNamer) -> str:
        who = self.player.upper()
        if self.grant:
            return _de_en(
                lang,
                f"{who} darf Metalle von Deinen Welten laden",
                f"{who} may load metal from your worlds",
            )
        return _de_en(
            lang,
            f"{who} darf keine Metalle mehr von Deinen Welten laden",
            f"{who} may no longer load metal from your worlds",
        )


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

    def words(self, lang: str, world: PlanetNamer) -> str:
        return _de_en(
            lang,
            f"Kunstwerk {self.artifact} an Flotte {self.fleet} hängen",
            f"attach artifact {self.artifact} to fleet {self.fleet}",
        )


@dataclass(frozen=True, kw_only=True)
class DropArtifact(StarwebOrder):
    """``VnW``: put artifact n down on the world its key is at."""

    kind: ClassVar[str] = "artifact_drop"
    artifact: int

    @property
    def code(self) -> str:
        return f"V{self.artifact}W"

    def words(self, lang: str, world: PlanetNamer) -> str:
        return _de_en(
            lang,
            f"Kunstwerk {self.artifact} auf der Welt ablegen",
            f"drop artifact {self.artifact} on the world",
        )


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

    def words(self, lang: str, world: PlanetNamer) -> str:
        targets = {
            AT_FLEET: (f"auf Flotte {self.target_fleet}", f"at fleet {self.target_fleet}"),
            AT_INDUSTRY: ("auf I-Schiffe, dann Industrie", "at I-ships, then industry"),
            AT_POPULATION: ("auf P-Schiffe, dann Bevölkerung", "at P-ships, then population"),
            AT_HOME_FLEETS: ("auf die Heimatflotten", "at the home fleets"),
            AT_CONVERTS: ("auf Bekehrte", "at converts"),
        }
        de, en = targets[self.target]
        source = _source(lang, self.source, self.number, world)
        if self.conditional:
            return _de_en(
                lang,
                f"{source} feuert {de}, falls angegriffen",
                f"{source} fires {en} if attacked",
            )
        return _de_en(lang, f"{source} feuert {de}", f"{source} fires {en}")


@dataclass(frozen=True, kw_only=True)
class AmbushOff(StarwebOrder):
    """``Z`` (everywhere) or ``Zn`` (world n): no ambush this turn."""

    kind: ClassVar[str] = "ambush_off"
    world: int = 0

    @property
    def code(self) -> str:
        return f"Z{self.world or ''}"

    def words(self, lang: str, world: PlanetNamer) -> str:
        if not self.world:
            return _de_en(lang, "kein Ambush in dieser Runde", "no ambush this turn")
        return _de_en(
            lang,
            f"kein Ambush auf Welt {world(self.world)} in dieser Runde",
            f"no ambush at world {world(self.world)} this turn",
        )


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

    def words(self, lang: str, world: PlanetNamer) -> str:
        who = self.player.upper()
        if self.action == ALLY:
            return _de_en(lang, f"{who} wird Verbündeter", f"{who} becomes your ally")
        if self.action == UNALLY:
            return _de_en(
                lang, f"{who} ist nicht mehr Verbündeter", f"{who} is no longer your ally"
            )
        return _de_en(lang, f"Djihad gegen {who}", f"jihad against {who}")


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

    def words(self, lang: str, world: PlanetNamer) -> str:
        who = self.player.upper()
        if self.what == "W":
            return _de_en(
                lang,
                f"Welt {world(self.number)} an {who} verschenken",
                f"give world {world(self.number)} to {who}",
            )
        return _de_en(
            lang, f"Flotte {self.number} an {who} verschenken", f"give fleet {self.number} to {who}"
        )


# ---------------------------------------------------------------------------- other


@dataclass(frozen=True, kw_only=True)
class Plunder(StarwebOrder):
    """``WnX``: plunder one's own world n."""

    kind: ClassVar[str] = "plunder"
    world: int

    @property
    def code(self) -> str:
        return f"W{self.world}X"

    def words(self, lang: str, world: PlanetNamer) -> str:
        return _de_en(
            lang, f"Welt {world(self.world)} plündern", f"plunder world {world(self.world)}"
        )


@dataclass(frozen=True, kw_only=True)
class Stance(StarwebOrder):
    """``FnQ`` puts key n at peace, ``FnX`` at war."""

    kind: ClassVar[str] = "stance"
    fleet: int
    peace: bool

    @property
    def code(self) -> str:
        return f"F{self.fleet}{'Q' if self.peace else 'X'}"

    def words(self, lang: str, world: PlanetNamer) -> str:
        if self.peace:
            return _de_en(
                lang, f"Flotte {self.fleet} in den Frieden", f"fleet {self.fleet} at peace"
            )
        return _de_en(
            lang, f"Flotte {self.fleet} in den Krieg", f"fleet {self.fleet} not at peace (war)"
        )


@dataclass(frozen=True, kw_only=True)
class BuildBomb(StarwebOrder):
    """``FnB``: 25 ships of key n become a planet-buster bomb."""

    kind: ClassVar[str] = "bomb_build"
    fleet: int

    @property
    def code(self) -> str:
        return f"F{self.fleet}B"

    def words(self, lang: str, world: PlanetNamer) -> str:
        return _de_en(
            lang,
            f"Flotte {self.fleet} baut aus 25 Schiffen eine Planetenbruch-Bombe",
            f"fleet {self.fleet} builds a planet-buster bomb from 25 ships",
        )


@dataclass(frozen=True, kw_only=True)
class DropBomb(StarwebOrder):
    """``FnD``: key n drops its planet-buster."""

    kind: ClassVar[str] = "bomb_drop"
    fleet: int

    @property
    def code(self) -> str:
        return f"F{self.fleet}D"

    def words(self, lang: str, world: PlanetNamer) -> str:
        return _de_en(
            lang,
            f"Flotte {self.fleet} wirft die Planetenbruch-Bombe ab",
            f"fleet {self.fleet} drops its planet-buster bomb",
        )


@dataclass(frozen=True, kw_only=True)
class RobotAttack(StarwebOrder):
    """``FnRq``: q ships of key n become 2q robots and attack (berserkers only)."""

    kind: ClassVar[str] = "robot_attack"
    fleet: int
    quantity: int

    @property
    def code(self) -> str:
        return f"F{self.fleet}R{self.quantity}"

    def words(self, lang: str, world: PlanetNamer) -> str:
        q = self.quantity
        return _de_en(
            lang,
            f"Flotte {self.fleet} macht aus {_ships(lang, q)} {2 * q} Roboter und greift an",
            f"fleet {self.fleet} turns {_ships(lang, q)} into {2 * q} robots and attacks",
        )


@dataclass(frozen=True, kw_only=True)
class EndScoreVote(StarwebOrder):
    """The end-score vote of turn 1 (Starweb "Was ist Sache?"; notation decided in
    docs/rules-starweb.md)."""

    kind: ClassVar[str] = "end_vote"
    score: int

    @property
    def code(self) -> str:
        return f"E={self.score}"

    def words(self, lang: str, world: PlanetNamer) -> str:
        return _de_en(
            lang,
            f"Vorschlag für die Endpunktzahl: {self.score}",
            f"vote for the end score: {self.score}",
        )


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
