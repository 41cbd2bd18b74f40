"""The order reader every language shares: the frame around a game's own order lines.

A mail is read line by line, and everything but the game's own orders is the same in
every language, so it lives here:

* the header line (``Partie 227 Spieler 2 Kennwort xyz`` / ``Game 227 Player 2 Password
  xyz``, ``header.lark``) and the Subject, which may carry the same words;
* ``//`` and ``#`` comments, bullets, decoration lines, a final full stop or a remark in
  brackets, several orders on one line separated by ``;``;
* greetings, closings, a signature and plain sentences: notes, not errors;
* ``Ende`` / ``End`` / ``#END``: the end of the orders, or of a text block; a line after
  the end that looks like an order is reported;
* text blocks: a line that opens one (an article, a secret message ...) without text on
  the same line collects the following lines up to ``Ende``;
* the orders every game shares (``players.lark``): final, resignation, article, secret
  message, urgent dispatch, message to the GM, built as the classes a game supplies
  (by default those of :mod:`engine.core`);
* what a player asks of the host with his orders: settings (``Karte aus``, ``JSON on``)
  and salt for the dice (``Salz: Sonnenblume``), read apart from the orders
  (:class:`engine.core.PrintoutFiles`, :class:`engine.core.Salt`), never one of them;
* the wording of errors (:mod:`grammar.lark_errors`), never Lark's token names.

A language supplies a :class:`LineGrammar`: its Lark rules for one order line (composed
with the shared ones by :func:`player_grammar`), a builder turning a parsed line into
orders, and the words for its syntax errors. :func:`read_header` reads the header of a
mail before its game is known.
"""

from __future__ import annotations

import logging
import re
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Generic, Protocol, TypeVar

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from engine import core
from engine.catalogs import in_language
from engine.core import HostInstruction, Note, Order, OrderHeader, ParseError, PrintoutFiles, Salt
from grammar.lark_errors import (
    TEXTS,
    LineError,
    Messages,
    Position,
    in_range,
    locate,
    syntax_message,
)
from grammar.line_parser import parse_line
from grammar.parser_cache import cached_parser
from grammar.realm_names import RealmNames

_log = logging.getLogger("pbem.grammar")

T = TypeVar("T")

TEXT_MAX = 20_000
"""Characters in one message; a postcard's worth many times over. The one limit of a text
for people however it comes: an order mail, a GM's mail, ``pbem gm news``, the GM's desk."""
GAME_MAX = core.GAME_MAX
TURN_MAX = 999

# ------------------------------------------------------------------ line-level regexes

END_RE = re.compile(
    r"^\s*(#\s*end[e]?|ende|end|schluss|schluß|ende der befehle|end of orders)\s*[.!]*\s*$",
    re.IGNORECASE,
)
"""A line that ends the orders, or closes a text block."""

_COMMENT_RE = re.compile(r"(?:^|(?<=\s))(?://|#)")
_DECORATION_RE = re.compile(r"^\s*[-=*_~+.#]{3,}\s*$")
OPENING_RE = re.compile(
    r"^\s*(hallo|hello|hi|hey|liebe[rs]?|dear|moin|servus|grüezi|sehr\s+geehrte[rs]?|"
    r"guten\s+(tag|morgen|abend)|good\s+(morning|evening|afternoon)|hier\s+(sind|kommen|meine)|"
    r"here\s+(are|is|come)|anbei|attached|meine\s+befehle|my\s+orders|befehle|orders|"
    r"zugbefehle|befehlsbogen|order\s+form|p\.?\s?s\.?)(?![\w])",
    re.IGNORECASE,
)
"""Greetings and covering lines before or among the orders."""
CLOSING_RE = re.compile(
    r"^\s*(viele\s+grüße|viele\s+grüsse|beste\s+grüße|liebe\s+grüße|herzliche\s+grüße|"
    r"schöne\s+grüße|grüß|grüße|grüsse|gruß|gruss|mit\s+freundlichen|freundliche\s+grüße|"
    r"mfg|lg|vg|best(\s+regards|\s+wishes)?|kind\s+regards|regards|cheers|thanks|thank\s+you|"
    r"danke|vielen\s+dank|bis\s+(dann|bald|zum)|tschüss|tschüs|ciao|yours|sincerely)(?![\w])",
    re.IGNORECASE,
)
"""A closing greeting: the lines below it that are not orders are a signature."""
_BULLET_RE = re.compile(r"^(\s*)([-*•–·]|\d+[.)])\s+(?=\S)")
_TRAILING_REMARK_RE = re.compile(r"\s*\([^()]*\)\s*[.!]*\s*$")
_TRAILING_STOP_RE = re.compile(r"\s*[.!]+\s*$")
_ORDERISH_RE = re.compile(
    r"\d\s*/|=|\b\d+\s*(pdu|pd|fp|op|rp|fy|ty|fi|tr|pp|c\d)\b|^\s*(pv|hp)\b", re.IGNORECASE
)
_PROSE_WORD_RE = re.compile(r"[^\W\d_][\w'’-]*[.,!?:;)]*|[(„\"'][^\W\d_][\w'’-]*[.,!?:;)]*")


# Characters that show nothing: a name made of them (or hiding them) can pass for another.
_INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")
# Titles of the host's own people: no player's name may pose as the game master.
_RESERVED = frozenset(
    {
        "spielleiter",
        "spielleitung",
        "sl",
        "gm",
        "gamemaster",
        "admin",
        "administrator",
        "server",
        "spielserver",
        "system",
        "postmaster",
    }
)


