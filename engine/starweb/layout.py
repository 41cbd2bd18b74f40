"""Fixed-width lines for the Starweb printout (Starweb "Der Printout").

The rulebook's example breaks long lines between items, never inside one, and does not
indent the continuation: ``W3 (34,70,139,233) [THRAWN] (Metall=9,…,Limit=61,`` /
``Runden=5,P-Schiffe=1) V70:Plastik Mondstein``. A line is built from pieces, each with
the joiner that goes before it when it stays on the same line (``","`` items carry their
comma, so the joiner is empty; words and artifacts are joined by a space).
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable

WIDTH = 79
"""Longest line: the example breaks every line that would fill all 80 columns
(``W3 …,Limit=61,Runden=5,`` would be 80), so a printout fits 80 columns with one free."""

Piece = tuple[str, str]
"""(joiner, text): ``text`` goes after ``joiner`` on the same line, alone on a new one."""


def fill(pieces: Iterable[Piece], width: int = WIDTH) -> list[str]:
    """The pieces in lines of at most ``width`` (a piece longer than that stands alone)."""
    lines: list[str] = []
    line = ""
    for joiner, text in pieces:
        if not line:
            line = text
        elif len(line) + len(joiner) + len(text) <= width:
            line += joiner + text
        else:
            lines.append(line)
            line = text
    if line:
        lines.append(line)
    return lines


def words(text: str) -> list[Piece]:
    """The words of ``text`` as pieces joined by a space."""
    return [(" ", w) for w in text.split()]


def items(values: list[str], lead: str = " ", sep: str = ",") -> list[Piece]:
    """``(a,b,c)`` as pieces that break after a comma (``(a,`` ``b,`` ``c)``), or with
    ``sep=" "`` ``(a b c)`` breaking between words; the first piece is joined by ``lead``.
    No values, no pieces."""
    last = len(values) - 1
    spaced = sep == " "
    pieces: list[Piece] = []
    for i, value in enumerate(values):
        text = ("(" if i == 0 else "") + value + (")" if i == last else ("" if spaced else sep))
        pieces.append((lead if i == 0 else (" " if spaced else ""), text))
    return pieces


def prose(text: str, width: int = WIDTH) -> list[str]:
    """Free text (a player's message) line by line, long lines broken at ``width``."""
    out: list[str] = []
    for line in text.splitlines():
        out.extend(
            textwrap.wrap(line, width, break_long_words=True, break_on_hyphens=False) or [""]
        )
    return out
