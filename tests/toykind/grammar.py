"""The toy game's order language: ``ADD 5`` (or ``PLUS 5``); the shared reader does the
rest (header, comments, text blocks, messages, end marker)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from lark import Lark, Token, Tree

from engine.core import Order
from grammar import reader
from grammar.lark_errors import Position
from tests.toykind.engine import ORDER_KINDS, Add

_RULES = r"""
?order: add
add: ADD_KW INT
ADD_KW.2: /(add|plus)(?![\w])/i
"""


@cache
def _parser() -> Lark:
    return reader.build_parser(reader.player_grammar(_RULES))


class ToyLines:
    """The toy game's order lines for the shared reader (tests/grammar/test_reader.py reads
    with them alone)."""

    @property
    def parser(self) -> Lark:
        return _parser()

    def build(self, node: Tree[Token], line: int) -> Sequence[Order]:
        tok = node.children[-1]
        assert isinstance(tok, Token)
        return [Add(line=line, amount=int(tok))]

    def explain(self, at: Position, code: str) -> reader.Explanation:
        return reader.Explanation({"de": "„ADD 5“", "en": '"ADD 5"'})

    def check(self, item: Order) -> dict[str, str] | None:
        return None


LANGUAGE = reader.LinesLanguage(ORDER_KINDS, ToyLines())
"""The toy game's :class:`engine.core.OrderLanguage`; places are shown by number."""