def text_too_long(text: str) -> Messages | None:
    """Why ``text`` is refused as a message's text (``None``: it is not): more than
    :data:`TEXT_MAX` characters, in the same words wherever it was written."""
    if len(text) <= TEXT_MAX:
        return None
    return TEXTS.every("reader.text_too_long", length=len(text), most=TEXT_MAX)


def name_problem(name: str) -> Messages | None:
    """Why ``name`` may not name a ruler, a place or a player (``None``: it may): no
    invisible, control or direction characters (refused, not silently stripped, so what
    the others read is what was written), and nothing that reads as the GM's title."""
    if any(
        unicodedata.category(c) in ("Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp") or c in _INVISIBLE
        for c in name
    ):
        return TEXTS.every("reader.name_contains_invisible_or_control")
    folded = "".join(c for c in unicodedata.normalize("NFKC", name).casefold() if c.isalnum())
    if not folded:
        return TEXTS.every("reader.name_has_no_letter_or")
    if folded in _RESERVED:
        return TEXTS.every("reader.reserved_game_master", name=name)
    return None


_NAME_RE = re.compile(r"^[^\W\d_][\w'’.-]*(?: [^\W\d_][\w'’.-]*){0,2}$")
"""A name of one to three words: on the last line, a signature without a greeting."""


def looks_like_prose(code: str) -> bool:
    """A sentence rather than a garbled order: several words, nearly all of them words."""
    words = code.split()
    if len(words) < 4 or _ORDERISH_RE.search(code):
        return False
    return sum(1 for w in words if _PROSE_WORD_RE.fullmatch(w)) >= 0.75 * len(words)


def strip_comment(text: str) -> str:
    """The line without its ``//`` or ``#`` comment (a ``#`` inside a word stays)."""
    match = _COMMENT_RE.search(text)
    return text[: match.start()] if match else text


# ------------------------------------------------------------------------ grammars

MESSAGE_RULES = frozenset({"resign", "final", "press", "secret", "urgent", "gm_message"})
"""The rules of ``players.lark`` the reader builds as orders (their order ``kind`` names)."""
SETTING_RULE = "printout_files"
"""The rule of ``players.lark`` the reader builds as a setting of the host."""
SALT_RULE = "salt"
"""The rule of ``players.lark`` the reader builds as the player's salt for the dice."""


@cache
def grammar_text(name: str) -> str:
    """A grammar file of this package, e.g. ``ashes.lark``."""
    return resources.files("grammar").joinpath(name).read_text("utf-8")


MEDIA_WORDS = "artikel für die gm|für die gm|fuer die gm|an die gm|gm-artikel|gm|galactic media"
"""The article words of a kind whose newspaper is the Galactic Media (Starweb, Ashes):
there "GM" is the press, and the game master is "SL" or "to GM" (docs/orders-ashes.md)."""


def player_grammar(
    order_rules: str | None,
    *,
    named_seats: bool = False,
    named_players: bool = False,
    galactic_media: bool = False,
    realms: bool = False,
) -> str:
    """A players' language: the header, the shared orders and ``order_rules``.

    ``order_rules`` defines ``?order`` (the game's own order lines) and may use the
    terminals and the ``player`` rule of ``players.lark``; ``None``: no orders of its own.
    With ``named_seats`` the header also names a player by a word (``Player Blackbeard``);
    with ``named_players`` every ``player`` may be a name too: the header's seat and the
    addressee of a message (``Geheim an BORG: …``, Starweb's code names), resolved by the
    :class:`Reader`'s ``seat_name``. With ``galactic_media`` "GM" and "an die GM" start
    an article (the kind's newspaper is the Galactic Media); else they reach the GM. With
    ``realms`` a player is also "Reich 2" / "realm 1", and a message may name its
    addressee by his realm's name (``Geheim an Tharn: …``), resolved by the
    :class:`Reader`'s ``seat_name``; the header names its seat by number all the same.
    In every kind "Reich 2" is "Spieler 2" (players.lark).
    """
    # A regex alternative of the terminals in players.lark: the kind decides whose
    # word "GM" is (a newspaper's or the game master's), never both.
    media, gm = (MEDIA_WORDS + "|", "") if galactic_media else ("", "|gm")
    shared = grammar_text("players.lark").replace("MEDIA_WORDS|", media)
    shared = shared.replace("|GM_WORDS", gm)
    if realms:
        player = "player: INT | LETTER | PLAYER_NAME"
        seat = "?seat_player: INT -> player\n    | LETTER -> player"
    elif named_players:
        player = "player: INT | LETTER | PLAYER_NAME"
        seat = "?seat_player: player"
    else:
        player = "player: INT | LETTER"
        seat = "?seat_player: player | PLAYER_NAME" if named_seats else "?seat_player: player"
    start = "start: header | message" + (" | order" if order_rules is not None else "")
    return "\n".join(
        (
            start,
            seat,
            player,
            grammar_text("header.lark"),
            shared,
            order_rules or "",
        )
    )


def build_parser(grammar: str, start: str = "start") -> Lark:
    """The LALR parser of a composed grammar (a language caches its own), from Lark's
    cache when this user built it before (:mod:`grammar.parser_cache`)."""
    return cached_parser(
        grammar, parser="lalr", lexer="contextual", start=start, maybe_placeholders=False
    )


# ---------------------------------------------------------------------- the header


