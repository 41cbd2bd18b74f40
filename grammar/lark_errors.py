"""What the order languages share when they explain a line they cannot read.

Both the players' language (:mod:`grammar.ashes`) and the GM's (:mod:`grammar.gm`) read
one line at a time and turn every failure into words: a value out of range, or a Lark
syntax error located in the line with what was expected there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken


def two(de: str, en: str) -> dict[str, str]:
    """A message in both languages."""
    return {"de": de, "en": en}


def join_words(words: list[str], lang: str) -> str:
    """``a, b oder c`` / ``a, b or c``."""
    if len(words) <= 1:
        return "".join(words)
    last = " oder " if lang == "de" else " or "
    return ", ".join(words[:-1]) + last + words[-1]


class LineError(Exception):
    """A value check failed; carries the error for the current line."""

    def __init__(
        self, column: int, text: str, messages: dict[str, str], suggestion: str | None = None
    ) -> None:
        super().__init__(messages["en"])
        self.column, self.text, self.messages, self.suggestion = column, text, messages, suggestion

    @classmethod
    def at(cls, tok: Token, messages: dict[str, str]) -> LineError:
        """The error at a token of the line."""
        return cls(tok.column or 1, str(tok), messages)


def in_range(tok: Token, low: int, high: int, what: tuple[str, str]) -> int:
    """The token's integer; :class:`LineError` unless ``low <= value <= high``."""
    value = int(tok)
    if not low <= value <= high:
        raise LineError.at(
            tok,
            two(
                f"{what[0]} muss zwischen {low} und {high} liegen, nicht {value}.",
                f"{what[1]} must be between {low} and {high}, not {value}.",
            ),
        )
    return value


@dataclass(frozen=True)
class Position:
    """Where in a line Lark stopped, what it would have taken there, and what it found."""

    pos: int
    expected: set[str]
    found: str
    at_end: bool


def locate(exc: UnexpectedInput, text: str) -> Position:
    """The :class:`Position` of a Lark error in ``text`` (the part of the line parsed)."""
    if isinstance(exc, UnexpectedCharacters):
        pos = exc.pos_in_stream
        expected = set(exc.allowed or ())
    elif isinstance(exc, UnexpectedToken):
        pos = exc.token.start_pos if exc.token.type != "$END" else len(text.rstrip())
        expected = set(exc.expected)
    elif isinstance(exc, UnexpectedEOF):
        pos = len(text.rstrip())
        expected = set(exc.expected or ())
    else:  # pragma: no cover - lark has no other kind
        pos, expected = 0, set()
    pos = pos or 0
    found = re.match(r"\S+", text[pos:])
    return Position(pos, expected, found.group(0) if found else "", not text[pos:].strip())


def syntax_message(at: Position, words: dict[str, str], suggestion: str | None) -> dict[str, str]:
    """ "Unexpected …; expected here …. Did you mean …?" in both languages.

    ``words`` says in each language what may stand at the position ("" for nothing).
    """
    de = "Die Zeile endet zu früh" if at.at_end else f"Unerwartet: „{at.found}“"
    en = "The line ends too early" if at.at_end else f'Unexpected: "{at.found}"'
    if words["de"]:
        de += f"; erwartet wird hier {words['de']}."
        en += f"; expected here: {words['en']}."
    else:
        de, en = de + ".", en + "."
    if suggestion:
        de += f" Meinten Sie „{suggestion}“?"
        en += f' Did you mean "{suggestion}"?'
    return two(de, en)
