"""The complete state of a Starweb game after a turn (docs/rules-starweb.md).

Plain dataclasses (see :mod:`engine.plaindata`): the JSON form is exact and canonical.
Worlds are numbered 1..N, keys (fleets) 1..255, artifacts 1..100; list index ``i`` holds
number ``i + 1``. ``owner`` 0 (:data:`engine.core.NEUTRAL`) is nobody.

Besides the position the state holds :class:`TurnReport`, what the printouts of the last
evaluated turn need: the flags the rulebook prints behind worlds and keys ("bewegt",
"AF189", "erobert" …), the fleets that left each world, the dead, what each player saw,
the echo of each player's orders with the evaluation's remarks, and the players' messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.core import NEUTRAL
from engine.plaindata import TaggedState, added_later, copy_plain

FORMAT = 1
"""Version of the JSON form, written as ``format``."""

CAP = 255
"""Starweb "Schiffe": no value can exceed 255."""

MAX_MINES = 31
"""Starweb "Minen und Rundenzähler": at most 31 mines on a world."""

KEYS = 255
"""Starweb "Das System": 255 keys exist, fleet numbers 1-255."""

KEYS_PER_PLAYER = 5
"""Starweb "keys": every player starts with five keys."""


class Character(StrEnum):
    """The six characters (Starweb "Die Charaktere"); the value is the rulebook's name."""

    EMPIRE_BUILDER = "Reichsgründer"
    MERCHANT = "Händler"
    PIRATE = "Pirat"
    COLLECTOR = "Kunstsammler"
    BERSERKER = "Berserker"
    APOSTLE = "Apostel"


@dataclass
class Options:
    """Rule options chosen by the GM at setup (docs/rules-starweb.md, "Rule options").

    The generator's options shape the map; the others are readings of the rulebook where
    GMs could differ.
    """

    worlds: int = 255
    """Worlds in the galaxy (Starweb "Das System": 255; fewer for small games)."""
    min_gates: int = 2
    """Fewest gates a world has."""
    max_gates: int = 5
    """Most gates a world has (the rulebook's example shows 2 to 5)."""
    black_holes: int = 5
    """Black holes among the worlds (Starweb "Schwarze Löcher"; not in reach of a home)."""
    end_score_min: int = 1000
    """Starweb "Was ist Sache?": the end-score vote lies between these two."""
    end_score_max: int = 15000
    end_score_default: int = 5000
    """The vote of a player who gave none in turn 1."""
    neutral_fire_back: bool = True
    """Starweb "Was ist Sache?": neutral home fleets fire back (ambush) in this game."""
    nmr_conditional_fire: bool = True
    """Starweb "Feuern": a player who misses a turn has his unmoved fleets fire
    conditionally at whoever attacks them."""
    black_box: str = "metal"
    """The Black Box's effect in this game (secret; see engine.starweb.artifacts)."""
    bomb_min_ships: int = 1
    """Starweb "Planetenbruch-Bombe": a key left with fewer ships by a transfer loses its
    bomb (English rules §21: when all ships leave; a GM reading the German "nicht mehr
    ausreicht" as "fewer than 25" sets 25)."""
    merchant_net_unload: bool = False
    """Starweb "Händler": False, the merchant scores no metal on a world where metal was
    also loaded this turn (German); True, he scores the net amount unloaded (English §4B;
    who loads: ``merchant_own_loading_only``)."""
    home_distance: int = 4
    """Fewest gates between two home worlds (Starweb "keys": nobody starts next to
    another player; 4 keeps every home's neighbours out of the others' two-gate reach)."""

    # The English readings (docs/rules-starweb.md, "The German rulebook first"): False,
    # the default, plays the German rulebook, True the English 7th edition. A state stored
    # before such an option existed lacks it and reads its ``stored_before`` value, the
    # reading the game was played with: it keeps it, and its turns replay byte for byte.
    merchant_players_worlds_only: bool = added_later(False, stored_before=True)
    """Starweb "Händler": False, metal scores on any world "die ihm nicht gehört" with
    industry, a neutral one too (German); True, only on another player's world (English
    §4B: "you do NOT get points for unloading onto a NEUTRAL world")."""
    merchant_own_loading_only: bool = added_later(False, stored_before=True)
    """Starweb "Händler": False, "keine Punkte, wenn auf einer Welt gleichzeitig ein- und
    ausgeladen wird" counts anyone's loading there (German); True, only the merchant's own
    (English §4B: "If you UNLOAD and LOAD metal at the same world")."""
    merchant_owner_start_end: bool = added_later(False, stored_before=True)
    """Starweb "Händler": False, "die ihm nicht gehört" is judged when he unloads (German);
    True, no points on a world he owns at the start or at the end of the turn (English
    §4B)."""
    destroyed_every_turn: bool = added_later(False, stored_before=True)
    """Starweb "Der Printout" 17: False, "VERNICHTET" only in the turn of the bomb ("in
    dieser Runde", German); True, in every turn after it (English §27: "during the game so
    far")."""
    growth_owned_only: bool = added_later(False, stored_before=True)
    """Starweb "Bevölkerung": False, the people of every world grow, neutral ones too
    (German); True, only those of owned worlds (English §10: "an owned world")."""
    end_score_voters_only: bool = added_later(False, stored_before=False)
    """Starweb "Was ist Sache?": False, the end score is the average over all players, a
    missing vote counted as ``end_score_default`` (German: "Der Durchschnitt der Zahlen
    aller Spieler"); True, over the players who voted (English §30: "we just won't
    include you in the average"; nobody voted: ``end_score_default``)."""
    emigrants_build_next_turn: bool = added_later(False, stored_before=True)
    """Starweb "Bevölkerung": False, emigrants over the limit work "noch für eine Runde"
    (they mine in the turn they arrive) and die at its end (German); True, they die at
    the end of the next turn, so they build once (English §10: "one turn in which to
    build before they die")."""