@dataclass
class HeaderParts(OrderHeader):
    """What one header line (or the Subject) names, before it is merged: the header's
    values, and what only the line knows."""

    gm: bool = False
    """The line names the game master (``Spielleiter``) instead of a player."""
    words: list[str] = field(default_factory=list)
    """The header's keywords as written (``Partie``, ``Password``): their language."""
    columns: dict[str, int] = field(default_factory=dict)
    """Where each value stands in its line (1-based), for errors."""

    def merge_into(self, header: OrderHeader) -> None:
        """Fill what ``header`` lacks (the first value found wins)."""
        for key in _HEADER_KEYS:
            if getattr(header, key) is None:
                setattr(header, key, getattr(self, key))


_HEADER_KEYS = ("game", "player", "player_name", "password", "turn")


def header_parts(node: Tree[Token], max_seat: int) -> HeaderParts:
    """The parts of a parsed header line; :class:`LineError` for a value out of range."""
    parts = HeaderParts()
    for part in node.children:
        if not isinstance(part, Tree):
            continue
        first, value = part.children[0], part.children[-1]
        assert isinstance(first, Token)
        parts.words.append(str(first))
        if part.data == "h_gm":
            parts.gm = True
            continue
        if isinstance(value, Tree):  # "Spieler 2": the shared ``player`` rule
            tok = value.children[0]
            assert isinstance(tok, Token)
            if tok.type == "PLAYER_NAME":  # a language whose players have names
                parts.player_name = str(tok)
                parts.columns["player_name"] = tok.column or 1
                continue
            parts.player = seat_number(tok, max_seat)
            parts.columns["player"] = tok.column or 1
            continue
        assert isinstance(value, Token)
        if part.data == "h_game":
            parts.game = in_range(value, 1, GAME_MAX, TEXTS.every("word.game_number"))
            parts.columns["game"] = value.column or 1
        elif part.data == "h_player":  # a seat by name
            parts.player_name = str(value)
            parts.columns["player_name"] = value.column or 1
        elif part.data == "h_password":
            parts.password = str(value)
            parts.columns["password"] = value.column or 1
        elif part.data == "h_turn":
            parts.turn = in_range(value, 0, TURN_MAX, TEXTS.every("word.turn_number"))
            parts.columns["turn"] = value.column or 1
    return parts


def seat_number(tok: Token, max_seat: int) -> int:
    """A player by number (1 to ``max_seat``) or letter (``A`` to ``H``)."""
    if tok.type == "LETTER":
        return ord(str(tok).lower()) - ord("a") + 1
    return in_range(tok, 1, max_seat, TEXTS.every("word.player_number"))


_SUBJECT_PARTS = {
    "game": re.compile(r"(?i)\b(partie|spiel|game)\s*(nr\.?|no\.?|#)?\s*:?\s*(?P<value>\d+)\b"),
    "player": re.compile(
        r"(?i)\b(spieler|player|reich|realm)\s*(nr\.?|no\.?|#)?\s*:?\s*(?P<value>\d+|[a-h])(?![\w])"
    ),
    "player_name": re.compile(
        r"(?i)\b(spieler|player)\s*:?\s*(?P<value>(?!(nr|no)\b)[^\W\d_][\w'’-]*)"
    ),
    "password": re.compile(
        r"(?i)\b(kennwort|passwort|password|pw|pwd)\s*[:=]?\s*(?P<value>[^\s,;:=][^\s,;]*)"
    ),
    "turn": re.compile(r"(?i)\b(runde|zug|turn)\s*(nr\.?|no\.?)?\s*:?\s*(?P<value>\d+)\b"),
}


def subject_parts(
    subject: str, keys: Iterable[str] = ("game", "player", "password", "turn"), max_seat: int = 8
) -> HeaderParts:
    """The header parts a Subject carries, each looked for on its own.

    Subjects are free-form ("AW: Auswertung Runde 4 - Partie 227, Spieler 2"). A turn
    counts only beside a password: a reply to a printout carries the printout's turn, not
    the turn the orders are for. ``keys`` are the parts to look for (add ``player_name``
    for a game whose seats have names).
    """
    subject = unicodedata.normalize("NFC", subject)
    parts = HeaderParts()
    for key in keys:
        match = _SUBJECT_PARTS[key].search(subject)
        if match is None:
            continue
        value = match.group("value")
        if key == "player":
            number = int(value) if value.isdecimal() else ord(value.lower()) - ord("a") + 1
            if not 1 <= number <= max_seat:
                continue
            parts.player = number
        elif key == "player_name":
            if parts.player is not None:
                continue
            parts.player_name = value
        elif key == "password":
            parts.password = value
        elif not _subject_number_fits(key, value):
            continue  # a number no game or turn has (subject_fault says so)
        else:
            setattr(parts, key, int(value))
        parts.words.append(match.group(0).strip())
        parts.columns[key] = match.start("value") + 1
    if parts.password is None:
        parts.turn = None
    return parts


_SUBJECT_MAX = {"game": GAME_MAX, "turn": TURN_MAX}


def _subject_number_fits(key: str, digits: str) -> bool:
    """Whether the Subject's game or turn number ``digits`` is one (the header line's
    range); more than ten digits never are (no ``int()`` of a thousand digits)."""
    return len(digits) <= 10 and int(digits) <= _SUBJECT_MAX[key]


_HEADER_START_RE = re.compile(
    r"(?i)^\s*(partie|spiel|game|spieler|player|mitspieler|ms|reich|realm|kennwort|passwort|"
    r"password|pw|pwd|runde|zug|turn)(?![\w])"
)


