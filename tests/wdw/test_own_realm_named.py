"""A realm's printout, map picture and page name the reader's own realm with its number
(the number the printouts give realms and units, ``Reich 2``, ``2/101``) beside its
seat, so that a player can tell which realm is theirs — their own only, never another
realm's seat."""

from __future__ import annotations

import pytest

from tests.wdw.helpers import GAME, sample


@pytest.mark.parametrize(
    ("seat", "lang", "named", "other"),
    [
        (1, "de", "Reich 1 Isyrial (Position 1) – Schatz", "(Position 2)"),
        (2, "en", "Realm 2 Tharn (seat 2) - treasury", "(seat 1)"),
    ],
)
def test_the_printout_names_the_own_realm_with_its_number_and_seat(
    seat: int, lang: str, named: str, other: str
) -> None:
    text = GAME.printout(sample(), seat, lang)
    assert named in text.splitlines()[2]
    assert other not in text


def test_the_map_picture_is_titled_with_the_own_realm_only() -> None:
    state = sample()
    assert GAME.map_view(state, 1, "de").title == (
        "Reich 1 Isyrial (Position 1) – Bekannte Karte: 7 Kleinfelder"
    )
    assert "seat 1" not in GAME.map_view(state, 2, "en").title
    assert GAME.map_view(state, 0, "de").title.startswith("Bekannte Karte")  # the GM's: all
