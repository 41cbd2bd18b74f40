"""The fast line parser gives exactly Lark's tree, tokens and positions included, and
leaves every line Lark rejects to Lark (so its errors stay Lark's)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput

from grammar import gm, line_parser, reader
from grammar.ashes import PRINTOUT_HEADINGS, build_parser, planets_for, standard_planets
from mailserver.inbound.mailbody import extract_order_text

MAILS = Path(__file__).parents[1] / "data" / "mails"


def _corpus_lines() -> list[str]:
    lines: set[str] = set()
    for eml in sorted(MAILS.glob("*.eml")):
        body = extract_order_text(eml.read_bytes(), PRINTOUT_HEADINGS)
        for raw in body.text.splitlines():
            code = reader.strip_comment(raw.rstrip())
            # Every prefix too: lines cut anywhere reach states and errors whole lines do not.
            lines.update(code[:end] for end in range(1, len(code) + 1))
    return sorted(lines)


LINES = _corpus_lines()


def _shape(node: Tree[Token] | Token) -> object:
    """A tree as plain values, with every token's type, value and position."""
    if isinstance(node, Token):
        return (
            node.type,
            node.value,
            node.start_pos,
            node.line,
            node.column,
            node.end_line,
            node.end_column,
            node.end_pos,
        )
    return (str(node.data), [_shape(child) for child in node.children])


@pytest.mark.parametrize(
    "lark",
    [
        build_parser(standard_planets().spellings()),
        build_parser(planets_for({2: "Neu Berlin", 7: "O'Hara"}).spellings()),
        gm.parser(),
        reader._header_parser(),
    ],
    ids=["ashes", "ashes-renamed", "gm", "header"],
)
def test_same_tree_as_lark_or_left_to_lark(lark: Lark) -> None:
    tables = line_parser._tables(lark)
    accepted = 0
    for code in LINES:
        try:
            expected = lark.parse(code)
        except UnexpectedInput:
            with pytest.raises(line_parser._Fallback):
                line_parser._run(tables, code)
            with pytest.raises(UnexpectedInput):
                line_parser.parse_line(lark, code)
            continue
        accepted += 1
        assert _shape(line_parser._run(tables, code)) == _shape(expected), code
        assert _shape(line_parser.parse_line(lark, code)) == _shape(expected), code
    assert accepted > 50  # the corpus is mostly orders: the fast path is really exercised
