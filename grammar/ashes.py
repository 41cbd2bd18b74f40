"""Read Ashes of Empire orders from text: every line an order or an error, never both lost.

The text (already cleaned by :mod:`grammar.mailbody`) is read line by line:

* ``Ende`` / ``End`` / ``#END`` ends the orders (inside a text block it closes the block);
* ``//`` and ``#`` start comments;
* a line that opens a text block (article, secret message, Eildepesche, message to the
  GM) without text on the same line collects the following lines up to ``Ende``;
* every other line is parsed by the LALR grammar ``ashes.lark``; a line that fails gets
  a :class:`~engine.core.ParseError` in words (never Lark token names), with a
  suggestion where a keyword or planet name looks misspelled.

Checks that need no game state happen here: value ranges, player numbers, planets,
cargo types, PV values, name lengths.
"""

from __future__ import annotations

import difflib
import logging
import re
import textwrap
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from engine.ashes import orders as o
from engine.ashes.galaxy import Galaxy, fold_name, standard_galaxy
from engine.core import Note, Order, ParseError, ParseResult
from grammar.lark_errors import (
    LineError,
    in_range,
    join_words,
    locate,
    syntax_message,
    two,
)

_log = logging.getLogger("pbem.grammar")

# ------------------------------------------------------------------ line-level regexes

END_RE = re.compile(
    r"^\s*(#\s*end[e]?|ende|end|schluss|schluß|ende der befehle|end of orders)\s*[.!]*\s*$",
    re.IGNORECASE,
)
"""A line that ends the orders, or closes a text block."""

_COMMENT_RE = re.compile(r"(?:^|(?<=\s))(?://|#)")
_DECORATION_RE = re.compile(r"^\s*[-=*_~+.#]{3,}\s*$")
_OPENING_RE = re.compile(
    r"^\s*(hallo|hello|hi|hey|liebe[rs]?|dear|moin|servus|grüezi|sehr\s+geehrte[rs]?|"
    r"guten\s+(tag|morgen|abend)|good\s+(morning|evening|afternoon)|hier\s+(sind|kommen|meine)|"
    r"here\s+(are|is|come)|anbei|attached|meine\s+befehle|my\s+orders|befehle|orders|"
    r"zugbefehle|befehlsbogen|order\s+form|p\.?\s?s\.?)(?![\w])",
    re.IGNORECASE,
)
"""Greetings and covering lines before or among the orders."""
_CLOSING_RE = re.compile(
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


def looks_like_prose(code: str) -> bool:
    """A sentence rather than a garbled order: several words, nearly all of them words."""
    words = code.split()
    if len(words) < 4 or _ORDERISH_RE.search(code):
        return False
    return sum(1 for w in words if _PROSE_WORD_RE.fullmatch(w)) >= 0.75 * len(words)


PRESS_LINES_MAX = o.PRESS_MAX_LINES
TEXT_MAX = 20_000  # characters in one message; a postcard's worth many times over
COUNT_MAX = 99_999  # the largest ship or item count a line may name

# --------------------------------------------------------------------------- words

_TERMINAL_WORDS: Mapping[str, tuple[str, str]] = {
    "INT": ("eine Zahl", "a number"),
    "PLANET_NAME": ("einen Planetennamen", "a planet name"),
    "LETTER": ("einen Spieler (1–8 oder A–H)", "a player (1–8 or A–H)"),
    "KIND": (
        "ein Bauobjekt (PDU, FP, OP, RP, FY, TY, FI, TR)",
        "a production item (PDU, FP, OP, RP, FY, TY, FI, TR)",
    ),
    "CARGO": ("eine Frachterart (C0 bis C9)", "a cargo type (C0 to C9)"),
    "TEXT": ("einen Text", "some text"),
    "PASSWORD": ("das Kennwort", "the password"),
    "PAREN": ("einen Namen in Klammern", "a name in brackets"),
    "TARGET": ("ein Forschungsziel (PR, FM% oder TM%)", "a research target (PR, FM% or TM%)"),
    "PP_KW": ("„PP“", '"PP"'),
    "YESNO": ("ja oder nein", "yes or no"),
    "_TO": ("„nach“", '"to"'),
    "SPY_KW": ("„ausspionieren“", '"spy"'),
    "ROUNDS_KW": ("„Runden“", '"rounds"'),
    "$END": ("das Zeilenende", "the end of the line"),
    "<END-OF-FILE>": ("das Zeilenende", "the end of the line"),
}
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
_HINTS: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (
        re.compile(r"^\s*\w[\w' ]*\s*/\s*c", re.I),
        "Ein Frachtflug lautet Start / Frachterart / Anzahl / Ziel, z. B. 37 / C2 / 3 / 25.",
        "A cargo flight is written from / cargo type / count / to, e.g. 37 / C2 / 3 / 25.",
    ),
    (
        re.compile(r"^\s*\w[\w' ]*\s*/", re.I),
        "Ein Flugbefehl lautet Start / FI / TR / Ziel, z. B. 2 / 15 / 1 / 21.",
        "A flight is written from / FI / TR / to, e.g. 2 / 15 / 1 / 21.",
    ),
    (
        re.compile(r"^\s*pv\b", re.I),
        "PV-Änderungen lauten z. B. „PV 5 = 0“ oder „PV: 1=2 3=2“ (Werte 0, 1, 2).",
        'PV changes are written e.g. "PV 5 = 0" or "PV: 1=2 3=2" (values 0, 1, 2).',
    ),
    (
        re.compile(r"^\s*\d+\s*pp\b", re.I),
        "Forschung lautet z. B. „5 PP für PR auf 20“ oder „3 PP für FM%“.",
        'Research is written e.g. "5 PP for PR on 20" or "3 PP for FM%".',
    ),
    (
        re.compile(r"^\s*(hp|heimat|home)", re.I),
        "Der Heimatplanet wird so gewählt: „HP = 20“.",
        'Choose the home planet like this: "HP = 20".',
    ),
    (
        re.compile(r"^\s*(partie|spiel|game|spieler|player|kennwort|passwor)", re.I),
        "Die Kopfzeile lautet z. B. „Partie 227 Spieler 2 Kennwort geheim“.",
        'The header line reads e.g. "Game 227 Player 2 Password secret".',
    ),
)
_PRODUCTION_HINT = (
    "Bauaufträge lauten z. B. „Crab: 1 PDU, 7 FP, 6 FI“ oder „10: PDU 2 FY 4“.",
    'Production is written e.g. "Crab: 1 PDU, 7 FP, 6 FI" or "10: PDU 2 FY 4".',
)


