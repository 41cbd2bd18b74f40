"""The order form's check: an order text read as the mail intake reads it.

The same grammar (the kind's order language with the game's place names), the same
wording of each order as the acknowledgement mail (the engine's ``describe_order`` when
it has one) and the same echo text; only nothing is stored.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlmodel import Session

from db.models import Game, Player
from engine.core import Instruction, Order, PlanetNamer, RefusedText
from mailserver.common.kinds import game_kind, order_language, printout_headings
from mailserver.inbound.describe import describer
from mailserver.inbound.echo import echo
from mailserver.inbound.mailbody import extract_order_text
from mailserver.web.views import current_state


def check_orders(
    session: Session, game: Game, player: Player, text: str, *, max_chars: int, max_lines: int
) -> dict[str, Any]:
    """What the intake would understand of ``text`` from ``player``: the orders in the
    acknowledgement's words, the orders the game refuses apart with why (the echo lists
    them among the lines not carried out, so the page must not count them understood),
    the errors and notes with their lines, and the echo."""
    lang = player.language
    lines = text.count("\n") + 1
    if len(text) > max_chars or lines > max_lines:
        return {
            "too_long": True,
            "orders": [],
            "refused": [],
            "errors": [],
            "notes": [],
            "echo": "",
        }
    # The mail path cleans a body (signature, quoted lines) before reading it.
    body = extract_order_text(text.encode("utf-8"), printout_headings=printout_headings())
    kind = game_kind(game.kind)
    state = current_state(session, game)
    names = kind.engine.names(state) if state is not None else None
    places = names.places if names else None
    language = order_language(kind)
    rulers = names.rulers if names else None
    result = language.parse(body.text, None, places, rulers=rulers)
    # The page's link names the game and the seat, as the intake of the page's orders
    # takes them (mailserver/inbound/acks.py): the echo says so, not "Partie ?".
    result = replace(result, header=replace(result.header, game=game.number, player=player.seat))
    namer = language.namer(places)
    describe = describer(game, kind, state, player.seat, lang, namer, result.orders)
    understood = result.understood()  # the host's settings beside the orders
    words = {
        id(o): describe(o) if isinstance(o, Order) else o.describe(lang, namer) for o in understood
    }
    refused = {id(o): (o, w) for o in understood if isinstance(w := words[id(o)], RefusedText)}
    return {
        "too_long": False,
        "orders": [
            {
                "line": o.line,
                "text": " — ".join(
                    [words[id(o)], *(n.message(lang) for n in result.notes if n.order is o)]
                ),
            }
            for o in understood
            if id(o) not in refused
        ],
        "refused": [_refusal(o, why, lang, namer) for o, why in refused.values()],
        "errors": [
            {
                "line": e.line,
                "column": e.column,
                "text": e.line_text or e.text,
                "message": e.message(lang),
            }
            for e in sorted(result.errors, key=lambda e: (e.line, e.column))
        ],
        "notes": [
            {"line": n.line, "text": n.text, "message": n.message(lang)}
            for n in result.notes
            if n.order is None  # a warning about an order stands beside it
        ],
        "echo": echo(result, lang, namer, describe=describe, web=True),
    }


def _refusal(
    order: Instruction, words: RefusedText, lang: str, namer: PlanetNamer
) -> dict[str, Any]:
    """A refused order for the page: its line, the order in its own words and why (the
    game's reason; its whole words when it gives none apart)."""
    return {"line": order.line, "text": order.describe(lang, namer), "reason": words.reason}
