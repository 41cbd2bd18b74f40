"""The contract between the game rules and the rest of the host.

Every game kind (Ashes of Empire, Starweb, ...) is a package under ``engine/`` that
exports one :class:`GameKind` (its engine, a :class:`Game`, and what the host needs to
know about it); ``engine.registry.KINDS`` lists them. The mail server only ever talks to
games through this module: it reads order text with the kind's order language, runs
turns and renders printouts without knowing a single rule.

Design points that Ashes *and* Starweb need:

* players are numbered 1..N (0 is "neutral" / nobody); a game has a number;
* orders are typed objects carrying the line they came from, so acknowledgements
  and errors can point at the player's own text; their JSON form comes from their fields
  (:class:`Instruction`); a setting of the host a player mails (``Karte aus``) is no
  order (:class:`PrintoutFiles`);
* the state is plain data that round-trips through JSON exactly (no floats);
* a turn's chance comes only from the :class:`engine.dice.Dice` handed in by the caller,
  every die drawn by name and logged (docs/dice.md); a game's start position from a
  :class:`random.Random`. Until the host seals its turns' dice, a turn's dice are the
  :class:`random.Random` of a seed derived from the game's seed and the turn number
  (:func:`turn_seed`, :func:`turn_dice`);
* a turn result carries the new state and the events the host must act on; the
  printouts, public news included (the Galactic Media in Ashes, the "news" of
  Starweb), are rendered from the state.
"""

from __future__ import annotations

import dataclasses
import hashlib
import heapq
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from random import Random
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, Self, TypeVar, runtime_checkable

from engine.calculating import Calculating
from engine.catalogs import FALLBACK, Catalog, load
from engine.dice import Dice, Roll
from engine.mapfiles import MapFiles
from engine.plaindata import JSONValue as JSONValue  # the contract's name for it, too
from engine.plaindata import from_plain, to_plain

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

NEUTRAL = 0
"""The player number of nobody: neutral planets (Ashes) or unowned worlds (Starweb)."""


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


def turn_dice(game_seed: int, turn: int) -> Dice:
    """The dice of one turn as drawn before sealed dice: :func:`turn_rng` behind
    :meth:`Dice.legacy`, so that every stored turn replays byte for byte."""
    return Dice.legacy(turn_rng(game_seed, turn))


# --------------------------------------------------------------------------- orders


@dataclass(frozen=True, kw_only=True)
class Instruction:
    """What one piece of an order text asks for: an :class:`Order` of the game or a
    setting of the host (:class:`PrintoutFiles`). Subclasses add their fields and a
    ``kind`` name.

    ``line`` is the 1-based line of the order text it came from (0 when it did not come
    from text, e.g. a bot's order built in code).

    The JSON form is made from the fields (:mod:`engine.plaindata`): ``{"line", "kind",
    **to_json()}`` is what a submission stores and ``pbem parse --json`` prints, so the
    fields' names (or their :func:`~engine.plaindata.stored_as` keys), types and order
    are part of the stored data and never change.
    """

    kind: ClassVar[str] = "instruction"
    derived: ClassVar[tuple[str, ...]] = ()
    """Properties written before the fields for people reading the JSON (Starweb's
    ``code``); skipped when it is read back."""
    line: int = 0

    def to_json(self) -> dict[str, JSONValue]:
        """The JSON object documented for ``pbem parse --json``: the :attr:`derived`
        properties, then the fields but ``line``."""
        fields: dict[str, JSONValue] = to_plain(self)
        del fields["line"]
        if not self.derived:
            return fields
        return {**{name: getattr(self, name) for name in self.derived}, **fields}

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        """In plain words, as the acknowledgement mail shows it."""
        raise NotImplementedError


@dataclass(frozen=True, kw_only=True)
class Order(Instruction):
    """One understood order of the game: what the engine's turn reads."""

    kind: ClassVar[str] = "order"


SeatOrders = Mapping[int, Sequence[Order]]
"""The orders of one turn by seat (``NEUTRAL``: what nobody's seat sent, e.g. the GM's
notices): what the engine's turn reads."""


class PlanetNamer(Protocol):
    """Turns a planet (or world) number into a display name, e.g. ``2 (Crab)``."""

    def __call__(self, number: int) -> str: ...


# ------------------------------------------------------------- shared message orders
#
# The orders every game has. The host handles them by type (``isinstance``), never by a
# game's ``kind`` string; a game may subclass them to word them its own way. Their
# ``kind`` names are part of the stored JSON and never change.


TEXTS = load("engine")
"""The words of the shared orders (``engine/locale/<lang>.po``; docs/texts.md)."""


