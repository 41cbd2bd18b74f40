"""The order language of Welt der Waben (docs/orders-wdw.md), German and English, with
its sloppy forms."""

from __future__ import annotations

import pytest

from engine.core import Order
from engine.wdw.orders import Build, Fight, Special, Spy, Work
from grammar.wdw import LANGUAGE

HEADER = "Partie 7 Spieler 1 Kennwort geheim\n"


def orders(text: str) -> list[Order]:
    result = LANGUAGE.parse(HEADER + text)
    assert not result.errors, [e.message("de") for e in result.errors]
    return list(result.orders)


@pytest.mark.parametrize(
    ("line", "order"),
    [
        (
            "115 KNF 12/4 12/5 13/1",
            Fight(line=2, unit=115, code="KN", ext="F", path=("12/4", "12/5", "13/1")),
        ),
        ("115 KN F 12/4", Fight(line=2, unit=115, code="KN", ext="F", path=("12/4",))),
        ("101 KA 1/19", Fight(line=2, unit=101, code="KA", path=("1/19",))),
        ("101 KA 1-19 2/3", Fight(line=2, unit=101, code="KA", path=("1/19", "2/3"))),
        ("115 KN-F 12-4", Fight(line=2, unit=115, code="KN", ext="F", path=("12/4",))),
        ("Heer 115 kn mit f 12.04", Fight(line=2, unit=115, code="KN", ext="F", path=("12/4",))),
        (
            "H115 KA über 12/4 nach 12/5",
            Fight(line=2, unit=115, code="KA", ext="", path=("12/4", "12/5")),
        ),
        (
            "army 115 KA via 12/4 -> 12/5",
            Fight(line=2, unit=115, code="KA", ext="", path=("12/4", "12/5")),
        ),
        ("115 KAP1", Fight(line=2, unit=115, code="KA", ext="P1")),
        ("115 KA P-II 1/5", Fight(line=2, unit=115, code="KA", ext="P2", path=("1/5",))),
        ("115 KHB3", Fight(line=2, unit=115, code="KH", ext="B3")),
        ("115 KIE GF1 KF5", Fight(line=2, unit=115, code="KI", ext="E", path=("1/5",))),
        ("403 ABV Stv", Work(line=2, unit=403, code="AB", ext="V", structure="stv")),
        ("403 AB Stadtverteidigung", Work(line=2, unit=403, code="AB", structure="stv")),
        ("601 GI4 Ziel: Guru", Spy(line=2, unit=601, code="GI", risk=4, target="Guru")),
        ("601 GI R4 target: Guru", Spy(line=2, unit=601, code="GI", risk=4, target="Guru")),
        (
            "602 GA2 Ziel: Herrscher von Tharn",
            Spy(line=2, unit=602, code="GA", risk=2, target="Herrscher von Tharn"),
        ),
        ("603 GI", Spy(line=2, unit=603, code="GI", risk=3)),
        ("Baue Guru Stv +2", Build(line=2, settlement="Guru", structure="stv", bwp=2)),
        ("Bau Guru: 2 Befestigung", Build(line=2, settlement="Guru", structure="bef", bwp=2)),
        ("build Guru mil", Build(line=2, settlement="Guru", structure="mil")),
        (
            "Sonderbefehl 115: Die Brücke abbrechen",
            Special(line=2, unit=115, text="Die Brücke abbrechen"),
        ),
        ("special order 115: burn the bridge", Special(line=2, unit=115, text="burn the bridge")),
    ],
)
def test_each_order_form_is_read(line: str, order: Order) -> None:
    assert orders(line + "\n") == [order]


def test_gs_and_gp_in_text_are_no_orders() -> None:
    # D16: a G code is read only in the order slot after a unit.
    assert orders("Artikel: 5000 GS für GP\n")[0].kind == "press"


@pytest.mark.parametrize("line", ["115 KF 12/4", "Baue Guru Kirche", "KN 115"])
def test_a_wrong_line_is_an_error_with_examples(line: str) -> None:
    result = LANGUAGE.parse(HEADER + line + "\n")
    (error,) = result.errors
    assert "„115 KNF 12/4 12/5“" in error.message("de")


def test_a_field_beyond_kf_48_is_refused() -> None:
    result = LANGUAGE.parse(HEADER + "115 KN 12/49\n")
    (error,) = result.errors
    assert "12/49 ist kein Kleinfeld" in error.message("de")
    assert "12/49 is no field" in error.message("en")


def test_orders_round_trip_through_json() -> None:
    for order in orders("115 KNF 12/4\n601 GI4 Ziel: Guru\nBaue Guru Stv\nSonderbefehl 1: x\n"):
        data = {**order.to_json(), "kind": order.kind, "line": order.line}
        assert LANGUAGE.order_from_json(data) == order


@pytest.mark.parametrize(
    "line",
    [
        "115 KV heute nicht mehr weiter",
        "601 GA2 und dann noch etwas mehr",
        "Rüsten viele Krieger für die Stadt Guru",
        "201 AB Kirche am Markt bauen",
        "army 115 attacks the city at dawn",
    ],
)
def test_a_line_starting_with_a_unit_or_keyword_is_an_error_never_prose(line: str) -> None:
    # Issue 24: a garbled order must come back as an error with its line, not as a note.
    result = LANGUAGE.parse(HEADER + line + "\n")
    assert not result.notes
    (error,) = result.errors
    assert error.line == 2
    assert error.line_text == line


def test_a_sentence_in_the_orders_stays_a_note() -> None:
    result = LANGUAGE.parse(HEADER + "Ich greife morgen mit allen Truppen an\n")
    assert not result.errors
    (note,) = result.notes
    assert "ein Satz oder eine Unterschrift" in note.messages["de"]
