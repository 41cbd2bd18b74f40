"""The words of Welt der Waben: the game's catalog, ``engine/wdw/locale/<lang>.po``
(docs/texts.md): the dossier, the rulings' refusals, the printouts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.catalogs import load

if TYPE_CHECKING:
    from engine.wdw.state import WdwState

TEXTS = load("engine.wdw")
"""Every text of the game."""


def say(lang: str, key: str, **values: object) -> str:
    """The text of ``key`` in ``lang`` (German where the English catalog lacks it)."""
    return TEXTS.say(lang, key, **values)


def heading(lang: str, key: str, state: WdwState, turn: int) -> str:
    """The heading ``key`` of a printout or dossier: the game, its Myra date, ``turn``."""
    return say(lang, key, game=state.game, month=state.month, year=state.year, turn=turn)