def preview(text: str, lang: str = "de", limit: int = 60) -> str:
    """The first line of a message text, quoted, with the number of lines (in ``lang``)
    if there is more."""
    first = text.strip().splitlines()[0] if text.strip() else ""
    lines = len(text.strip().splitlines())
    if lines <= 1 and len(first) <= limit:
        return TEXTS.say(lang, "preview.short", first=first)
    count = TEXTS.say(lang, "preview.line" if lines == 1 else "preview.lines", n=lines)
    return TEXTS.say(lang, "preview.long", first=first[:limit], count=count)


@dataclass(frozen=True, kw_only=True)
class Flag(Order):
    """A shared order that is nothing but its kind, worded by ``order.<kind>``."""

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return TEXTS.say(lang, f"order.{self.kind}")


@dataclass(frozen=True, kw_only=True)
class Final(Flag):
    """The player marks these orders as final: the turn may run early (host rule)."""

    kind: ClassVar[str] = "final"


@dataclass(frozen=True, kw_only=True)
class Resign(Flag):
    """The player leaves the game."""

    kind: ClassVar[str] = "resign"


class MessageOrder(Order):
    """An order that carries ``text`` for people rather than for the evaluation.

    Each message declares the field itself, where its JSON form has it: an addressed
    message names the addressee first (a dataclass keeps an inherited field in the place
    its base gave it). A shared message is worded by ``order.<kind>``, its fields filled
    in and its text previewed (:func:`preview`).
    """

    text: str

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return TEXTS.say(
            lang, f"order.{self.kind}", **{**vars(self), "text": preview(self.text, lang)}
        )


@dataclass(frozen=True, kw_only=True)
class Article(MessageOrder):
    """An article for the game's newspaper, printed with the next turn."""

    kind: ClassVar[str] = "press"
    text: str


@dataclass(frozen=True, kw_only=True)
class AddressedMessage(MessageOrder):
    """A message to one player (``to`` is the seat)."""

    to: int
    text: str


@dataclass(frozen=True, kw_only=True)
class SecretMessage(AddressedMessage):
    """A secret message to a player, delivered with the next printout."""

    kind: ClassVar[str] = "secret"


@dataclass(frozen=True, kw_only=True)
class UrgentDispatch(AddressedMessage):
    """An urgent dispatch (Eildepesche): a secret message forwarded at once."""

    kind: ClassVar[str] = "urgent"


@dataclass(frozen=True, kw_only=True)
class GmMessage(MessageOrder):
    """A message to the game master (Spielleiter), forwarded at once."""

    kind: ClassVar[str] = "gm_message"
    text: str


SHARED_ORDER_CLASSES: tuple[type[Order], ...] = (
    Final,
    Resign,
    Article,
    SecretMessage,
    UrgentDispatch,
    GmMessage,
)
"""The orders every game kind understands (a game may register subclasses instead)."""


# ------------------------------------------------------------------ player settings

FILES = ("map", "json")
"""The files a printout mail may carry besides the text: the map picture, the JSON twin."""


@dataclass(frozen=True, kw_only=True)
class PrintoutFiles(Instruction):
    """The player wants a file with his printouts or not (``Karte aus``, ``JSON on``).

    A setting the host keeps for the player, mailed with his orders: applied when the
    mail is read and acknowledged like an order, but no :class:`Order` (never stored with
    the orders, never seen by the engine).
    """

    kind: ClassVar[str] = "printout_files"
    file: str
    """One of :data:`FILES`."""
    on: bool

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        what = TEXTS.say(lang, f"file.{self.file}")
        return TEXTS.say(lang, "order.file_on" if self.on else "order.file_off", file=what)


@dataclass(frozen=True, kw_only=True)
class Salt(Instruction):
    """Words of the player's own for the dice (``Salz: Sonnenblume`` / ``Salt: sunflower``).

    They stand in the text of his submission and so change its digest, which goes into
    the turn's dice (docs/dice.md, "Mix"): nobody knew them before his orders came in.
    Neither an order (the engine never sees it) nor a setting the host keeps.
    """

    kind: ClassVar[str] = "salt"
    words: str

    def describe(self, lang: str, planet_name: PlanetNamer | None = None) -> str:
        return TEXTS.say(lang, "order.salt", words=self.words)


HostInstruction = PrintoutFiles | Salt
"""What an order text asks of the host rather than of the game."""


_Item = TypeVar("_Item", bound=Mapping[str, JSONValue])


