"""The characters' names in both languages, and reading a character a GM wrote.

Starweb "Die Charaktere": the rulebook's German names are the values of
:class:`engine.starweb.state.Character`; the English names are those of the English
7th edition ("Empire Builder", "Merchant", ...). A GM may write either, in any case.
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

_BY_NAME: dict[str, Character] = {
    **{c.value.casefold(): c for c in Character},
    **{name.casefold(): c for c, name in ENGLISH.items()},
    "haendler": Character.MERCHANT,
    "reichsgruender": Character.EMPIRE_BUILDER,
    "collector": Character.COLLECTOR,
}


def character_named(text: str) -> Character:
    """The character called ``text`` (German or English, any case); ValueError if none."""
    found = _BY_NAME.get(" ".join(text.split()).casefold())
    if found is None:
        raise ValueError(f"unknown character {text!r} (known: {', '.join(SPELLINGS)})")
    return found


def character_name(character: str, lang: str) -> str:
    """The character's name as a printout in ``lang`` writes it."""
    known = Character(character)
    return ENGLISH[known] if lang == "en" else known.value
