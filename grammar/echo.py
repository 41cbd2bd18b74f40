"""The echo of an order text in plain words: what the acknowledgement mail says.

Every understood order with its line, every error with its line, column, the offending
text and what was expected, and the lines deliberately not read.
"""

from __future__ import annotations

import textwrap

from engine.core import ParseResult, PlanetNamer

WIDTH = 76  # fixed-width text that reads well in any mail client

_WORDS = {
    "de": {
        "game": "Partie",
        "player": "Spieler",
        "turn": "Runde",
        "password": "Kennwort angegeben",
        "no_password": "kein Kennwort",
        "unknown": "?",
        "understood": "Verstanden ({n} Befehle):",
        "understood_1": "Verstanden (1 Befehl):",
        "none": "Keine Befehle verstanden.",
        "errors": "Fehler ({n}) – diese Zeilen werden NICHT ausgeführt:",
        "errors_1": "Fehler (1) – diese Zeile wird NICHT ausgeführt:",
        "line": "Zeile",
        "column": "Spalte",
        "notes": "Nicht als Befehl gelesen:",
        "ended": "(Die Befehle enden mit „Ende“ in der Mail.)",
    },
    "en": {
        "game": "Game",
        "player": "Player",
        "turn": "Turn",
        "password": "password given",
        "no_password": "no password",
        "unknown": "?",
        "understood": "Understood ({n} orders):",
        "understood_1": "Understood (1 order):",
        "none": "No orders understood.",
        "errors": "Errors ({n}) – these lines will NOT be carried out:",
        "errors_1": "Error (1) – this line will NOT be carried out:",
        "line": "Line",
        "column": "column",
        "notes": "Not read as orders:",
        "ended": '(The orders end with "End" in the mail.)',
    },
}


def _wrapped(text: str) -> list[str]:
    """An explanation under its line, indented and wrapped to the printout's width."""
    return textwrap.wrap(text, WIDTH, initial_indent="      ", subsequent_indent="      ")


def header_line(result: ParseResult, lang: str) -> str:
    """``Partie 227 · Spieler 2 · Kennwort angegeben``."""
    w = _WORDS["de" if lang == "de" else "en"]
    h = result.header
    parts = [
        f"{w['game']} {h.game if h.game is not None else w['unknown']}",
        f"{w['player']} {h.player if h.player is not None else w['unknown']}",
    ]
    if h.turn is not None:
        parts.append(f"{w['turn']} {h.turn}")
    parts.append(w["password"] if h.password else w["no_password"])
    return " · ".join(parts)


def echo(
    result: ParseResult,
    lang: str = "de",
    planet_name: PlanetNamer | None = None,
    with_header: bool = True,
) -> str:
    """The full echo: header, understood orders, errors, lines not read."""
    w = _WORDS["de" if lang == "de" else "en"]
    out: list[str] = []
    if with_header:
        out += [header_line(result, lang), ""]
    width = len(str(max([o.line for o in result.orders] + [e.line for e in result.errors] + [1])))
    if result.orders:
        n = len(result.orders)
        out.append(w["understood_1"] if n == 1 else w["understood"].format(n=n))
        for order in result.orders:
            prefix = f"  {w['line']} {order.line:>{width}}  "
            out.extend(
                textwrap.wrap(
                    order.describe(lang, planet_name),
                    WIDTH,
                    initial_indent=prefix,
                    subsequent_indent=" " * len(prefix),
                )
            )
    else:
        out.append(w["none"])
    if result.errors:
        out.append("")
        n = len(result.errors)
        out.append(w["errors_1"] if n == 1 else w["errors"].format(n=n))
        for err in sorted(result.errors, key=lambda e: (e.line, e.column)):
            where = f"{w['line']} {err.line}, {w['column']} {err.column}"
            shown = err.line_text or err.text
            out.append(f"  {where}: {shown}")
            out.extend(_wrapped(err.message(lang)))
    if result.notes:
        out.append("")
        out.append(w["notes"])
        for note in result.notes:
            out.append(f"  {w['line']} {note.line}: {note.text}")
            out.extend(_wrapped(note.message(lang)))
    if result.ended:
        out += ["", w["ended"]]
    return "\n".join(out) + "\n"