# ------------------------------------------------------------------------- parser


def _names_alternation(spellings: Iterable[str]) -> str:
    """A regex alternation of planet spellings, longest first, flexible in spaces/quotes."""
    parts = []
    for name in sorted(set(spellings), key=lambda s: (-len(s), s)):
        words = [re.sub(r"\\?['’`´]", "['’`´]?", re.escape(w)) for w in name.split()]
        parts.append(r"\s+".join(words))
    return "|".join(parts) if parts else "(?!x)x"


@cache
def _grammar_template() -> str:
    return resources.files("grammar").joinpath("ashes.lark").read_text("utf-8")


@lru_cache(maxsize=64)  # one per set of names: the standard ones and running games' renames
def build_parser(spellings: tuple[str, ...]) -> Lark:
    """The LALR parser for a set of planet spellings (cached per set)."""
    grammar = _grammar_template().replace("__PLANET_NAMES__", _names_alternation(spellings))
    return Lark(
        grammar,
        parser="lalr",
        lexer="contextual",
        start="start",
        maybe_placeholders=False,
        cache=False,
    )


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


@dataclass
class _Line:
    """One line being read: its number, text and the column offset of the parsed part."""

    number: int
    text: str
    offset: int = 0


@dataclass
class _BlockStart:
    """A text order whose text follows on the next lines, up to ``Ende``."""

    kind: str
    to: int | None
    token: Token


@dataclass
class _HeaderParts:
    game: int | None = None
    player: int | None = None
    password: str | None = None
    turn: int | None = None
    tokens: dict[str, Token] = field(default_factory=dict)


def _tok(node: Tree[Token] | Token) -> Token:
    """The first token under a node (for positions)."""
    if isinstance(node, Token):
        return node
    for child in node.children:
        return _tok(child)
    raise ValueError("empty node")


