"""The complete state of an Ashes of Empire game after a turn (docs/state-ashes.md).

Plain dataclasses holding only ints, strings, booleans, ``None`` and lists of those, so
that the JSON form is exact and canonical: ``to_json(from_json(x)) == x``. Exact
representations (docs/state-ashes.md):

* PR is stored as ``pr60``, the production rate in sixtieths (0.666 = 40/60, Ashes 4.4.3);
* FM% and TM% are stored in hundredths of a percent (100 % = 10000), so that research
  steps of 0.01 (Ashes 6.3.4) stay integers.

Besides the position itself the state holds what the printouts of the last evaluated
turn need: battle reports, spy reports, the Galactic Media, private notices, votes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import NEUTRAL
from engine.plaindata import TaggedState, added_later, copy_plain

FORMAT = 1
"""Version of the JSON form, written as ``format``."""

IN_ORBIT = None
"""``Fleet.stage`` of ships in orbit (I); ``CargoShips.stage`` of ships waiting (D+0)."""


@dataclass
class Options:
    """Rule options chosen by the GM at setup (docs/rules-ashes.md, "Rule options")."""

    op_cost: int = 4
    """A to build one OP: 4 per the errata (default), 5 per Ashes 6.1.3 as printed."""
    escort_defenders: bool = True
    """Ashes 6.1.8: defenders also detach 1 escort FI per started 5 TR."""
    growth_above: bool = True
    """Ashes 4.4.1: A/PR grow only when GIP is *above* a multiple of 40/200 (41 grows, 40 not)."""
    growth_every_turn: bool = added_later(True, stored_before=True)
    """Ashes 4.4.1: A/PR grow every turn by the multiples the GIP is above; off: only by
    those it rose above since the printout before the turn."""
    neutral_fleet_one_in: int = 6
    """Ashes 7.3: a neutral planet sends out a fleet with a chance of 1 in this number."""
    nmr_out_after: int = 2
    """Ashes 1.5: consecutive NMRs after which a player is out (0: never)."""
    rounds_if_no_votes: int = 20
    """Ashes 2.1: game length when nobody votes on it in turn 1."""
    victory_planets: int = 14
    """Ashes 2.2: planets that win at once."""
    victory_hold_planets: int = 13
    """Ashes 2.2: planets that win when held for a round."""
    max_rounds: int = 30
    """Ashes 2.3: extensions beyond this many rounds are void."""
    landing_seat_order: bool = added_later(False, stored_before=True)
    """Ashes 6.2.4 as games stored before the fix ran it: each attacker's PDU destroyed
    capped by what the attackers before it in seat order left (not a reading of the rules:
    kept so that those games replay)."""


@dataclass
class Planet:
    """One planet: the three lines of the planet report (Ashes 4.4) plus its owner."""

    number: int
    name: str
    owner: int
    a: int
    pr60: int
    hd: int
    pm: int
    pdu: int
    fp: int = 3
    op: int = 3
    rp: int = 3
    fy: int = 6
    ty: int = 3
    fuel: int = 30
    ore: int = 30
    rare: int = 30

    @property
    def stock(self) -> int:
        """SP: the stock piles FUEL + ORE + RARE (Ashes 4.4.1)."""
        return self.fuel + self.ore + self.rare

    @property
    def plants(self) -> int:
        """FP + OP + RP."""
        return self.fp + self.op + self.rp


@dataclass
class Fleet:
    """FI and TR of one owner bound for (or orbiting) one planet.

    ``stage`` is ``None`` in orbit (I); ``n`` means the fleet is shown as (D+n) and
    reaches the orbit after n + 1 more flight phases ((D) is stage 0).
    """

    owner: int
    target: int
    fi: int
    tr: int
    stage: int | None = IN_ORBIT


@dataclass
class CargoShips:
    """Cargo ships C0..C9 (Ashes 6.3.5): ownerless while flying; ``stage`` None = waiting (D+0)."""

    target: int
    cargo: int
    count: int
    stage: int | None
    sender: int


@dataclass
class Player:
    """One seat: ruler name, home planet, PP, morale, PV declarations, votes, NMR count."""

    number: int
    ruler: str | None
    home: int
    pp: int = 0
    fm: int = 10000
    tm: int = 10000
    declared: list[int] = field(default_factory=list)
    """The player's standing PV declaration to each seat 0..8 (Ashes 6.3.1)."""
    out: bool = False
    out_turn: int = 0
    out_reason: str = ""
    nmr: int = 0
    vote_rounds: int | None = None
    vote_extension: int | None = None
    vote_end: bool = False
    rule_votes: list[str] = field(default_factory=list)


@dataclass
class News:
    """One entry of the Galactic Media or of a player's private notices.

    ``kind`` selects the wording (engine/ashes/texts.py); the other fields are its
    parameters. ``player`` is the author (press) or the player concerned.
    """

    kind: str
    player: int = NEUTRAL
    planet: int = 0
    other: int = 0
    number: int = 0
    item: str = ""
    text: str = ""


