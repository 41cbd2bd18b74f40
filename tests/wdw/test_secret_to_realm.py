"""A secret message or dispatch to a realm by its name or number (`Geheim an Tharn: …`,
`secret to realm 1: …`; docs/orders-wdw.md): the game's realm names come from
the running game (``rulers``), and a name no realm has is refused naming every realm's
seat."""

from __future__ import annotations

import pytest

from engine.core import SecretMessage, UrgentDispatch
from grammar.wdw import LANGUAGE
from tests.wdw.helpers import HEADER

REALMS = {1: "Isyrial", 2: "Tharn"}


@pytest.mark.parametrize(
    ("line", "seat"),
    [
        ("Geheim an Tharn: Hallo", 2),
        ("Geheimnachricht an Reich 2: Hallo", 2),
        ("secret to Isyrial: Hallo", 1),
        ("secret to realm 1: Hallo", 1),
        ("Geheim an tharn: Hallo", 2),
        ("Geheim an Spieler 2: Hallo", 2),
    ],
)
def test_a_secret_message_names_its_realm_by_name_or_number(line: str, seat: int) -> None:
    result = LANGUAGE.parse(HEADER + line + "\n", rulers=REALMS)
    assert not result.errors, [e.message("de") for e in result.errors]
    assert result.orders == [SecretMessage(line=2, to=seat, text="Hallo")]


def test_an_urgent_dispatch_names_its_realm_too() -> None:
    result = LANGUAGE.parse(HEADER + "Eildepesche an Tharn: Eile!\n", rulers=REALMS)
    assert result.orders == [UrgentDispatch(line=2, to=2, text="Eile!")]


def test_a_realm_no_one_rules_is_refused_naming_every_realm_s_seat() -> None:
    (error,) = LANGUAGE.parse(HEADER + "Geheim an Borg: Hallo\n", rulers=REALMS).errors
    assert "„Borg“" in error.message("de")
    assert "Isyrial ist Spieler 1, Tharn ist Spieler 2" in error.message("de")
    assert "Isyrial is player 1, Tharn is player 2" in error.message("en")