def order_items(stored: Sequence[_Item]) -> list[_Item]:
    """The orders among a stored submission's items.

    Until settings were parted from the orders, a submission whose mail also switched a
    printout file stored the :class:`PrintoutFiles` among its orders; the host applied it
    when the mail came and the engine never used it, so it is passed over.
    """
    return [item for item in stored if item.get("kind") != PrintoutFiles.kind]


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
        """The explanation in ``lang`` (in English if it has none in ``lang``: the
        catalogs' fallback)."""
        return self.messages.get(lang) or self.messages[FALLBACK]

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
    """A line that was deliberately not read as an order (a greeting, text after the end),
    or a warning about an understood order (``order``: e.g. one dropped because an
    earlier order conflicts with it)."""

    line: int
    text: str
    messages: Mapping[str, str]
    order: Order | None = None

    def message(self, lang: str = "de") -> str:
        """The note in ``lang`` (in English if it has none in ``lang``)."""
        return self.messages.get(lang) or self.messages[FALLBACK]


GAME_MAX = 999_999
"""The largest game number: a header line names its game in at most six digits, and a
game the mail cannot name is never made (``pbem gm create``)."""


@dataclass
class OrderHeader:
    """Who sends the orders: from the header line (or the Subject) of a mail."""

    game: int | None = None
    player: int | None = None
    password: str | None = None
    turn: int | None = None
    player_name: str | None = None
    """The seat named by a name instead of a number (e.g. a Starweb code name)."""

    def to_json(self) -> dict[str, JSONValue]:
        # The password is deliberately absent: it is never echoed anywhere.
        out: dict[str, JSONValue] = {
            "game": self.game,
            "player": self.player,
            "turn": self.turn,
            "has_password": self.password is not None,
        }
        if self.player_name is not None:
            out["player_name"] = self.player_name
        return out


@dataclass
class Findings:
    """What a reading of a text found besides what it understood: the lines it could not
    understand, the lines it passed over, and whether an end marker closed the text."""

    errors: list[ParseError] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    ended: bool = False
    """True when an explicit end marker (``Ende``) closed the text."""

    @property
    def ok(self) -> bool:
        return not self.errors


@dataclass
class ParseResult(Findings):
    """Everything read from one order text: header, orders, settings, errors and notes."""

    header: OrderHeader = field(default_factory=OrderHeader)
    orders: list[Order] = field(default_factory=list)
    settings: list[HostInstruction] = field(default_factory=list)
    """What the text asked of the host: settings it keeps, and salt for the dice (never
    among the orders)."""
    words: list[str] = field(default_factory=list, compare=False)
    """The keywords as written (the header's, then the first word of each order line):
    the language the text is written in."""

    def understood(self) -> list[Instruction]:
        """The orders and the settings in the order of their lines, as the echo lists them
        (on one line, the orders first)."""
        return list(heapq.merge(self.orders, self.settings, key=lambda item: item.line))

    def to_json(self, lang: str = "en") -> dict[str, JSONValue]:
        return {
            "header": self.header.to_json(),
            "orders": [{"line": o.line, "kind": o.kind, **o.to_json()} for o in self.orders],
            "settings": [{"line": s.line, "kind": s.kind, **s.to_json()} for s in self.settings],
            "errors": [e.to_json(lang) for e in self.errors],
            "notes": [
                {"line": n.line, "text": n.text, "message": n.message(lang)} for n in self.notes
            ],
        }


# ------------------------------------------------------------------- setup, state


@dataclass
class PlayerSetup:
    """A seat in a new game: its number, (optionally) the ruler's name, and the values of
    the kind's :class:`SeatField` s (e.g. a character type and a code name)."""

    number: int
    name: str | None = None
    fields: Mapping[str, str] = field(default_factory=dict)


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
    events: list[Event] = field(default_factory=list)
    rolls: tuple[Roll, ...] = ()
    """The turn's dice log: every roll in draw order (:attr:`Dice.log`)."""

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
    """One game kind's rules. The host reaches it through its :class:`GameKind`."""

    kind: str
    title: str

    def new_game(self, setup: Setup, rng: Random) -> State:
        """Turn 0: the start position."""
        ...

    def run_turn(self, state: State, orders: SeatOrders, dice: Dice) -> TurnResult:
        """Evaluate one turn (or step). Players missing from ``orders`` sent none (NMR).

        Every die is drawn from ``dice`` (:meth:`Dice.roll`, with a label and the seats
        that may see it); the result carries the log.

        ``orders[NEUTRAL]`` holds what nobody's seat sent: articles of authors without
        orders and the GM's notices (as :class:`Article`), to be printed in the news.
        """
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

    def final_report(
        self, state: State, event: Event, seats: Sequence[SeatRecord], lang: str
    ) -> str:
        """The report at the game's end (Hall of Fame): standings, winners, who left."""
        ...


