"""The words of Welt der Waben: the game's catalog, ``engine/wdw/locale/<lang>.po``
(docs/texts.md): the dossier, the rulings' refusals, the printouts."""

from __future__ import annotations

from engine.catalogs import load

TEXTS = load("engine.wdw")
"""Every text of the game."""


def say(lang: str, key: str, **values: object) -> str:
    """The text of ``key`` in ``lang`` (German where the English catalog lacks it)."""
    return TEXTS.say(lang, key, **values)
