"""The host's view of the game kinds: the registry of ``engine/`` and their order languages.

The host never names a game: it looks a kind up by the name stored with the game
(``Game.kind``) and reads orders with the language the kind names (its ``grammar``
module's ``LANGUAGE``). Kinds outside the registry (a third party's, or the test kind)
are loaded by ``module:attribute`` from the ``game_kinds`` setting.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING

from config.game_options import host_settings
from engine.catalogs import Catalog
from engine.core import GameKind, MessageRules, OrderLanguage
from engine.registry import UnknownGameKind, grammar, kind, kinds, register, titles
from mailserver.common.catalog import HOST

if TYPE_CHECKING:  # the type alone: `pbem parse` reads orders without the database layer
    from db.models import Game

__all__ = [
    "UnknownGameKind",
    "game_kind",
    "kind_names",
    "kind_texts",
    "load_kinds",
    "message_rules",
    "newspaper",
    "order_language",
    "order_language_of",
    "printout_headings",
]


def game_kind(name: str) -> GameKind:
    """The registered kind called ``name`` (:class:`UnknownGameKind` if none)."""
    return kind(name)


def kind_names() -> list[str]:
    """The names of every registered kind, the default (first) one first (without
    importing a kind)."""
    return list(titles())


@cache
def _language(module: str) -> OrderLanguage:
    language: OrderLanguage = importlib.import_module(module).LANGUAGE
    return language


def order_language(kind: GameKind) -> OrderLanguage:
    """The order language of ``kind`` (its grammar module's ``LANGUAGE``)."""
    return _language(kind.grammar)


def order_language_of(name: str) -> OrderLanguage:
    """The order language of the kind called ``name``, without importing a shipped kind's
    engine (``pbem parse``); :class:`UnknownGameKind` if there is none."""
    return _language(grammar(name))


def printout_headings() -> tuple[str, ...]:
    """The headings of every kind's printouts in every language of the catalogs: a quoted
    printout is recognised by them (the kinds are loaded; ``pbem parse`` takes the
    shipped languages' without loading them, :func:`engine.registry.headings`)."""
    return tuple(dict.fromkeys(h for k in kinds() for h in k.printout_headings))


def load_kinds(specs: Iterable[str]) -> None:
    """Register the kinds named ``module:attribute`` (a plug-in's :class:`GameKind`)."""
    for spec in specs:
        module, _, attribute = spec.partition(":")
        try:
            loaded = getattr(importlib.import_module(module), attribute or "KIND")
        except (ImportError, AttributeError) as err:
            raise UnknownGameKind(f"cannot load game kind {spec!r}: {err}") from None
        if not isinstance(loaded, GameKind):
            raise UnknownGameKind(f"{spec!r} is not a GameKind")
        register(loaded)


def message_rules(game: Game) -> MessageRules:
    """A game's message rules: its kind's defaults, as the GM set them for the game."""
    defaults = game_kind(game.kind).messages
    host = host_settings(game.options)
    return MessageRules(
        newspaper=bool(host.get("newspaper", defaults.newspaper)),
        urgent_dispatches=bool(host.get("urgent_dispatches", defaults.urgent_dispatches)),
        urgent_postage_cents=int(host.get("urgent_postage", defaults.urgent_postage_cents)),
        urgent_per_mail=int(host.get("urgent_per_mail", defaults.urgent_per_mail)),
        urgent_per_turn=int(host.get("urgent_per_turn", defaults.urgent_per_turn)),
    )


def kind_texts(kind: GameKind) -> Catalog:
    """The texts of the host's mails about a game of ``kind``: the kind's own catalog over
    the host's (docs/texts.md)."""
    return kind.texts.overlay(HOST) if kind.texts is not None else HOST


def newspaper(game: Game, lang: str) -> str:
    """What the mails call a game's newspaper: the kind's word for it, else the host's."""
    return kind_texts(game_kind(game.kind)).say(lang, "newspaper")