@cache
def _header_parser() -> Lark:
    # Every kind's header words, read before the game (and its kind) is known: a Welt der
    # Waben player names his seat "Reich 2" (docs/orders-wdw.md).
    grammar = player_grammar(None, named_seats=True)
    return build_parser(grammar, start="header")


def read_header(text: str, subject: str | None = None) -> OrderHeader:
    """Who sends the orders, read before the game is known (no game's grammar needed).

    Game, player (a number, a letter or a name), password and turn from the header lines
    of ``text`` (the first value of each wins) and then from the Subject.
    """
    header = OrderHeader()
    parser = _header_parser()
    for _, code in _header_lines(text):
        try:
            # The one-line driver: the tree Lark gives, at a part of its cost (every mail's
            # header is read here, before the game is known).
            parts = header_parts(parse_line(parser, code), max_seat=99)
        except (UnexpectedInput, LineError):
            continue
        parts.merge_into(header)
    if subject:
        keys = ("game", "player", "player_name", "password", "turn")
        subject_parts(subject, keys, max_seat=99).merge_into(header)
    if header.player is not None:
        header.player_name = None  # a number and a name: the number counts
    return header


def _header_lines(text: str) -> Iterable[tuple[int, str]]:
    """The lines of ``text`` that start like a header line (1-based number, code)."""
    for number, raw in enumerate(unicodedata.normalize("NFC", text).splitlines(), 1):
        code = strip_comment(_BULLET_RE.sub(lambda m: " " * len(m.group(0)), raw))
        if _HEADER_START_RE.match(code):
            yield number, code


@dataclass(frozen=True)
class HeaderFault:
    """A header line :func:`read_header` passed over for a value out of range (``Spieler
    99999``): the whole line is lost, its password with it."""

    line: int
    """The line of the text (1-based); 0: the Subject (:func:`subject_fault`)."""
    messages: Messages
    """What is wrong, per language (the range of the number)."""
    password: str | None
    """The line's password: a secret all the same, to be masked."""
    seat: int | None = None
    """The seat number out of range, when it was the line's only fault: read before the
    game is known, against any kind's largest seat (:func:`read_header`)."""

    def in_game(self, max_seat: int) -> Messages:
        """What is wrong, said for a game of ``max_seat`` seats: a seat out of range with
        the kind's real range (1 to 8), not the 1 to 99 any kind's header may name."""
        if self.seat is None:
            return self.messages
        what = TEXTS.every("word.player_number")
        return TEXTS.every("in_range", what=what, low=1, high=max_seat, value=self.seat)


_ANY_SEAT = 10**100
"""A bound every seat number of a header line keeps (up to a hundred digits): with it,
only the game or turn number of a line can be out of range."""


def header_fault(text: str) -> HeaderFault | None:
    """The first header line of ``text`` that reads as one but names a number out of
    range (see :func:`read_header`, which skips such a line)."""
    parser = _header_parser()
    for number, code in _header_lines(text):
        try:
            tree = parse_line(parser, code)
            header_parts(tree, max_seat=99)
        except UnexpectedInput:
            continue
        except LineError as exc:
            passwords = [
                str(part.children[-1])
                for part in tree.children
                if isinstance(part, Tree) and part.data == "h_password"
            ]
            password = passwords[0] if passwords else None
            return HeaderFault(number, exc.messages, password, _seat_out_of_range(tree))
    return None


def _seat_out_of_range(tree: Tree[Token]) -> int | None:
    """The seat number of a header line out of range, when its game and turn are not."""
    try:
        return header_parts(tree, max_seat=_ANY_SEAT).player
    except LineError:
        return None


def subject_fault(subject: str) -> HeaderFault | None:
    """The Subject's game number out of range (``Partie 99999999999``), which
    :func:`subject_parts` passes over as the header line's is passed over
    (:func:`header_fault`); its ``line`` is 0, the Subject's."""
    match = _SUBJECT_PARTS["game"].search(unicodedata.normalize("NFC", subject))
    if match is None or _subject_number_fits("game", match.group("value")):
        return None
    value = match.group("value")
    shown = value if len(value) <= 30 else value[:30] + "…"
    what = TEXTS.every("word.game_number")
    messages = TEXTS.every("in_range", what=what, low=1, high=GAME_MAX, value=shown)
    return HeaderFault(0, messages, None)


# ------------------------------------------------------------------- the line grammar


@dataclass(frozen=True)
class Text(Generic[T]):
    """An order that carries a text for people: on its line, or in a block up to ``Ende``.

    ``make`` builds the order from the text; ``text`` is ``None`` when the line opens a
    block (the text follows on the next lines).
    """

    make: Callable[[str], T]
    text: str | None = None


@dataclass(frozen=True)
class Explanation:
    """What a language says about a line its grammar rejects (see :class:`LineGrammar`)."""

    words: Mapping[str, str]
    """What may stand where the line went wrong, per language ("" for nothing)."""
    suggestion: str | None = None
    """A keyword or name the player probably meant."""
    hint: Messages | None = None
    """An example of the right form, per language."""
    fault: Messages | None = None
    """What exactly is wrong, per language, when the language can tell (a code it has
    no such order for, a field written wrongly): said instead of "unexpected …; expected
    …", and the line is an order with that fault, never a sentence or a signature."""


