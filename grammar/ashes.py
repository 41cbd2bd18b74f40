"""Read Ashes of Empire orders from text: every line an order or an error, never both lost.

The frame of an order mail (header line and Subject, comments, greetings, ``Ende``, text
blocks, final and resignation, the wording of errors) is :mod:`grammar.reader`'s; this
module adds the Ashes order lines: the LALR grammar ``ashes.lark`` with the planet names of
the galaxy (and of a running game), the builder that turns a parsed line into
:mod:`engine.ashes.orders`, and what to say about a line that fails (expected words,
misspelled keywords and planet names, an example of the right form).

Checks that need no game state happen here: value ranges, player numbers, planets,
cargo types, PV values, name lengths, an article's length (Ashes 5.1).

:data:`LANGUAGE` is the Ashes :class:`~engine.core.OrderLanguage`.
"""

from __future__ import annotations

import difflib
import re
import textwrap
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache

from lark import Lark, Token, Tree

from engine.ashes import orders as o
from engine.ashes.texts import PRINTOUT_HEADINGS, TEXTS
from engine.ashesmap.galaxy import Galaxy, fold_name, standard_galaxy
from engine.core import Order, ParseError, ParseResult, PlanetNamer
from grammar import reader
from grammar.lark_errors import TEXTS as GRAMMAR
from grammar.lark_errors import LineError, Messages, Position, in_range, join_words
from grammar.reader import END_RE, looks_like_prose

__all__ = [
    "END_RE",
    "LANGUAGE",
    "PRINTOUT_HEADINGS",
    "AshesLanguage",
    "PlanetTable",
    "build_parser",
    "looks_like_prose",
    "parse",
    "press_lines",
    "standard_planets",
]

PRESS_LINES_MAX = o.PRESS_MAX_LINES
COUNT_MAX = 99_999  # the largest ship or item count a line may name

MESSAGE_CLASSES: Mapping[str, Callable[..., Order]] = {
    cls.kind: cls
    for cls in (
        o.Final,
        o.Resign,
        o.Press,
        o.SecretMessage,
        o.UrgentDispatch,
        o.GMMessage,
    )
}
"""The shared orders as Ashes words them (Galactic Media ...), by ``kind``."""


# --------------------------------------------------------------------------- words

_TERMINAL_WORDS = TEXTS.section("grammar.terminal.")
_KEYWORD_SUGGESTIONS = (
    "PV",
    "HP",
    "Heimatplanet",
    "Artikel",
    "Presse",
    "Geheimnachricht",
    "Eildepesche",
    "ausspionieren",
    "Spionage",
    "Forschung",
    "Herrscher",
    "Imperium",
    "Rundenzahl",
    "Verlängerung",
    "Abbruch",
    "Abstimmung",
    "Rücktritt",
    "Partie",
    "Spieler",
    "Kennwort",
    "Runde",
    "Umbenennen",
    "Secret",
    "Urgent",
    "Article",
    "Press",
    "Ruler",
    "Empire",
    "Rounds",
    "Extension",
    "Vote",
    "Resign",
    "Game",
    "Player",
    "Password",
    "Turn",
    "Rename",
    "Research",
    "Flug",
    "Flight",
    "Bau",
    "Build",
)
_KIND_NAMES = o.PRODUCTION_ITEMS

_KIND_ALIASES = {"PD": "PDU", "FIGHTER": "FI", "JÄGER": "FI", "JAEGER": "FI", "TRANSPORTER": "TR"}

# Hints by the way a line begins: what the player was probably writing.
_HINTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^\s*\w[\w' ]*\s*/\s*c", re.I), "grammar.hint.cargo_flight"),
    (re.compile(r"^\s*\w[\w' ]*\s*/", re.I), "grammar.hint.flight"),
    (re.compile(r"^\s*pv\b", re.I), "grammar.hint.pv"),
    (re.compile(r"^\s*\d+\s*pp\b", re.I), "grammar.hint.research"),
    (re.compile(r"^\s*(hp|heimat|home)", re.I), "grammar.hint.home_planet"),
    (
        re.compile(r"^\s*(partie|spiel|game|spieler|player|kennwort|passwor)", re.I),
        "grammar.hint.header",
    ),
)
"""Hints by the way a line begins (the catalog's ``grammar.hint.`` keys)."""


