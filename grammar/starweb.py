"""Read Starweb orders from text (Starweb "Die Befehle"): every order kept or explained.

The frame of an order mail (header line and Subject, ``//`` and ``#`` comments,
greetings, ``Ende``, message blocks, final and resignation, the wording of errors) is
:mod:`grammar.reader`'s, as for Ashes; ``starweb.lark`` hands a line of Starweb orders to
this module's scanner, which reads the rulebook's codes (``F35W6W19``, ``W13B5F160``,
``F82G=BORG`` …) into :mod:`engine.starweb.orders`.

Forgiving: any case, spaces inside a code (``W7 B2 F12``), several codes on one line
separated by spaces, commas or semicolons, a leading line number and a ``<-`` comment as
in the rulebook's example (``5 W77B1F33 <- 1 Industrie baut 1 Schiff``), remarks in
angle or round brackets (the printout's echo ``F82G=BORG <36>``), the rulebook's
misprinted ``l`` for ``I`` in ``WnIqI``/``WnIqL``. A wrong code is an error at its line and
column, with a suggestion when a known form is close, and never costs the other codes of
its line.

Checks that need no game state happen here: world and fleet numbers 1–255, artifacts
1–100, quantities 1–255, at most three gates, the end-score vote 1000–15000, the targets
each kind of ship may fire at. Conflicting orders (Starweb "Die Befehle": the first
written wins) are kept and reported as notes; :func:`engine.starweb.exclusive.resolve`
drops them in the turn.

Players are known by code name (``A=BORG``): orders keep the name. With the game's
``rulers`` a message may be addressed by code name (``Geheim an BORG: …``), the header may
name the player so (``Partie 5 Spieler BORG Kennwort …``), and a code name nobody has is
a note.

:data:`LANGUAGE` is the Starweb :class:`~engine.core.OrderLanguage`.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from lark import Lark, Token

from engine.core import (
    SHARED_ORDER_CLASSES,
    Note,
    Order,
    OrderKinds,
    ParseError,
    ParseResult,
)
from engine.starweb import exclusive
from engine.starweb import orders as o
from engine.starweb.texts import PRINTOUT_HEADINGS, TEXTS
from grammar import reader
from grammar.lark_errors import TEXTS as GRAMMAR
from grammar.lark_errors import LineError, Messages, Position

__all__ = ["LANGUAGE", "PRINTOUT_HEADINGS", "StarwebLanguage", "parse", "scan"]

MAX_NUMBER = 255
"""Worlds, keys (fleets) and quantities: 255 is the magic number (Starweb "Schiffe")."""
MAX_ARTIFACT = 100
"""90 standard artifacts and 10 specials (Starweb "Kunstwerke")."""
MAX_GATES = 3
"""Starweb "Bewegung": up to three worlds with one order."""
VOTE_MIN, VOTE_MAX = 1000, 15000
"""Starweb "Was ist Sache?": the end-score vote lies between these (the game's options
may narrow it; the engine checks those)."""
MAX_SEATS = 15
"""Starweb "Was ist Sache?": ten to fifteen players."""

ORDER_KINDS = OrderKinds((*o.ORDER_CLASSES, *SHARED_ORDER_CLASSES))
"""Every order of the language by ``kind``, for the JSON round trip."""


# ------------------------------------------------------------------------ the codes

_N = r"(\d+)"
_S = r"\s*"
_NAME = r"([^\W\d_][\w'’-]*)"
_END = r"(?=[\s,;.]|$)"
"""A code ends at a separator or the end of the line (``F3W5 W6X`` is a move and a
plunder, not a move through W6 followed by garbage)."""

_FORMS: tuple[tuple[str, str], ...] = (
    # name, regex (upper case, spaces allowed between the parts)
    ("transfer", rf"([FIP]){_S}{_N}{_S}T{_S}{_N}{_S}(?:F{_S}{_N}|([IP]))"),
    ("fire", rf"([FIP]){_S}{_N}{_S}([AC]){_S}(?:F{_S}{_N}|([IPHC]))"),
    ("probe", rf"([FIP]){_S}{_N}{_S}P{_S}{_N}"),
    # a gate followed by a world order's letter is that order's world: F3W5 W7 B2 F12
    # A gate is no gate when the world order it starts follows (F3W5 W6X: move, plunder).
    (
        "move",
        rf"F{_S}{_N}((?:{_S}W{_S}\d+(?!{_S}(?:[BS]|X(?!{_S}=)|G{_S}=|[IL]{_S}\d+{_S}[IL])))+)",
    ),
    ("gift", rf"([FW]){_S}{_N}{_S}G{_S}={_S}{_NAME}"),
    ("robot", rf"F{_S}{_N}{_S}R{_S}{_N}"),
    ("cargo", rf"F{_S}{_N}{_S}([UJNL])(?:{_S}{_N})?"),
    ("fleet_flag", rf"F{_S}{_N}{_S}([QXBD])"),
    ("scrap", rf"W{_S}{_N}{_S}S{_S}{_N}"),
    ("build", rf"W{_S}{_N}{_S}B{_S}{_N}{_S}(?:F{_S}{_N}|([IPR]))"),
    ("improve", rf"W{_S}{_N}{_S}[IL]{_S}{_N}{_S}([IL])"),
    ("plunder", rf"W{_S}{_N}{_S}X"),
    ("emigrate", rf"([PC]){_S}{_N}{_S}M{_S}{_N}{_S}W{_S}{_N}"),
    ("attach", rf"V{_S}{_N}{_S}F{_S}{_N}"),
    ("drop", rf"V{_S}{_N}{_S}W"),
    ("ambush", rf"Z(?:{_S}{_N})?"),
    ("player", rf"([ANJLX]){_S}={_S}{_NAME}"),
    ("vote", rf"(?:E{_S}=|(?:ENDPUNKTE?(?:ZAHL)?|END{_S}SCORE){_S}[=:]?){_S}{_N}"),
)


def _master() -> re.Pattern[str]:
    """One pattern of every form, each an outer named group ended by :data:`_END`."""
    parts = []
    for name, form in _FORMS:
        parts.append(f"(?P<{name}>{form}{_END})")
    return re.compile("|".join(parts))


_MASTER = _master()
_GROUP_BASE = {name: _MASTER.groupindex[name] for name, _ in _FORMS}
_SEPARATORS = re.compile(r"[\s,;.]+")
_WORD_END = re.compile(r"[\s,;.]")
_CODE_START = re.compile(r"[FWIPCV]\s*\d|[ANJLXE]\s*=|Z(?:\s*\d|[\s,;.]|$)")
_UPPER = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")
"""ASCII upper case, which keeps every column where it was (``"ß".upper()`` does not)."""

# Remarks that are no orders, blanked so that columns stay: ``<- comment``, ``<36>``,
# ``(remark)``, and a leading line number (``5 W77B1F33``).
_REMARKS = re.compile(r"<-.*$|<[^<>]*>|\([^()]*\)")
_LINE_NUMBER = re.compile(r"^\s*\d+(?=\s+[^\W\d_])")
_SECTION_HEADING = re.compile(r"^\s*={2,}[^=].*={2,}\s*$")
"""The prefilled order section's heading (``=== Befehle für Runde 8 ===``)."""