def _count(tok: Token) -> int:
    return in_range(tok, 0, COUNT_MAX, ("Die Anzahl", "The count"))


def _check_name(tok: Token, raw: str) -> str:
    name = raw.strip().strip("\"'„“”‚‘’»«").strip()
    if not name:
        raise LineError(
            tok.column or 1, raw, two("Der neue Name fehlt.", "The new name is missing.")
        )
    if any(unicodedata.category(c).startswith("C") for c in name):
        raise LineError(
            tok.column or 1,
            raw,
            two("Der Name enthält Steuerzeichen.", "The name contains control characters."),
        )
    if len(name) > o.NAME_MAX:
        raise LineError(
            tok.column or 1,
            raw,
            two(
                f"Namen dürfen höchstens {o.NAME_MAX} Zeichen lang sein; „{name}“ hat {len(name)}.",
                f'Names may have at most {o.NAME_MAX} characters; "{name}" has {len(name)}.',
            ),
        )
    return name


class _Builder:
    """Turns one parsed line (a Lark tree) into orders, header parts or a block start."""

    def __init__(self, planets: PlanetTable) -> None:
        self.planets = planets

    # -- shared parts
    def planet(self, node: Tree[Token]) -> int:
        """A planet by number or name; a name beside a number (``2 Crab``, ``20 (Crossland)``)
        must be that planet's."""
        first = node.children[0]
        assert isinstance(first, Token)
        if first.type == "INT":
            number = in_range(
                first, 1, self.planets.size, ("Die Planetennummer", "The planet number")
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
        other = int(inner) if inner.isdigit() else self.planets.index.get(fold_name(inner))
        if other is not None and other != number:
            raise LineError(
                tok.column or 1,
                str(tok),
                two(
                    f"Planet {number} heißt {self.planets.display[number]}, aber „{inner}“ ist "
                    f"Planet {other}. Welcher ist gemeint?",
                    f'Planet {number} is {self.planets.display[number]}, but "{inner}" is planet '
                    f"{other}. Which one do you mean?",
                ),
            )

    @staticmethod
    def player(node: Tree[Token]) -> int:
        tok = node.children[0]
        assert isinstance(tok, Token)
        if tok.type == "LETTER":
            return ord(str(tok).lower()) - ord("a") + 1
        return in_range(tok, 1, o.MAX_PLAYERS, ("Die Spielernummer", "The player number"))

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
    def build(self, tree: Tree[Token], line: int) -> list[Order] | _HeaderParts | _BlockStart:
        node = tree.children[0]
        assert isinstance(node, Tree)
        if node.data == "header":
            return self.header(node)
        method: Callable[[Tree[Token], int], list[Order] | _BlockStart] = getattr(
            self, f"o_{node.data}"
        )
        return method(node, line)

    def header(self, node: Tree[Token]) -> _HeaderParts:
        parts = _HeaderParts()
        for part in node.children:
            if not isinstance(part, Tree):
                continue
            value = part.children[-1]
            if part.data == "h_game":
                assert isinstance(value, Token)
                parts.game = in_range(value, 1, 999_999, ("Die Partienummer", "The game number"))
                parts.tokens["game"] = value
            elif part.data == "h_player":
                assert isinstance(value, Tree)
                parts.player = self.player(value)
                parts.tokens["player"] = _tok(value)
            elif part.data == "h_password":
                assert isinstance(value, Token)
                parts.password = str(value)
                parts.tokens["password"] = value
            elif part.data == "h_turn":
                assert isinstance(value, Token)
                parts.turn = in_range(value, 0, 999, ("Die Rundennummer", "The turn number"))
                parts.tokens["turn"] = value
        return parts

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
                    two(
                        f"{tok} kann nicht gebaut werden; Frachter werden mit „37 / C2 / 3 / 25“ "
                        "beladen und geschickt.",
                        f"{tok} cannot be built; cargo ships are loaded and sent with "
                        '"37 / C2 / 3 / 25".',
                    ),
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
                        two(
                            f"Nur FI und TR können fliegen, nicht {tok}.",
                            f"Only FI and TR can fly, not {tok}.",
                        ),
                    )
            if not fi and not tr and result:
                self._check_route(_tok(planets[1]), source, target)
                return result
        tok = _tok(planets[0])
        if fi == 0 and tr == 0:
            raise LineError(
                tok.column or 1,
                str(tok),
                two(
                    "Der Flugbefehl schickt keine Schiffe (0 FI und 0 TR).",
                    "The flight sends no ships (0 FI and 0 TR).",
                ),
            )
        self._check_route(_tok(planets[1]), source, target)
        return [o.Flight(line=line, source=source, fi=fi, tr=tr, target=target), *result]

    def _check_route(self, tok: Token, source: int, target: int) -> None:
        if source == target:
            raise LineError(
                tok.column or 1,
                str(tok),
                two(
                    f"Start und Ziel sind derselbe Planet ({source}).",
                    f"Start and target are the same planet ({source}).",
                ),
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
                    two(
                        f"Nur FI und TR können fliegen, nicht {lab}.",
                        f"Only FI and TR can fly, not {lab}.",
                    ),
                )
            values.append((_count(num), label, num))
        (first, l1, _), (second, l2, t2) = values
        if l1 is not None and l1 == l2:
            assert t2 is not None
            raise LineError(
                t2.column or 1,
                str(t2),
                two(
                    "Zweimal dieselbe Schiffsart; der Flugbefehl lautet Start / FI / TR / Ziel.",
                    "The same ship type twice; a flight is from / FI / TR / to.",
                ),
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
                two(
                    f"Es gibt die Frachterarten C0 bis C9, nicht {cargo}.",
                    f"The cargo types are C0 to C9, not {cargo}.",
                ),
            )
        if count == 0:
            raise LineError(
                tok.column or 1,
                str(tok),
                two(
                    "Null Frachter: es wird nichts geschickt.", "Zero cargo ships: nothing is sent."
                ),
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
            value = in_range(value_tok, 0, 2, ("Das PV", "The PV"))
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
        pp = in_range(pp_tok, 1, COUNT_MAX, ("Die Zahl der PP", "The number of PP"))
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
                two(
                    "PR-Forschung braucht einen Planeten: „5 PP für PR auf 20“.",
                    'PR research needs a planet: "5 PP for PR on 20".',
                ),
            )
        if target != "PR" and planet is not None:
            assert planet_node is not None
            tok = _tok(planet_node)
            raise LineError(
                tok.column or 1,
                str(tok),
                two(
                    f"{target}% gilt für das ganze Imperium; bitte ohne Planet angeben.",
                    f"{target}% is for the whole empire; leave out the planet.",
                ),
            )
        return [o.Research(line=line, pp=pp, target=target, planet=planet)]

    def o_vote_rounds(self, node: Tree[Token], line: int) -> list[Order]:
        tok = next(t for t in node.children if isinstance(t, Token) and t.type == "INT")
        return [
            o.VoteRounds(
                line=line,
                rounds=in_range(
                    tok, o.ROUNDS_MIN, o.ROUNDS_MAX, ("Die Rundenzahl", "The number of rounds")
                ),
            )
        ]

    def o_vote_extension(self, node: Tree[Token], line: int) -> list[Order]:
        tok = next(t for t in node.children if isinstance(t, Token) and t.type == "INT")
        return [
            o.VoteExtension(
                line=line,
                rounds=in_range(
                    tok, o.EXTENSION_MIN, o.EXTENSION_MAX, ("Die Verlängerung", "The extension")
                ),
            )
        ]

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

    def o_resign(self, node: Tree[Token], line: int) -> list[Order]:
        return [o.Resign(line=line)]

    def o_final(self, node: Tree[Token], line: int) -> list[Order]:
        return [o.Final(line=line)]

    def _message(self, node: Tree[Token], line: int, kind: str) -> list[Order] | _BlockStart:
        player_node = self._find(node, "player")
        to = self.player(player_node) if player_node is not None else None
        text = self._text(node)
        if text is None:
            return _BlockStart(kind=kind, to=to, token=_tok(node))
        return [make_message(kind, to, text, line)]

    def o_press(self, node: Tree[Token], line: int) -> list[Order] | _BlockStart:
        return self._message(node, line, "press")

    def o_secret(self, node: Tree[Token], line: int) -> list[Order] | _BlockStart:
        return self._message(node, line, "secret")

    def o_urgent(self, node: Tree[Token], line: int) -> list[Order] | _BlockStart:
        return self._message(node, line, "urgent")

    def o_gm_message(self, node: Tree[Token], line: int) -> list[Order] | _BlockStart:
        return self._message(node, line, "gm_message")


