"""The order language of Welt der Waben (docs/orders-wdw.md), German and English, with
its sloppy forms."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core import GmMessage, Order
from engine.wdw.orders import (
    Alliance,
    Build,
    CapitalMove,
    Convert,
    Demolish,
    Fight,
    Province,
    Raise,
    Repair,
    Special,
    Spy,
    Storm,
    Train,
    Work,
)
from grammar.wdw import LANGUAGE
from tests.wdw.helpers import HEADER, assert_refused, read_error, read_orders
from tests.wdw.test_player_words import glossary


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
        ("603 GI Tharnburg", Spy(line=2, unit=603, code="GI", risk=3, target="Tharnburg")),
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
    assert read_orders(line + "\n") == [order]


def test_gs_and_gp_in_text_are_no_orders() -> None:
    # D16: a G code is read only in the order slot after a unit.
    assert read_orders("Artikel: 5000 GS für GP\n")[0].kind == "press"


@pytest.mark.parametrize("line", ["Baue Guru Kirche", "115 AB Kirche"])
def test_a_wrong_line_is_an_error_with_examples(line: str) -> None:
    error = read_error(line)
    assert "„115 KNF 12/4 12/5“" in error.message("de")


@pytest.mark.parametrize(
    ("line", "column", "de", "en"),
    [
        (
            "601 GI9 Ziel: Guru",
            5,
            "„GI9“: nach GI steht nur das Risiko 1 bis 5, keine Erweiterung: „601 GI4 Ziel: Guru“",
            '"GI9": GI takes only its risk 1 to 5, no extension',
        ),
        (
            "115 KH B7",
            8,
            "„B7“: belagert wird eine der Seiten 1 bis 6 des Feldes: „115 KHB3“",
            '"B7": a siege is laid at one of the sides 1 to 6 of the field',
        ),
        ("115 KHB7", 5, "„KHB7“: belagert wird eine der Seiten 1 bis 6", "sides 1 to 6"),
        ("115 KA P4", 8, "„P4“: Plündern hat die Stufen 1 bis 3: „115 KAP2“", "stages 1 to 3"),
        (
            "115 KF 12/4",
            5,
            "„KF“: einen Befehl KF gibt es nicht; erwartet wird KN, KA, KT, KH, KV, KI, KX, KR "
            "(Tab. 5.1-1)",
            '"KF": there is no order KF; expected KN, KA, KT, KH, KV, KI, KX, KR (Tab. 5.1-1)',
        ),
        (
            "601 GX2 Guru",
            5,
            "„GX2“: einen Befehl GX gibt es nicht; erwartet wird GZ, GG, GI",
            "no order GX",
        ),
        (
            "115 XA 1/2",
            5,
            "„XA“: eine Befehlsart „X“ gibt es nicht; K (Kampf), A (Arbeit) oder G (Spionage) "
            "erwartet (Strategie 5.1–5.3)",
            'there is no kind of order "X"; K (combat), A (work) or G (espionage) expected',
        ),
        ("115 ABQ Stv", 5, "„ABQ“: „Q“ ist keine Erweiterung zu AB", '"Q" is no extension of AB'),
        (
            "115 KN 12-4-5",
            12,
            "„12-4-5“: ein Feld wird GF/KF geschrieben, Großfeld und Kleinfeld 1 bis 48: „12/4“",
            "a field is written GF/KF",
        ),
        ("Heer 115 KA 12", 13, "„12“: ein Feld wird GF/KF geschrieben", "a field is written"),
        (
            "KN 115",
            1,
            "„KN“: vor dem Befehl steht die Nummer der Einheit, die ihn ausführt",
            "the number of the unit that carries out the order comes first",
        ),
    ],
)
def test_a_malformed_code_or_field_says_what_is_wrong(
    line: str, column: int, de: str, en: str
) -> None:
    error = read_error(line)
    assert error.column == column
    assert error.message("de").startswith(de)
    assert en in error.message("en")


@pytest.mark.parametrize("line", ["GI9", "KH B7"])
def test_an_order_code_without_its_unit_is_an_error_not_a_signature(line: str) -> None:
    # The last line of a mail, short and name-like, used to be taken for a signature.
    result = LANGUAGE.parse(HEADER + "115 KA 1/19\n" + line + "\n")
    assert not result.notes
    (error,) = result.errors
    assert error.line == 3
    assert "vor dem Befehl steht die Nummer der Einheit" in error.message("de")


def test_a_field_beyond_kf_48_is_refused() -> None:
    assert_refused("115 KN 12/49", "12/49 ist kein Kleinfeld", "12/49 is no field")


@pytest.mark.parametrize("line", ["601 GAP-II", "601 GIB3"])
def test_a_spy_with_another_codes_extension_is_refused_with_the_spy_form(line: str) -> None:
    # These raised ValueError in int() and came back as "internal error".
    error = assert_refused(line, "„601 GI4 Ziel: Guru“", '"601 GI4 target: Guru"')
    assert error.column == 5


def test_a_spy_code_and_a_word_is_the_spy_and_its_target() -> None:
    assert read_orders("601 GI S\n") == [Spy(line=2, unit=601, code="GI", risk=3, target="S")]


def test_orders_round_trip_through_json() -> None:
    for order in read_orders(
        "115 KNF 12/4\n601 GI4 Ziel: Guru\nBaue Guru Stv\nSonderbefehl 1: x\n"
    ):
        data = {**order.to_json(), "kind": order.kind, "line": order.line}
        assert LANGUAGE.order_from_json(data) == order


@pytest.mark.parametrize(
    "line",
    [
        "115 KV heute nicht mehr weiter",
        "601 GX2 und dann noch etwas mehr",
        "Rüsten viele Krieger für die Stadt Guru",
        "201 AB Kirche am Markt bauen",
        "army 115 attacks the city at dawn",
    ],
)
def test_a_line_starting_with_a_unit_or_keyword_is_an_error_never_prose(line: str) -> None:
    # A garbled order must come back as an error with its line, not as a note.
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


def _one(line: str) -> Order:
    (order,) = read_orders(line + "\n")
    return order


@pytest.mark.parametrize(
    ("line", "code", "ext"),
    [
        ("115 Vernichten", "KN", ""),
        ("115 vernichte 12/4", "KN", ""),
        ("115 destroy", "KN", ""),
        ("115 Angriff", "KA", ""),
        ("115 angreifen", "KA", ""),
        ("115 attack", "KA", ""),
        ("115 KA.", "KA", ""),
        ("115 KA. 12/4", "KA", ""),
        ("115 Taktischer Angriff", "KT", ""),
        ("115 tak. Angriff", "KT", ""),
        ("115 tactical attack", "KT", ""),
        ("115 halten", "KH", ""),
        ("115 Stellung halten", "KH", ""),
        ("115 hold position", "KH", ""),
        ("115 Verteidigung", "KV", ""),
        ("115 defend", "KV", ""),
        ("115 ignorieren", "KI", ""),
        ("115 ignore", "KI", ""),
        ("115 verstecken", "KX", ""),
        ("115 hide", "KX", ""),
        ("115 Rückzug", "KR", ""),
        ("115 zurückziehen", "KR", ""),
        ("115 retreat", "KR", ""),
        ("115 KI+Erobern", "KI", "E"),
        ("115 KI conquer", "KI", "E"),
        ("115 KA Plündern 3", "KA", "P3"),
        ("115 KA Plündern II", "KA", "P2"),
        ("115 attack plunder 2", "KA", "P2"),
        ("115 KH Belagern Seite 3", "KH", "B3"),
        ("115 KH Belagern", "KH", "B"),
        ("115 hold siege side 4", "KH", "B4"),
        ("115 KN verfolgen", "KN", "F"),
        ("115 destroy pursue", "KN", "F"),
        ("115 KA bewachen", "KA", "W"),
        ("115 KA guard", "KA", "W"),
        ("115 Angriff bewachen", "KA", "W"),
    ],
)
def test_the_words_of_k_codes_and_extensions_are_read(line: str, code: str, ext: str) -> None:
    order = _one(line)
    assert isinstance(order, Fight)
    assert (order.unit, order.code, order.ext) == (115, code, ext)


def test_a_search_names_its_objects_for_the_gm_in_both_languages() -> None:
    assert _one("115 KV Durchsuchen nach Gold 12/4") == Fight(
        line=2, unit=115, code="KV", ext="S", search="Gold 12/4"
    )
    assert _one("115 KV search for the lost crown") == Fight(
        line=2, unit=115, code="KV", ext="S", search="the lost crown"
    )
    assert _one("115 KV Durchsuchen 12/4") == Fight(
        line=2, unit=115, code="KV", ext="S", path=("12/4",)
    )
    # "nach" and fields only: the way to search, not an object
    assert _one("115 KV Durchsuchen nach 12/4 12/5") == Fight(
        line=2, unit=115, code="KV", ext="S", path=("12/4", "12/5")
    )


@pytest.mark.parametrize(("line", "ext"), [("201 AB halten Stv", "H"), ("201 AB defend Stv", "V")])
def test_an_a_extension_as_a_word_is_read(line: str, ext: str) -> None:
    assert _one(line) == Work(line=2, unit=201, code="AB", ext=ext, structure="stv")


@pytest.mark.parametrize(
    ("line", "de", "en"),
    [
        ("115 KA halten", "„halten“ ist keine Erweiterung zu KA", '"halten" is no extension of KA'),
        ("201 AB Erobern", "„Erobern“ ist keine Erweiterung zu AB", '"Erobern" is no extension'),
        ("115 KAF verfolgen", "„verfolgen“ ist keine Erweiterung zu KA, oder die zweite", "or a"),
    ],
)
def test_a_wrong_or_second_extension_word_is_refused(line: str, de: str, en: str) -> None:
    assert_refused(line, de, en)


@pytest.mark.parametrize(
    ("line", "order"),
    [
        ("601 GI Risiko 4 Ziel: Guru", Spy(line=2, unit=601, code="GI", risk=4, target="Guru")),
        ("601 GI risk 4 target: Guru", Spy(line=2, unit=601, code="GI", risk=4, target="Guru")),
        ("601 GI-4 Guru", Spy(line=2, unit=601, code="GI", risk=4, target="Guru")),
        ("601 Infiltrieren Guru", Spy(line=2, unit=601, code="GI", risk=3, target="Guru")),
        ("601 infiltrate 5 Guru", Spy(line=2, unit=601, code="GI", risk=5, target="Guru")),
        (
            "602 GA2 Herrscher von Tharn",
            Spy(line=2, unit=602, code="GA", risk=2, target="Herrscher von Tharn"),
        ),
        ("602 Attentat 2 Ziel: Fürst", Spy(line=2, unit=602, code="GA", risk=2, target="Fürst")),
        (
            "602 assassinate 2 ruler of Tharn",
            Spy(line=2, unit=602, code="GA", risk=2, target="ruler of Tharn"),
        ),
        ("603 Rufmord Ziel: Kanzler", Spy(line=2, unit=603, code="GR", risk=3, target="Kanzler")),
        ("603 intercept messages Guru", Spy(line=2, unit=603, code="GB", risk=3, target="Guru")),
    ],
)
def test_the_g_order_forms_are_read(line: str, order: Spy) -> None:
    assert _one(line) == order


@pytest.mark.parametrize("line", ["601 GI", "601 GA2", "601 Infiltrieren"])
def test_a_g_order_without_a_target_is_refused(line: str) -> None:
    assert_refused(line, "braucht ein Ziel: „601", "needs a target")


@pytest.mark.parametrize(
    ("line", "order"),
    [
        ("201 Bauen: Befestigung", Work(line=2, unit=201, code="AB", structure="bef")),
        ("201 build stv", Work(line=2, unit=201, code="AB", structure="stv")),
        ("201 AB-H Bef", Work(line=2, unit=201, code="AB", ext="H", structure="bef")),
        ("201 Minenarbeit 12/7", Work(line=2, unit=201, code="AM", path=("12/7",))),
        ("201 mining 12/7", Work(line=2, unit=201, code="AM", path=("12/7",))),
    ],
)
def test_the_words_of_a_orders_are_read(line: str, order: Order) -> None:
    assert _one(line) == order


def test_a_sonderbefehl_and_a_defamation_text_may_be_blocks_up_to_ende() -> None:
    text = (
        "603 GR Ziel: Kanzler\nRufmord:\nDer Kanzler stolpert\nin den Brunnen.\nEnde\n"
        "Sonderbefehl 115:\nDie Brücke abbrechen\nEnde\n115 KA 1/2\n"
    )
    assert read_orders(text) == [
        Spy(line=2, unit=603, code="GR", risk=3, target="Kanzler"),
        GmMessage(line=3, text="Rufmord: Der Kanzler stolpert\nin den Brunnen."),
        Special(line=7, unit=115, text="Die Brücke abbrechen"),
        Fight(line=10, unit=115, code="KA", path=("1/2",)),
    ]
    assert read_orders("defamation: He lies.\n") == [GmMessage(line=2, text="defamation: He lies.")]


@pytest.mark.parametrize(
    ("line", "de", "en"),
    [
        ("Steuern +10 %", "ein Steuersatz ist kein Befehl dieses Spiels", '"to GM: taxes +10 %"'),
        ("tax rate +10 %", "„SL: Steuern +10 %“", "a tax rate is no order of this game"),
        (
            "Baue Guru Stv +2 Vorauszahlung 15000",
            "eine Vorauszahlung ist kein Befehl dieses Spiels",
            "a building is paid month by month",
        ),
        ("Verband 115 116", "Verbände, Teilen und Laden sind keine Befehle", "grouping"),
        ("Teile 115: 500 -> 119", "„Sonderbefehl 115: …“", '"special order 115: …"'),
        ("301 lädt 115", "Verbände, Teilen und Laden", "loading units are no orders"),
        ("group 115 116", "Verbände, Teilen und Laden", "grouping, splitting and loading"),
        # Every spelling of the grammar's words: "0 load" was an internal error.
        ("0 load", "Verbände, Teilen und Laden", "loading units are no orders"),
        ("301 loads 115", "Verbände, Teilen und Laden", "loading units are no orders"),
        ("301 beladen 115", "Verbände, Teilen und Laden", "loading units are no orders"),
        ("301 laedt 115", "Verbände, Teilen und Laden", "loading units are no orders"),
        ("Steuersatz 10", "ein Steuersatz ist kein Befehl", "a tax rate is no order"),
        ("prepayment 100", "eine Vorauszahlung ist kein Befehl", "a building is paid"),
        ("split 115", "Verbände, Teilen und Laden", "grouping, splitting and loading"),
    ],
)
def test_the_designs_forms_that_are_no_orders_here_say_what_to_write(
    line: str, de: str, en: str
) -> None:
    assert_refused(line, de, en)


def test_a_number_after_an_ab_structure_is_refused_with_the_form() -> None:
    # docs/rules-wdw.md: "AB-H Bef 2" names no end a unit's standing order could keep.
    error = assert_refused(
        "201 AB-H Bef 2", "die Zahl nach dem Bauwerk wird nicht gelesen", '"201 AB-H bef"'
    )
    assert error.column == len("201 AB-H Bef 2")


@pytest.mark.parametrize(
    ("order", "de", "en"),
    [
        (
            Raise(settlement="Guru", count=10, unit_class="sea", province="Erinal"),
            "Rüste 10 Schiffe Heimatverteidigung Erinal in Guru",
            "raise 10 ships home defence Erinal in Guru",
        ),
        (
            Raise(settlement="Guru", count=200, properties=("nahkampf=3",), instant=True, rs=3),
            "Soforrüstung 200 Krieger RS3 Nahkampf 3 in Guru",
            "instant raise 200 warriors RS3 melee 3 in Guru",
        ),
        (
            Train(unit=101, properties=("nahkampf=2", "geschwindigkeit=1"), rs=4),
            "Ausbildung 101 RS4 Nahkampf 2 Geschwindigkeit 1",
            "train 101 RS4 melee 2 speed 1",
        ),
        (
            Train(unit=301, province="Nord"),
            "Ausbildung 301 Heimatverteidigung Nord",
            "train 301 home defence Nord",
        ),
        (
            Convert(
                unit=101, source="heimatverteidigung", source_province="Nord", target="nahkampf"
            ),
            "Umwandlung 101 Heimatverteidigung Nord -> Nahkampf",
            "convert 101 home defence Nord -> melee",
        ),
        (
            Storm(settlement="Tharnburg", units=(101, 102)),
            "Sturm auf Tharnburg mit 101 102",
            "storm Tharnburg with 101 102",
        ),
        (Storm(settlement="Tharnburg"), "Sturm auf Tharnburg", "storm Tharnburg"),
        (Alliance(realm="Tharn"), "Bündnis Tharn", "alliance Tharn"),
        (Alliance(realm="2", end=True), "Bündnis aufheben 2", "end alliance 2"),
        (CapitalMove(settlement="Guru"), "Hauptstadt nach Guru", "capital to Guru"),
        (
            Province(name="Erinal", fields=("1/18", "1/19")),
            "Provinz Erinal: 1/18 1/19",
            "province Erinal: 1/18 1/19",
        ),
        (
            Province(name="Tharnsee", fields=("1/24", "1/16"), port="Tharnburg"),
            "Seeprovinz Tharnsee: 1/24 1/16 Heimathafen Tharnburg",
            "sea province Tharnsee: 1/24 1/16 home port Tharnburg",
        ),
        (
            Demolish(settlement="Guru", structure="mil", units=(201, 202)),
            "Abriss Guru mil 1 mit 201 202",
            "demolish Guru mil 1 with 201 202",
        ),
        (
            Demolish(settlement="", structure="mil", bwp=2, units=(201,)),
            "201 AB Abriss mil 2",
            "201 AB demolish mil 2",
        ),
        (
            Repair(settlement="Guru", structure="stv", units=(201,)),
            "Repariere Guru stv mit 201",
            "repair Guru stv with 201",
        ),
        (Repair(settlement="Guru", structure="stv"), "Repariere Guru stv", "repair Guru stv"),
        (
            Repair(settlement="", structure="bef", units=(201,)),
            "201 AB Reparatur bef",
            "201 AB repair bef",
        ),
    ],
)
def test_an_orders_echo_is_its_written_form_in_the_readers_language(
    order: Order, de: str, en: str
) -> None:
    # The echo heads the acknowledgement's line (and each refusal): it once printed state
    # names ("fernkampf"), German words in English, a double space and "mit :".
    assert order.describe("de") == de
    assert order.describe("en") == en
    # docs/orders-wdw.md "English words (glossary)": no rulebook German in the English.
    assert [term for term in glossary() if term.lower() in en.lower()] == []
    for lang in ("de", "en"):
        (read,) = read_orders(order.describe(lang) + "\n")
        assert replace(read, line=0) == order


@pytest.mark.parametrize(
    ("line", "de", "en"),
    [
        ("115 KA Bef", "„Bef“ ist ein Bauwerk, und KA baut nicht", '"Bef" is a structure'),
        ("115 KA 1/2 Stv", "„Stv“ ist ein Bauwerk, und KA baut nicht", "and KA does not build"),
        ("115 KV Wall 3", "„Wall 3“ ist ein Bauwerk, und KV baut nicht", '"115 AB Wall 3"'),
        ("201 AM 1/2 Bef", "„Bef“ ist ein Bauwerk, und AM baut nicht", '"201 AB Bef"'),
        ("115 KA Ziel: Guru", "„Ziel: Guru“: ein Ziel nimmt nur ein G-Befehl", "only a G order"),
        ("201 AB Ziel: Guru", "„Ziel: Guru“: ein Ziel nimmt nur ein G-Befehl", "no AB"),
    ],
)
def test_a_part_the_orders_code_does_not_read_is_refused_naming_it(
    line: str, de: str, en: str
) -> None:
    # docs/orders-wdw.md: only AB names a structure or a wall, only a G order a target;
    # "115 KA Bef" was read as "115 KA", the structure dropped unsaid.
    assert_refused(line, de, en)


@pytest.mark.parametrize(
    "line",
    [
        "Rüste 100 Krieger Heimatverteidigung in Guru",
        "raise 100 warriors home defence in Guru",
        "Soforrüstung 100 Krieger Nahkampf 2 Heimatverteidigung in Guru",
    ],
)
def test_home_defence_without_its_province_is_refused_not_read_as_province_in(line: str) -> None:
    # Strategie 4.3: Heimatverteidigung is one province's; "in" is no province's name.
    error = assert_refused(line, "Heimatverteidigung für welche Provinz?", "for which province?")
    assert "in in" not in error.message("de")
    (order,) = read_orders("Rüste 100 Krieger Heimatverteidigung Erinal in Guru")
    assert isinstance(order, Raise) and (order.province, order.settlement) == ("Erinal", "Guru")


@pytest.mark.parametrize(
    ("line", "word"),
    [("601 GI 6 Ziel: y", "GI 6"), ("601 GI R7 Guru", "GI R7"), ("601 GI 10: Guru", "GI 10")],
)
def test_a_spy_risk_beyond_five_is_refused(line: str, word: str) -> None:
    # Strategie 5.3: the risk is 1 to 5; a 6 is no part of the target.
    assert_refused(line, f"„{word}“: das Risiko eines GI-Befehls ist 1 bis 5", "is 1 to 5")
    (spy,) = read_orders("601 GE 102")  # a bare number after the code stays the target
    assert isinstance(spy, Spy) and (spy.risk, spy.target) == (3, "102")
