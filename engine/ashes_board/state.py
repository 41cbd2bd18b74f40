"""The complete state of a board-game Ashes of Empire game (docs/state-ashes-board.md).

Plain dataclasses of ints, strings, booleans and lists, so that the JSON form is exact and
canonical (:mod:`engine.plaindata`). Besides the board it holds what the printouts of the
last round need: the turn order, the report of every phase and the dice rolled.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from engine.core import NEUTRAL
from engine.plaindata import TaggedState

FORMAT = 1
"""Version of the JSON form, written as ``format``."""

KIND = "ashes-board"

ORBIT = 0
"""``Fleet.space`` of ships in a planet's orbit; 1-3 are the distance spaces (B G.4.4)."""


@dataclass
class Options:
    """Rule options chosen by the GM at setup (docs/rules-ashes-board.md, "Rule options")."""

    extension: bool = False
    """The extension rules (hangars, up to 3 factories, diplomacy); off: the basic game."""
    landing: str = "dice"
    """``dice``: transporters against land troops, one d6 each; ``postal``: Ashes 6.2.4's
    formulas, no dice (decision D-1)."""
    battle_rounding: str = "down"
    """``down`` or ``nearest``: how the sum of the dice / 6 is rounded (D-2)."""
    revolt: str = "neutral"
    """``neutral``: a planet with fewer troops than population becomes neutral; ``none``."""
    growth: str = "none"
    """``none``, ``die`` (+1 on a 6) or ``every_round`` (+1) (D-4)."""
    neutral_fighters: str = "pop"
    """``pop``, ``postal`` (the postal table's FI) or ``none`` (D-5)."""
    pirates: bool = False
    """Pirate fleets by two dice in phase 8 (D-6)."""
    end_step: int = 2
    """From round 16 the end total falls by this much a round (D-8)."""
    counter_limits: bool = False
    """Enforce the counter counts of B E2.6 (D-16)."""
    factory_cost: list[int] = field(default_factory=list)
    """Extension: oil, steel, high tech of a factory; empty: factories cannot be built
    (the translation lacks the costs; the GM gives them, D-9)."""
    hangar_cost: list[int] = field(default_factory=list)
    """Extension: oil, steel, high tech of a hangar (as ``factory_cost``)."""


@dataclass
class Planet:
    """One planet board (B E2.4): owner, population, land troops, factories, hangars."""

    number: int
    owner: int
    base_pop: int
    pop: int
    troops: int
    factories: list[str] = field(default_factory=list)
    """``oil``, ``steel``, ``hightech`` per factory."""
    hangars: list[str] = field(default_factory=list)
    """``fighter``, ``transporter`` per hangar (extension)."""
    fighters: int = 0
    """A neutral planet's own fighters (B A.4.9.1); players' fighters are fleets."""
    ever_owned: bool = False
    """Once owned by a player: its first conquest brings no factory (B A.4.9.4)."""


@dataclass
class Fleet:
    """Ships of one owner on one space of one planet board (B G.4.4)."""

    owner: int
    """The player, or 0: white pirate ships (B E2.6)."""
    planet: int
    space: int
    """0 = orbit, 1-3 = the distance spaces."""
    fighters: int = 0
    transporters: int = 0
    pop: int = 0
    """Population carried (freight, B E2.4)."""
    arrived: bool = False
    """Reached the orbit this round: it cannot fly before the next (B G.4.4)."""

    @property
    def empty(self) -> bool:
        return self.fighters == 0 and self.transporters == 0


@dataclass
class Player:
    """One player's warehouse board and counters (B E2.5, 2.5)."""

    number: int
    name: str = ""
    oil: int = 5
    steel: int = 5
    hightech: int = 5
    hp: int = 0
    """The home planet: where beaten fleets flee (B G.4.4); 0 while he owns none."""
    morale_fighters: bool = False
    morale_transporters: bool = False
    morale_troops: bool = False
    relations: list[int] = field(default_factory=list)
    """Extension: his declaration toward each seat (index seat - 1): 0 enemy, 1 neutral,
    2 friend (decision D-10)."""
    targets: list[int] = field(default_factory=list)
    """The players his kills hit first, in this order, when several are on the other side
    of a battle (B A.4.9.2: "the player who shot them down decides"; standing order)."""
    factory_choice: str = "steel"
    """The factory a conquered neutral planet receives (B A.4.9.4; standing order)."""
    place: int = 0
    """His place in the flight order of the round (B G.4.3)."""
    out: bool = False

    @property
    def stock(self) -> int:
        return self.oil + self.steel + self.hightech


@dataclass
class Arg:
    """One named value of a report line."""

    name: str
    value: str


@dataclass
class Line:
    """One line of the round's report: a catalog key and its values (docs/texts.md)."""

    key: str
    args: list[Arg] = field(default_factory=list)
    seats: list[int] = field(default_factory=list)
    """Who reads it; empty: everybody (the board is open, B E2)."""

    def values(self) -> dict[str, str]:
        return {a.name: a.value for a in self.args}


@dataclass
class BoardState(TaggedState, kind=KIND, fmt=FORMAT):
    """The whole game after a round (docs/state-ashes-board.md)."""

    game: int
    turn: int
    seed: int
    scenario: str
    options: Options
    players: list[Player]
    planets: list[Planet]
    fleets: list[Fleet] = field(default_factory=list)
    report: list[Line] = field(default_factory=list)
    """What happened in the last round, in phase order."""
    finished: bool = False
    winners: list[int] = field(default_factory=list)

    def planet(self, number: int) -> Planet:
        return self.planets[number - 1]

    def player(self, seat: int) -> Player:
        return self.players[seat - 1]

    def active(self) -> Iterator[Player]:
        return (p for p in self.players if not p.out)

    def owned(self, seat: int) -> list[Planet]:
        """The planets of ``seat`` in number order."""
        return [p for p in self.planets if p.owner == seat]

    def fleets_of(self, seat: int) -> list[Fleet]:
        return [f for f in self.fleets if f.owner == seat]

    def say(self, key: str, seats: tuple[int, ...] = (), **args: object) -> None:
        """Add a line to the round's report (``seats`` empty: everybody reads it)."""
        self.report.append(
            Line(key, [Arg(k, str(v)) for k, v in args.items()], [s for s in seats if s])
        )

    def hostile(self, a: int, b: int) -> bool:
        """Whether ``a`` fights ``b`` (B A.4.9.2): every other player in the basic game;
        with the extension the lower of the two declarations holds (D-10). White pirates
        and neutral planets are hostile to everybody."""
        if a == b:
            return False
        if NEUTRAL in (a, b) or not self.options.extension:
            return True
        return self.relation(a, b) == 0

    def relation(self, a: int, b: int) -> int:
        """0 enemy, 1 neutral, 2 friend: the lower of the two declarations (D-10)."""
        return min(self.player(a).relations[b - 1], self.player(b).relations[a - 1])
