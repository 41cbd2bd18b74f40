"""The state of a Spacewar game: plain data (``engine.plaindata``), exact JSON round trip.

docs/state-spacewar.md describes every field. Ids are absolute: worlds ``W1``-``W12``,
space fields ``R1``-``R4``, the hyperspace strips ``H1``/``H2``; ships are numbered per
player and type (``KR3``), fleets per player (1-10), troop stones per player.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from engine.plaindata import TaggedState, copy_plain

FORMAT = 1
"""The version of the state's JSON form."""


@dataclass
class Options:
    """The rule options (docs/rules-spacewar.md, "Rule options")."""

    movement: str = "sealed"
    """``sealed``: the jumps of a round come with its orders and the server plays the
    alternation; ``alternating``: one step per fleet move, awaiting the mover (decision 4)."""
    battle_mode: str = "auto"
    """``auto``: a battle is fought to its end from the standing orders; ``rounds``: one
    step per battle round, awaiting both players' battle orders (decision 1)."""
    hyperspace_reach: str = "strips"
    """``strips``: a strip reaches its planet row and the space row; ``open``: anything."""
    enemy_columns: str = "mirrored"
    """``mirrored``: the enemy row is counted from the mover's left (enemy home = 6);
    ``board``: from the board's printed left (decision 3)."""
    battle_depth: int = 36
    """The table's depth in Felder (72 cm, 1 Feld = 2 cm; decision 17)."""
    battle_max_rounds: int = 20
    scout_reroll: str = "throw"
    """A lone scout's second chance (decision 16): ``throw``, the whole throw again once;
    ``each_die``, each die once: the die showing the best listed target is kept, the
    others are thrown again."""
    base_splits: bool = True
    """The Basis fires 9 + 3 missiles (decision 18); off: 12 is read as row 9."""
    multiple_hits: bool = False
    """Spacewar §10.1 Mehrfachtreffer."""
    damaged_units: bool = False
    """Spacewar §10.2 Beschädigte Einheiten (with §10.1)."""
    red_modifier: int = 3
    troop_stones: list[int] = dataclasses.field(default_factory=lambda: [36, 21, 6])
    """Stones per player of the values 3, 4, 5: the pool and the start stones (decision 10)."""
    pe_savings: bool = True
    guerrilla_clear_on_recapture: bool = True
    max_rounds: int = 0
    """0: no limit; else most worlds wins after this round (decision 26)."""
    max_bases: int = 0
    """0: no limit (decision 27)."""


@dataclass
class Stone:
    """A troop stone (Truppenstein) with its value."""

    id: int
    value: int


@dataclass
class Ship:
    """A ship of a fleet. A transporter carries at most one of: a stone, a third of a
    base (``base_part``), or up to 8 Jäger (Spacewar §4)."""

    id: str
    type: str
    fighters: int = 0
    """Jäger docked on a Schlachtträger."""
    stone: Stone | None = None
    base_part: bool = False
    jaeger: int = 0
    """Jäger carried as cargo by a transporter."""
    marker: str = ""
    """Option 10.1: ``yellow``, ``orange``, ``red``."""


@dataclass
class Base:
    """A Basis: placed on a field, or loaded (``field`` is then ``F<fleet>``)."""

    id: int
    owner: int
    field: str
    fighters: int = 0


@dataclass
class Fleet:
    """A fleet stone on the board (a lone scout is a fleet, too)."""

    owner: int
    id: int
    where: str
    ships: list[Ship] = dataclasses.field(default_factory=list)
    base: Base | None = None
    """A base carried in thirds by three transporters."""


@dataclass
class World:
    """One of the twelve worlds."""

    id: str
    owner: int
    base_pe: int
    troops: list[Stone] = dataclasses.field(default_factory=list)
    guerrilla: int = 0
    guerrilla_of: int = 0

    @property
    def income(self) -> int:
        """Spacewar §6: the guerrillas' cut comes off the world's income."""
        return max(0, self.base_pe - self.guerrilla)


@dataclass
class Stranded:
    """Jäger without a carrier in a field (Spacewar §5.5): they cannot move."""

    owner: int
    field: str
    count: int


@dataclass
class Sighting:
    """What ``viewer`` saw of the enemy in a field: by a scout or in a battle."""

    viewer: int
    round: int
    field: str
    source: str
    """``scout`` or ``battle``."""
    ships: list[str] = dataclasses.field(default_factory=list)
    stones: list[int] = dataclasses.field(default_factory=list)


@dataclass
class Standing:
    """A player's standing orders (they stay until changed, Spacewar decision table §3)."""

    no_attack: list[str] = dataclasses.field(default_factory=list)
    """Fields where he does not attack; ``*`` for everywhere."""
    scout_attack: list[str] = dataclasses.field(default_factory=list)
    """Fields where he attacks only after a successful scout (decision 22)."""
    stances: list[str] = dataclasses.field(default_factory=list)
    """``TYPE:stance`` (``KR:close``) over the defaults."""
    targets: list[str] = dataclasses.field(default_factory=list)
    """Target types in order of preference (``ST``, ``KR``, ...)."""
    splits: list[str] = dataclasses.field(default_factory=list)
    """``KR1:R:4,4`` (a ship) or ``KR:L:3,3`` (every ship of a type): split fire
    (Spacewar §5.3)."""
    double_shot: bool = False
    """Jäger fire both missiles at once (Spacewar §5.4)."""
    jumps: list[str] = dataclasses.field(default_factory=list)
    """Emergency jumps per fleet: ``<fleet>:round:<n>``, ``<fleet>:loss:<percent>``,
    ``<fleet>:single:<n>`` (Spacewar §5.5)."""
    lineups: list[str] = dataclasses.field(default_factory=list)
    """``W3:5,4,3``: the defender's order of stone values (Spacewar §6)."""
    assignments: list[str] = dataclasses.field(default_factory=list)
    """``<fleet>:5,4,3``: the attacker's order of stone values."""
    ground_retreats: list[str] = dataclasses.field(default_factory=list)
    """``<field or fleet>:stones:<n>`` / ``...:round:<n>``."""