class LineGrammar(Protocol[T]):
    """A language's own order lines; :class:`Reader` does everything else.

    ``parser`` parses one line: a grammar made by :func:`player_grammar` (or, for a
    language without the shared orders, any grammar whose ``start`` is ``header |
    <its lines>`` with ``header.lark``). :meth:`build` turns a parsed line that is neither
    the header nor a shared order into items (or a :class:`Text`), raising
    :class:`~grammar.lark_errors.LineError` for a bad value; :meth:`explain` words a
    syntax error; :meth:`check` may refuse an item the language limits (e.g. an
    article's length).
    """

    @property
    def parser(self) -> Lark: ...

    def build(self, node: Tree[Token], line: int) -> Sequence[T] | Text[T]: ...

    def explain(self, at: Position, code: str) -> Explanation: ...

    def check(self, item: T) -> Messages | None: ...


class TokenLines(ABC, Generic[T]):
    """Base of a :class:`LineGrammar` whose ``parser`` hands an order line over as one
    token, read by the language's own :meth:`scan`; it limits no item."""

    def __init__(self, parser: Callable[[], Lark]) -> None:
        self._parser = parser

    @property
    def parser(self) -> Lark:
        return self._parser()

    def build(self, node: Tree[Token], line: int) -> Sequence[T]:
        tok = node.children[0]
        assert isinstance(tok, Token)
        return self.scan(str(tok), line, tok.column or 1)

    @abstractmethod
    def scan(self, code: str, line: int, column: int) -> Sequence[T]:
        """The items of the line ``line`` whose order text ``code`` starts at ``column``."""

    @abstractmethod
    def explain(self, at: Position, code: str) -> Explanation:
        """A syntax error at ``at`` in the language's words."""

    def check(self, item: T) -> Messages | None:
        return None


MessageClasses = Mapping[str, Callable[..., Order]]
"""The classes of the shared orders by ``kind``: ``final``, ``resign``, ``press``,
``secret``, ``urgent``, ``gm_message``; a game may give subclasses of the core types."""

CORE_MESSAGES: MessageClasses = {cls.kind: cls for cls in core.SHARED_ORDER_CLASSES}
"""The shared orders as :mod:`engine.core` defines them."""


@dataclass
class Reading(core.Findings, Generic[T]):
    """Everything :class:`Reader` read from one text."""

    header: OrderHeader = field(default_factory=OrderHeader)
    sources: list[HeaderParts] = field(default_factory=list)
    """Each header line's parts in order, then the Subject's."""
    items: list[T] = field(default_factory=list)
    settings: list[HostInstruction] = field(default_factory=list)
    """What the text asked of the host (a language with the shared orders only)."""
    keywords: list[str] = field(default_factory=list)
    """The first word of each line read as an order (not the header): its language."""

    def result(self, orders: list[Order]) -> core.ParseResult:
        """The language's :class:`engine.core.ParseResult` of this reading with ``orders``."""
        return core.ParseResult(
            header=self.header,
            orders=orders,
            settings=self.settings,
            errors=self.errors,
            notes=self.notes,
            ended=self.ended,
            words=[*(w for parts in self.sources for w in parts.words), *self.keywords],
        )


def _by_number(number: int) -> str:
    return str(number)


@dataclass(frozen=True)
class OrderText:
    """An order text as :meth:`KindLanguage.parse` was given it: the text, the mail's
    subject, a running game's current place names and rulers (by seat), if known."""

    text: str
    subject: str | None
    places: Mapping[int, str] | None
    rulers: Mapping[int, str] | None


class KindLanguage:
    """A game kind's order language (:class:`engine.core.OrderLanguage`): a subclass
    reads the text (:meth:`read`) and, if its places have names, names them
    (:meth:`namer`); the JSON round trip is its :class:`engine.core.OrderKinds`'."""

    def __init__(self, kinds: core.OrderKinds) -> None:
        self.kinds = kinds

    def parse(
        self,
        text: str,
        subject: str | None = None,
        places: Mapping[int, str] | None = None,
        *,
        rulers: Mapping[int, str] | None = None,
    ) -> core.ParseResult:
        """Read an order text; with ``places`` players may use the game's current names,
        with ``rulers`` (by seat) name other players."""
        return self.read(OrderText(text, subject, places, rulers))

    def read(self, given: OrderText) -> core.ParseResult:
        """The kind's reading of an order text (see :meth:`parse`)."""
        raise NotImplementedError

    def namer(self, places: Mapping[int, str] | None = None) -> core.PlanetNamer:
        """How the acknowledgement names a place: by number unless overridden."""
        return _by_number

    def order_from_json(self, data: Mapping[str, core.JSONValue]) -> Order:
        """Rebuild an order from its stored JSON form."""
        return self.kinds.from_json(data)


# ------------------------------------------------------------------------- reading


@dataclass
class _Line:
    """One line being read: its number, text and the column offset of the parsed part."""

    number: int
    text: str
    offset: int = 0


@dataclass
class _OpenBlock(Generic[T]):
    start: Text[T]
    line: _Line
    lines: list[str] = field(default_factory=list)


_Outcome = Text[T] | bool | None
"""What one piece of a line gave: True read, None an error recorded, or a block start."""