# ------------------------------------------------------------------------- parser


def _names_alternation(spellings: Iterable[str]) -> str:
    """A regex alternation of planet spellings, longest first, flexible in spaces/quotes."""
    parts = []
    for name in sorted(set(spellings), key=lambda s: (-len(s), s)):
        words = [re.sub(r"\\?['’`´]", "['’`´]?", re.escape(w)) for w in name.split()]
        parts.append(r"\s+".join(words))
    return "|".join(parts) if parts else "(?!x)x"


@lru_cache(maxsize=64)  # one per set of names: the standard ones and running games' renames
def build_parser(spellings: tuple[str, ...]) -> Lark:
    """The LALR parser for a set of planet spellings (cached per set)."""
    rules = reader.grammar_text("ashes.lark").replace(
        "__PLANET_NAMES__", _names_alternation(spellings)
    )
    return reader.build_parser(reader.player_grammar(rules, galactic_media=True))


@dataclass
class PlanetTable:
    """Planet numbers and every name a player may use for them."""

    size: int
    index: dict[str, int]  # folded spelling -> number
    display: dict[int, str]  # number -> display name
    written: frozenset[str] = frozenset()  # every spelling as written, for the grammar

    @classmethod
    def from_galaxy(cls, galaxy: Galaxy, current: Mapping[int, str] | None = None) -> PlanetTable:
        """Standard names and aliases, plus the current names of a running game."""
        index = galaxy.name_index()
        display = {p.number: p.name for p in galaxy.planets}
        written = set(galaxy.spellings())
        for number, name in (current or {}).items():
            if name and fold_name(name) not in index:
                index[fold_name(name)] = number
                written.add(name)
            display[number] = name or display[number]
        return cls(size=galaxy.size, index=index, display=display, written=frozenset(written))

    def spellings(self) -> tuple[str, ...]:
        return tuple(sorted(self.written))

    def namer(self, number: int) -> str:
        """``2 (Crab)``: how acknowledgements show a planet."""
        name = self.display.get(number)
        return f"{number} ({name})" if name else str(number)


@cache
def standard_planets() -> PlanetTable:
    return PlanetTable.from_galaxy(standard_galaxy())


# ------------------------------------------------------------- building the orders


def _tok(node: Tree[Token] | Token) -> Token:
    """The first token under a node (for positions)."""
    if isinstance(node, Token):
        return node
    for child in node.children:
        return _tok(child)
    raise ValueError("empty node")


def _count(tok: Token) -> int:
    return in_range(tok, 0, COUNT_MAX, TEXTS.every("grammar.word.count"))


def _rounds(node: Tree[Token], low: int, high: int, word: str) -> int:
    """The vote's number of rounds (its INT), between ``low`` and ``high`` (else an
    error naming it with the catalogue's ``word``)."""
    tok = next(t for t in node.children if isinstance(t, Token) and t.type == "INT")
    return in_range(tok, low, high, TEXTS.every(word))


def _check_name(tok: Token, raw: str) -> str:
    name = raw.strip().strip("\"'„“”‚‘’»«").strip()
    if not name:
        raise LineError(tok.column or 1, raw, TEXTS.every("grammar.new_name_missing"))
    problem = reader.name_problem(name)
    if problem is not None:
        raise LineError(tok.column or 1, raw, problem)
    if len(name) > o.NAME_MAX:
        raise LineError(
            tok.column or 1,
            raw,
            TEXTS.every("grammar.name_too_long", most=o.NAME_MAX, name=name, length=len(name)),
        )
    return name


