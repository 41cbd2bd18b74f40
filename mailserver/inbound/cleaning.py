"""Clean an order text: what the player meant, with his line numbers kept.

:func:`clean_text` normalises characters and newlines, blanks quoted lines and cuts reply
headers, original messages, signatures and pasted printouts. Players get error messages
by line number, so cleaning never removes or merges lines inside the kept text: a removed
line becomes an empty line, and only the tail is cut. Nothing here raises on hostile input.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache


def printout_start(headings: Iterable[str]) -> re.Pattern[str] | None:
    """A pattern for the first line of a printout: a line starting with one of ``headings``.

    Each game kind names its printouts' headings (``GameKind.printout_headings``);
    case and the width of spaces do not matter. ``None`` when there are none.
    """
    # Every mail is cleaned with the same headings: the pattern is made once for them
    # (escaping and joining them was a sixth of taking a mail apart).
    return _pattern_for(tuple(headings))


@lru_cache(maxsize=16)
def _pattern_for(headings: tuple[str, ...]) -> re.Pattern[str] | None:
    alternatives = [
        r"\s+".join(re.escape(word) for word in heading.split())
        + (r"\b" if re.search(r"\w$", heading) else "")
        for heading in headings
        if heading.strip()
    ]
    pattern = "|".join(f"(?:{a})" for a in sorted(set(alternatives)))
    return re.compile(pattern, re.IGNORECASE) if pattern else None


NEWLINE = re.compile("\r\n|[\n\r\x85\u2028\u2029]")
_NOT_PLAIN_ASCII = re.compile(r"[^\n\x20-\x7e]")
_QUOTED = re.compile(r"\s*[>|]")
_ORIGINAL_MESSAGE = re.compile(
    r"-{2,}\s*(?:Ursprüngliche Nachricht|Original Message|Original-Nachricht"
    r"|Weitergeleitete Nachricht|Forwarded message)\s*-{2,}"
    r"|Begin forwarded message:|Anfang der weitergeleiteten Nachricht:",
    re.IGNORECASE,
)
_SEPARATOR = re.compile(r"_{10,}|-{5,}")
_FROM_FIELD = re.compile(r"(?:von|from)\s*:", re.IGNORECASE)
_HEADER_FIELD = re.compile(
    r"(von|from|gesendet|sent|datum|date|an|to|cc|betreff|subject)\s*:", re.IGNORECASE
)
_FIELD_KIND = {
    "von": "from",
    "from": "from",
    "gesendet": "date",
    "sent": "date",
    "datum": "date",
    "date": "date",
    "an": "to",
    "to": "to",
    "cc": "cc",
    "betreff": "subject",
    "subject": "subject",
}
_MOBILE_FOOTER = re.compile(
    r"(?:Sent from (?:my\s|Outlook\b|Mail for Windows\b|Yahoo Mail\b).*"
    r"|Sent with Proton ?Mail\b.*"
    r"|Get Outlook for \S.*"
    r"|Von meinem \S.* gesendet\.?"
    r"|Gesendet (?:von|mit) (?:meinem|der|dem|einem|einer) \S.*)",
    re.IGNORECASE,
)
# Attribution lines with a date, so free text like "Er schrieb:" is not taken for one.
_REPLY_HEADER = re.compile(
    r"(?:Am\s.*\d.*\sschrieb\b.*"
    r"|On\s.*\d.*\swrote"
    r"|.*\S\s+schrieb am\s.*\d.*"
    r"|.*@.*\s(?:wrote|schrieb)):",
    re.IGNORECASE,
)
_WRAPPED_REPLY_START = re.compile(r"(?:Am|On)\s.*\d", re.IGNORECASE)
_BARE_ATTRIBUTION = re.compile(r".*\s(?:wrote|schrieb):", re.IGNORECASE)
_MAX_HEADER_LEN = 300  # attribution lines are short; bounds the regex work on long lines

_CUT_NOTES = {
    "quote-header": "cut a reply header at line {}",
    "original-message": "cut the original message at line {}",
    "signature": "cut a signature at line {}",
    "printout": "cut a pasted printout at line {}",
}


def clean_text(
    text: str, printout_headings: Iterable[str] = ()
) -> tuple[str, list[str], str | None]:
    """Clean order text: returns ``(text, notes, cut_at)``.

    Normalises characters and newlines, strips trailing whitespace, blanks quoted lines
    and cuts everything from the first reply header, original-message marker, signature
    or printout (a line starting with one of ``printout_headings``) on. Kept lines keep
    their line numbers.
    """
    lines = [line.rstrip() for line in normalise(text).split("\n")]
    quoted, cut = _classify(lines, printout_start(printout_headings))
    notes: list[str] = []
    cut_at: str | None = None
    if cut is not None:
        index, cut_at = cut
        del lines[index:]
        notes.append(_CUT_NOTES[cut_at].format(index + 1))
    dropped = sum(1 for i, line in enumerate(lines) if quoted[i] and line)
    lines = ["" if quoted[i] else line for i, line in enumerate(lines)]
    if dropped:
        notes.insert(0, f"dropped {dropped} quoted line{'s' if dropped > 1 else ''}")
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines), notes, cut_at


_DIRECTION_OVERRIDES = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embeddings, overrides and isolates: they make text read other than it is."""


