"""The language a player's mail is written in, told by its keywords as written: the
header's (``Partie``/``Game``, ``Kennwort``/``Password``) and the first word of each
order line (``Bau``/``Build``). Names, numbers and codes (``HP``, ``W189B3R``) tell
nothing."""

from __future__ import annotations

import re
from collections.abc import Iterable

_ENGLISH = re.compile(
    r"(?i)^(game|player|password|pwd?|turn|final|done|orders final|i resign|i quit|resign|"
    r"quit|article|press|news|secret|private message|urgent|dispatch|map|salt|build|"
    r"production|produce|prod|flights?|fly|send|cargo|research|rounds|extension|vote|"
    r"end vote|rename|ruler|spy|political relation|home ?planet|diplomacy)\b"
)
_GERMAN = re.compile(
    r"(?i)^(partie|spiel|spieler|mitspieler|kennwort|passwort|runde|zug|fertig|endg|"
    r"befehle endg|ich gebe auf|ich trete|rücktritt|ruecktritt|aufgabe|aufgeben|ausscheiden|"
    r"artikel|presse|zeitung|geheim|eil|depesche|karte|landkarte|salz|bau|produktion|"
    r"produziere|flug|flüge|fluege|sende|schicke|fracht|forschung|runden|verlängerung|"
    r"verlaengerung|abstimmung|umbenennen|herrscher|spion|politisches|heimatplanet|diplomatie)"
)


def word_language(word: str) -> str | None:
    """``en`` or ``de`` for a keyword as written; ``None`` if it tells neither."""
    word = word.strip()
    if _ENGLISH.match(word):
        return "en"
    if _GERMAN.match(word):
        return "de"
    return None


def mail_language(words: Iterable[str]) -> str | None:
    """The language most of ``words`` (keywords as written) are in; ``None`` if they
    tell none, or as many for one as for the other."""
    votes = [lang for word in words if (lang := word_language(word)) is not None]
    english, german = votes.count("en"), votes.count("de")
    if english == german:
        return None
    return "en" if english > german else "de"