class _AshesLines:
    """The Ashes order lines for :class:`grammar.reader.Reader` (a ``LineGrammar``): the
    parser for a set of planet names, the builder of orders, the words of errors."""

    def __init__(self, planets: PlanetTable) -> None:
        self.planets = planets
        self.parser = build_parser(planets.spellings())

    # -- shared parts
    def planet(self, node: Tree[Token]) -> int:
        """A planet by number or name; a name beside a number (``2 Crab``, ``20 (Crossland)``)
        must be that planet's."""
        first = node.children[0]
        assert isinstance(first, Token)
        if first.type == "INT":
            number = in_range(
                first, 1, self.planets.size, TEXTS.every("grammar.word.planet_number")
            )
        else:
            number = self.planets.index[fold_name(str(first))]
        if len(node.children) > 1:
            second = node.children[1]
            assert isinstance(second, Token)
            self._check_second_name(number, second)
        return number

    def _check_second_name(self, number: int, tok: Token) -> None:
        inner = str(tok)[1:-1] if tok.type == "PAREN" else str(tok)
        inner = inner.strip().lstrip("-").strip()
        other = int(inner) if inner.isdecimal() else self.planets.index.get(fold_name(inner))
        if other is not None and other != number:
            raise LineError(
                tok.column or 1,
                str(tok),
                TEXTS.every(
                    "grammar.which_planet",
                    number=number,
                    display=self.planets.display[number],
                    inner=inner,
                    other=other,
                ),
            )

    @staticmethod
    def player(node: Tree[Token]) -> int:
        tok = node.children[0]
        assert isinstance(tok, Token)
        return reader.seat_number(tok, o.MAX_PLAYERS)

    @staticmethod
    def kind_name(tok: Token) -> str:
        name = str(tok).upper()
        return _KIND_ALIASES.get(name, name)

    def items(self, node: Tree[Token]) -> list[tuple[str, int, Token]]:
        """Pairs of (item, count, token) from ``num_items`` / ``kind_items``."""
        out = []
        for item in node.children:
            if not isinstance(item, Tree):
                continue
            toks = [t for t in item.children if isinstance(t, Token)]
            num = next(t for t in toks if t.type == "INT")
            what = next(t for t in toks if t.type in ("KIND", "CARGO"))
            name = self.kind_name(what) if what.type == "KIND" else str(what).upper()
            out.append((name, _count(num), what))
        return out

    @staticmethod
    def _text(node: Tree[Token]) -> str | None:
        for child in node.children:
            if isinstance(child, Token) and child.type == "TEXT":
                return str(child).strip()
        return None

    @staticmethod
    def _find(node: Tree[Token], data: str) -> Tree[Token] | None:
        for child in node.children:
            if isinstance(child, Tree) and child.data == data:
                return child
        return None

    def _find_all(self, node: Tree[Token], data: str) -> list[Tree[Token]]:
        return [c for c in node.children if isinstance(c, Tree) and c.data == data]

    # -- the orders
    def build(self, node: Tree[Token], line: int) -> list[Order]:
        """The orders of one parsed line (not the header, not a shared order)."""
        method: Callable[[Tree[Token], int], list[Order]] = getattr(self, f"o_{node.data}")
        return method(node, line)

    def o_production(self, node: Tree[Token], line: int) -> list[Order]:
        planet_node = self._find(node, "planet")
        if planet_node is None:  # "Crab 1 PDU": a planet name without a colon
            named = [t for t in node.children if isinstance(t, Token)]
            planet_node = Tree("planet", [t for t in named if t.type in ("PLANET_NAME", "PAREN")])
        planet = self.planet(planet_node)
        amounts = dict.fromkeys(o.PRODUCTION_ITEMS, 0)
        items_node = next(
            (
                c
                for c in node.children
                if isinstance(c, Tree) and c.data in ("num_items", "kind_items")
            ),
            None,
        )
        if items_node is None:
            return []  # "Crab:" with nothing: an empty row of the order form
        for name, count, tok in self.items(items_node):
            if name not in amounts:
                raise LineError(
                    tok.column or 1,
                    str(tok),
                    TEXTS.every("grammar.cannot_built_cargo_ships_are", tok=tok),
                )
            amounts[name] += count
        return [o.Production(line=line, planet=planet, **amounts)]

    def o_flight(self, node: Tree[Token], line: int) -> list[Order]:
        planets = self._find_all(node, "planet")
        source, target = self.planet(planets[0]), self.planet(planets[1])
        counts = [
            c for c in node.children if isinstance(c, Tree) and c.data in ("count", "empty_count")
        ]
        result: list[Order] = []
        if counts:
            fi, tr = self._slash_counts(counts)
        else:
            items_node = next(
                c
                for c in node.children
                if isinstance(c, Tree) and c.data in ("num_items", "kind_items")
            )
            fi = tr = 0
            for name, count, tok in self.items(items_node):
                if name == "FI":
                    fi += count
                elif name == "TR":
                    tr += count
                elif name.startswith("C"):
                    result.append(self._cargo(tok, source, name, count, target, line))
                else:
                    raise LineError(
                        tok.column or 1,
                        str(tok),
                        TEXTS.every("grammar.only_fi_tr_fly", kind=tok),
                    )
            if not fi and not tr and result:
                self._check_route(_tok(planets[1]), source, target)
                return result
        tok = _tok(planets[0])
        if fi == 0 and tr == 0:
            raise LineError(
                tok.column or 1,
                str(tok),
                TEXTS.every("grammar.flight_sends_no_ships_0"),
            )
        self._check_route(_tok(planets[1]), source, target)
        return [o.Flight(line=line, source=source, fi=fi, tr=tr, target=target), *result]

    def _check_route(self, tok: Token, source: int, target: int) -> None:
        if source == target:
            raise LineError(
                tok.column or 1,
                str(tok),
                TEXTS.every("grammar.start_target_are_same_planet", source=source),
            )

    def _slash_counts(self, counts: list[Tree[Token]]) -> tuple[int, int]:
        """FI and TR of ``from / FI / TR / to``; labels like ``3 TR`` may swap the two."""
        values: list[tuple[int, str | None, Token | None]] = []
        for c in counts:
            if c.data == "empty_count":
                values.append((0, None, None))
                continue
            num = c.children[0]
            assert isinstance(num, Token)
            label = self.kind_name(c.children[1]) if len(c.children) > 1 else None  # type: ignore[arg-type]
            if label is not None and label not in ("FI", "TR"):
                lab = c.children[1]
                assert isinstance(lab, Token)
                raise LineError(
                    lab.column or 1,
                    str(lab),
                    TEXTS.every("grammar.only_fi_tr_fly", kind=lab),
                )
            values.append((_count(num), label, num))
        (first, l1, _), (second, l2, t2) = values
        if l1 is not None and l1 == l2:
            assert t2 is not None
            raise LineError(
                t2.column or 1,
                str(t2),
                TEXTS.every("grammar.same_ship_type_twice_flight"),
            )
        if l1 == "TR" or l2 == "FI":
            return second, first
        return first, second

    def _cargo(
        self, tok: Token, source: int, cargo: str, count: int, target: int, line: int
    ) -> o.CargoFlight:
        kind = int(cargo[1:])
        if kind > 9:
            raise LineError(
                tok.column or 1,
                str(tok),
                TEXTS.every("grammar.cargo_types_are_c0_c9", cargo=cargo),
            )
        if count == 0:
            raise LineError(
                tok.column or 1,
                str(tok),
                TEXTS.every("grammar.zero_cargo_ships_nothing_sent"),
            )
        self._check_route(tok, source, target)
        return o.CargoFlight(line=line, source=source, cargo=kind, count=count, target=target)

    def o_cargo(self, node: Tree[Token], line: int) -> list[Order]:
        planets = self._find_all(node, "planet")
        toks = [t for t in node.children if isinstance(t, Token)]
        cargo = next(t for t in toks if t.type == "CARGO")
        count = next(t for t in toks if t.type == "INT")
        return [
            self._cargo(
                cargo,
                self.planet(planets[0]),
                str(cargo).upper(),
                _count(count),
                self.planet(planets[1]),
                line,
            )
        ]

    def o_pv(self, node: Tree[Token], line: int) -> list[Order]:
        out: list[Order] = []
        for item in self._find_all(node, "pv_item"):
            player_node = self._find(item, "player")
            assert player_node is not None
            value_tok = [t for t in item.children if isinstance(t, Token) and t.type == "INT"][-1]
            value = in_range(value_tok, 0, 2, TEXTS.every("grammar.word.pv"))
            out.append(o.PVChange(line=line, player=self.player(player_node), value=value))
        return out

    def o_homeplanet(self, node: Tree[Token], line: int) -> list[Order]:
        planet_node = self._find(node, "planet")
        assert planet_node is not None
        return [o.HomePlanet(line=line, planet=self.planet(planet_node))]

    def o_rename_planet(self, node: Tree[Token], line: int) -> list[Order]:
        planet_node = self._find(node, "planet")
        assert planet_node is not None
        text = next(t for t in node.children if isinstance(t, Token) and t.type == "TEXT")
        return [
            o.RenamePlanet(
                line=line, planet=self.planet(planet_node), name=_check_name(text, str(text))
            )
        ]

    def o_rename_ruler(self, node: Tree[Token], line: int) -> list[Order]:
        text = next(t for t in node.children if isinstance(t, Token) and t.type == "TEXT")
        return [o.RenameRuler(line=line, name=_check_name(text, str(text)))]

    def o_spy(self, node: Tree[Token], line: int) -> list[Order]:
        planet_node = self._find(node, "planet")
        assert planet_node is not None
        return [o.Spy(line=line, planet=self.planet(planet_node))]

    def o_research(self, node: Tree[Token], line: int) -> list[Order]:
        toks = [t for t in node.children if isinstance(t, Token)]
        pp_tok = next(t for t in toks if t.type == "INT")
        pp = in_range(pp_tok, 1, COUNT_MAX, TEXTS.every("grammar.word.number_pp"))
        target_tok = next(t for t in toks if t.type == "TARGET")
        raw = str(target_tok).upper()
        target = (
            "FM"
            if raw.startswith(("FM", "FIGHTER"))
            else ("TM" if raw.startswith(("TM", "TRANSPORTER")) else "PR")
        )
        planet_node = self._find(node, "planet")
        planet = self.planet(planet_node) if planet_node is not None else None
        if target == "PR" and planet is None:
            raise LineError(
                target_tok.column or 1,
                str(target_tok),
                TEXTS.every("grammar.pr_research_needs_planet_5"),
            )
        if target != "PR" and planet is not None:
            assert planet_node is not None
            tok = _tok(planet_node)
            raise LineError(
                tok.column or 1,
                str(tok),
                TEXTS.every("grammar.whole_empire_leave_out_planet", target=target),
            )
        return [o.Research(line=line, pp=pp, target=target, planet=planet)]

    def o_vote_rounds(self, node: Tree[Token], line: int) -> list[Order]:
        rounds = _rounds(node, o.ROUNDS_MIN, o.ROUNDS_MAX, "grammar.word.number_rounds")
        return [o.VoteRounds(line=line, rounds=rounds)]

    def o_vote_extension(self, node: Tree[Token], line: int) -> list[Order]:
        rounds = _rounds(node, o.EXTENSION_MIN, o.EXTENSION_MAX, "grammar.word.extension")
        return [o.VoteExtension(line=line, rounds=rounds)]

    def o_vote_end(self, node: Tree[Token], line: int) -> list[Order]:
        yes_no = next(
            (t for t in node.children if isinstance(t, Token) and t.type == "YESNO"), None
        )
        end = yes_no is None or str(yes_no).lower() in ("ja", "yes", "j", "y")
        return [o.VoteEnd(line=line, end=end)]

    def o_vote_rule(self, node: Tree[Token], line: int) -> list[Order]:
        text = self._text(node)
        assert text is not None
        return [o.VoteRule(line=line, text=text)]

    def check(self, order: Order) -> Messages | None:
        """An article may fill at most 8 printed lines (Ashes 5.1)."""
        if not isinstance(order, o.Press):
            return None
        wrapped = press_lines(order.text)
        if len(wrapped) <= PRESS_LINES_MAX:
            return None
        return TEXTS.every(
            "grammar.article_too_long",
            length=len(wrapped),
            width=o.PRESS_WIDTH,
            most=PRESS_LINES_MAX,
        )

    # -- errors
    def explain(self, at: Position, code: str) -> reader.Explanation:
        """Expected words, a likely meant keyword or planet, an example of the right form."""
        if not code[: at.pos].strip():
            words = TEXTS.every("grammar.planet_number_planet_name_or")
        else:
            # An empty set means nothing more may follow: only the end of the line.
            words = {
                lang: join_words(_expected_words(self.parser, at.expected or {"$END"}, lang), lang)
                for lang in TEXTS.languages
            }
        suggestion = None if at.at_end else _suggest(code, at.pos, self.planets, at.expected)
        return reader.Explanation(words, suggestion, _hint(code, self.planets))


