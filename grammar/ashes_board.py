"""Read the orders of the Ashes of Empire board game (docs/orders-ashes-board.md).

The frame of an order mail (header, comments, greetings, ``Ende``, text blocks, the shared
orders) is :mod:`grammar.reader`'s; this module adds the board game's lines: the LALR
grammar ``ashes_board.lark`` with the 40 planet names of the shared galaxy
(:mod:`engine.ashesmap.galaxy`), the builder that turns a parsed line into
:mod:`engine.ashes_board.orders`, and what to say about a line that fails. Checks that
need no game state happen here (planets 1-40, counts, which units may fly, relation
values); the acknowledgement checks the rest against the board
(:mod:`engine.ashes_board.checks`).

:data:`LANGUAGE` is the kind's :class:`~engine.core.OrderLanguage`.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from functools import cache

from lark import Lark, Token, Tree

from engine.ashes_board import orders as o
from engine.ashes_board.tables import FIGHTER, HIGHTECH, OIL, STEEL, TRANSPORTER, TROOPS
from engine.ashes_board.texts import TEXTS
from engine.ashesmap.galaxy import fold_name, standard_galaxy
from engine.core import Order, ParseResult, PlanetNamer
from grammar import reader
from grammar.lark_errors import LineError, Messages, Position, in_range, join_words

COUNT_MAX = 9_999
"""The largest count a line may name."""

_WORDS = TEXTS.section("grammar.")
_TERMINALS = TEXTS.section("grammar.terminal.")

_UNITS = (
    (re.compile(r"fi|fighters?|jäger|jaeger", re.I), FIGHTER),
    (re.compile(r"tr|transporters?", re.I), TRANSPORTER),
)
_GOODS = (
    (re.compile(r"öl|oel|oil", re.I), OIL),
    (re.compile(r"stahl|steel", re.I), STEEL),
)
_RELATIONS = (
    (re.compile(r"feind|enemy", re.I), 0),
    (re.compile(r"neutral", re.I), 1),
)
_HINTS = (
    (re.compile(r"^\s*\w[\w' ]*\s*/\s*\d*\s*(bev|pop|einw)", re.I), "hint.freight"),
    (re.compile(r"^\s*\w[\w' ]*\s*/", re.I), "hint.flight"),
    (re.compile(r"^\s*(flug|flight|fly|von|from)", re.I), "hint.flight"),
    (re.compile(r"^\s*(hp|heimat|home)", re.I), "hint.home_planet"),
    (re.compile(r"^\s*(fabrik|factor)", re.I), "hint.factory"),
    (re.compile(r"^\s*(flotte|fleet|start)", re.I), "hint.start_fleets"),
    (re.compile(r"^\s*(feind|freund|enemy|friend|neutral|pv)", re.I), "hint.relation"),
)


def _unit(tok: Token) -> str:
    return _spelled(tok, _UNITS, TROOPS)


def _good(tok: Token) -> str:
    return _spelled(tok, _GOODS, HIGHTECH)


def _spelled(tok: Token, spellings: tuple[tuple[re.Pattern[str], str], ...], rest: str) -> str:
    """What the first of ``spellings`` that spells the whole word names; ``rest`` when
    none does (the grammar lets through only the spellings of the table and of ``rest``)."""
    word = str(tok)
    for pattern, meant in spellings:
        if pattern.fullmatch(word):
            return meant
    return rest


@cache
def _names() -> dict[str, int]:
    return standard_galaxy().name_index()


def _alternation() -> str:
    spellings = standard_galaxy().spellings()
    parts = []
    for name in sorted(spellings, key=lambda s: (-len(s), s)):
        words = [re.sub(r"\\?['’`´]", "['’`´]?", re.escape(w)) for w in name.split()]
        parts.append(r"\s+".join(words))
    return "|".join(parts)


@cache
def _parser() -> Lark:
    rules = reader.grammar_text("ashes_board.lark").replace("__PLANET_NAMES__", _alternation())
    return reader.build_parser(reader.player_grammar(rules, galactic_media=True))


def _tokens(node: Tree[Token]) -> list[Token]:
    return [c for c in node.children if isinstance(c, Token)]


def _trees(node: Tree[Token], data: str) -> list[Tree[Token]]:
    return [c for c in node.children if isinstance(c, Tree) and c.data == data]


def _planet(node: Tree[Token]) -> int:
    """A planet by number (1-40) or by name (standard names and other spellings)."""
    tok = _tokens(node)[0]
    if tok.type == "INT":
        return in_range(tok, 1, standard_galaxy().size, _WORDS.every("a_planet"))
    return _names()[fold_name(re.sub(r"\s+", " ", str(tok)))]


def _count(tok: Token | None) -> int:
    return 1 if tok is None else in_range(tok, 1, COUNT_MAX, _WORDS.every("a_count"))


def _item(node: Tree[Token]) -> o.Item:
    toks = _tokens(node)
    count = _count(toks[0] if toks[0].type == "INT" else None)
    last = toks[-1]
    if node.data == "unit_item":
        return o.Item(what=_unit(last), count=count)
    if node.data == "hangar_item":
        what = _unit(last)
        if what == TROOPS:
            raise LineError.at(last, _WORDS.every("hangar_type"))
        return o.Item(what="hangar", count=count, type=what)
    good = next(t for t in toks if t.type == "GOOD")
    return o.Item(what="factory", count=count, type=_good(good))


def _items(node: Tree[Token]) -> tuple[o.Item, ...]:
    return tuple(_item(c) for c in node.children if isinstance(c, Tree))


def _ships(node: Tree[Token]) -> tuple[int, int]:
    """The fighters and transporters of a flight's items (nothing else flies, B G.4.4)."""
    fi = tr = 0
    for child in node.children:
        if not isinstance(child, Tree):
            continue
        item = _item(child)
        if item.what == FIGHTER:
            fi += item.count
        elif item.what == TRANSPORTER:
            tr += item.count
        else:
            raise LineError.at(_tokens(child)[-1], _WORDS.every("flight_units"))
    return fi, tr


