"""Whose word "GM" is (grammar/players.lark, reader.player_grammar): in Starweb and Ashes
the Galactic Media, their newspaper; in every other kind the game master. A message to
the game master never lands in the newspaper."""

from __future__ import annotations

import pytest

from engine.core import Article, GmMessage, Order
from grammar.ashes import LANGUAGE as ASHES
from grammar.ashes_board import LANGUAGE as ASHES_BOARD
from grammar.reader import KindLanguage
from grammar.spacewar import LANGUAGE as SPACEWAR
from grammar.starweb import LANGUAGE as STARWEB
from grammar.wdw import LANGUAGE as WDW

HEADER = "Partie 1 Spieler 1 Kennwort x\n"
EVERY_KIND = [WDW, SPACEWAR, STARWEB, ASHES, ASHES_BOARD]
GALACTIC_MEDIA = [STARWEB, ASHES, ASHES_BOARD]
TO_THE_GM_EVERYWHERE = [
    "Nachricht an die SL: Hallo",
    "An die Spielleitung: Hallo",
    "Spielleitung: Hallo",
    "an den Spielleiter: Hallo",
    "für die SL: Hallo",
    "Artikel für die SL: bitte nicht drucken",
    "Artikel an die Spielleitung: bitte nicht drucken",
    "SL: Steuern +10 %",
    "to GM: taxes +10 %",
    "Message to the GM: hi",
]
GM_IS_THE_GAME_MASTER = [
    "GM: taxes +10 % in Guru, please keep it secret",
    "an die GM: geheim",
    "Artikel für die GM: geheim",
]


def _one(language: KindLanguage, line: str) -> Order:
    result = language.parse(HEADER + line + "\n")
    assert not result.errors, [e.message("en") for e in result.errors]
    (order,) = result.orders
    return order


@pytest.mark.parametrize("language", EVERY_KIND)
@pytest.mark.parametrize("line", TO_THE_GM_EVERYWHERE)
def test_a_message_to_the_game_master_reaches_him_in_every_kind(
    language: KindLanguage, line: str
) -> None:
    order = _one(language, line)
    assert isinstance(order, GmMessage) and order.text == line.split(":", 1)[1].strip()


@pytest.mark.parametrize("language", [WDW, SPACEWAR])
@pytest.mark.parametrize("line", GM_IS_THE_GAME_MASTER)
def test_gm_is_the_game_master_where_no_galactic_media_prints(
    language: KindLanguage, line: str
) -> None:
    assert isinstance(_one(language, line), GmMessage)


@pytest.mark.parametrize("language", GALACTIC_MEDIA)
@pytest.mark.parametrize("line", [*GM_IS_THE_GAME_MASTER, "Für die GM: Crab lebt!"])
def test_gm_is_the_galactic_media_in_starweb_and_ashes(language: KindLanguage, line: str) -> None:
    assert isinstance(_one(language, line), Article)


@pytest.mark.parametrize("language", EVERY_KIND)
def test_an_article_is_still_an_article(language: KindLanguage) -> None:
    assert isinstance(_one(language, "Artikel: Frieden!"), Article)