class Reader(Generic[T]):
    """Reads one text with a language's :class:`LineGrammar` (one instance per text).

    ``messages`` are the classes of the shared orders (``None``: the language has none,
    like the GM's); ``max_seat`` the largest player number; ``seat_name`` turns a player
    named by a word (a ``PLAYER_NAME`` token, see :func:`player_grammar`) into a seat,
    raising :class:`~grammar.lark_errors.LineError` for an unknown name; ``first_word_decides``:
    a line whose first word the language reads (a unit, an order's keyword) is an order or
    an error with its line, never a sentence or a signature; ``strict_blocks``: only
    ``Ende`` closes a text block and a block without it is not used (commands that act at
    once); otherwise the next block closes one, and a text without ``Ende`` still counts
    (orders: the player sees the error and can correct them); ``subject`` reads the
    Subject.
    """

    def __init__(
        self,
        lines: LineGrammar[T],
        *,
        messages: Mapping[str, Callable[..., T]] | None = None,
        max_seat: int = 99,
        seat_name: Callable[[Token], int] | None = None,
        first_word_decides: bool = False,
        strict_blocks: bool = False,
        subject: Callable[[str], HeaderParts] | None = None,
    ) -> None:
        self.lines = lines
        self.parser = lines.parser
        self.messages = messages
        self.max_seat = max_seat
        self.seat_name = seat_name
        self.first_word_decides = first_word_decides
        self.strict_blocks = strict_blocks
        self.read_subject = subject or (lambda text: subject_parts(text, max_seat=max_seat))
        self.result: Reading[T] = Reading()
        self._closing = False  # a closing greeting was seen: what follows is a signature
        self._last_line = 0  # the text's last line with something on it
        self._syntax_failed = False  # the last _parse failed in the grammar, not on a value

    # -- errors and notes
    def error(
        self,
        line: _Line,
        column: int,
        text: str,
        messages: Messages,
        suggestion: str | None = None,
    ) -> None:
        self.result.errors.append(
            ParseError(
                line=line.number,
                column=column,
                text=text,
                line_text=line.text.strip(),
                messages=messages,
                suggestion=suggestion,
            )
        )

    def note(self, line: _Line, messages: Messages) -> None:
        self.result.notes.append(Note(line=line.number, text=line.text.strip(), messages=messages))

    # -- the text
    def read(self, text: str, subject: str | None = None) -> Reading[T]:
        """Read ``text`` (and the header parts of ``subject``)."""
        text = unicodedata.normalize("NFC", text)
        block: _OpenBlock[T] | None = None
        ended_at: _Line | None = None
        filled = [n for n, raw in enumerate(text.splitlines(), 1) if raw.strip()]
        self._last_line = filled[-1] if filled else 0
        for number, raw in enumerate(text.splitlines(), 1):
            line = _Line(number, raw.rstrip())
            if ended_at is not None:
                self._after_end(line, ended_at)
                continue
            if block is not None:
                if END_RE.match(line.text):
                    self._close_block(block, line)
                    block = None
                    continue
                restart = self._block_restart(line)
                if restart is None:
                    block.lines.append(line.text)
                    continue
                self._close_block(block, line, implicit=True)
                block = _OpenBlock(restart, line)
                continue
            if END_RE.match(line.text):
                ended_at = line
                self.result.ended = True
                continue
            block = self._read_line(line)
        if block is not None:
            self._close_block(block, None)
        if subject:
            parts = self.read_subject(subject)
            self._merge_header(parts, _Line(0, subject), source="subject")
        return self.result

    def _after_end(self, line: _Line, ended_at: _Line) -> None:
        """Lines after ``Ende`` are not read; warn if one looks like an order."""
        code = strip_comment(line.text)
        if not code.strip() or OPENING_RE.match(code) or CLOSING_RE.match(code):
            return
        try:
            tree = parse_line(self.parser, code)
        except UnexpectedInput:
            return
        if _rule(tree) == "header":
            return
        self.error(
            line,
            1,
            line.text.strip(),
            TEXTS.every("reader.this_line_comes_after_end", number=ended_at.number),
        )

    def _read_line(self, line: _Line) -> _OpenBlock[T] | None:
        code = _BULLET_RE.sub(lambda m: " " * len(m.group(0)), strip_comment(line.text))
        if not code.strip() or _DECORATION_RE.match(code):
            return None
        if CLOSING_RE.match(code):
            self._closing = True
        if OPENING_RE.match(code) or CLOSING_RE.match(code):
            self.note(line, TEXTS.every("reader.greeting_or_covering_text"))
            return None
        errors_before = len(self.result.errors)
        outcome = self._parse_forgiving(line, code)
        if outcome is None and ";" in code:
            # "HP=10; PV 5=0": several orders on one line, separated by semicolons.
            del self.result.errors[errors_before:]
            outcome = self._parse_parts(line, code)
        suggested = any(e.suggestion for e in self.result.errors[errors_before:])
        indent = 1 + len(code) - len(code.lstrip())
        # not even the first word is an order's: a name or a sentence, not an unfinished order
        first_word_failed = all(e.column <= indent for e in self.result.errors[errors_before:])
        if (
            outcome is None
            and self._syntax_failed
            and not suggested
            and (first_word_failed or not self.first_word_decides)
            and (
                self._closing
                or looks_like_prose(code)
                or (
                    line.number == self._last_line
                    and _NAME_RE.match(code.strip()) is not None
                    and first_word_failed
                )
            )
        ):
            # Below a closing greeting (a signature) or a plain sentence: not an order.
            del self.result.errors[errors_before:]
            self.note(
                line,
                TEXTS.every("reader.sentence_or_signature_orders_must"),
            )
            return None
        if isinstance(outcome, Text):
            return _OpenBlock(outcome, line)
        return None

    def _parse_forgiving(self, line: _Line, code: str) -> _Outcome[T]:
        """Parse a line; failing that, without a final full stop or a remark in brackets."""
        errors_before = len(self.result.errors)
        outcome = self._parse(line, code)
        if outcome is not None or not self._syntax_failed:
            return outcome  # read, or a value error that a shorter line would only hide
        original_errors = self.result.errors[errors_before:]
        for pattern in (_TRAILING_STOP_RE, _TRAILING_REMARK_RE):
            variant = pattern.sub("", code)
            if variant == code or not variant.strip():
                continue
            del self.result.errors[errors_before:]
            outcome = self._parse(line, variant)
            if outcome is not None:
                return outcome
        del self.result.errors[errors_before:]
        self.result.errors.extend(original_errors)
        return None

    def _parse_parts(self, line: _Line, code: str) -> bool | None:
        """Each ``;``-separated part of a line on its own; None if any part failed."""
        offset = 0
        ok: bool | None = True
        for part in code.split(";"):
            if part.strip():
                started = self._parse(_Line(line.number, line.text, offset), part, offset)
                if started is None:
                    ok = None
                elif isinstance(started, Text):
                    self.error(
                        line,
                        offset + 1,
                        part.strip(),
                        TEXTS.every("reader.text_block_must_start_line"),
                    )
            offset += len(part) + 1
        return ok

    def _parse(self, line: _Line, code: str, offset: int = 0) -> _Outcome[T]:
        """Parse one piece of a line. True: read; None: error recorded; or a block start."""
        self._syntax_failed = False
        try:
            tree = parse_line(self.parser, code)
        except UnexpectedInput as exc:
            error, named = self._syntax_error(exc, line, code, offset)
            # A fault the language names is as certain as a bad value: no shorter form
            # of the line is tried, and the line is never taken for prose.
            self._syntax_failed = not named
            self.result.errors.append(error)
            return None
        try:
            built = self._build(tree, line.number)
        except LineError as exc:
            self.error(line, offset + exc.column, exc.text, exc.messages, exc.suggestion)
            return None
        except Exception:  # a bug must cost one line, never the mail
            _log.exception("could not build orders from line %d: %r", line.number, code)
            self.error(
                line,
                offset + 1,
                code.strip(),
                TEXTS.every("reader.this_line_could_not_read"),
            )
            return None
        if isinstance(built, HeaderParts):
            self._merge_header(built, line)
            return True
        first: Tree[Token] | Token = tree
        while isinstance(first, Tree) and first.children:
            first = first.children[0]
        if isinstance(first, Token):
            self.result.keywords.append(str(first))
        if isinstance(built, PrintoutFiles | Salt):
            self.result.settings.append(built)
            return True
        if isinstance(built, Text):
            if built.text is None:
                return built
            self._accept(built.make(built.text), line, built)
            return True
        for item in built:
            self._accept(item, line)
        return True

    def _syntax_error(
        self, exc: UnexpectedInput, line: _Line, code: str, offset: int
    ) -> tuple[ParseError, bool]:
        """A Lark error as a readable :class:`ParseError`, in the language's words, and
        whether the language named the fault (:attr:`Explanation.fault`)."""
        at = locate(exc, code)
        said = self.lines.explain(at, code)
        messages = syntax_message(at, dict(said.words), said.suggestion)
        if said.fault:
            messages = dict(said.fault)
        elif said.hint:
            messages = {
                lang: f"{message} {in_language(said.hint, lang)}"
                for lang, message in messages.items()
            }
        error = ParseError(
            line=line.number,
            column=offset + at.pos + 1,
            text=at.found or code.strip(),
            # The line as far as it was parsed: without its comment, up to this part.
            line_text=(line.text[:offset] + code).strip(),
            messages=messages,
            suggestion=said.suggestion,
        )
        return error, said.fault is not None

    def _build(
        self, tree: Tree[Token], line: int
    ) -> HeaderParts | HostInstruction | Sequence[T] | Text[T]:
        node = tree.children[0]
        assert isinstance(node, Tree)
        if node.data == "header":
            return header_parts(node, self.max_seat)
        if self.messages is not None and node.data == SETTING_RULE:
            return _printout_files(node, line)
        if self.messages is not None and node.data == SALT_RULE:
            return _salt(node, line)
        if self.messages is not None and node.data in MESSAGE_RULES:
            return self._message(node, line, self.messages[str(node.data)])
        return self.lines.build(node, line)

    def _message(
        self, node: Tree[Token], line: int, cls: Callable[..., T]
    ) -> Sequence[T] | Text[T]:
        """A shared order: final, resignation, or a text order (a block without text)."""
        if node.data in ("final", "resign"):
            return [cls(line=line)]
        text = next(
            (str(c).strip() for c in node.children if isinstance(c, Token) and c.type == "TEXT"),
            None,
        )
        player = next((c for c in node.children if isinstance(c, Tree)), None)
        if player is None:
            return Text(lambda body: cls(line=line, text=body), text)
        tok = player.children[0]
        assert isinstance(tok, Token)
        if tok.type == "PLAYER_NAME":
            if self.seat_name is None:
                raise LineError.at(
                    tok,
                    TEXTS.every("reader.please_name_player_by_number"),
                )
            to = self.seat_name(tok)
        else:
            to = seat_number(tok, self.max_seat)
        return Text(lambda body: cls(line=line, to=to, text=body), text)

    def _accept(self, item: T, line: _Line, text: Text[T] | None = None) -> None:
        refused = self.lines.check(item)
        if refused is not None:
            self.error(line, 1, line.text.strip()[:40], refused)
            return
        body = getattr(item, "text", None) if text is not None else None
        if isinstance(body, str):
            if not body.strip():
                self.error(line, 1, line.text.strip(), TEXTS.every("reader.text_empty"))
                return
            too_long = text_too_long(body)
            if too_long is not None:
                self.error(line, 1, line.text.strip()[:40], too_long)
                return
        self.result.items.append(item)

    # -- text blocks
    def _block_restart(self, line: _Line) -> Text[T] | None:
        """Inside a block: a line that opens another block closes the first one."""
        code = strip_comment(line.text)
        if self.strict_blocks or not code.strip():
            return None
        try:
            built = self._build(parse_line(self.parser, code), line.number)
        except (UnexpectedInput, LineError):
            return None
        return built if isinstance(built, Text) and built.text is None else None

    def _close_block(self, block: _OpenBlock[T], end: _Line | None, implicit: bool = False) -> None:
        lines = list(block.lines)
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        start = block.line
        if end is None and self.strict_blocks:
            self.error(
                start,
                1,
                start.text.strip(),
                TEXTS.every("reader.block_not_used", number=start.number),
            )
            return
        if end is None:
            # One verdict: a text that swallowed order lines is not taken (neither are
            # those lines, as orders); a text of prose alone is, with a note.
            swallowed = self._order_lines(block)
            if swallowed:
                shown = ", ".join(map(str, swallowed))
                messages = TEXTS.every("reader.block_swallowed", number=start.number, lines=shown)
                self.error(start, 1, start.text.strip(), messages)
                return
        elif implicit:
            self.note(
                start,
                TEXTS.every("reader.text_without_end_it_ends", number=end.number),
            )
        item = block.start.make("\n".join(lines))
        self._accept(item, start, block.start)
        if end is None:  # a warning beside the text taken
            said = TEXTS.every("reader.block_read_to_end", number=start.number)
            order = item if isinstance(item, Order) else None
            self.result.notes.append(Note(start.number, start.text.strip(), said, order))

    def _order_lines(self, block: _OpenBlock[T]) -> list[int]:
        """The numbers of the lines in ``block`` that read as orders (or a header)."""
        found = []
        for offset, text in enumerate(block.lines, 1):
            code = strip_comment(text)
            if not code.strip():
                continue
            try:
                parse_line(self.parser, code)
            except UnexpectedInput:
                continue
            found.append(block.line.number + offset)
        return found

    # -- the header
    def _merge_header(self, parts: HeaderParts, line: _Line, source: str = "text") -> None:
        """Merge one header line (or the Subject); a contradiction is an error."""
        self.result.sources.append(parts)
        header = self.result.header
        for key in _HEADER_KEYS:
            value = getattr(parts, key)
            if value is None:
                continue
            old = getattr(header, key)
            if old is not None and old != value:
                shown = "***" if key == "password" else str(value)
                old_shown = "***" if key == "password" else str(old)
                where = (
                    TEXTS.every("reader.where_subject")
                    if source == "subject"
                    else TEXTS.every("reader.where_line", line=line.number)
                )
                self.error(
                    line,
                    parts.columns.get(key, 1),
                    shown,
                    TEXTS.every(
                        "reader.contradicting",
                        where=where,
                        word=TEXTS.every(f"reader.header_word.{key}"),
                        shown=shown,
                        old=old_shown,
                    ),
                )
                continue
            setattr(header, key, value)