@dataclass
class Artifact:
    """One artifact (Starweb "Kunstwerke"): 10-99 standard, 1-9 and 100 the specials
    (the numbering of the rulebook's printout example; see engine.starweb.artifacts).

    Exactly one of ``world`` and ``fleet`` is non-zero: where it lies or which key carries it.
    """

    number: int
    name: str
    """The German name as printed (``Plastik Mondstein``, ``Schatz der Polaris``)."""
    material: str = ""
    """Standard artifacts: the first name part (``Plastik``); specials: empty."""
    kind: str = ""
    """Standard artifacts: the second name part (``Mondstein``); specials: ``polaris``,
    ``venus``, ``isotope``, ``lesser_evil``, ``nebula``, ``black_box``."""
    world: int = 0
    fleet: int = 0


@dataclass
class World:
    """One star system with its planet (Starweb "Der Printout", items 1-21)."""

    number: int
    gates: list[int]
    owner: int = NEUTRAL
    industry: int = 0
    metal: int = 0
    mines: int = 0
    population: int = 0
    """Organic population, converts included (robots are counted in ``robots``)."""
    converts: int = 0
    """Of ``population``, the converts of the apostle ``convert_owner``."""
    convert_owner: int = NEUTRAL
    robots: int = 0
    """Robots (Starweb "Roboter"): organic life and robots never live together."""
    limit: int = 0
    turns: int = 0
    """The rounds counter for mine growth ("Runden"); 0: none (no mine or no owner)."""
    i_ships: int = 0
    p_ships: int = 0
    plundered: int = 0
    """How often the world was plundered (the pirate's 50/40/30/20/10)."""
    recovery: int = 0
    """Turns of recovery left after a plunder (Starweb "Plünderung": three)."""
    kg_unloads: int = 0
    """Times consumer goods were unloaded here ("KGU"): the merchant's 10/8/5/3/1."""
    bombed: bool = False
    """A planet-buster fell here once (the berserker scores a world only once)."""
    black_hole: bool = False
    home_of: int = NEUTRAL
    """The player whose home world this is (Starweb "Sonden": always reported)."""


@dataclass
class Fleet:
    """One key (Starweb "keys": a fleet and its key are the same)."""

    number: int
    world: int
    owner: int = NEUTRAL
    ships: int = 0
    cargo: int = 0
    peace: bool = False
    """"im Frieden" (Starweb "Flotten im Frieden")."""
    bomb: bool = False
    """Carries a planet-buster ("BRUCH-BOMBE")."""


@dataclass
class Player:
    """One seat: code name, character and what the rules remember of the player."""

    number: int
    code_name: str
    character: str
    """A :class:`Character` value."""
    home: int
    score: int = 0
    allies: list[int] = field(default_factory=list)
    """Players this one declared allies (one-sided, secret: Starweb "Alliierte")."""
    loaders: list[int] = field(default_factory=list)
    """Players this one allowed to load metal on his worlds (``L=``)."""
    met: list[int] = field(default_factory=list)
    """Players this one has met so far (contacts; gifts need one)."""
    jihad: int = NEUTRAL
    """The target of the apostle's jihad (0: none declared yet)."""
    end_vote: int = 0
    """The end-score vote of turn 1 (0: none given)."""
    out: bool = False