def make_message(kind: str, to: int | None, text: str, line: int) -> Order:
    """A text order of ``kind`` (press, secret, urgent, gm_message)."""
    if kind == "press":
        return o.Press(line=line, text=text)
    if kind == "gm_message":
        return o.GMMessage(line=line, text=text)
    assert to is not None
    if kind == "secret":
        return o.SecretMessage(line=line, to=to, text=text)
    return o.UrgentDispatch(line=line, to=to, text=text)


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
    idx = 0 if lang == "de" else 1
    if {"INT", "PLANET_NAME"} <= names:
        words.append(("einen Planeten (Nummer oder Name)", "a planet (number or name)")[idx])
        names -= {"INT", "PLANET_NAME"}
    if {"INT", "LETTER"} <= names:
        words.append(("einen Spieler (1–8 oder A–H)", "a player (1–8 or A–H)")[idx])
        names -= {"INT", "LETTER"}
    keywords = 0
    for name in sorted(names):
        if name in _TERMINAL_WORDS:
            words.append(_TERMINAL_WORDS[name][idx])
            continue
        try:
            term = parser.get_terminal(name)
        except KeyError:
            continue
        if term.pattern.type == "str":
            words.append(f"„{term.pattern.value}“" if lang == "de" else f'"{term.pattern.value}"')
        elif name.endswith("_KW"):
            keywords += 1
    if (keywords and not words) or keywords:
        words.append(("ein Schlüsselwort", "a keyword")[idx])
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


