"""Names players give (rulers, planets): invisible and direction characters are refused,
not silently stripped, and no name may pose as the game master."""

from __future__ import annotations

import pytest

from grammar.ashes import parse
from grammar.reader import name_problem
from mailserver.inbound.cleaning import clean_text

HEADER = "Partie 227 Spieler 2 Kennwort x\n"


@pytest.mark.parametrize(
    "line",
    [
        "Herrscher = \u202eSpielleiter",  # a right-to-left override
        "Herrscher = Spielleiter",
        "Herrscher = Game Master",
        "Herrscher = S.L.",
        "Herrscher = \u3164\u3164\u3164",  # Hangul fillers: an invisible name
        "34 = \u3164",
        "34 = Crab\u2066x",
    ],
)
def test_such_a_name_is_refused_with_its_reason(line: str) -> None:
    # The mail body is cleaned first, as intake does: the direction marks must survive it.
    text, _, _ = clean_text(HEADER + line)
    result = parse(text)
    assert result.orders == []
    (error,) = result.errors
    assert "reserved" in error.message("en") or "invisible" in error.message("en")


def test_ordinary_names_pass() -> None:
    for name in ("Ming", "Kaiserin Ada", "Ærø", "Spielleiters Sohn"):
        assert name_problem(name) is None, name