@dataclass(frozen=True)
class SeatRecord:
    """What the host knows of an occupant of a seat, for the final report."""

    seat: int
    address: str
    status: str
    """``active``, ``eliminated``, ``resigned``, ``dropped`` or ``replaced``."""
    left_turn: int | None = None

    @property
    def gone(self) -> bool:
        """The occupant left the game or was replaced: a final report names him."""
        return self.left_turn is not None or self.status == "replaced"

    def words(self, status: str | None = None) -> dict[str, object]:
        """What a final report's line on this occupant fills in: ``seat``, ``address``,
        ``status`` (``status`` as the kind words it, else as stored) and ``turn`` (the
        turn he left, ``-`` if he did not)."""
        return {
            "seat": self.seat,
            "address": self.address,
            "status": status or self.status,
            "turn": self.left_turn if self.left_turn is not None else "-",
        }


def departures(
    seats: Sequence[SeatRecord], lang: str, words: Catalog, statuses: Catalog
) -> list[str]:
    """The closing section of a final report: a blank line, ``words``' ``out_head``, then
    its ``out_line`` for every occupant who left or was replaced (his status in the words
    of ``statuses`` where it has them); nothing when nobody left."""
    gone = [s for s in seats if s.gone]
    if not gone:
        return []
    lines = ["", words.say(lang, "out_head")]
    for s in gone:
        status = statuses.say(lang, s.status) if s.status in statuses else s.status
        lines.append(words.say(lang, "out_line", **s.words(status)))
    return lines


class OrderLanguage(Protocol):
    """A game kind's order language (provided by its module under ``grammar/``)."""

    def parse(
        self,
        text: str,
        subject: str | None = None,
        places: Mapping[int, str] | None = None,
        *,
        rulers: Mapping[int, str] | None = None,
    ) -> ParseResult:
        """Read an order text; with ``places`` players may use the game's current names,
        with ``rulers`` (by seat) name other players (e.g. Starweb's code names)."""
        ...

    def namer(self, places: Mapping[int, str] | None = None) -> PlanetNamer:
        """How the acknowledgement names a place (with a running game's names)."""
        ...

    def order_from_json(self, data: Mapping[str, JSONValue]) -> Order:
        """Rebuild an order from its stored JSON form."""
        ...


@runtime_checkable
class Acknowledging(Protocol):
    """A game that words an order for the acknowledgement with the state in view (e.g. a
    rename that takes effect only on conquest). Optional: else ``Order.describe``. Orders
    that share a stock are worded together by :class:`AcknowledgingAll`."""

    def describe_order(
        self, state: State, seat: int, order: Order, lang: str, place_name: PlanetNamer
    ) -> str:
        """The order in plain words for ``seat``, as things stand in ``state``."""
        ...


@runtime_checkable
class AcknowledgingAll(Acknowledging, Protocol):
    """An :class:`Acknowledging` game that words a seat's whole order list at once: orders
    that share a stock (two flights from one orbit, two builds from one planet's workforce)
    are checked together, in the order the turn carries them out. Optional: else each order
    alone (:meth:`GameKind.describe_orders`)."""

    def describe_orders(
        self,
        state: State,
        seat: int,
        orders: Sequence[Order],
        lang: str,
        place_name: PlanetNamer,
    ) -> list[str]:
        """One text per order of ``orders`` (in their order), for ``seat`` in ``state``."""
        ...


@dataclass
class Outlook:
    """What one order will do as things stand (``forecast``, None: nothing to count) and
    the warnings why it will not do (all) it says: what an :class:`AcknowledgingAll`
    game's forecast finds for each order of a seat's list."""

    forecast: str | None = None
    warnings: list[str] = field(default_factory=list)
    worded: str | None = None
    """The order in words as the forecast found them (None: the game's
    :meth:`ForecastAcknowledging.worded`), for a game that words an order by the position
    the orders before it left."""
    refused: bool = False
    """The game refuses the order: its turn will not carry it out (:class:`RefusedText`)."""


class RefusedText(str):
    """The acknowledgement's words of an order the game refuses (``worded`` says why):
    the turn will not carry it out, so the echo lists it among the lines that are not
    carried out, not among the understood orders. ``reason``: why alone, for a reader
    that shows the order and why apart (the page's check); the whole words when the game
    gives none."""

    reason: str

    def __new__(cls, text: str, reason: str | None = None) -> Self:
        made = super().__new__(cls, text)
        made.reason = text if reason is None else reason
        return made