def _hint(text: str, planets: PlanetTable) -> tuple[str, str] | None:
    """What the line probably was meant to be, as an example of the right form."""
    for pattern, de, en in _HINTS:
        if pattern.match(text):
            return de, en
    first = re.match(r"\s*([^\W\d_][\w'’]*(?:\s+[^\W\d_][\w'’]*)?)\s*:", text)
    if re.match(r"\s*\d+\s*(:|[a-z])", text, re.I) or (
        first
        and difflib.get_close_matches(
            fold_name(first.group(1)), list(planets.index), n=1, cutoff=0.75
        )
    ):
        return _PRODUCTION_HINT
    return None


def _syntax_error(
    parser: Lark, exc: UnexpectedInput, line: _Line, planets: PlanetTable
) -> ParseError:
    """A Lark error as a player-readable :class:`ParseError`."""
    segment = line.text[line.offset :]
    at = locate(exc, segment)
    if not segment[: at.pos].strip():
        words = two(
            "eine Planetennummer, ein Planetenname oder ein Befehlswort (PV, HP, Artikel …)",
            "a planet number, a planet name or an order keyword (PV, HP, Article …)",
        )
    else:
        # An empty set means nothing more may follow: only the end of the line.
        words = {
            lang: join_words(_expected_words(parser, at.expected or {"$END"}, lang), lang)
            for lang in ("de", "en")
        }
    suggestion = None if at.at_end else _suggest(segment, at.pos, planets, at.expected)
    messages = syntax_message(at, words, suggestion)
    hint = _hint(segment, planets)
    if hint:
        messages = two(f"{messages['de']} {hint[0]}", f"{messages['en']} {hint[1]}")
    return ParseError(
        line=line.number,
        column=line.offset + at.pos + 1,
        text=at.found or segment.strip(),
        line_text=line.text.strip(),
        messages=messages,
        suggestion=suggestion,
    )


# ------------------------------------------------------------------------- reading


@dataclass
class _OpenBlock:
    start: _BlockStart
    line: _Line
    lines: list[str] = field(default_factory=list)


