"""The one place where game kinds are registered: their order language (and engine)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from engine.ashes.galaxy import standard_galaxy
from engine.ashes.game import AshesGame
from engine.ashes.orders import ORDER_KINDS as ASHES_ORDER_KINDS
from engine.core import Game, Order, ParseResult, PlanetNamer
from grammar import ashes as ashes_grammar

Places = Mapping[int, str]
"""The current names of a running game's planets (``engine.core.Names.places``)."""


@dataclass(frozen=True)
class OrderLanguage:
    """How to read one game kind's orders and how to name its planets in the echo."""

    kind: str
    read: Callable[[str, str | None, Places | None], ParseResult]
    namer: Callable[[Places | None], PlanetNamer]
    order_from_json: Callable[[Mapping[str, Any]], Order]

    def parse(
        self, text: str, subject: str | None = None, places: Places | None = None
    ) -> ParseResult:
        """Read an order text; with ``places`` players may use the game's current names."""
        return self.read(text, subject, places)

    def planet_name(self, number: int) -> str:
        """How the echo names a planet by its standard name: ``2 (Crab)``."""
        return self.namer(None)(number)

    def namer_for(self, places: Places | None) -> PlanetNamer:
        """How the echo names a planet with a running game's current names."""
        return self.namer(places)


@lru_cache(maxsize=256)
def _ashes_table(places: tuple[tuple[int, str], ...]) -> ashes_grammar.PlanetTable:
    return ashes_grammar.PlanetTable.from_galaxy(standard_galaxy(), dict(places))


def _ashes_planets(places: Places | None) -> ashes_grammar.PlanetTable:
    if not places:
        return ashes_grammar.standard_planets()
    return _ashes_table(tuple(sorted(places.items())))


def _ashes_parse(text: str, subject: str | None, places: Places | None = None) -> ParseResult:
    return ashes_grammar.parse(text, subject, planets=_ashes_planets(places))


def _ashes_namer(places: Places | None) -> PlanetNamer:
    return _ashes_planets(places).namer


ORDER_LANGUAGES: dict[str, OrderLanguage] = {
    "ashes": OrderLanguage("ashes", _ashes_parse, _ashes_namer, ASHES_ORDER_KINDS.from_json),
}


GAMES: dict[str, Game] = {
    "ashes": AshesGame(),
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