class ForecastAcknowledging(ABC):
    """Base of an :class:`AcknowledgingAll` game whose acknowledgement forecasts a seat's
    whole order list: each order in its words, ``→`` what it will do as things stand, then
    the warnings why it will not (do all it says). The game says how it forecasts
    (:meth:`forecast`) and how it adds warnings (:meth:`warned`); an order alone is worded
    as the list of that one order."""

    @abstractmethod
    def forecast(
        self, state: State, seat: int, orders: Sequence[Order], lang: str
    ) -> list[Outlook]:
        """One :class:`Outlook` per order of ``seat``'s list, in the turn's order, as
        things stand in ``state``."""

    @abstractmethod
    def warned(self, text: str, warnings: list[str], lang: str) -> str:
        """``text`` followed by its ``warnings`` in the game's words (``text`` without any)."""

    def worded(
        self, state: State, seat: int, order: Order, lang: str, place_name: PlanetNamer
    ) -> str:
        """The order's own words (:meth:`Order.describe`); a game may word one by the state."""
        return order.describe(lang, place_name)

    def describe_orders(
        self,
        state: State,
        seat: int,
        orders: Sequence[Order],
        lang: str,
        place_name: PlanetNamer,
    ) -> list[str]:
        """Each order as the acknowledgement shows it, with the orders before it in the
        turn's order taken into account (:meth:`forecast`)."""
        texts = []
        for order, seen in zip(orders, self.forecast(state, seat, orders, lang), strict=True):
            text = seen.worded or self.worded(state, seat, order, lang, place_name)
            if seen.forecast is not None:
                text = f"{text} → {seen.forecast}"
            text = self.warned(text, seen.warnings, lang)
            # The game's own refusal may carry why alone (its reason), kept for the page.
            why = seen.worded.reason if isinstance(seen.worded, RefusedText) else None
            texts.append(RefusedText(text, why) if seen.refused else text)
        return texts

    def describe_order(
        self, state: State, seat: int, order: Order, lang: str, place_name: PlanetNamer
    ) -> str:
        """The order as the acknowledgement shows it, alone (:meth:`describe_orders`)."""
        return self.describe_orders(state, seat, [order], lang, place_name)[0]


@runtime_checkable
class PrefilledOrders(Protocol):
    """A game whose printouts end in a prefilled order form. Optional: the web page's
    order form starts from it when the seat has sent nothing for the coming turn."""

    def order_form(self, state: State, seat: int, lang: str) -> str:
        """The prefilled order form of ``seat`` for the turn after ``state``'s, as its
        printout carries it, without the line that asks for the password (the page
        needs none); empty when the seat gives no orders."""
        ...


class TurnShape(StrEnum):
    """How a game kind's turns are played (see docs/host-rules.md)."""

    SIMULTANEOUS = "simultaneous"
    """Every seat's orders at one deadline, one evaluation (Ashes, Starweb)."""
    STEPPED = "stepped"
    """Steps, each waiting for the seats the state names (:meth:`Stepped.awaiting`)."""
    GM_ADJUDICATED = "gm_adjudicated"
    """The orders go to the GM as a dossier; the GM's reports are the printouts."""


@runtime_checkable
class Stepped(Protocol):
    """What a game of :attr:`TurnShape.STEPPED` adds to :class:`Game`."""

    def awaiting(self, state: State) -> frozenset[int]:
        """The seats whose orders the next step needs (the others are not NMR)."""
        ...

    def step_name(self, state: State, lang: str) -> str:
        """The name of the next step, for reminders and acknowledgements."""
        ...


@runtime_checkable
class Adjudicated(Protocol):
    """What a game of :attr:`TurnShape.GM_ADJUDICATED` adds to :class:`Game`."""

    def dossier(self, state: State, orders: SeatOrders, lang: str) -> str:
        """The checked orders of every seat, as one text for the GM."""
        ...

    def apply_reports(self, state: State, reports: Mapping[int, str]) -> TurnResult:
        """The next state, carrying the GM's report of every seat (its printout)."""
        ...


CORRECTION = "Korrektur"
"""The item of a :class:`Ruling` that corrects the state (the GM's ``Korrektur``)."""
GAME_END = "Spielende"
"""The item of a :class:`Ruling` that ends the game (the GM's ``Spielende``)."""


@dataclass(frozen=True)
class Ruling:
    """One of the GM's rulings on a GM-adjudicated turn, an input of the turn like the
    orders: ``item`` names the open item it answers (``K1``, ``G2``), or is
    :data:`CORRECTION` or :data:`GAME_END`; ``text`` is the rest of its line as the GM
    wrote it. The kind reads the text (:meth:`Ruled.check_ruling`); a correction carries
    the GM's ``reason`` for the log."""

    item: str
    text: str
    reason: str = ""