_SHAPES: tuple[str, ...] = (
    *("FnWn", "FnWnWn", "FnWnWnWn", "FnTnFn", "FnTnI", "FnTnP", "InTnFn", "InTnP"),
    *("PnTnFn", "PnTnI", "WnSn", "WnBnI", "WnBnP", "WnBnFn", "WnBnR", "WnInI", "WnInL"),
    *("PnMnWn", "CnMnWn", "FnPn", "InPn", "PnPn", "FnUn", "FnU", "FnJn", "FnJ", "FnNn"),
    *("FnN", "FnLn", "FnL", "VnFn", "VnW", "FnAFn", "FnAI", "FnAP", "FnAH", "InAFn", "InAC"),
    *("PnAFn", "PnAC", "FnCFn", "FnCI", "FnCP", "FnCH", "InCFn", "InCC", "PnCFn", "PnCC"),
    *("Zn", "WnX", "FnQ", "FnX", "FnB", "FnD", "FnRn"),
)
"""Every code's shape (numbers as ``n``), for suggestions."""

_NEXT_LETTERS = TEXTS.section("grammar.next.")
_FIRST_LETTERS = "F, W, I, P, C, V, Z, A=, N=, J=, L=, X=, E="


@dataclass(frozen=True, kw_only=True)
class Problem(Order):
    """A wrong code or a remark found while scanning a line, carried out of the shared
    reader among the orders (so that it costs no other code of the line) and turned into
    a :class:`~engine.core.ParseError` or a :class:`~engine.core.Note` by :func:`parse`."""

    kind: ClassVar[str] = "problem"
    column: int
    text: str
    messages: Mapping[str, str]
    suggestion: str | None = None
    note: bool = False