@dataclass
class FleetNote:
    """What the printout says behind a key this turn (Starweb "Der Printout", 22 d-n)."""

    fleet: int
    flags: list[str] = field(default_factory=list)
    """In print order, as codes: ``moved``, ``ambush``, ``fire:AF189`` (the target as the
    printout writes it: ``AF189``, ``AI``, ``AP``, ``AH``, ``CF8``), ``robots``,
    ``bomb_dropped``, ``captured``, ``taken_from:N`` (player N), ``gift_from:N``,
    ``gift_to:N``, ``kg_unloaded``, ``conditional:CF8`` (shown to the owner only)."""


@dataclass
class Departure:
    """A key that left or passed a world this turn (printout item 23)."""

    fleet: int
    owner: int
    to: int
    """The next world on its way."""


@dataclass
class WorldNote:
    """What the printout says about a world this turn, besides its values."""

    world: int
    flags: list[str] = field(default_factory=list)
    """Codes: ``conquered``, ``plundered``, ``destroyed`` (planet-buster), ``kg_unloaded``,
    ``gift_from:N``, ``neutralised``, ``i_fire:AF8``/``p_fire:AC`` (home fleets firing),
    ``ambush``."""
    dead: int = 0
    """Population killed this turn ("TOTE=n")."""
    dead_converts: int = 0
    departures: list[Departure] = field(default_factory=list)


@dataclass
class EchoLine:
    """One order as the printout echoes it, with the evaluation's remark if any."""

    code: str
    remark: str = ""
    """Why it was not (fully) carried out, as a code the printout words (empty: done)."""


@dataclass
class PlayerReport:
    """What one player learned this turn."""

    player: int
    seen: list[int] = field(default_factory=list)
    """Worlds reported to this player, ascending (visibility, Starweb "Der Printout")."""
    probed: list[int] = field(default_factory=list)
    contacts: list[int] = field(default_factory=list)
    """Players met this turn ("Kontakte in dieser Runde")."""
    echo: list[EchoLine] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    """Private notices as codes with arguments, e.g. ``gift_received:W195:3`` or
    ``black_box:metal``; the printout words them."""
    gained: int = 0
    """Points scored this turn."""


@dataclass
class TurnReport:
    """What the printouts of the state's turn show beyond the position."""

    worlds: list[WorldNote] = field(default_factory=list)
    fleets: list[FleetNote] = field(default_factory=list)
    players: list[PlayerReport] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)
    """The players' messages (articles), printed to everyone without names."""
    nmr: list[int] = field(default_factory=list)


@dataclass
class StarwebState(TaggedState, kind="starweb", fmt=FORMAT):
    """A whole Starweb game after ``turn`` (0: the start position)."""

    game: int
    turn: int
    seed: int
    options: Options
    worlds: list[World]
    fleets: list[Fleet]
    artifacts: list[Artifact]
    players: list[Player]
    report: TurnReport = field(default_factory=TurnReport)
    end_score: int = 0
    """The secret end score (the average of the votes), fixed after turn 1."""
    over: bool = False

    def world(self, number: int) -> World:
        """World ``number`` (1-based)."""
        return self.worlds[number - 1]

    def fleet(self, number: int) -> Fleet:
        """Key ``number`` (1-based)."""
        return self.fleets[number - 1]

    def artifact(self, number: int) -> Artifact:
        """Artifact ``number`` (1-based)."""
        return self.artifacts[number - 1]

    def player(self, number: int) -> Player:
        """Player ``number`` (1-based)."""
        return self.players[number - 1]

    def active(self) -> list[Player]:
        """The players still in the game."""
        return [p for p in self.players if not p.out]

    def by_code_name(self, name: str) -> Player | None:
        """The player with this code name, in any case (None: nobody)."""
        wanted = name.strip().upper()
        return next((p for p in self.players if p.code_name.upper() == wanted), None)

    def fleets_at(self, world: int) -> list[Fleet]:
        """The keys at ``world``, by number."""
        return [f for f in self.fleets if f.world == world]

    def artifacts_at(self, world: int) -> list[Artifact]:
        """The artifacts lying on ``world`` (not on a key), by number."""
        return [a for a in self.artifacts if a.world == world and a.fleet == 0]

    def artifacts_on(self, fleet: int) -> list[Artifact]:
        """The artifacts key ``fleet`` carries, by number."""
        return [a for a in self.artifacts if a.fleet == fleet]


def copy_state(state: StarwebState) -> StarwebState:
    """A deep, independent copy of the state."""
    return copy_plain(state)
