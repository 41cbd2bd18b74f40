"""A misspelled password keyword in a header line (``Kenwort geheim``): the word the
player meant, and the value he gave, so that the refusal can name the keyword and the
host can mask the value like a password (the mail's own password, only misspelled)."""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass

PASSWORD_WORDS = ("kennwort", "passwort", "password")
"""The password keywords a misspelling is compared with (``header.lark``'s long ones)."""

CLOSE = 0.75
"""How close a word must come to a password keyword (``difflib``'s ratio) to be one."""

HEADER_LINES = 40
"""The first lines of a text looked at: a header stands above the orders."""

HEADER_KEYWORDS = (
    "partie",
    "spiel",
    "game",
    "spieler",
    "player",
    "mitspieler",
    "runde",
    "zug",
    "turn",
)
"""The other keywords of a header line: none is close to a password keyword."""
_HEADER_WORD = re.compile(rf"(?i)^\s*({'|'.join(HEADER_KEYWORDS)})\b")
_NO_TYPO = frozenset((*PASSWORD_WORDS, *HEADER_KEYWORDS))
"""Words no typo is looked for in (most words of a header line are these)."""
_WORD = re.compile(r"[^\W\d_]{4,}")
_VALUE = re.compile(r"\s*[:=]?\s*(?P<value>[^\s,;:=][^\s,;]*)")


@dataclass(frozen=True)
class HeaderTypo:
    """A misspelled password keyword: where, as written, meant, and the value after it."""

    line: int
    word: str
    keyword: str
    value: str


def header_typos(text: str) -> list[HeaderTypo]:
    """The misspelled password keywords in the header lines of ``text``: a word close to
    ``Kennwort``/``Passwort``/``Password`` (but none of them) that starts a line or stands
    in a line that starts with a header keyword, followed by a value."""
    found = []
    lines = unicodedata.normalize("NFC", text).splitlines()[:HEADER_LINES]
    for number, line in enumerate(lines, 1):
        in_header = _HEADER_WORD.match(line) is not None
        for match in _WORD.finditer(line):
            if not in_header and line[: match.start()].strip():
                continue
            word = match.group(0)
            if word.lower() in _NO_TYPO:
                continue
            close = difflib.get_close_matches(word.lower(), PASSWORD_WORDS, n=1, cutoff=CLOSE)
            value = _VALUE.match(line, match.end())
            if close and value is not None:
                keyword = close[0].capitalize()
                found.append(HeaderTypo(number, word, keyword, value.group("value")))
    return found