Scanned = o.StarwebOrder | Problem


def scan(code: str, line: int = 0, column: int = 1) -> list[Scanned]:
    """The orders (and problems) of one line of codes; ``column`` is where ``code``
    starts in the line (1-based)."""
    if _SECTION_HEADING.match(code):
        return []
    cleaned = _REMARKS.sub(lambda m: " " * len(m.group(0)), code)
    cleaned = _LINE_NUMBER.sub(lambda m: " " * len(m.group(0)), cleaned)
    upper = cleaned.translate(_UPPER)
    out: list[Scanned] = []
    pos, end = 0, len(upper)
    while True:
        sep = _SEPARATORS.match(upper, pos)
        if sep:
            pos = sep.end()
        if pos >= end:
            break
        match = _MASTER.match(upper, pos)
        if match is not None:
            out.append(_build(match, cleaned, line, column))
            pos = match.end()
            continue
        stop = _resume(upper, pos)
        bad = cleaned[pos:stop].rstrip(" ,;.")
        out.append(_unknown(bad, line, column + pos))
        pos = stop
    if out and all(isinstance(item, Problem) for item in out) and reader.looks_like_prose(code):
        return [
            Problem(
                line=line,
                column=column,
                text=code.strip(),
                messages=TEXTS.every("grammar.sentence_orders_are_written_as"),
                note=True,
            )
        ]
    return out


def _resume(upper: str, pos: int) -> int:
    """Where scanning goes on after a wrong code at ``pos``: the next word after a
    separator that starts a code (so ``W7 B2 Q12 F3U`` is one error, then F3U)."""
    at = pos
    while True:
        stop = _WORD_END.search(upper, at)
        if stop is None:
            return len(upper)
        sep = _SEPARATORS.match(upper, stop.start())
        assert sep is not None
        at = sep.end()
        if at >= len(upper) or _CODE_START.match(upper, at):
            return at


# ------------------------------------------------------------- building the orders


def _number(value: str, low: int, high: int, what: Messages, col: int) -> int:
    number = int(value)
    if not low <= number <= high:
        raise LineError(
            col, value, GRAMMAR.every("in_range", what=what, low=low, high=high, value=number)
        )
    return number


_WORLD = TEXTS.every("grammar.word.world_number")
_FLEET = TEXTS.every("grammar.word.fleet_number")
_QUANTITY = TEXTS.every("grammar.word.quantity")
_ARTIFACT = TEXTS.every("grammar.word.artifact_number")
_VOTE = TEXTS.every("grammar.word.end_score")


class _Groups:
    """The groups of one form's match, with range checks that know their columns."""

    def __init__(self, match: re.Match[str], name: str, text: str, column: int) -> None:
        self.match, self.base, self.text, self.column = match, _GROUP_BASE[name], text, column

    def raw(self, index: int) -> str | None:
        value = self.match.group(self.base + index)
        return value

    def col(self, index: int) -> int:
        return self.column + self.match.start(self.base + index)

    def num(self, index: int, what: Messages, high: int = MAX_NUMBER) -> int:
        value = self.raw(index)
        assert value is not None
        return _number(value, 1, high, what, self.col(index))

    def opt(self, index: int, what: Messages) -> int | None:
        return None if self.raw(index) is None else self.num(index, what)

    def name(self, index: int) -> str:
        """A code name as written (the scanner's copy is upper case only in ASCII)."""
        start, stop = self.match.span(self.base + index)
        return self.text[start:stop].upper()

    def source(self, index: int) -> tuple[str, int]:
        """A fleet ``F`` n or the I-/P-ships of world n."""
        kind = self.raw(index)
        assert kind is not None
        return kind, self.num(index + 1, _FLEET if kind == o.FLEET else _WORLD)


def _build(match: re.Match[str], text: str, line: int, column: int) -> Scanned:
    name = match.lastgroup
    assert name is not None
    g = _Groups(match, name, text, column)
    try:
        return _BUILDERS[name](g, line)
    except LineError as exc:
        return Problem(
            line=line,
            column=exc.column,
            text=text[match.start() : match.end()].strip(),
            messages=exc.messages,
        )


def _transfer(g: _Groups, line: int) -> o.StarwebOrder:
    source, number = g.source(1)
    quantity = g.num(3, _QUANTITY)
    fleet = g.opt(4, _FLEET)
    target = o.FLEET if fleet is not None else g.raw(5) or ""
    if target == source and source != o.FLEET:
        raise LineError(
            g.col(5),
            target,
            TEXTS.every("grammar.ships_cannot_transferred_ships", source=source),
        )
    return o.Transfer(
        line=line,
        source=source,
        number=number,
        quantity=quantity,
        target=target,
        target_fleet=fleet or 0,
    )


