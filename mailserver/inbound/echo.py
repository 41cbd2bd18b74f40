"""The echo of an order text in plain words: what the acknowledgement mail says.

Every understood order with its line, every error with its line, column, the offending
text and what was expected, and the lines deliberately not read.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable

from engine.core import Instruction, Order, ParseError, ParseResult, PlanetNamer, RefusedText
from mailserver.common.catalog import say

WIDTH = 76  # fixed-width text that reads well in any mail client
LISTED = 100
"""Orders, errors and notes listed each at most; the rest are counted."""


def _more(count: int, limit: int, lang: str) -> list[str]:
    return [say(lang, "echo_more", n=count - limit, shown=limit)] if count > limit else []


def _wrapped(text: str) -> list[str]:
    """An explanation under its line, indented and wrapped to the printout's width."""
    return textwrap.wrap(text, WIDTH, initial_indent="      ", subsequent_indent="      ")


def _refused(
    understood: list[Instruction], describe: Callable[[Order], str] | None
) -> dict[int, tuple[int, str]]:
    """The orders the game refuses (its words are a :class:`RefusedText`), by ``id``:
    their line and the game's words, for the lines that are not carried out."""
    if describe is None:
        return {}
    found = {}
    for order in understood:
        if isinstance(order, Order):
            text = describe(order)
            if isinstance(text, RefusedText):
                found[id(order)] = (order.line, str(text))
    return found


_WRAP_BREAKS = re.compile(r"[\t\n\x0b\x0c\r]")
"""What ``textwrap`` turns into spaces (and may break a line at)."""


def _indented(text: str, prefix: str) -> list[str]:
    """``text`` after ``prefix``, wrapped to the printout's width, the further lines
    indented under its start (``textwrap.wrap``'s lines)."""
    fits = text and len(prefix) + len(text) <= WIDTH and text == text.strip()
    if fits and not _WRAP_BREAKS.search(text):
        # One line as it stands (almost every order): what textwrap makes of it, without
        # its chunking (a third of the echo's time).
        return [prefix + text]
    return textwrap.wrap(text, WIDTH, initial_indent=prefix, subsequent_indent=" " * len(prefix))


def header_line(result: ParseResult, lang: str, web: bool = False) -> str:
    """``Partie 227 · Spieler 2 · Kennwort angegeben``; ``web``: orders from the seat's
    page, whose link names game and seat and stands for the password."""
    h = result.header
    unknown = say(lang, "echo_unknown")
    player = h.player if h.player is not None else (h.player_name or unknown)
    parts = [
        f"{say(lang, 'echo_game')} {h.game if h.game is not None else unknown}",
        f"{say(lang, 'echo_player')} {player}",
    ]
    if h.turn is not None:
        parts.append(f"{say(lang, 'echo_turn')} {h.turn}")
    if web:
        parts.append(say(lang, "echo_web"))
    else:
        parts.append(say(lang, "echo_password") if h.password else say(lang, "echo_no_password"))
    return " · ".join(parts)


def echo(
    result: ParseResult,
    lang: str = "de",
    planet_name: PlanetNamer | None = None,
    with_header: bool = True,
    limit: int = LISTED,
    describe: Callable[[Order], str] | None = None,
    stored: bool = True,
    web: bool = False,
) -> str:
    """The echo: header, understood orders, errors, lines not read — at most ``limit`` of
    each listed, the rest counted (an answer never grows with what an attacker sends).
    ``stored`` False: the orders were read but not kept (a turn already evaluated), and
    the echo says so instead of "understood". ``web``: the header names the page's link
    (:func:`header_line`)."""
    out: list[str] = []
    if with_header:
        out += [header_line(result, lang, web), ""]
    understood = result.understood()  # the host's settings beside the orders
    width = len(str(max([o.line for o in understood] + [e.line for e in result.errors] + [1])))
    refused = _refused(understood, describe)
    understood = [o for o in understood if id(o) not in refused]
    if understood:
        n = len(understood)
        key = "echo_understood" if stored else "echo_not_stored"
        out.append(say(lang, f"{key}_1") if n == 1 else say(lang, key, n=n))
        warnings: dict[int, list[str]] = {}
        for note in result.notes:
            if note.order is not None:
                warnings.setdefault(id(note.order), []).append(note.message(lang))
        for order in understood[:limit]:
            prefix = f"  {say(lang, 'echo_line')} {order.line:>{width}}  "
            text = (
                describe(order)
                if describe and isinstance(order, Order)
                else order.describe(lang, planet_name)
            )
            out.extend(_indented(" — ".join([text, *warnings.get(id(order), [])]), prefix))
        out += _more(len(understood), limit, lang)
    else:
        out.append(say(lang, "echo_none"))
    if result.errors or refused:
        out.append("")
        n = len(result.errors) + len(refused)
        out.append(say(lang, "echo_errors_1") if n == 1 else say(lang, "echo_errors", n=n))
        # The parser's errors and the game's refusals by line; only those listed are worded.
        faults: list[tuple[int, int, ParseError | str]]
        faults = [(e.line, e.column, e) for e in result.errors]
        faults += [(line, 0, text) for line, text in refused.values()]
        for line, _column, fault in sorted(faults, key=lambda f: f[:2])[:limit]:
            if isinstance(fault, str):  # the game's words say the order and why
                out.append(f"  {say(lang, 'echo_line')} {line}:")
                out.extend(_wrapped(fault))
                continue
            where = f"{say(lang, 'echo_line')} {line}, {say(lang, 'echo_column')} {fault.column}"
            out.append(f"  {where}: {fault.line_text or fault.text}")
            out.extend(_wrapped(fault.message(lang)))
        out += _more(n, limit, lang)
    lines_not_read = [note for note in result.notes if note.order is None]
    if lines_not_read:
        out.append("")
        out.append(say(lang, "echo_notes"))
        for note in lines_not_read[:limit]:
            out.append(f"  {say(lang, 'echo_line')} {note.line}: {note.text}")
            out.extend(_wrapped(note.message(lang)))
        out += _more(len(lines_not_read), limit, lang)
    if result.ended:
        out += ["", say(lang, "echo_ended")]
    return "\n".join(out) + "\n"