def taken(given: Sequence[Ruling], ruling: Ruling) -> list[Ruling]:
    """The rulings ``given`` once ``ruling`` is taken: a later ruling on an item replaces
    the earlier one; corrections add up."""
    kept = [g for g in given if ruling.item == CORRECTION or g.item != ruling.item]
    return [*kept, ruling]


@runtime_checkable
class Ruled(Protocol):
    """An :class:`Adjudicated` game whose GM rules on numbered open items: the rulings
    are inputs of the turn, and the engine computes the turn from the state, the orders,
    the rulings and the dice (a replay rebuilds it). Optional: without it the GM's
    reports alone are the printouts. With it, :meth:`Adjudicated.apply_reports` receives
    the :meth:`draft`'s state and appends the GM's texts to it (the turn number stays)."""

    def check_ruling(
        self,
        state: State,
        orders: SeatOrders,
        given: Sequence[Ruling],
        ruling: Ruling,
        lang: str,
    ) -> str:
        """Why ``ruling`` cannot be taken after the rulings ``given`` (in the GM's
        ``lang``), or "" when it can."""
        ...

    def check_rulings(
        self,
        state: State,
        orders: SeatOrders,
        given: Sequence[Ruling],
        rulings: Sequence[Ruling],
        lang: str,
    ) -> list[str]:
        """:meth:`check_ruling` of each of ``rulings`` (a GM's mail) after ``given`` and
        those before it that are taken (:func:`taken`), in their order; a kind may find
        its turn fewer times than once per ruling, the answers the same."""
        ...

    def open_items(
        self,
        state: State,
        orders: SeatOrders,
        given: Sequence[Ruling],
        lang: str,
    ) -> list[str]:
        """The items still waiting for a ruling after ``given``, one line each (its id
        first), in the GM's ``lang``; empty when the turn can be published."""
        ...

    def draft(
        self,
        state: State,
        orders: SeatOrders,
        given: Sequence[Ruling],
        dice: Dice,
    ) -> TurnResult:
        """The turn computed from ``state``, ``orders`` and the rulings ``given`` (the
        printouts' state before the GM's texts); ``dice`` draws by name."""
        ...

    def lapsed_rulings(self, drafted: State, lang: str) -> list[str]:
        """The items of a :meth:`draft`'s state whose rulings the turn could not apply
        (their units were no longer there, …), one line each with why, in the GM's
        ``lang``: the host tells the GM with the drafts, so none is dropped unsaid."""
        ...


class RuledGame(ABC):
    """Base of a :class:`Ruled` game's glue: the turn without rulings is the draft with
    none (the GM's preview before the deadline), and a ruling is checked by what it rules
    on — ``Spielende`` always stands, a ``Korrektur`` is the kind's
    :meth:`check_correction`, anything else an open item's :meth:`check_item`."""

    @abstractmethod
    def draft(
        self, state: State, orders: SeatOrders, given: Sequence[Ruling], dice: Dice
    ) -> TurnResult:
        """As :meth:`Ruled.draft`."""

    @abstractmethod
    def check_correction(self, state: State, ruling: Ruling, lang: str) -> str:
        """Why the correction ``ruling`` cannot be taken (in ``lang``), or ""."""

    @abstractmethod
    def check_item(
        self, state: State, orders: SeatOrders, given: Sequence[Ruling], ruling: Ruling, lang: str
    ) -> str:
        """Why ``ruling`` on an open item cannot be taken after the rulings ``given`` (in
        ``lang``), or ""."""

    def run_turn(self, state: State, orders: SeatOrders, dice: Dice) -> TurnResult:
        """The turn with no rulings yet (every open item at its default)."""
        return self.draft(state, orders, [], dice)

    def lapsed_rulings(self, drafted: State, lang: str) -> list[str]:
        """As :meth:`Ruled.lapsed_rulings`: none, unless the kind's turn can lapse one."""
        return []

    def check_ruling(
        self, state: State, orders: SeatOrders, given: Sequence[Ruling], ruling: Ruling, lang: str
    ) -> str:
        """As :meth:`Ruled.check_ruling`: by what ``ruling`` rules on."""
        if ruling.item == GAME_END:
            return ""
        if ruling.item == CORRECTION:
            return self.check_correction(state, ruling, lang)
        return self.check_item(state, orders, given, ruling, lang)

    def check_rulings(
        self,
        state: State,
        orders: SeatOrders,
        given: Sequence[Ruling],
        rulings: Sequence[Ruling],
        lang: str,
    ) -> list[str]:
        """As :meth:`Ruled.check_rulings`: one after the other."""
        answers = []
        for ruling in rulings:
            why = self.check_ruling(state, orders, given, ruling, lang)
            answers.append(why)
            if not why:
                given = taken(given, ruling)
        return answers