_HOME_TARGETS = (o.AT_FLEET, o.AT_CONVERTS)


def _fire(g: _Groups, line: int) -> o.StarwebOrder:
    source, number = g.source(1)
    fleet = g.opt(4, _FLEET)
    target = o.AT_FLEET if fleet is not None else g.raw(5) or ""
    if source == o.FLEET and target == o.AT_CONVERTS:
        raise LineError(
            g.col(5),
            target,
            TEXTS.every("grammar.converts", number=number, mode=g.raw(3)),
        )
    if source != o.FLEET and target not in _HOME_TARGETS:
        raise LineError(
            g.col(5),
            target,
            TEXTS.every("grammar.i_p_ships_fire_only"),
        )
    return o.Fire(
        line=line,
        source=source,
        number=number,
        target=target,
        target_fleet=fleet or 0,
        conditional=g.raw(3) == "C",
    )


def _probe(g: _Groups, line: int) -> o.StarwebOrder:
    source, number = g.source(1)
    return o.Probe(line=line, source=source, number=number, world=g.num(3, _WORLD))


_GATE = re.compile(r"\d+")


def _move(g: _Groups, line: int) -> o.StarwebOrder:
    fleet = g.num(1, _FLEET)
    path_text = g.raw(2) or ""
    start = g.col(2) - 1
    path = []
    for gate in _GATE.finditer(path_text):
        path.append(_number(gate.group(0), 1, MAX_NUMBER, _WORLD, start + gate.start() + 1))
    if len(path) > MAX_GATES:
        raise LineError(
            g.col(2),
            path_text.strip(),
            TEXTS.every("grammar.gates", most=MAX_GATES, count=len(path)),
        )
    return o.Move(line=line, fleet=fleet, path=tuple(path))


def _gift(g: _Groups, line: int) -> o.StarwebOrder:
    what = g.raw(1) or ""
    number = g.num(2, _FLEET if what == "F" else _WORLD)
    return o.Gift(line=line, what=what, number=number, player=g.name(3))


def _robot(g: _Groups, line: int) -> o.StarwebOrder:
    return o.RobotAttack(line=line, fleet=g.num(1, _FLEET), quantity=g.num(2, _QUANTITY))


def _cargo(g: _Groups, line: int) -> o.StarwebOrder:
    return o.Cargo(
        line=line, fleet=g.num(1, _FLEET), action=g.raw(2) or "", quantity=g.opt(3, _QUANTITY)
    )


def _fleet_flag(g: _Groups, line: int) -> o.StarwebOrder:
    fleet, flag = g.num(1, _FLEET), g.raw(2)
    if flag == "B":
        return o.BuildBomb(line=line, fleet=fleet)
    if flag == "D":
        return o.DropBomb(line=line, fleet=fleet)
    return o.Stance(line=line, fleet=fleet, peace=flag == "Q")


def _scrap(g: _Groups, line: int) -> o.StarwebOrder:
    return o.Scrap(line=line, world=g.num(1, _WORLD), quantity=g.num(2, _QUANTITY))


def _build_ships(g: _Groups, line: int) -> o.StarwebOrder:
    fleet = g.opt(3, _FLEET)
    return o.Build(
        line=line,
        world=g.num(1, _WORLD),
        quantity=g.num(2, _QUANTITY),
        what=o.BUILD_FLEET if fleet is not None else g.raw(4) or "",
        fleet=fleet or 0,
    )


def _improve(g: _Groups, line: int) -> o.StarwebOrder:
    # Starweb "Bauen" prints WnnnlqqqI / WnnnlqqqL: the "l" is an I (English rules §28).
    what = o.BUILD_INDUSTRY if g.raw(3) == "I" else o.BUILD_LIMIT
    return o.Build(line=line, world=g.num(1, _WORLD), quantity=g.num(2, _QUANTITY), what=what)


def _plunder(g: _Groups, line: int) -> o.StarwebOrder:
    return o.Plunder(line=line, world=g.num(1, _WORLD))


def _emigrate(g: _Groups, line: int) -> o.StarwebOrder:
    return o.Emigrate(
        line=line,
        world=g.num(2, _WORLD),
        quantity=g.num(3, _QUANTITY),
        to=g.num(4, _WORLD),
        converts=g.raw(1) == "C",
    )