def press_lines(text: str, width: int = o.PRESS_WIDTH) -> list[str]:
    """An article as the printout shows it: each paragraph wrapped to ``width``."""
    lines: list[str] = []
    for paragraph in text.splitlines():
        lines.extend(textwrap.wrap(paragraph, width) or [""])
    while lines and not lines[-1]:
        lines.pop()
    return lines


# ------------------------------------------------------------------ error messages


def _expected_words(parser: Lark, names: Iterable[str], lang: str) -> list[str]:
    """Terminal names in words, merged where a planet (number or name) is meant."""
    names = set(names)
    words: list[str] = []
    if {"INT", "PLANET_NAME"} <= names:
        words.append(TEXTS.say(lang, "grammar.a_planet"))
        names -= {"INT", "PLANET_NAME"}
    if {"INT", "LETTER"} <= names:
        words.append(TEXTS.say(lang, "grammar.a_player"))
        names -= {"INT", "LETTER"}
    keywords = 0
    for name in sorted(names):
        if name in _TERMINAL_WORDS:
            words.append(_TERMINAL_WORDS.say(lang, name))
            continue
        try:
            term = parser.get_terminal(name)
        except KeyError:
            continue
        if term.pattern.type == "str":
            words.append(TEXTS.say(lang, "grammar.quoted", word=term.pattern.value))
        elif name.endswith("_KW"):
            keywords += 1
    if (keywords and not words) or keywords:
        words.append(GRAMMAR.say(lang, "word.keyword"))
    return words