@dataclass
class BattleSide:
    """One empire's line in a battle report (Ashes 4.8)."""

    player: int
    role: str
    """``attack``, ``defend`` or ``watch`` (PV 0, PV 2 / owner, PV 1 to the owner)."""
    fi: int
    tr: int
    lost_fi: int = 0
    lost_tr: int = 0
    killed_pdu: int = 0
    fled_fi: int = 0
    fled_to: int = 0


@dataclass
class BattleReport:
    """The report of one planet with foreign fleets in orbit (Ashes 4.8, 6.2.2)."""

    planet: int
    owner: int
    pdu: int
    fought: bool = False
    strength_a: int = 0
    af: int = 0
    strength_d: int = 0
    df: int = 0
    attackers_won: bool = False
    landing: bool = False
    landing_a: int = 0
    landing_d: int = 0
    new_owner: int | None = None
    revolt_pdu: int = 0
    went_neutral: bool = False
    sides: list[BattleSide] = field(default_factory=list)


@dataclass
class SpyReport:
    """A planet as it stood before the turn's orders (Ashes 6.3.4), with its owner's orbit fleet."""

    player: int
    planet: Planet
    fi: int
    tr: int


@dataclass
class GnpRow:
    """One empire's line of the GNP table (Ashes 4.5): values, ranks and the average rank."""

    player: int
    values: list[int]
    ranks: list[int]
    rank_sum: int


@dataclass
class TurnReport:
    """What happened in the last evaluated turn, for the printouts."""

    battles: list[BattleReport] = field(default_factory=list)
    spies: list[SpyReport] = field(default_factory=list)
    news: list[News] = field(default_factory=list)
    notices: list[News] = field(default_factory=list)
    gnp: list[GnpRow] = field(default_factory=list)


@dataclass
class AshesState(TaggedState, kind="ashes", fmt=FORMAT):
    """The whole game after turn ``turn`` (turn 0: the start position); its JSON form is
    documented in docs/state-ashes.md."""

    game: int
    turn: int
    seed: int
    options: Options
    galaxy_text: str | None
    """The map as text for a variant map; ``None``: the standard galaxy."""
    scenario: str | None
    players: list[Player]
    pv: list[list[int]]
    """The PV in force between seats 0..8 (Ashes 4.3); row/column 0 is Neutral."""
    planets: list[Planet]
    fleets: list[Fleet]
    cargo: list[CargoShips]
    rounds: int | None = None
    """The secret game length (Ashes 2.1), decided after turn 1."""
    extension_vote: bool = False
    """An extension was requested: the next turn's orders carry the vote (Ashes 2.3)."""
    holding: list[int] = field(default_factory=list)
    """Players who held at least ``victory_hold_planets`` planets after the last turn."""
    finished: bool = False
    winners: list[int] = field(default_factory=list)
    end_reason: str = ""
    report: TurnReport = field(default_factory=TurnReport)

    # -- access
    def planet(self, number: int) -> Planet:
        """The planet with this number."""
        return self.planets[number - 1]

    def player(self, number: int) -> Player:
        """The seat with this number (must be in the game)."""
        for p in self.players:
            if p.number == number:
                return p
        raise KeyError(number)

    def active(self) -> list[Player]:
        """The players still in the game, by number."""
        return [p for p in self.players if not p.out]

    def owned(self, player: int) -> list[Planet]:
        """The planets of ``player``, by number."""
        return [p for p in self.planets if p.owner == player]

    def orbit(self, planet: int, owner: int) -> Fleet | None:
        """The orbit fleet of ``owner`` at ``planet``, if any."""
        for f in self.fleets:
            if f.target == planet and f.owner == owner and f.stage is None:
                return f
        return None

    def add_fleet(
        self, owner: int, target: int, fi: int, tr: int, stage: int | None = IN_ORBIT
    ) -> None:
        """Add ships, merging with a fleet of the same owner, target and stage."""
        if fi <= 0 and tr <= 0:
            return
        for f in self.fleets:
            if f.owner == owner and f.target == target and f.stage == stage:
                f.fi += fi
                f.tr += tr
                return
        self.fleets.append(Fleet(owner=owner, target=target, fi=fi, tr=tr, stage=stage))

    def tidy(self) -> None:
        """Drop empty fleets and sort fleets and cargo canonically (determinism)."""
        self.fleets = sorted(
            (f for f in self.fleets if f.fi > 0 or f.tr > 0),
            key=lambda f: (f.target, -1 if f.stage is None else f.stage, f.owner),
        )
        self.cargo = sorted(
            (c for c in self.cargo if c.count > 0),
            key=lambda c: (c.target, -1 if c.stage is None else c.stage, c.cargo, c.sender),
        )


def copy_state(state: AshesState) -> AshesState:
    """A deep, independent copy of the state (see :func:`engine.plaindata.copy_plain`)."""
    return copy_plain(state)
