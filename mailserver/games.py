"""The one place where game kinds are registered: their order language (and engine)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from engine.core import ParseResult, PlanetNamer
from grammar import ashes as ashes_grammar


@dataclass(frozen=True)
class OrderLanguage:
    """How to read one game kind's orders and how to name its planets in the echo."""

    kind: str
    parse: Callable[[str, str | None], ParseResult]
    planet_name: PlanetNamer


def _ashes_parse(text: str, subject: str | None) -> ParseResult:
    return ashes_grammar.parse(text, subject)


ORDER_LANGUAGES: dict[str, OrderLanguage] = {
    "ashes": OrderLanguage("ashes", _ashes_parse, ashes_grammar.standard_planets().namer),
}


def order_language(kind: str) -> OrderLanguage:
    """The order language of ``kind``; a clear error for unknown kinds."""
    try:
        return ORDER_LANGUAGES[kind]
    except KeyError:
        known = ", ".join(sorted(ORDER_LANGUAGES))
        raise SystemExit(f"unknown game kind {kind!r} (known: {known})") from None