@dataclass(frozen=True)
class SeatField:
    """A per-seat value a game kind needs at creation (e.g. Starweb's character)."""

    name: str
    labels: Mapping[str, str]
    """What the field is called, per language."""
    choices: tuple[str, ...] = ()
    """The allowed values; empty: free text."""
    required: bool = True
    unique: bool = False
    """No two seats may have the same value (a code name)."""


@dataclass(frozen=True)
class MessageRules:
    """A game kind's defaults for the shared message orders (a game may override them)."""

    newspaper: bool = True
    """Players' articles are printed in a newspaper."""
    urgent_dispatches: bool = True
    """Urgent dispatches (Eildepesche) are forwarded at once."""
    urgent_postage_cents: int = 0
    """What one urgent dispatch costs the sender."""
    urgent_per_mail: int = 3
    """Urgent dispatches one mail may send (more are refused: no mail bombs)."""
    urgent_per_turn: int = 10
    """Urgent dispatches one player may send in a turn."""


@runtime_checkable
class Bots(Protocol):
    """Demo players of a game kind: the orders a sensible player would mail."""

    def orders(self, state: State, seat: int, rng: Random) -> list[str]:
        """The order lines of ``seat`` for the next turn, without the header line."""
        ...


@dataclass(frozen=True)
class GameKind:
    """Everything the host needs of one game kind, and nothing else.

    One object per kind, exported by the kind's package (``engine.ashes.kind.ASHES``) and
    listed in ``engine.registry.KINDS``; kinds from outside (a plug-in, a test kind) are
    added with ``engine.registry.register``. ``grammar`` names the module under
    ``grammar/`` whose ``LANGUAGE`` reads the orders (the engine may not import the grammar;
    the host loads it by name).
    """

    name: str
    title: str
    engine: Game
    grammar: str
    min_players: int
    max_players: int
    options: Mapping[str, JSONValue] = field(default_factory=dict)
    """The default rule options (each one a GM may set)."""
    gm_options: frozenset[str] = frozenset()
    """The rule options a GM may set, by name: the host accepts these and no others, at
    creation and in setup, by mail, command line and web (:meth:`unknown_options`). A
    kind whose options have no JSON default (Welt der Waben's map and scenario texts)
    names them here only."""
    host_options: Mapping[str, JSONValue] = field(default_factory=dict)
    """Rule options the host sets for every new game unless the GM gives them."""
    seat_fields: tuple[SeatField, ...] = ()
    scenarios: tuple[str, ...] = ()
    shape: TurnShape = TurnShape.SIMULTANEOUS
    messages: MessageRules = MessageRules()
    texts: Catalog | None = None
    """The kind's own catalog: in the host's mails about its games it overlays the host's
    (a ``newspaper`` key names the newspaper, e.g. "Galactic Media"; docs/texts.md)."""
    printout_headings: tuple[str, ...] = ()
    """Lines that start a section of this kind's printouts: a quoted printout is
    recognised by them (and not read as orders)."""
    bots: Bots | None = None
    demo_players: int = 8
    """The bot players of ``pbem demo`` unless told; the engine picks the set-up for that
    many (the board game's two players play its scenario I)."""

    def __post_init__(self) -> None:
        missing = self.missing_capabilities()
        if missing:
            raise KindContractError(
                f"game kind {self.name!r} lacks {', '.join(missing)} "
                f"(its turn shape is {self.shape.value})"
            )
        files = self.map_files
        given = [*self.options, *self.host_options, *([files.map_option] if files else [])]
        unsettable = self.unknown_options(given)
        if unsettable:
            # The host refuses every name outside gm_options: a default, a host default or
            # the map file's option outside it could never be set.
            raise KindContractError(
                f"game kind {self.name!r} has options no GM may set: {', '.join(unsettable)}"
            )

    def unknown_options(self, names: Iterable[str]) -> list[str]:
        """Those of ``names`` that are no rule option a GM may set (:attr:`gm_options`),
        sorted: the host refuses a game's options by this one check, whoever gives them."""
        return sorted(set(names) - self.gm_options)

    def missing_capabilities(self) -> list[str]:
        """What the kind declares but its objects do not provide, by name: the engine's
        turn shape (:class:`Stepped`, :class:`Adjudicated`) and the bots."""
        missing: list[str] = []
        wanted = {TurnShape.STEPPED: Stepped, TurnShape.GM_ADJUDICATED: Adjudicated}.get(self.shape)
        if wanted is not None and not isinstance(self.engine, wanted):
            missing.append(f"the engine's {wanted.__name__} methods")
        if self.bots is not None and not isinstance(self.bots, Bots):
            missing.append("bots with an orders() method")
        return missing

    @property
    def stepped(self) -> Stepped:
        """The engine as a :class:`Stepped` game (:class:`KindContractError` if its turn
        shape is another)."""
        if self.shape is not TurnShape.STEPPED or not isinstance(self.engine, Stepped):
            raise KindContractError(f"game kind {self.name!r} is not stepped")
        return self.engine

    @property
    def adjudicated(self) -> Adjudicated:
        """The engine as an :class:`Adjudicated` game (:class:`KindContractError` if its
        turn shape is another)."""
        if self.shape is not TurnShape.GM_ADJUDICATED or not isinstance(self.engine, Adjudicated):
            raise KindContractError(f"game kind {self.name!r} is not GM-adjudicated")
        return self.engine

    @property
    def ruled(self) -> Ruled | None:
        """The engine as a :class:`Ruled` game when the kind is GM-adjudicated and its GM
        rules on open items, else None (the GM's reports alone are the printouts)."""
        if self.shape is TurnShape.GM_ADJUDICATED and isinstance(self.engine, Ruled):
            return self.engine
        return None

    @property
    def acknowledging(self) -> Acknowledging | None:
        """The engine as an :class:`Acknowledging` game, or None when orders are worded
        by their own :meth:`Order.describe`."""
        return self.engine if isinstance(self.engine, Acknowledging) else None

    @property
    def calculating(self) -> Calculating | None:
        """The engine as a :class:`~engine.calculating.Calculating` game (calculators on
        its web pages and in the dossier), or None when it offers none."""
        return self.engine if isinstance(self.engine, Calculating) else None

    @property
    def map_files(self) -> MapFiles | None:
        """The engine as a :class:`~engine.mapfiles.MapFiles` game (the GM loads its map
        from a file, ``pbem gm map``), or None when its map is its own."""
        return self.engine if isinstance(self.engine, MapFiles) else None

    def describe_orders(
        self,
        state: State,
        seat: int,
        orders: Sequence[Order],
        lang: str,
        place_name: PlanetNamer,
    ) -> list[str]:
        """The acknowledgement's words for each of ``seat``'s ``orders``: the whole list
        (:class:`AcknowledgingAll`), else order by order (:class:`Acknowledging`), else
        each order's own :meth:`Order.describe`."""
        engine = self.engine
        if isinstance(engine, AcknowledgingAll):
            return engine.describe_orders(state, seat, orders, lang, place_name)
        if isinstance(engine, Acknowledging):
            return [engine.describe_order(state, seat, o, lang, place_name) for o in orders]
        return [o.describe(lang, place_name) for o in orders]


