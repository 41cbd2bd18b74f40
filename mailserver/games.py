"""The one place where game kinds are registered: their order language (and engine)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.ashes.game import AshesGame
from engine.ashes.orders import ORDER_KINDS as ASHES_ORDER_KINDS
from engine.core import Game, Order, ParseResult, PlanetNamer
from grammar import ashes as ashes_grammar


@dataclass(frozen=True)
class OrderLanguage:
    """How to read one game kind's orders and how to name its planets in the echo."""

    kind: str
    parse: Callable[[str, str | None], ParseResult]
    planet_name: PlanetNamer
    order_from_json: Callable[[Mapping[str, Any]], Order]


def _ashes_parse(text: str, subject: str | None) -> ParseResult:
    return ashes_grammar.parse(text, subject)


ORDER_LANGUAGES: dict[str, OrderLanguage] = {
    "ashes": OrderLanguage(
        "ashes",
        _ashes_parse,
        ashes_grammar.standard_planets().namer,
        ASHES_ORDER_KINDS.from_json,
    ),
}


GAMES: dict[str, Game] = {
    "ashes": AshesGame(parse=_ashes_parse),
}


class UnknownGameKind(LookupError):
    """A game kind that is not registered."""


def order_language(kind: str) -> OrderLanguage:
    """The order language of ``kind``."""
    try:
        return ORDER_LANGUAGES[kind]
    except KeyError:
        known = ", ".join(sorted(ORDER_LANGUAGES))
        raise UnknownGameKind(f"unknown game kind {kind!r} (known: {known})") from None


def game_engine(kind: str) -> Game:
    """The rules engine of ``kind``."""
    try:
        return GAMES[kind]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise UnknownGameKind(f"unknown game kind {kind!r} (known: {known})") from None


def default_language() -> OrderLanguage:
    """The language used to read a mail's header before its game is known.

    Every kind shares the header line ("Partie 227 Spieler 2 Kennwort ..."), so any
    registered language finds the game number.
    """
    return ORDER_LANGUAGES["ashes"]
