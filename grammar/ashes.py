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
from engine.ashes.galaxy import Galaxy, fold_name, standard_galaxy
from engine.ashes.texts import PRINTOUT_HEADINGS
from engine.core import JSONValue, Order, ParseError, ParseResult, PlanetNamer
from grammar import reader
from grammar.lark_errors import LineError, Position, in_range, join_words, two
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


@lru_cache(maxsize=64)  # one per set of names: the standard ones and running games' renames
def build_parser(spellings: tuple[str, ...]) -> Lark:
    """The LALR parser for a set of planet spellings (cached per set)."""
    rules = reader.grammar_text("ashes.lark").replace(
        "__PLANET_NAMES__", _names_alternation(spellings)
    )
    return reader.build_parser(reader.player_grammar(rules))


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
    return in_range(tok, 0, COUNT_MAX, ("Die Anzahl", "The count"))


def _check_name(tok: Token, raw: str) -> str:
    name = raw.strip().strip("\"'„“”‚‘’»«").strip()
    if not name:
        raise LineError(
            tok.column or 1, raw, two("Der neue Name fehlt.", "The new name is missing.")
        )
    problem = reader.name_problem(name)
    if problem is not None:
        raise LineError(tok.column or 1, raw, problem)
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

    def check(self, order: Order) -> dict[str, str] | None:
        """An article may fill at most 8 printed lines (Ashes 5.1)."""
        if not isinstance(order, o.Press):
            return None
        wrapped = press_lines(order.text)
        if len(wrapped) <= PRESS_LINES_MAX:
            return None
        return two(
            f"Der Artikel hat {len(wrapped)} Zeilen (bei {o.PRESS_WIDTH} Zeichen je "
            f"Zeile); erlaubt sind höchstens {PRESS_LINES_MAX} (Regel 5.1).",
            f"The article has {len(wrapped)} lines (at {o.PRESS_WIDTH} characters a "
            f"line); at most {PRESS_LINES_MAX} are allowed (rule 5.1).",
        )

    # -- errors
    def explain(self, at: Position, code: str) -> reader.Explanation:
        """Expected words, a likely meant keyword or planet, an example of the right form."""
        if not code[: at.pos].strip():
            words = two(
                "eine Planetennummer, ein Planetenname oder ein Befehlswort (PV, HP, Artikel …)",
                "a planet number, a planet name or an order keyword (PV, HP, Article …)",
            )
        else:
            # An empty set means nothing more may follow: only the end of the line.
            words = {
                lang: join_words(_expected_words(self.parser, at.expected or {"$END"}, lang), lang)
                for lang in ("de", "en")
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
    result = ParseResult(
        header=read.header,
        orders=read.items,
        settings=read.settings,
        errors=read.errors,
        notes=read.notes,
    )
    result.ended = read.ended
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
                        messages=two(
                            "Das PV zu sich selbst ist immer 1 (Regel 4.3).",
                            "The PV to yourself is always 1 (rule 4.3).",
                        ),
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


class AshesLanguage:
    """The Ashes order language (:class:`engine.core.OrderLanguage`)."""

    def parse(
        self,
        text: str,
        subject: str | None = None,
        places: Mapping[int, str] | None = None,
        *,
        rulers: Mapping[int, str] | None = None,
    ) -> ParseResult:
        """Read an order text; with ``places`` players may use the game's current names.
        Ashes names players by number: ``rulers`` is not used."""
        return parse(text, subject, planets_for(places))

    def namer(self, places: Mapping[int, str] | None = None) -> PlanetNamer:
        """``2 (Crab)``, with a running game's current names."""
        return planets_for(places).namer

    def order_from_json(self, data: Mapping[str, JSONValue]) -> Order:
        """Rebuild an Ashes order from its stored JSON form."""
        return o.ORDER_KINDS.from_json(data)


LANGUAGE = AshesLanguage()
"""The Ashes order language, as :attr:`engine.core.GameKind.grammar` names it."""
