"""Every kind's order language on the examples of its player docs with words swapped for
hostile ones (digits that are no numbers to ``int()``, other scripts' digits, huge and
negative numbers, brackets, invisible characters): the reader never fails inside — it
turns such a failure into "this line could not be read (internal error)", which a
player must never see for a line he wrote. ("4 (²) ausspionieren" did, in Ashes.)"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import registry
from engine.core import OrderLanguage
from grammar.lark_errors import TEXTS
from tests.lanes import examples

DOCS = Path(__file__).resolve().parents[2] / "docs"
HEADER = "Partie 1 Spieler 1 Kennwort geheim\n"
HOSTILE = [
    "²",
    "(²)",
    "٢",
    "(٢)",
    "½",
    "-0",
    "-1",
    "0",
    "99999999999999999999999",
    "1e9",
    "()",
    "(",
    ")",
    ":",
    "/",
    "=",
    ",",
    ";",
    "\u200b",
    "ß",
    "Ⅻ",
    "𝟙",
    "",
]
DIGITISH = ["²", "٢", "½", "𝟙", "Ⅻ", "0", "00", "-1", "99999999999999999999999"]
"""What a word's digits are swapped for: digits to ``str.isdigit`` that ``int()`` refuses,
other scripts' digits it takes, and numbers out of every range."""
KINDS = [kind.name for kind in registry.kinds()]


def _example_lines(kind: str) -> list[str]:
    """The lines of the kind's order docs that look like orders: code blocks, indented
    lines and code spans, short enough to be one order."""
    text = (DOCS / f"orders-{kind.replace('_', '-')}.md").read_text("utf-8")
    lines: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if (fenced or line.startswith("    ")) and 0 < len(line.strip()) <= 80:
            lines.append(line.strip())
        elif not fenced:
            lines += re.findall(r"`([^`]{3,60})`", line)
    return lines


def _language(kind: str) -> OrderLanguage:
    language: OrderLanguage = importlib.import_module(registry.grammar(kind)).LANGUAGE
    return language


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_has_order_examples_to_mutate(kind: str) -> None:
    assert len(_example_lines(kind)) >= 10


@pytest.mark.parametrize("kind", KINDS)
@settings(max_examples=examples(200), deadline=None)
@given(data=st.data())
def test_an_example_with_hostile_words_is_read_or_refused_never_failed_inside(
    kind: str, data: st.DataObject
) -> None:
    pool = _example_lines(kind)
    lines = []
    for _ in range(data.draw(st.integers(1, 4))):
        words = re.split(r"(\s+)", data.draw(st.sampled_from(pool)))
        for _ in range(data.draw(st.integers(1, 3))):
            at = data.draw(st.integers(0, len(words) - 1))
            if data.draw(st.booleans()):
                words[at] = data.draw(st.sampled_from(HOSTILE))
            else:  # the word's digits only: "(Nameless)" stays, "4" becomes "²"
                words[at] = re.sub(r"\d+", data.draw(st.sampled_from(DIGITISH)), words[at])
        lines.append("".join(words))
    result = _language(kind).parse(HEADER + "\n".join(lines) + "\n")
    for error in result.errors:
        assert error.messages != TEXTS.every("reader.this_line_could_not_read"), error.text
