"""The contract between the game rules and the rest of the host.

Every game kind (Ashes of Empire, Starweb, ...) is a package under ``engine/`` that
provides an object satisfying :class:`Game`. The mail server only ever talks to games
through this module: it parses order text, runs turns and renders printouts without
knowing a single rule.

Design points that Ashes *and* Starweb need:

* players are numbered 1..N (0 is "neutral" / nobody); a game has a number;
* orders are typed objects carrying the line they came from, so acknowledgements
  and errors can point at the player's own text;
* the state is plain data that round-trips through JSON exactly (no floats);
* randomness comes only from a :class:`random.Random` handed in by the caller; a turn's
  seed is derived from the game's seed and the turn number (:func:`turn_seed`);
* a turn result carries the new state, a report per player, public news (the Galactic
  Media in Ashes, the "news" of Starweb) and events the host must act on.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import Any, ClassVar, Protocol, runtime_checkable

JSONValue = Any
"""What :mod:`json` produces: dicts, lists, str, int, bool, None (never floats here)."""

NEUTRAL = 0
"""The player number of nobody: neutral planets (Ashes) or unowned worlds (Starweb)."""

LANGUAGES = ("de", "en")


def turn_seed(game_seed: int, turn: int) -> int:
    """The seed of one turn, derived from the game's seed and the turn number.

    Uses SHA-256 rather than :func:`hash` so that it is the same in every process and
    every Python version: a stored turn can be replayed years later.
    """
    digest = hashlib.sha256(f"pbem-turn:{game_seed}:{turn}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def turn_rng(game_seed: int, turn: int) -> Random:
    """A fresh :class:`random.Random` for one turn (see :func:`turn_seed`)."""
    return Random(turn_seed(game_seed, turn))


# --------------------------------------------------------------------------- orders


@dataclass(frozen=True, kw_only=True)
class Order:
    """One understood order. Subclasses add their fields and a ``kind`` name.

    ``line`` is the 1-based line of the order text it came from (0 when the order did
    not come from text, e.g. a bot's order built in code).
    """

    kind: ClassVar[str] = "order"
    line: int = 0

    def to_json(self) -> dict[str, JSONValue]:
        """The order as the JSON object documented for ``pbem parse --json``."""
        raise NotImplementedError

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        """The order in plain words, as the acknowledgement mail shows it."""
        raise NotImplementedError


class PlanetNamer(Protocol):
    """Turns a planet (or world) number into a display name, e.g. ``2 (Crab)``."""

    def __call__(self, number: int) -> str: ...


@dataclass(frozen=True)
class ParseError:
    """A line (or part of one) that could not be understood.

    ``messages`` holds the explanation in every supported language; ``text`` is the
    offending piece of the line, ``line_text`` the whole line as the player wrote it.
    """

    line: int
    column: int
    text: str
    line_text: str
    messages: Mapping[str, str]
    suggestion: str | None = None

    def message(self, lang: str = "de") -> str:
        """The explanation in ``lang`` (falls back to English)."""
        return self.messages.get(lang) or self.messages["en"]

    def to_json(self, lang: str = "en") -> dict[str, JSONValue]:
        """The error as ``pbem parse --json`` prints it."""
        out: dict[str, JSONValue] = {
            "line": self.line,
            "column": self.column,
            "message": self.message(lang),
            "text": self.text,
        }
        if self.suggestion:
            out["suggestion"] = self.suggestion
        return out


@dataclass(frozen=True)
class Note:
    """A line that was deliberately not read as an order (a greeting, text after the end)."""

    line: int
    text: str
    messages: Mapping[str, str]

    def message(self, lang: str = "de") -> str:
        return self.messages.get(lang) or self.messages["en"]


@dataclass
class OrderHeader:
    """Who sends the orders: from the header line (or the Subject) of a mail."""

    game: int | None = None
    player: int | None = None
    password: str | None = None
    turn: int | None = None

    def to_json(self) -> dict[str, JSONValue]:
        # The password is deliberately absent: it is never echoed anywhere.
        return {
            "game": self.game,
            "player": self.player,
            "turn": self.turn,
            "has_password": self.password is not None,
        }


@dataclass
class ParseResult:
    """Everything read from one order text: header, orders, errors and notes."""

    header: OrderHeader = field(default_factory=OrderHeader)
    orders: list[Order] = field(default_factory=list)
    errors: list[ParseError] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    ended: bool = False
    """True when an explicit end marker (``Ende``) closed the orders."""

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_json(self, lang: str = "en") -> dict[str, JSONValue]:
        return {
            "header": self.header.to_json(),
            "orders": [{"line": o.line, "kind": o.kind, **o.to_json()} for o in self.orders],
            "errors": [e.to_json(lang) for e in self.errors],
            "notes": [
                {"line": n.line, "text": n.text, "message": n.message(lang)} for n in self.notes
            ],
        }


# ------------------------------------------------------------------- setup, state


@dataclass
class PlayerSetup:
    """A seat in a new game: its number and (optionally) the ruler's name."""

    number: int
    name: str | None = None


@dataclass
class Setup:
    """What a GM decides before turn 0."""

    game: int
    players: Sequence[PlayerSetup]
    scenario: str | None = None
    options: Mapping[str, JSONValue] = field(default_factory=dict)
    seed: int = 0


@runtime_checkable
class State(Protocol):
    """A game's complete state after a turn; plain data, exact JSON round-trip."""

    game: int
    turn: int
    seed: int

    def to_json(self) -> dict[str, JSONValue]: ...


@dataclass(frozen=True)
class NewsItem:
    """One public notice for the newspaper section of every printout.

    ``player`` is the author of a player article (0 for notices of the evaluation
    itself: revolts, conquests, NMR, "short" notices).
    """

    text: str
    player: int = NEUTRAL
    category: str = "notice"


@dataclass(frozen=True)
class Event:
    """Something the host must act on after a turn.

    Kinds: ``player_out`` (player), ``game_over`` (winners in ``data``),
    ``rounds_decided``, ``extension`` ... ``data`` holds JSON-able details.
    """

    kind: str
    player: int = NEUTRAL
    data: Mapping[str, JSONValue] = field(default_factory=dict)


@dataclass
class TurnResult:
    """The outcome of one evaluated turn."""

    state: State
    news: list[NewsItem] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @property
    def game_over(self) -> bool:
        return any(e.kind == "game_over" for e in self.events)


@dataclass(frozen=True)
class Names:
    """The names a state currently gives its rulers and places (planets, worlds).

    The host needs them outside the printouts: to sign an Eildepesche with the ruler's
    name and to let players write their own planet names in orders.
    """

    rulers: Mapping[int, str]
    places: Mapping[int, str]


# ------------------------------------------------------------------------- games


class Game(Protocol):
    """One game kind. The host holds one instance per kind (see :mod:`engine.registry`)."""

    kind: str
    title: str

    def new_game(self, setup: Setup, rng: Random) -> State:
        """Turn 0: the start position."""
        ...

    def parse_orders(self, text: str, subject: str | None = None) -> ParseResult:
        """Read an order text (already cleaned of quotes and signatures)."""
        ...

    def run_turn(
        self, state: State, orders: Mapping[int, Sequence[Order]], rng: Random
    ) -> TurnResult:
        """Evaluate one turn. Players missing from ``orders`` sent none (NMR)."""
        ...

    def printout(self, state: State, player: int, lang: str) -> str:
        """The printout of ``player`` (0: the GM's full view) for the state's turn."""
        ...

    def state_from_json(self, data: Mapping[str, JSONValue]) -> State:
        """Inverse of ``State.to_json``."""
        ...

    def names(self, state: State, lang: str = "de") -> Names:
        """The rulers' and places' current names in ``state``."""
        ...


class OrderKinds:
    """Registry helper: maps ``kind`` names to order classes for JSON round-trips."""

    def __init__(self, classes: Sequence[type[Order]]) -> None:
        self._by_kind: dict[str, type[Order]] = {c.kind: c for c in classes}

    def from_json(self, data: Mapping[str, JSONValue]) -> Order:
        """Rebuild an order from its :meth:`Order.to_json` form plus ``kind``/``line``."""
        cls = self._by_kind[str(data["kind"])]
        from_json = getattr(cls, "from_json", None)
        if from_json is None:
            raise TypeError(f"{cls.__name__} cannot be rebuilt from JSON")
        order: Order = from_json(data)
        return order

    def __contains__(self, kind: str) -> bool:
        return kind in self._by_kind
