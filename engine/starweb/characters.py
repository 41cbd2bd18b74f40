"""The characters' names in every language (Starweb "Die Charaktere").

The rulebook's German names are the values of :class:`engine.starweb.state.Character`;
the catalog (``characters.`` in ``engine/starweb/locale``) gives each language's name, in
English those of the English 7th edition ("Empire Builder", "Merchant", ...). At setup
a GM writes the German or the English name (``engine.starweb.setup.character`` reads
those spellings).
"""

from __future__ import annotations

from engine.starweb.state import Character
from engine.starweb.texts import CHARACTERS

SPELLINGS: tuple[str, ...] = tuple(
    dict.fromkeys(
        CHARACTERS.text(lang, c.value) for lang in CHARACTERS.languages for c in Character
    )
)
"""Every language's name of each character, German first: the seat field's choices."""


def character_name(character: str, lang: str) -> str:
    """The character's name as a printout in ``lang`` writes it; a character the game
    does not know is shown as it is."""
    return CHARACTERS.say(lang, character) if character in CHARACTERS else character