class LinesLanguage(KindLanguage):
    """The order language of a kind that needs nothing more than its ``lines`` and the
    shared orders (:data:`CORE_MESSAGES`); its places are shown by number."""

    def __init__(
        self, kinds: core.OrderKinds, lines: LineGrammar[Order], *, first_word_decides: bool = False
    ) -> None:
        super().__init__(kinds)
        self.lines = lines
        self.first_word_decides = first_word_decides
        """As :class:`Reader`'s: a line its first word makes an order is never prose."""

    def read(self, given: OrderText) -> core.ParseResult:
        """``given`` read line by line by the kind's ``lines``."""
        # A kind whose grammar names realms (player_grammar's ``realms``) reads the
        # addressee of a message by his realm's name in a running game.
        names = RealmNames(given.rulers) if given.rulers else None
        read = Reader(
            self.lines,
            messages=CORE_MESSAGES,
            seat_name=names.seat if names else None,
            first_word_decides=self.first_word_decides,
        ).read(given.text, given.subject)
        return read.result(read.items)


def _printout_files(node: Tree[Token], line: int) -> PrintoutFiles:
    """``Karte aus``, ``JSON on``: which file, and on or off."""
    what, switch = (str(c).lower() for c in node.children if isinstance(c, Token))
    on = switch.rstrip(".!") in ("an", "ein", "on")
    return PrintoutFiles(line=line, file="json" if what.startswith("json") else "map", on=on)


def _salt(node: Tree[Token], line: int) -> Salt:
    """``Salz: Sonnenblume``: the words after the keyword, as written."""
    words = next(str(c) for c in node.children if isinstance(c, Token) and c.type == "TEXT")
    return Salt(line=line, words=words.strip())


def _rule(tree: Tree[Token]) -> str | None:
    """The rule a parsed line is (``header``, a shared order or the language's own)."""
    node = tree.children[0] if tree.children else None
    return str(node.data) if isinstance(node, Tree) else None