def _build(node: Tree[Token], line: int) -> Order:
    kind = node.data
    planets = [_planet(p) for p in _trees(node, "planet")]
    ints = [t for t in _tokens(node) if t.type == "INT"]
    if kind == "build":
        return o.Build(line=line, planet=planets[0], items=_items(_trees(node, "items")[0]))
    if kind == "flight":
        if ints:
            fi, tr = (in_range(t, 0, COUNT_MAX, _WORDS.every("a_count")) for t in ints)
        else:
            fi, tr = _ships(_trees(node, "items")[0])
        if planets[0] == planets[1]:
            raise LineError(1, "", _WORDS.every("same_planet"))
        return o.Fly(line=line, source=planets[0], fighters=fi, transporters=tr, target=planets[1])
    if kind == "freight":
        counts = [_count(t) for t in ints]
        pop, tr = (counts[0], counts[-1]) if counts else (1, 1)
        if planets[0] == planets[1]:
            raise LineError(1, "", _WORDS.every("same_planet"))
        return o.Freight(line=line, source=planets[0], pop=pop, transporters=tr, target=planets[1])
    if kind == "homeplanet":
        return o.HomePlanet(line=line, planet=planets[0])
    if kind == "factory_choice":
        good = next(t for t in _tokens(node) if t.type == "GOOD")
        return o.FactoryChoice(line=line, planet=planets[0] if planets else 0, good=_good(good))
    if kind == "hangar_choice":
        unit = _tokens(node)[-1]
        if _unit(unit) == TROOPS:
            raise LineError.at(unit, _WORDS.every("hangar_type"))
        return o.HangarChoice(line=line, planet=planets[0], type=_unit(unit))
    if kind == "start_fleets":
        return o.StartFleets(line=line, planets=tuple(planets))
    if kind == "targets":
        seats = tuple(reader.seat_number(_tokens(p)[0], 8) for p in _trees(node, "player"))
        return o.Targets(line=line, seats=seats)
    return _relation(node, line)


def _relation(node: Tree[Token], line: int) -> Order:
    toks = _tokens(node)
    player = _trees(node, "player")[0]
    seat_tok = _tokens(player)[0]
    seat = reader.seat_number(seat_tok, 8)
    if toks[0].type == "PV_KW":
        value = in_range(toks[-1], 0, 2, _WORDS.every("a_relation"))
    else:
        value = 2
        for pattern, number in _RELATIONS:
            if pattern.fullmatch(str(toks[0])):
                value = number
    return o.Relation(line=line, seat=seat, value=value)


class BoardLines:
    """The board game's order lines for the shared reader."""

    @property
    def parser(self) -> Lark:
        return _parser()

    def build(self, node: Tree[Token], line: int) -> Sequence[Order]:
        return [_build(node, line)]

    def explain(self, at: Position, code: str) -> reader.Explanation:
        """What may stand where the line went wrong, a likely meant word, an example."""
        if not code[: at.pos].strip():
            return reader.Explanation(_WORDS.every("line_start"), _suggest(code, at), _hint(code))
        expected = sorted(at.expected or {"$END"})
        words = {
            lang: join_words(
                list(
                    dict.fromkeys(
                        _TERMINALS.say(lang, n) if n in _TERMINALS else n for n in expected
                    )
                ),
                lang,
            )
            for lang in TEXTS.languages
        }
        return reader.Explanation(words, _suggest(code, at), _hint(code))

    def check(self, item: Order) -> Messages | None:
        return None


def _suggest(code: str, at: Position) -> str | None:
    """A planet name close to the word where the line went wrong."""
    word = re.match(r"[^\W\d_][\w'’]*(?: [^\W\d_][\w'’]*)?", code[at.pos :])
    if at.at_end or word is None:
        return None
    spellings = list(standard_galaxy().spellings())
    close = difflib.get_close_matches(word.group(0), spellings, n=1, cutoff=0.75)
    return close[0] if close else None


def _hint(code: str) -> Messages:
    for pattern, key in _HINTS:
        if pattern.search(code):
            return _WORDS.every(key)
    return _WORDS.every("hint.build")


class BoardLanguage(reader.KindLanguage):
    """The board game's order language; planets are named ``20 (Crossland)``."""

    def read(self, given: reader.OrderText) -> ParseResult:
        """The planets' names never change on the board: ``places`` is not used."""
        read = reader.Reader(BoardLines(), messages=reader.CORE_MESSAGES, max_seat=8).read(
            given.text, given.subject
        )
        return read.result(read.items)

    def namer(self, places: Mapping[int, str] | None = None) -> PlanetNamer:
        """``20 (Crossland)``."""
        return _namer


def _namer(number: int) -> str:
    return f"{number} ({standard_galaxy().planet(number).name})"


LANGUAGE = BoardLanguage(o.ORDER_KINDS)
"""The board game's order language, as :attr:`engine.core.GameKind.grammar` names it."""