def _attach(g: _Groups, line: int) -> o.StarwebOrder:
    return o.AttachArtifact(
        line=line, artifact=g.num(1, _ARTIFACT, MAX_ARTIFACT), fleet=g.num(2, _FLEET)
    )


def _drop(g: _Groups, line: int) -> o.StarwebOrder:
    return o.DropArtifact(line=line, artifact=g.num(1, _ARTIFACT, MAX_ARTIFACT))


def _ambush(g: _Groups, line: int) -> o.StarwebOrder:
    return o.AmbushOff(line=line, world=g.opt(1, _WORLD) or 0)


def _player(g: _Groups, line: int) -> o.StarwebOrder:
    action, name = g.raw(1) or "", g.name(2)
    if action in (o.ALLY, o.UNALLY, o.JIHAD):
        return o.Diplomacy(line=line, action=action, player=name)
    return o.LoadingRight(line=line, player=name, grant=action == "L")


def _vote(g: _Groups, line: int) -> o.StarwebOrder:
    value = g.raw(1)
    assert value is not None
    return o.EndScoreVote(line=line, score=_number(value, VOTE_MIN, VOTE_MAX, _VOTE, g.col(1)))


_BUILDERS: Mapping[str, Callable[[_Groups, int], o.StarwebOrder]] = {
    "transfer": _transfer,
    "fire": _fire,
    "probe": _probe,
    "move": _move,
    "gift": _gift,
    "robot": _robot,
    "cargo": _cargo,
    "fleet_flag": _fleet_flag,
    "scrap": _scrap,
    "build": _build_ships,
    "improve": _improve,
    "plunder": _plunder,
    "emigrate": _emigrate,
    "attach": _attach,
    "drop": _drop,
    "ambush": _ambush,
    "player": _player,
    "vote": _vote,
}


# ------------------------------------------------------------------ wrong codes


def _unknown(bad: str, line: int, column: int) -> Problem:
    """What is wrong with a code no form matches, and the likely meant one."""
    compact = re.sub(r"\s+", "", bad).translate(_UPPER)
    suggestion = _suggest(compact)
    first = compact[:1]
    head = re.match(r"([A-Z])(\d+)([A-Z]?)", compact)
    if first and first not in "FWIPCVZANJLXE":
        messages = TEXTS.every("grammar.unknown_first", bad=bad, first=_FIRST_LETTERS)
    elif head and head.group(1) in _NEXT_LETTERS:
        letter, number = head.group(1), head.group(2)
        messages = TEXTS.every(
            "grammar.unknown_next",
            bad=bad,
            code=f"{letter}{number}",
            after=_NEXT_LETTERS.every(letter),
        )
    else:
        messages = TEXTS.every("grammar.unknown", bad=bad)
    if suggestion:
        messages = {
            lang: GRAMMAR.say(lang, "did_you_mean", message=message, suggestion=suggestion)
            for lang, message in messages.items()
        }
    return Problem(line=line, column=column, text=bad, messages=messages, suggestion=suggestion)


def _suggest(compact: str) -> str | None:
    """The closest known form, with the numbers as written (``F3WW5`` → ``F3W5``)."""
    numbers = re.findall(r"\d+", compact)
    shape = re.sub(r"\d+", "n", compact)
    shapes = [known for known in _SHAPES if known.count("n") == len(numbers)]
    close = difflib.get_close_matches(shape, shapes, n=1, cutoff=0.75)
    if not close:
        return None
    parts = iter(numbers)
    return "".join(next(parts) if c == "n" else c for c in close[0])


# --------------------------------------------------------------- the line grammar


@cache
def build_parser() -> Lark:
    """The LALR parser of a Starweb order line (header, shared orders, order codes)."""
    rules = reader.grammar_text("starweb.lark")
    return reader.build_parser(
        reader.player_grammar(rules, named_players=True, galactic_media=True)
    )


class _StarwebLines(reader.TokenLines[Order]):
    """The Starweb order lines for :class:`grammar.reader.Reader` (a ``LineGrammar``)."""

    def scan(self, code: str, line: int, column: int) -> Sequence[Order]:
        return scan(code, line, column)

    def explain(self, at: Position, code: str) -> reader.Explanation:
        return reader.Explanation(
            TEXTS.every("grammar.order_as_rulebook_f35w6_w13b5f160"),
            _suggest(re.sub(r"\s+", "", code).translate(_UPPER)) if code.strip() else None,
        )


# ------------------------------------------------------------------------- reading


