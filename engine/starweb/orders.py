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
from engine.starweb.texts import TEXTS

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


def _source(
    lang: str, source: str, number: int, world: PlanetNamer, *, after_from: bool = False
) -> str:
    """``Flotte 3`` / ``die I-Schiffe auf Welt 13`` (where ships or shots come from);
    ``after_from``: the form after the catalog's "from" (German dative: ``von den
    I-Schiffen auf Welt 13``)."""
    if source == FLEET:
        return TEXTS.say(lang, "order.fleet", number=number)
    kind = "I" if source == I_SHIPS else "P"
    key = "order.ships_at_world_from" if after_from else "order.ships_at_world"
    return TEXTS.say(lang, key, kind=kind, world=world(number))


def _ships(lang: str, count: int | None, what: str = "") -> str:
    """``1 Schiff`` / ``3 I-Schiffe`` / ``all ships``."""
    if count is None:
        return TEXTS.say(lang, "order.all_ships", what=what)
    if count == 1:
        return TEXTS.say(lang, "order.1_ship", what=what)
    return TEXTS.say(lang, "order.ships", count=count, what=what)


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
            to = TEXTS.say(lang, "order.fleet", number=self.target_fleet)
        else:
            to = TEXTS.say(lang, "order.home_ships", target=self.target)
        source = _source(lang, self.source, self.number, world, after_from=True)
        ships = _ships(lang, self.quantity)
        return TEXTS.say(lang, "order.transfer_from", ships=ships, source=source, to=to)


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
        return TEXTS.say(
            lang,
            "order.build_industry_at_world_by",
            world=world(self.world),
            quantity=self.quantity,
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
            return TEXTS.say(lang, "order.build_industry_at_world", at=at, q=q)
        if self.what == BUILD_LIMIT:
            return TEXTS.say(lang, "order.raise_population_limit_world_by", at=at, q=q)
        if self.what == BUILD_ROBOTS:
            return TEXTS.say(lang, "order.build_robots", at=at, q=q, robots=2 * q)
        if self.what == BUILD_FLEET:
            return TEXTS.say(
                lang, "order.build_fleet_at_world", at=at, ships=_ships(lang, q), fleet=self.fleet
            )
        return TEXTS.say(
            lang, "order.build_at_world", at=at, ships=_ships(lang, q, self.what + "-")
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
            TEXTS.say(lang, "order.converts")
            if self.converts
            else TEXTS.say(lang, "order.population")
        )
        return TEXTS.say(
            lang,
            "order.emigrate_from_world_world",
            quantity=self.quantity,
            who=who,
            world=world(self.world),
            to=world(self.to),
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
            return TEXTS.say(lang, "order.fleet_moves_world", fleet=self.fleet, to=to)
        through = TEXTS.say(lang, "order.and").join(via)
        return TEXTS.say(
            lang, "order.fleet_moves_through_world_world", fleet=self.fleet, through=through, to=to
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
        source = _source(lang, self.source, self.number, world, after_from=True)
        return TEXTS.say(lang, "order.1_ship_probes_world", source=source, world=world(self.world))


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
            if q is None:
                return TEXTS.say(lang, "order.load_all", fleet=f)
            return TEXTS.say(lang, "order.load", fleet=f, q=q)
        amount = (
            TEXTS.say(lang, "order.all_cargo") if q is None else TEXTS.say(lang, "order.cargo", q=q)
        )
        key = {UNLOAD: "order.unload", JETTISON: "order.jettison"}.get(
            self.action, "order.consumer_goods"
        )
        return TEXTS.say(lang, key, fleet=f, amount=amount)


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
            return TEXTS.say(lang, "order.may_load_metal_from_your", who=who)
        return TEXTS.say(lang, "order.may_no_longer_load_metal", who=who)


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
        return TEXTS.say(
            lang, "order.attach_artifact_fleet", artifact=self.artifact, fleet=self.fleet
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
        return TEXTS.say(lang, "order.drop_artifact_world", artifact=self.artifact)


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
        target = TEXTS.say(lang, f"order.fire_at.{self.target}", fleet=self.target_fleet)
        source = _source(lang, self.source, self.number, world)
        # Home ships are a plural subject ("die I-Schiffe … feuern"), a fleet a singular one.
        key = "order.fire" if self.source == FLEET else "order.fire_ships"
        if self.conditional:
            key += "_if_attacked"
        return TEXTS.say(lang, key, source=source, target=target)


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
            return TEXTS.say(lang, "order.no_ambush_this_turn")
        return TEXTS.say(lang, "order.no_ambush_at_world_this", world=world(self.world))


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
            return TEXTS.say(lang, "order.becomes_your_ally", who=who)
        if self.action == UNALLY:
            return TEXTS.say(lang, "order.no_longer_your_ally", who=who)
        return TEXTS.say(lang, "order.jihad_against", who=who)


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
            return TEXTS.say(lang, "order.give_world", world=world(self.number), who=who)
        return TEXTS.say(lang, "order.give_fleet", number=self.number, who=who)


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
        return TEXTS.say(lang, "order.plunder_world", world=world(self.world))


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
            return TEXTS.say(lang, "order.fleet_at_peace", fleet=self.fleet)
        return TEXTS.say(lang, "order.fleet_not_at_peace_war", fleet=self.fleet)


@dataclass(frozen=True, kw_only=True)
class BuildBomb(StarwebOrder):
    """``FnB``: 25 ships of key n become a planet-buster bomb."""

    kind: ClassVar[str] = "bomb_build"
    fleet: int

    @property
    def code(self) -> str:
        return f"F{self.fleet}B"

    def words(self, lang: str, world: PlanetNamer) -> str:
        return TEXTS.say(lang, "order.fleet_builds_planet_buster_bomb", fleet=self.fleet)


@dataclass(frozen=True, kw_only=True)
class DropBomb(StarwebOrder):
    """``FnD``: key n drops its planet-buster."""

    kind: ClassVar[str] = "bomb_drop"
    fleet: int

    @property
    def code(self) -> str:
        return f"F{self.fleet}D"

    def words(self, lang: str, world: PlanetNamer) -> str:
        return TEXTS.say(lang, "order.fleet_drops_its_planet_buster", fleet=self.fleet)


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
        return TEXTS.say(
            lang, "order.robot_attack", fleet=self.fleet, ships=_ships(lang, q), robots=2 * q
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
        return TEXTS.say(lang, "order.vote_end_score", score=self.score)


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