_SUBJECT_PARTS = {
    "game": re.compile(r"(?i)\b(partie|spiel|game)\s*(nr\.?|no\.?|#)?\s*:?\s*(?P<value>\d+)\b"),
    "player": re.compile(
        r"(?i)\b(spieler|player)\s*(nr\.?|no\.?|#)?\s*:?\s*(?P<value>\d+|[a-h])(?![\w])"
    ),
    "password": re.compile(
        r"(?i)\b(kennwort|passwort|password|pw|pwd)\s*[:=]?\s*(?P<value>[^\s,;:=][^\s,;]*)"
    ),
    "turn": re.compile(r"(?i)\b(runde|zug|turn)\s*(nr\.?|no\.?)?\s*:?\s*(?P<value>\d+)\b"),
}


class OrderReader:
    """Reads one order text into a :class:`ParseResult` (one instance per text)."""

    def __init__(self, planets: PlanetTable) -> None:
        self.planets = planets
        self.parser = build_parser(planets.spellings())
        self.builder = _Builder(planets)
        self.result = ParseResult()
        self._closing = False  # a closing greeting was seen: what follows is a signature
        self._syntax_failed = False  # the last _parse failed in the grammar, not on a value
        self._line_texts: dict[int, str] = {}
        self._header_tokens: dict[str, tuple[int, Token]] = {}

    # -- errors and notes
    def error(
        self,
        line: _Line,
        column: int,
        text: str,
        messages: dict[str, str],
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

    def note(self, line: _Line, messages: dict[str, str]) -> None:
        self.result.notes.append(Note(line=line.number, text=line.text.strip(), messages=messages))

    # -- the text
    def read(self, text: str, subject: str | None = None) -> ParseResult:
        text = unicodedata.normalize("NFC", text)
        block: _OpenBlock | None = None
        ended_at: _Line | None = None
        for number, raw in enumerate(text.splitlines(), 1):
            line = _Line(number, raw.rstrip())
            self._line_texts[number] = line.text.strip()
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
            self._read_subject(subject)
        self._check_against_header()
        return self.result

    def _after_end(self, line: _Line, ended_at: _Line) -> None:
        """Lines after ``Ende`` are not read; warn if one looks like an order."""
        code = self._strip_comment(line.text)
        if not code.strip() or _OPENING_RE.match(code) or _CLOSING_RE.match(code):
            return
        try:
            tree = self.parser.parse(code)
        except UnexpectedInput:
            return
        if (
            tree.children
            and isinstance(tree.children[0], Tree)
            and (tree.children[0].data == "header")
        ):
            return
        self.error(
            line,
            1,
            line.text.strip(),
            two(
                f"Diese Zeile steht nach „Ende“ (Zeile {ended_at.number}) und wurde nicht gelesen, "
                "sieht aber wie ein Befehl aus. Bitte „Ende“ ans Ende setzen.",
                f'This line comes after "End" (line {ended_at.number}) and was not read, but '
                'looks like an order. Please put "End" last.',
            ),
        )

    @staticmethod
    def _strip_comment(text: str) -> str:
        match = _COMMENT_RE.search(text)
        return text[: match.start()] if match else text

    def _read_line(self, line: _Line) -> _OpenBlock | None:
        code = _BULLET_RE.sub(lambda m: " " * len(m.group(0)), self._strip_comment(line.text))
        if not code.strip() or _DECORATION_RE.match(code):
            return None
        if _CLOSING_RE.match(code):
            self._closing = True
        if _OPENING_RE.match(code) or _CLOSING_RE.match(code):
            self.note(
                line,
                two(
                    "Anrede, Gruß oder Begleittext",
                    "greeting or covering text",
                ),
            )
            return None
        errors_before = len(self.result.errors)
        outcome = self._parse_forgiving(line, code)
        if outcome is None and ";" in code:
            # "HP=10; PV 5=0": several orders on one line, separated by semicolons.
            del self.result.errors[errors_before:]
            outcome = self._parse_parts(line, code)
        suggested = any(e.suggestion for e in self.result.errors[errors_before:])
        if (
            outcome is None
            and self._syntax_failed
            and not suggested
            and (self._closing or looks_like_prose(code))
        ):
            # Below a closing greeting (a signature) or a plain sentence: not an order.
            del self.result.errors[errors_before:]
            self.note(
                line,
                two(
                    "ein Satz oder eine Unterschrift; ein Befehl muss in Befehlsform stehen",
                    "a sentence or a signature; orders must be written in order form",
                ),
            )
            return None
        if isinstance(outcome, _BlockStart):
            return _OpenBlock(outcome, line)
        return None

    def _parse_forgiving(self, line: _Line, code: str) -> _BlockStart | bool | None:
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
                elif isinstance(started, _BlockStart):
                    self.error(
                        line,
                        offset + 1,
                        part.strip(),
                        two(
                            "Ein Textblock muss in einer eigenen Zeile beginnen.",
                            "A text block must start on a line of its own.",
                        ),
                    )
            offset += len(part) + 1
        return ok

    def _parse(self, line: _Line, code: str, offset: int = 0) -> _BlockStart | bool | None:
        """Parse one piece of a line. True: read; None: error recorded; or a block start."""
        segment_line = _Line(line.number, line.text, offset)
        self._syntax_failed = False
        try:
            tree = self.parser.parse(code)
        except UnexpectedInput as exc:
            self._syntax_failed = True
            self.result.errors.append(
                _syntax_error(
                    self.parser,
                    exc,
                    _Line(line.number, line.text[:offset] + code, offset),
                    self.planets,
                )
            )
            return None
        try:
            built = self.builder.build(tree, line.number)
        except LineError as exc:
            self.error(segment_line, offset + exc.column, exc.text, exc.messages, exc.suggestion)
            return None
        except Exception:  # a bug must cost one line, never the mail
            _log.exception("could not build orders from line %d: %r", line.number, code)
            self.error(
                segment_line,
                offset + 1,
                code.strip(),
                two(
                    "Diese Zeile konnte nicht gelesen werden (interner Fehler, der Spielleiter "
                    "ist informiert). Bitte anders formulieren.",
                    "This line could not be read (internal error, the game master has been "
                    "told). Please write it differently.",
                ),
            )
            return None
        if isinstance(built, _HeaderParts):
            self._merge_header(built, line)
            return True
        if isinstance(built, _BlockStart):
            return built
        for order in built:
            self._accept(order, line)
        return True

    def _accept(self, order: Order, line: _Line) -> None:
        if isinstance(order, o.Press):
            wrapped = press_lines(order.text)
            if len(wrapped) > PRESS_LINES_MAX:
                self.error(
                    line,
                    1,
                    line.text.strip()[:40],
                    two(
                        f"Der Artikel hat {len(wrapped)} Zeilen (bei {o.PRESS_WIDTH} Zeichen je "
                        f"Zeile); erlaubt sind höchstens {PRESS_LINES_MAX} (Regel 5.1).",
                        f"The article has {len(wrapped)} lines (at {o.PRESS_WIDTH} characters a "
                        f"line); at most {PRESS_LINES_MAX} are allowed (rule 5.1).",
                    ),
                )
                return
        if isinstance(order, o.Press | o.SecretMessage | o.UrgentDispatch | o.GMMessage):
            if not order.text.strip():
                self.error(
                    line, 1, line.text.strip(), two("Der Text ist leer.", "The text is empty.")
                )
                return
            if len(order.text) > TEXT_MAX:
                self.error(
                    line,
                    1,
                    line.text.strip()[:40],
                    two(
                        f"Der Text ist zu lang ({len(order.text)} Zeichen, höchstens {TEXT_MAX}).",
                        f"The text is too long ({len(order.text)} characters, at most {TEXT_MAX}).",
                    ),
                )
                return
        self.result.orders.append(order)

    # -- text blocks
    def _block_restart(self, line: _Line) -> _BlockStart | None:
        """Inside a block: a line that opens another block closes the first one."""
        code = self._strip_comment(line.text)
        if not code.strip():
            return None
        try:
            tree = self.parser.parse(code)
            built = self.builder.build(tree, line.number)
        except (UnexpectedInput, LineError):
            return None
        return built if isinstance(built, _BlockStart) else None

    def _close_block(self, block: _OpenBlock, end: _Line | None, implicit: bool = False) -> None:
        lines = list(block.lines)
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        text = "\n".join(lines)
        start = block.line
        if end is None:
            self.error(
                start,
                1,
                start.text.strip(),
                two(
                    f"Der Text ab Zeile {start.number} wird nicht mit „Ende“ abgeschlossen; "
                    "alles bis zum Schluss der Mail wurde als Text gelesen. Bitte mit „Ende“ "
                    "abschließen.",
                    f'The text starting at line {start.number} is not closed with "End"; '
                    "everything to the end of the mail was read as text. Please close it with "
                    '"End".',
                ),
            )
        elif implicit:
            self.note(
                start,
                two(
                    f"Text ohne „Ende“; er endet vor dem nächsten Textblock in Zeile {end.number}.",
                    f'Text without "End"; it ends before the next text block on line {end.number}.',
                ),
            )
        self._accept(make_message(block.start.kind, block.start.to, text, start.number), start)

    # -- the header
    def _merge_header(self, parts: _HeaderParts, line: _Line, source: str = "text") -> None:
        header = self.result.header
        for key in ("game", "player", "password", "turn"):
            value = getattr(parts, key)
            if value is None:
                continue
            old = getattr(header, key)
            if old is not None and old != value:
                tok = parts.tokens[key]
                shown = "***" if key == "password" else str(value)
                old_shown = "***" if key == "password" else str(old)
                words = {
                    "game": ("Partie", "game"),
                    "player": ("Spieler", "player"),
                    "password": ("Kennwort", "password"),
                    "turn": ("Runde", "turn"),
                }[key]
                where_de = "im Betreff" if source == "subject" else f"in Zeile {line.number}"
                where_en = "in the Subject" if source == "subject" else f"on line {line.number}"
                self.error(
                    line,
                    tok.column or 1,
                    shown,
                    two(
                        f"Widersprüchliche Angabe {where_de}: {words[0]} {shown}, vorher "
                        f"{old_shown}.",
                        f"Contradicting {words[1]} {where_en}: {shown}, before {old_shown}.",
                    ),
                )
                continue
            setattr(header, key, value)

    def _read_subject(self, subject: str) -> None:
        """The Subject may carry the header ("Re: Partie 227 Spieler 2 Kennwort xyz").

        Each part is looked for on its own: Subjects are free-form ("AW: Auswertung Runde 4 -
        Partie 227, Spieler 2"). A turn counts only beside a password: a reply to a printout
        carries the printout's turn, not the turn the orders are for.
        """
        subject = unicodedata.normalize("NFC", subject)
        parts = _HeaderParts()
        for key, pattern in _SUBJECT_PARTS.items():
            match = pattern.search(subject)
            if match is None:
                continue
            value = match.group("value")
            if key == "player":
                parts.player = int(value) if value.isdigit() else ord(value.lower()) - ord("a") + 1
                if not 1 <= parts.player <= o.MAX_PLAYERS:
                    parts.player = None
                    continue
            elif key == "password":
                parts.password = value
            elif key == "game":
                parts.game = int(value)
            elif key == "turn":
                parts.turn = int(value)
            parts.tokens[key] = Token("SUBJECT", value, column=match.start("value") + 1)
        if parts.password is None:
            parts.turn = None
        self._merge_header(parts, _Line(0, subject), source="subject")

    def _check_against_header(self) -> None:
        """PV and messages to oneself are mistakes the header lets us catch."""
        me = self.result.header.player
        if me is None:
            return
        kept: list[Order] = []
        for order in self.result.orders:
            if isinstance(order, o.PVChange) and order.player == me:
                # "1" for oneself is what the order form shows: harmless, just not an order.
                if order.value != 1:
                    self.result.errors.append(
                        ParseError(
                            line=order.line,
                            column=1,
                            text=f"PV {order.player}",
                            line_text=self._line_texts.get(order.line, ""),
                            messages=two(
                                "Das PV zu sich selbst ist immer 1 (Regel 4.3).",
                                "The PV to yourself is always 1 (rule 4.3).",
                            ),
                        )
                    )
                continue
            kept.append(order)
        self.result.orders = kept


def parse(text: str, subject: str | None = None, planets: PlanetTable | None = None) -> ParseResult:
    """Read an Ashes order text (see the module docstring).

    ``planets`` defaults to the standard galaxy's names; pass the table of a running game
    so that players can use their own planet names.
    """
    return OrderReader(planets or standard_planets()).read(text, subject)