def _fold(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold().strip()


class _CodeNames:
    """The code names of a running game, case-insensitive, for messages and the header."""

    def __init__(self, rulers: Mapping[int, str] | None) -> None:
        self.rulers = dict(rulers or {})
        self.seats = {_fold(name): seat for seat, name in self.rulers.items() if name}

    def known(self) -> str:
        return ", ".join(sorted(name.upper() for name in self.rulers.values() if name)) or "–"

    def seat(self, tok: Token) -> int:
        """The seat of a code name; :class:`LineError` for a name nobody has."""
        seat = self.seats.get(_fold(str(tok)))
        if seat is None:
            raise LineError.at(tok, self.unknown(str(tok)))
        return seat

    def unknown(self, name: str) -> Messages:
        if not self.rulers:
            return TEXTS.every("grammar.code_name_not_known_here", name=name)
        return TEXTS.every("grammar.nobody_called", name=name, known=self.known())


def _subject(text: str) -> reader.HeaderParts:
    keys = ("game", "player", "player_name", "password", "turn")
    return reader.subject_parts(text, keys, max_seat=MAX_SEATS)


def parse(
    text: str, subject: str | None = None, rulers: Mapping[int, str] | None = None
) -> ParseResult:
    """Read a Starweb order text (see the module docstring); ``rulers`` are the game's
    code names by seat."""
    names = _CodeNames(rulers)
    read = reader.Reader(
        _StarwebLines(build_parser),
        messages=reader.CORE_MESSAGES,
        max_seat=MAX_SEATS,
        seat_name=names.seat,
        subject=_subject,
    ).read(text, subject)
    result = read.result([])
    lines = unicodedata.normalize("NFC", text).splitlines()

    def line_text(number: int) -> str:
        return lines[number - 1].strip() if 0 < number <= len(lines) else ""

    for item in read.items:
        if isinstance(item, Problem):
            if item.note:
                result.notes.append(Note(line=item.line, text=item.text, messages=item.messages))
            else:
                result.errors.append(
                    ParseError(
                        line=item.line,
                        column=item.column,
                        text=item.text,
                        line_text=line_text(item.line),
                        messages=item.messages,
                        suggestion=item.suggestion,
                    )
                )
            continue
        result.orders.append(item)
    _header_name(result, names)
    _unknown_names(result, names)
    _conflicts(result)
    result.notes.sort(key=lambda n: n.line)
    return result


def _header_name(result: ParseResult, names: _CodeNames) -> None:
    """The header names the player by code name: the seat, when the game's names are known."""
    header = result.header
    if header.player is not None or header.player_name is None or not names.rulers:
        return
    seat = names.seats.get(_fold(header.player_name))
    if seat is not None:
        header.player = seat
        return
    result.errors.append(
        ParseError(
            line=0,
            column=1,
            text=header.player_name,
            line_text=header.player_name,
            messages=names.unknown(header.player_name),
        )
    )


def _unknown_names(result: ParseResult, names: _CodeNames) -> None:
    """An order naming a code name nobody has is kept (the engine remarks it) and noted."""
    if not names.rulers:
        return
    for order in result.orders:
        player = getattr(order, "player", None)
        known = not isinstance(player, str) or _fold(player) in names.seats
        if isinstance(order, o.StarwebOrder) and not known:
            assert isinstance(player, str)
            result.notes.append(
                Note(line=order.line, text=order.code, messages=names.unknown(player), order=order)
            )


def _conflicts(result: ParseResult) -> None:
    """Conflicting orders (Starweb "Die Befehle"): the first written wins; the later one
    stays in the orders (the turn drops it) and the acknowledgement says why."""
    own = [order for order in result.orders if isinstance(order, o.StarwebOrder)]
    for dropped, winner in exclusive.conflicts(own):
        result.notes.append(
            Note(
                line=dropped.line,
                text=dropped.code,
                messages={
                    lang: exclusive.explain(dropped, winner, lang) for lang in TEXTS.languages
                },
                order=dropped,
            )
        )


class StarwebLanguage(reader.KindLanguage):
    """The Starweb order language (:class:`engine.core.OrderLanguage`); worlds are shown
    by number."""

    def read(self, given: reader.OrderText) -> ParseResult:
        """``rulers`` (code names by seat) let players name each other by code name.
        Starweb worlds have numbers only: ``places`` is not used."""
        return parse(given.text, given.subject, given.rulers)


LANGUAGE = StarwebLanguage(ORDER_KINDS)
"""The Starweb order language, as :attr:`engine.core.GameKind.grammar` names it."""