def kind_of(
    engine: Game, grammar: str, players: tuple[int, int], rules: DataclassInstance, **declared: Any
) -> GameKind:
    """The :class:`GameKind` of ``engine``, named and titled as the engine is, its orders
    read by the module ``grammar``, for ``players`` (fewest, most) seats. ``rules`` is the
    dataclass of the kind's rule options as a new game has them: its fields' values are
    the default options, and the GM may set every one. ``declared`` gives the rest."""
    options = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}
    rest = {"options": options, "gm_options": frozenset(options), **declared}
    return GameKind(engine.kind, engine.title, engine, grammar, *players, **rest)


class KindContractError(TypeError):
    """A game kind declares a capability its objects do not provide (named in the message),
    or the host asked a kind for a capability of another turn shape."""


class OrderKinds:
    """The order classes of a language by ``kind``: the JSON round trip of its orders."""

    def __init__(self, classes: Sequence[type[Order]]) -> None:
        self.classes = tuple(classes)
        self._by_kind: dict[str, type[Order]] = {c.kind: c for c in self.classes}

    def from_json(self, data: Mapping[str, JSONValue]) -> Order:
        """Rebuild an order from its :meth:`Instruction.to_json` form plus ``kind`` and
        ``line``, strictly: an unknown kind or field, a missing field or a value of the
        wrong type raises (:class:`ValueError`, :class:`TypeError`)."""
        kind = data.get("kind")
        cls = self._by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise ValueError(f"unknown order kind {kind!r}")
        fields = {k: v for k, v in data.items() if k != "kind" and k not in cls.derived}
        order: Order = from_plain(cls, fields)
        return order

    def __contains__(self, kind: str) -> bool:
        return kind in self._by_kind