TAB_WIDTH = 8
"""The columns of a tab stop, as a terminal and a plain-text mail reader show them."""


def normalise(text: str) -> str:
    """``text`` with one kind of newline, plain spaces, no invisible characters, NFC. A
    tab becomes the spaces up to the next stop of :data:`TAB_WIDTH`: what a GM aligned
    with tabs (a table in his news) stays aligned in every player's mail and printout,
    whatever his reader makes of a tab, and no printout's wrapping meets one."""
    text = NEWLINE.sub("\n", text)
    text = _NOT_PLAIN_ASCII.sub(lambda m: _plain_char(m.group()), text)
    text = unicodedata.normalize("NFC", text)
    # After the invisible characters are gone: they take no column.
    return text.expandtabs(TAB_WIDTH) if "\t" in text else text


@lru_cache(maxsize=4096)
def _plain_char(char: str) -> str:
    """Unicode spaces become spaces (a tab stays, for :func:`normalise` to expand);
    controls, format characters and lone surrogates (BOM, zero-width, soft hyphen, ...)
    vanish."""
    category = unicodedata.category(char)
    if char == "\t":
        return char
    if category == "Zs":
        return " "
    if char in _DIRECTION_OVERRIDES:
        return char  # kept, so that a name hiding them is refused rather than disguised
    return "" if category in ("Cc", "Cf", "Cs") else char


def _classify(
    lines: list[str], printout: re.Pattern[str] | None
) -> tuple[list[bool], tuple[int, str] | None]:
    """Mark quoted lines and find the first cut: ``(quoted, (index, kind) | None)``."""
    quoted = [bool(_QUOTED.match(line)) for line in lines]
    for i in range(len(lines)):
        if quoted[i]:
            continue
        kind, span = _marker(lines, quoted, i, printout)
        if kind == "quote-header" and _answer_below(lines, quoted, i + span, printout):
            # bottom-posted reply: the attribution belongs to the quote, the answer stays
            quoted[i : i + span] = [True] * span
        elif kind is not None:
            return quoted, (i, kind)
    return quoted, None


def _marker(
    lines: list[str], quoted: list[bool], i: int, printout: re.Pattern[str] | None
) -> tuple[str | None, int]:
    """The cut marker starting at line ``i`` and how many lines it spans."""
    line = lines[i].strip()
    if lines[i] == "--" or _MOBILE_FOOTER.fullmatch(line):
        return "signature", 1
    if printout is not None and printout.match(line):
        return "printout", 1
    if (
        _ORIGINAL_MESSAGE.fullmatch(line)
        or _separator_before_from(lines, i)
        or _header_block(lines, i)
    ):
        return "original-message", 1
    span = _reply_header_span(lines, quoted, i)
    return ("quote-header", span) if span else (None, 0)


def _next_text_line(lines: list[str], start: int) -> int | None:
    return next((j for j in range(start, len(lines)) if lines[j]), None)


def _separator_before_from(lines: list[str], i: int) -> bool:
    """Outlook's underscore line followed by a From:/Von: line."""
    if not _SEPARATOR.fullmatch(lines[i].strip()):
        return False
    j = _next_text_line(lines, i + 1)
    return j is not None and bool(_FROM_FIELD.match(lines[j].strip()))


def _header_block(lines: list[str], i: int) -> bool:
    """A forwarded/replied mail's header block (Von/Gesendet/An/Betreff or English)."""
    first = _HEADER_FIELD.match(lines[i].strip())
    if first is None or _FIELD_KIND[first.group(1).lower()] not in ("from", "date"):
        return False
    kinds: set[str] = set()
    for line in lines[i : i + 8]:
        if not line:
            break
        field_match = _HEADER_FIELD.match(line.strip())
        if field_match:
            kinds.add(_FIELD_KIND[field_match.group(1).lower()])
    return {"from", "subject"} <= kinds and len(kinds) >= 3


def _reply_header_span(lines: list[str], quoted: list[bool], i: int) -> int:
    """1 or 2 if an attribution line ("Am ... schrieb X:") starts at line ``i``, else 0."""
    line = lines[i].strip()
    if len(line) > _MAX_HEADER_LEN:
        return 0
    if _REPLY_HEADER.fullmatch(line):
        return 1
    # Thunderbird and Gmail wrap long attribution lines
    if i + 1 < len(lines) and not quoted[i + 1] and _WRAPPED_REPLY_START.match(line):
        joined = f"{line} {lines[i + 1].strip()}"
        if len(joined) <= _MAX_HEADER_LEN and _REPLY_HEADER.fullmatch(joined):
            return 2
    # "Max wrote:" without a date only counts when a quote follows at once
    if i + 1 < len(lines) and quoted[i + 1] and _BARE_ATTRIBUTION.fullmatch(line):
        return 1
    return 0


def _answer_below(
    lines: list[str], quoted: list[bool], start: int, printout: re.Pattern[str] | None
) -> bool:
    """True if a quote follows ``start`` and unquoted text (not a marker) follows it."""
    first = _next_text_line(lines, start)
    if first is None or not quoted[first]:
        return False
    answer = next((j for j in range(first, len(lines)) if lines[j] and not quoted[j]), None)
    return answer is not None and _marker(lines, quoted, answer, printout)[0] is None
