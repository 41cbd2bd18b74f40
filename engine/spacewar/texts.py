"""The words of Spacewar: the game's catalog, ``engine/spacewar/locale/<lang>.po``
(docs/texts.md). German words are the rulebook's."""

from __future__ import annotations

from collections.abc import Iterable

from engine.catalogs import load

TEXTS = load("engine.spacewar")
"""Every text of the game."""

PRINTOUT_HEADINGS = TEXTS.lines("printout_headings")
"""The lines that open a printout's sections, in every language: a pasted printout in an
order mail is recognised by them."""


def joined(items: Iterable[object]) -> str:
    """Items as a list for a line of text: ``5, 4, 3``."""
    return ", ".join(str(item) for item in items)


def unit_word(lang: str, code: str, count: int = 1) -> str:
    """A unit type's name for ``count`` of them (``KR`` -> Kreuzer / cruiser, 9 cruisers):
    the catalog's ``units.`` entry (the plural) for any count but one."""
    return TEXTS.say(lang, f"unit.{code}" if count == 1 else f"units.{code}")