_WORD_AT_RE = re.compile(r"[^\W\d_][\w'’]*(?:\s+[^\W\d_][\w'’]*)?")


def _suggest(text: str, pos: int, planets: PlanetTable, expected: set[str]) -> str | None:
    """A likely intended keyword, item or planet name for a misspelled word at ``pos``."""
    match = _WORD_AT_RE.match(text, pos)
    if not match:
        return None
    candidates: dict[str, str] = {}
    if "PLANET_NAME" in expected or not expected:
        candidates.update({name: name for name in planets.display.values()})
        candidates.update({name.title(): name.title() for name in planets.index})
    if "KIND" in expected:
        candidates.update({k: k for k in _KIND_NAMES})
    if any(e.endswith("_KW") for e in expected) or not expected:
        candidates.update({k: k for k in _KEYWORD_SUGGESTIONS})
    folded = {fold_name(c): c for c in candidates}
    for word in (match.group(0), match.group(0).split()[0]):
        # Short words differ in a larger share of their letters: "PDV" for "PDU".
        # Only candidates of about the same length: "Tel" is no misspelled "Artikel".
        key = fold_name(word)
        cutoff = 0.6 if len(key) <= 3 else 0.75
        similar = [c for c in folded if abs(len(c) - len(key)) <= max(1, len(key) // 3)]
        close = difflib.get_close_matches(key, similar, n=1, cutoff=cutoff)
        if close and key != close[0]:
            return folded[close[0]]
    return None


def _hint(text: str, planets: PlanetTable) -> Messages | None:
    """What the line probably was meant to be, as an example of the right form."""
    for pattern, key in _HINTS:
        if pattern.match(text):
            return TEXTS.every(key)
    first = re.match(r"\s*([^\W\d_][\w'’]*(?:\s+[^\W\d_][\w'’]*)?)\s*:", text)
    if re.match(r"\s*\d+\s*(:|[a-z])", text, re.I) or (
        first
        and difflib.get_close_matches(
            fold_name(first.group(1)), list(planets.index), n=1, cutoff=0.75
        )
    ):
        return TEXTS.every("grammar.hint.production")
    return None


# ------------------------------------------------------------------------- reading


def parse(text: str, subject: str | None = None, planets: PlanetTable | None = None) -> ParseResult:
    """Read an Ashes order text (see the module docstring).

    ``planets`` defaults to the standard galaxy's names; pass the table of a running game
    so that players can use their own planet names.
    """
    lines = _AshesLines(planets or standard_planets())
    read = reader.Reader(lines, messages=MESSAGE_CLASSES, max_seat=o.MAX_PLAYERS).read(
        text, subject
    )
    result = read.result(read.items)
    _check_against_header(result, text)
    return result


def _check_against_header(result: ParseResult, text: str) -> None:
    """PV and messages to oneself are mistakes the header lets us catch."""
    me = result.header.player
    if me is None:
        return
    kept: list[Order] = []
    line_texts = unicodedata.normalize("NFC", text).splitlines()
    for order in result.orders:
        if isinstance(order, o.PVChange) and order.player == me:
            # "1" for oneself is what the order form shows: harmless, just not an order.
            if order.value != 1:
                result.errors.append(
                    ParseError(
                        line=order.line,
                        column=1,
                        text=f"PV {order.player}",
                        line_text=line_texts[order.line - 1].strip(),
                        messages=TEXTS.every("grammar.pv_yourself_always_1_rule"),
                    )
                )
            continue
        kept.append(order)
    result.orders = kept


@lru_cache(maxsize=256)  # a running game's names change at most once a turn
def _game_planets(places: tuple[tuple[int, str], ...]) -> PlanetTable:
    return PlanetTable.from_galaxy(standard_galaxy(), dict(places))


def planets_for(places: Mapping[int, str] | None) -> PlanetTable:
    """The planet table with a running game's current names (the standard one without)."""
    if not places:
        return standard_planets()
    return _game_planets(tuple(sorted(places.items())))


class AshesLanguage(reader.KindLanguage):
    """The Ashes order language (:class:`engine.core.OrderLanguage`)."""

    def read(self, given: reader.OrderText) -> ParseResult:
        """With ``places`` players may use the game's current names. Ashes names
        players by number: ``rulers`` is not used."""
        return parse(given.text, given.subject, planets_for(given.places))

    def namer(self, places: Mapping[int, str] | None = None) -> PlanetNamer:
        """``2 (Crab)``, with a running game's current names."""
        return planets_for(places).namer


LANGUAGE = AshesLanguage(o.ORDER_KINDS)
"""The Ashes order language, as :attr:`engine.core.GameKind.grammar` names it."""
