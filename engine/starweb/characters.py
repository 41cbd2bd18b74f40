"""The characters' names in both languages (Starweb "Die Charaktere").

The rulebook's German names are the values of :class:`engine.starweb.state.Character`;
the English names are those of the English 7th edition ("Empire Builder", "Merchant",
...). A GM may write either at setup (``engine.starweb.setup.character`` reads them).
"""

from __future__ import annotations

from engine.starweb.state import Character

ENGLISH: dict[Character, str] = {
    Character.EMPIRE_BUILDER: "Empire Builder",
    Character.MERCHANT: "Merchant",
    Character.PIRATE: "Pirate",
    Character.COLLECTOR: "Artifact Collector",
    Character.BERSERKER: "Berserker",
    Character.APOSTLE: "Apostle",
}
"""The English 7th edition's name of each character."""

SPELLINGS: tuple[str, ...] = (
    *(c.value for c in Character),
    *(name for name in ENGLISH.values() if name not in {c.value for c in Character}),
)
"""Every name a GM may give a character: the German ones first, then the English."""


def character_name(character: str, lang: str) -> str:
    """The character's name as a printout in ``lang`` writes it."""
    known = Character(character)
    return ENGLISH[known] if lang == "en" else known.value