@dataclass
class Player:
    """One of the two players."""

    number: int
    name: str
    pe: int = 0
    pool: list[int] = dataclasses.field(default_factory=list)
    """Stones not in play per value 3, 4, 5."""
    next_stone: int = 1
    next_ship: list[int] = dataclasses.field(default_factory=lambda: [1, 1, 1, 1])
    """The next number per ship type ST, KR, TR, SC."""
    next_base: int = 1
    standing: Standing = dataclasses.field(default_factory=Standing)
    out: bool = False
    resigned: bool = False
    spent: int = 0
    income: int = 0


@dataclass
class Pending:
    """A fleet in hyperspace waiting to move (option ``movement = alternating``), with the
    jump its owner ordered for it; he may give another when it is his move."""

    owner: int
    fleet: int
    group: str
    targets: list[str] = dataclasses.field(default_factory=list)


@dataclass
class Fighter:
    """A unit of a battle paused between two rounds (``battle_mode = rounds``): the
    battle's :class:`engine.spacewar.battle.Unit` as plain data."""

    side: int
    type: str
    label: str
    p: int = 0
    fleet: int = 0
    """The fleet of a ship (0: none)."""
    ship: str = ""
    base: int = 0
    """The id of a base (0: not a base)."""
    home: str = ""
    """The label of a Jäger's carrier or base."""
    missiles: int = 0
    docked: bool = False
    dead: bool = False
    jumped: bool = False
    marker: str = ""
    hits: int = 0


@dataclass
class Fight:
    """A space battle declared this round and not over (``battle_mode = rounds``): the
    first in the list is being fought; ``round`` 0: not begun."""

    field: str
    attacker: int
    first: int = 0
    round: int = 0
    quiet: int = 0
    start_ships: list[str] = dataclasses.field(default_factory=list)
    """``<owner>:<fleet>:<ships>``: the fleets' ships when the battle began."""
    units: list[Fighter] = dataclasses.field(default_factory=list)


@dataclass
class Note:
    """A line of the step's report: a catalog key, its arguments, the seats who see it
    (empty: both)."""

    key: str
    args: list[str] = dataclasses.field(default_factory=list)
    to: list[int] = dataclasses.field(default_factory=list)

    def seen_by(self, seat: int) -> bool:
        """Whether ``seat`` (0: the GM) may read the note."""
        return seat == 0 or not self.to or seat in self.to


@dataclass
class SpacewarState(TaggedState, kind="spacewar", fmt=FORMAT):
    """The whole game after a step."""

    game: int
    turn: int
    seed: int
    round: int
    start_player: int
    players: list[Player]
    worlds: list[World]
    fleets: list[Fleet] = dataclasses.field(default_factory=list)
    bases: list[Base] = dataclasses.field(default_factory=list)
    stranded: list[Stranded] = dataclasses.field(default_factory=list)
    intel: list[Sighting] = dataclasses.field(default_factory=list)
    notes: list[Note] = dataclasses.field(default_factory=list)
    options: Options = dataclasses.field(default_factory=Options)
    phase: str = "orders"
    """``orders`` (the next step is a round's orders), ``move`` (a fleet's move) or
    ``battle`` (a battle round, ``battle_mode = rounds``)."""
    mover: int = 0
    """Who moves next in the ``move`` phase."""
    first_mover: int = 0
    """Who moved first this round (he declares his attacks first, Spacewar §5)."""
    pending: list[Pending] = dataclasses.field(default_factory=list)
    fights: list[Fight] = dataclasses.field(default_factory=list)
    """The battles of the round still to fight, in a ``battle`` phase."""
    winner: int = 0
    over: bool = False

    def copy(self) -> SpacewarState:
        """A deep copy (the next step starts from one)."""
        return copy_plain(self)

    def note(self, key: str, args: list[str] | None = None, to: list[int] | None = None) -> None:
        """Add a line to the step's report (``to``: the seats who see it; None: both)."""
        self.notes.append(Note(key, list(args or []), list(to or [])))

    def player(self, number: int) -> Player:
        """Player 1 or 2."""
        return self.players[number - 1]

    def world(self, field_id: str) -> World:
        """The world ``W1``-``W12``."""
        return self.worlds[int(field_id[1:]) - 1]

    def fleet(self, owner: int, number: int) -> Fleet | None:
        """A player's fleet by number, or None."""
        return next((f for f in self.fleets if f.owner == owner and f.id == number), None)

    def fleets_at(self, field_id: str, owner: int | None = None) -> list[Fleet]:
        """The fleets in a field (of one owner), by owner and number."""
        return [
            f
            for f in sorted(self.fleets, key=lambda f: (f.owner, f.id))
            if f.where == field_id and (owner is None or f.owner == owner)
        ]

    def base_at(self, field_id: str) -> Base | None:
        """The placed base in a field, if any (one per field: decision 27)."""
        return next((b for b in self.bases if b.field == field_id), None)

    @property
    def setup_step(self) -> bool:
        """The next step is the setup (Aufstellung)."""
        return self.round == 0
