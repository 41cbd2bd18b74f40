"""What the order languages share when they explain a line they cannot read.

Both the players' language (:mod:`grammar.ashes`) and the GM's (:mod:`grammar.gm`) read
one line at a time and turn every failure into words: a value out of range, or a Lark
syntax error located in the line with what was expected there. The words are the order
languages' catalog, ``grammar/locale/<lang>.po`` (:data:`TEXTS`); an error carries its
explanation in every language (``Messages``) until its reader's is known.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from engine.catalogs import FALLBACK, in_language, load

TEXTS = load("grammar")
"""The order languages' shared words (the games' own are in their catalogs)."""

Messages = Mapping[str, str]
"""An explanation per language (``Catalog.every``)."""


def join_words(words: list[str], lang: str) -> str:
    """``a, b oder c`` / ``a, b or c``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + TEXTS.say(lang, "or") + words[-1]


class LineError(Exception):
    """A value check failed; carries the error for the current line."""

    def __init__(
        self, column: int, text: str, messages: Messages, suggestion: str | None = None
    ) -> None:
        super().__init__(messages[FALLBACK])
        self.column, self.text, self.messages, self.suggestion = column, text, messages, suggestion

    @classmethod
    def at(cls, tok: Token, messages: Messages) -> LineError:
        """The error at a token of the line."""
        return cls(tok.column or 1, str(tok), messages)


def in_range(tok: Token, low: int, high: int, what: Messages) -> int:
    """The token's integer; :class:`LineError` unless ``low <= value <= high`` (``what``:
    the value's name per language)."""
    value = int(tok)
    if not low <= value <= high:
        raise LineError.at(tok, TEXTS.every("in_range", what=what, low=low, high=high, value=value))
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


def syntax_message(at: Position, words: Messages, suggestion: str | None) -> Messages:
    """ "Unexpected …; expected here …. Did you mean …?" in every language.

    ``words`` says in each language what may stand at the position ("" for nothing).
    """
    said = {}
    for lang in TEXTS.languages:
        start = (
            TEXTS.say(lang, "line_ends_early")
            if at.at_end
            else TEXTS.say(lang, "unexpected", found=at.found)
        )
        expected = in_language(words, lang)
        message = (
            TEXTS.say(lang, "expected_here", start=start, words=expected)
            if expected
            else TEXTS.say(lang, "sentence", start=start)
        )
        if suggestion:
            message = TEXTS.say(lang, "did_you_mean", message=message, suggestion=suggestion)
        said[lang] = message
    return said
