"""One turn in evaluation: the state being changed, the orders, the dice, the notes.

Every phase of :data:`engine.starweb.turn.PHASES` is a function ``phase(turn: Turn)``
that changes ``turn.state`` and writes what the printouts must say through the helpers
here (never by building report rows itself), so that notes stay in one place.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from engine.core import NEUTRAL
from engine.dice import Dice
from engine.starweb.orders import StarwebOrder
from engine.starweb.state import (
    EchoLine,
    FleetNote,
    PlayerReport,
    StarwebState,
    WorldNote,
)

_T = TypeVar("_T")


def _made_on_first_use(items: list[_T], found: Callable[[_T], bool], make: Callable[[], _T]) -> _T:
    """The first of ``items`` that is ``found``; else a new one, made and appended."""
    for item in items:
        if found(item):
            return item
    item = make()
    items.append(item)
    return item


def _add_once(flags: list[str], flag: str) -> None:
    """Append ``flag`` unless ``flags`` has it already."""
    if flag not in flags:
        flags.append(flag)


@dataclass
class Turn:
    """The evaluation of one turn.

    ``start`` is the position before the turn (fire targets and "a fleet there at the
    start of the turn" are read from it); ``state`` is changed phase by phase.
    ``orders`` holds each player's orders that survived the conflict check, in the
    order written; ``echo`` indexes each order's echo line so a phase can add a remark.
    """

    start: StarwebState
    state: StarwebState
    orders: dict[int, list[StarwebOrder]]
    dice: Dice
    nmr: frozenset[int] = frozenset()
    echo: dict[int, dict[int, EchoLine]] = field(default_factory=dict)
    """Per player: ``id(order)`` -> its echo line."""
    moved: set[int] = field(default_factory=set)
    """Keys that moved this turn."""
    fired: set[int] = field(default_factory=set)
    """Keys whose fire order was carried out."""
    gifted_fleets: set[int] = field(default_factory=set)
    gifted_worlds: set[int] = field(default_factory=set)
    conquered: set[int] = field(default_factory=set)
    """Worlds that changed hands this turn (by conquest, robots, conversion)."""
    passed: dict[int, set[int]] = field(default_factory=lambda: defaultdict(set))
    """Per player: worlds his keys passed or visited this turn."""
    left: dict[int, set[int]] = field(default_factory=lambda: defaultdict(set))
    """Per player: worlds lost or left this turn."""
    shots_by: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    """Per player: shots fired this turn outside ambush (the apostle pays for them), not
    counting an apostle's shots at his jihad's target (Starweb "Apostel")."""
    killed: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))
    """(killer, victim player) -> organic population killed, for scoring; victim 0
    when the population was neutral."""
    killed_converts: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))
    """(killer, apostle) -> converts killed (martyrs)."""
    scored: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    """Points gained (or lost) this turn outside the per-turn scoring, per player."""
    unloaded_metal: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    """Per world: metal unloaded this turn; it lies in ``World.metal`` already but cannot
    be built with before the next turn (Starweb "Fracht"), only loaded."""
    unloaded_keys: set[int] = field(default_factory=set)
    """Keys that unloaded (metal or consumer goods) this turn: they cannot load."""
    merchant_metal: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))
    """(merchant, world) -> metal unloaded on an industry world not his that counts for
    points (at most twice the industry); scored at the end of the turn."""
    loaded: dict[tuple[int, int], int] = field(default_factory=lambda: defaultdict(int))
    """(player, world) -> metal the player's keys loaded there this turn."""
    used_population: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    """Per world: population that worked the industry this turn (it cannot mine)."""
    new_ships: dict[tuple[str, int], int] = field(default_factory=lambda: defaultdict(int))
    """(``F``/``I``/``P``, key or world) -> ships built or transferred there this turn
    (Starweb "Sonden": such ships cannot probe)."""
    arrivals: dict[int, int] = field(default_factory=lambda: defaultdict(int))
    """Per world: emigrants who arrived this turn (over the limit they die at its end, or
    a turn later with ``Options.emigrants_build_next_turn``)."""
    bombs_built: set[int] = field(default_factory=set)
    """Keys that built a planet-buster this turn: it cannot be dropped before next turn."""
    robots: dict[int, int] = field(default_factory=dict)
    """Per key making a robot attack (Starweb "Roboter"): its robots still alive. Formed
    from the key's ships before fire, shot first by fire at the key, landed by
    :func:`engine.starweb.bombs.drop`."""

    def witnesses(self, world: int) -> frozenset[int]:
        """The players who may see the dice about ``world`` this turn: its owner and the
        owners of keys there at the start of the turn. Their last printout showed the world
        as the turn starts and this one shows it as it ends (owned or lost, a key there at
        the start: ``engine.starweb.visibility``), so its dice tell them nothing their
        printouts hide; fixed for the whole turn, so all dice of a label have the same."""
        owners = {self.start.world(world).owner}
        owners |= {f.owner for f in self.start.fleets_at(world)}
        return frozenset(owners - {NEUTRAL})

    def orders_of(self, player: int, *types: type[StarwebOrder]) -> list[StarwebOrder]:
        """The player's orders of the given types, in the order written."""
        return [o for o in self.orders.get(player, []) if isinstance(o, types)]

    def all_orders(self, *types: type[StarwebOrder]) -> list[tuple[int, StarwebOrder]]:
        """Every player's orders of the given types, players in seat order."""
        return [(p, o) for p in sorted(self.orders) for o in self.orders[p] if isinstance(o, types)]

    def remark(self, player: int, order: StarwebOrder, code: str) -> None:
        """Note why ``order`` was not (fully) carried out; the printout words ``code``.

        The first remark stays: it is the reason the order stopped.
        """
        line = self.echo.get(player, {}).get(id(order))
        if line is not None and not line.remark:
            line.remark = code

    def world_note(self, world: int) -> WorldNote:
        """The printout's note on ``world`` this turn (made on first use)."""
        return _made_on_first_use(
            self.state.report.worlds, lambda n: n.world == world, lambda: WorldNote(world=world)
        )

    def fleet_note(self, fleet: int) -> FleetNote:
        """The printout's note on key ``fleet`` this turn (made on first use)."""
        return _made_on_first_use(
            self.state.report.fleets, lambda n: n.fleet == fleet, lambda: FleetNote(fleet=fleet)
        )

    def flag_world(self, world: int, flag: str) -> None:
        """Add ``flag`` to the world's note once."""
        _add_once(self.world_note(world).flags, flag)

    def flag_fleet(self, fleet: int, flag: str) -> None:
        """Add ``flag`` to the key's note once."""
        _add_once(self.fleet_note(fleet).flags, flag)

    def player_report(self, player: int) -> PlayerReport:
        """The player's part of the report (made on first use)."""
        return _made_on_first_use(
            self.state.report.players,
            lambda r: r.player == player,
            lambda: PlayerReport(player=player),
        )

    def notice(self, player: int, text: str) -> None:
        """A private notice for the player's printout (a code the printout words)."""
        self.player_report(player).notices.append(text)
