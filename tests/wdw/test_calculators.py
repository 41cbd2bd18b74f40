"""The Welt der Waben calculators (design §9; engine/wdw/calculators/): each one's
numbers on a worked example computed by hand from the rulebook's tables, each bad
input's message, who may use which (a realm only its own three, computed from what it
knows: a hidden foreign unit never changes its answers), and the workbench and siege
planner in the GM's dossier."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.calculating import Calculating, CalculatorInputError
from engine.core import Order
from engine.wdw.calculators.texts import number
from engine.wdw.orders import Fight
from engine.wdw.state import Unit, WdwState, world
from tests.lanes import examples
from tests.wdw.helpers import GAME, sample, unit_of
from tests.wdw.test_month import ORDERS

GM = None
BUILDS = "Bauvorhaben (je Zeile: Ansiedlung Struktur BWP): "


def gm(key: str, lang: str = "de", **params: str) -> str:
    return GAME.calculate(sample(), GM, key, params, lang)


def lines_of(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines()]


def refusal(state: WdwState, seat: int | None, key: str, **params: str) -> str:
    with pytest.raises(CalculatorInputError) as caught:
        GAME.calculate(state, seat, key, params, "de")
    return str(caught.value)


def seen(state: WdwState, seat: int, *fields: str) -> WdwState:
    """``state`` with ``fields`` in the known map of ``seat``."""
    state.realm(seat).known = sorted(set(state.realm(seat).known) | set(fields))
    return state


# -- who may use which


def test_the_engine_offers_calculators_to_the_host() -> None:
    assert isinstance(GAME, Calculating)


def test_the_gm_gets_all_six_most_valuable_first_and_a_realm_its_own_three() -> None:
    state = sample()
    gm_keys = [f.key for f in GAME.calculators(state, GM, "de")]
    assert gm_keys == ["combat", "encounters", "economy", "designer", "movement", "siege"]
    assert [f.key for f in GAME.calculators(state, 1, "en")] == ["economy", "designer", "movement"]


@pytest.mark.parametrize(
    ("lang", "classes", "loading"),
    [
        ("de", ("Land", "See", "Charakter"), ("", "Küste", "Hafen")),
        ("en", None, ("", "coast", "port")),
    ],
)
def test_the_choices_are_labelled_in_the_readers_words(
    lang: str, classes: tuple[str, ...] | None, loading: tuple[str, ...]
) -> None:
    # The designer listed "land, sea, character", the movement planner "kueste".
    fields = {f.name: f for form in GAME.calculators(sample(), 1, lang) for f in form.fields}
    assert fields["unit_class"].choices == ("land", "sea", "character")  # what the form sends
    assert fields["unit_class"].choice_labels == (classes or ("land", "sea", "character"))
    assert fields["load"].choice_labels == loading
    assert fields["mode"].choice_labels == fields["mode"].choices  # codes stay codes


@pytest.mark.parametrize("key", ["combat", "encounters", "siege"])
def test_a_realm_is_refused_the_gms_calculators(key: str) -> None:
    assert refusal(sample(), 1, key) == f"Der Rechner „{key}“ ist nur für die Spielleitung."


def test_an_unknown_calculator_is_named() -> None:
    assert refusal(sample(), GM, "orakel") == "Es gibt keinen Rechner „orakel“."


def test_a_realm_cannot_name_a_foreign_unit() -> None:
    message = refusal(sample(), 1, "movement", unit="2/101")
    assert message == "Einheit: keine bekannte Einheit 2/101"


def test_the_forms_are_filled_with_useful_defaults() -> None:
    forms = {f.key: f for f in GAME.calculators(sample(), 1, "de")}
    economy = {f.name: f.default for f in forms["economy"].fields}
    # Month 1 of the sample: the next income month is 6 (D12), six months counted.
    assert economy == {"realm": "1", "months": "6", "builds": ""}
    assert {f.name: f.default for f in forms["movement"].fields}["unit"] == "101"
    combat = {f.name: f.default for f in GAME.calculators(sample(), GM, "de")[0].fields}
    assert combat["a"] == "1/101" and combat["b"] == "2/101"


# -- the combat workbench


def attack_on_tharnburg() -> WdwState:
    """Isyrial's 1/101 (2,000 NK 1) and 1/102 (1,000 mounted) come from 1/21 to
    Tharnburg (1/22: Stv 3, capital, Bef 2) held by 2/101 (2,000 NK 1) and 2/103
    (500 archers, not raised in Tiefland)."""
    state = sample()
    place = state.settlement("Tharnburg")
    assert place is not None
    place.bef = 2
    for unit in state.units:
        if unit.realm == 1 and unit.id in (101, 102):
            unit.kf = "1/21"
    state.units.append(Unit(2, 103, "land", 500, "1/22", fernkampf=1))
    return state


def test_the_workbench_counts_strength_and_good_points_by_cause() -> None:
    text = GAME.calculate(
        attack_on_tharnburg(),
        GM,
        "combat",
        {
            "a": "1/101 1/102",
            "b": "2/101 2/103",
            "kf": "1/22",
            "a_from": "1/21",
            "day": "20",
            "a_order": "KA",
        },
        "de",
    )
    lines = lines_of(text)
    # Tab. 6.1-1: KA against KV: "Kampf. Rückzug des Verlierers."
    assert "Tab. 6.1-1: A KA ⇔ B KV: Kampf. Rückzug des Verlierers." in lines
    # Tab. 6.3-1: raised in Tiefland +1; mounted +1. F10: Stärke·(5 + GP)/5.
    assert any(
        line.startswith("1/101: 2000 El., Nahkampf 2000, GP 1 (Gelände +1) → 2400")
        for line in lines
    )
    assert any(
        line.startswith("1/102: 1000 El., Nahkampf 1000, GP 2 (Gelände +1, beritten +1) → 1400")
        for line in lines
    )
    # Defender in the capital: +1 per Stv BWP (3) and +3 for the capital: 2000·12/5.
    assert any(
        line.startswith(
            "2/101: 2000 El., Nahkampf 2000, GP 7 (Gelände +1, Stv +3, Hauptstadt +3) → 4800"
        )
        for line in lines
    )
    # D9: +2 GP per Bef BWP in ranged rounds: 500·(5 + 6 + 4)/5 = 1500.
    assert any("Fernkampf 500, GP +4 Bef → 1500" in line for line in lines)
    assert "Summe A: Kampfkraft Nahkampf 3800, Fernkampf 0" in lines
    assert "Summe B: Kampfkraft Nahkampf 4800, Fernkampf 1500" in lines
    assert "Verhältnis A:B Nahkampf 0,79, Fernkampf 0" in lines  # 3800/4800
    assert "Fernkampfrunde: ja (zuerst)" in lines
    # F9: on day 20 a foot unit has 15·10/30 = 5 BP, a round costs 4·15/30 = 2: two rounds.
    assert lines[-4].startswith("Runden möglich: 2 (A 2, B 2")
    # D28: A goes back to 1/21; B draws among the neighbours A does not stand in.
    assert "Rückzug A: nach 1/21" in lines
    assert "Rückzug B: Los R1 unter 1/14 1/23 1/30 1/29 1/13" in lines
    assert lines[-1] == "befestigt: Tharnburg – Eroberung nur mit Belagerung/Sturmangriff [R 3.2]"


def test_the_workbench_gives_height_forest_river_and_bukaz_good_points() -> None:
    state = sample()
    state.realm(1).bukaz = 50  # F11: +2 GP
    state.realm(2).bukaz = -30  # F11: −1 GP, never below 0
    for unit in state.units:
        if unit.key == "2/101":
            unit.kf = "1/13"
    params = {"a": "1/101", "b": "2/101", "kf": "1/13", "a_from": "1/12"}
    lines = lines_of(GAME.calculate(state, GM, "combat", params, "en"))
    # Out of a forest (1/12 is Wald) +1, raised in Tiefland +1, BükAz 50 +2: 2000·9/5.
    assert any("GP 4 (forest +1, terrain +1, BükAz +2) → 3600" in line for line in lines)
    # Across the river between 1/12 and 1/13 +2, Tiefland +1, BükAz −30 −1: 2000·7/5.
    assert any("GP 2 (terrain +1, river +2, BükAz -1) → 2800" in line for line in lines)
    params = {"a": "1/101", "b": "2/101", "kf": "1/21", "a_from": "1/28"}
    for unit in state.units:
        if unit.key == "2/101":
            unit.kf = "1/21"
    lines = lines_of(GAME.calculate(state, GM, "combat", params, "en"))
    # Down from the hills (1/28, HS 2) into 1/21 (HS 1): +1.
    assert any("GP 4 (height +1, terrain +1, BükAz +2)" in line for line in lines)


def test_ships_count_fifty_in_melee_and_twenty_shooting_at_land() -> None:
    state = sample()
    state.units.append(Unit(2, 301, "sea", 10, "1/24", nahkampf=1, fernkampf=2))
    params = {"a": "2/301", "b": "1/101", "kf": "1/23"}
    lines = lines_of(GAME.calculate(state, GM, "combat", params, "de"))
    # F10, Strategie 4.3/6.4: 10 ships · 50 · NK 1 = 500; 10 · 20 · FK 2 = 400.
    assert any(line.startswith("2/301: 10 El., Nahkampf 500 (1:50/1:20)") for line in lines)
    assert any("Fernkampf 400" in line for line in lines)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        (
            {"a": "x"},
            "Seite A (Einheiten, z. B. 1/101 1/102): „x“ ist keine Einheit (Reich/Nummer)",
        ),
        ({"a": "9/999"}, "Seite A (Einheiten, z. B. 1/101 1/102): keine bekannte Einheit 9/999"),
        (
            {"a": "1/101", "b": "1/102"},
            "Seite B (Einheiten): A und B müssen verschiedene Reiche sein",
        ),
        (
            {"a": "1/101 3/101", "b": "2/101"},
            "Seite A (Einheiten, z. B. 1/101 1/102): "
            "alle Einheiten einer Seite gehören einem Reich",
        ),
        ({"b": "2/101 2/999"}, "Seite B (Einheiten): keine bekannte Einheit 2/999"),
        ({"kf": "99"}, "Kleinfeld: „99“ ist kein Kleinfeld GF/KF"),
        ({"kf": "5/5"}, "Kleinfeld: Kleinfeld 5/5 ist nicht bekannt"),
        ({"day": "31"}, "Tag des Kampfes (0–30): 31 liegt nicht zwischen 0 und 30"),
        ({"day": "bald"}, "Tag des Kampfes (0–30): „bald“ ist keine ganze Zahl"),
        (
            {"a_order": "KZ"},
            "Befehl A (leer: der stehende): "
            "„KZ“ ist keine der Möglichkeiten (KN, KA, KT, KH, KV, KI, KX, KR)",
        ),
        ({"a_from": "1/40"}, "A kommt aus Kleinfeld: 1/40 grenzt nicht an 1/22"),
    ],
)
def test_the_workbench_names_the_bad_field(params: dict[str, str], message: str) -> None:
    assert refusal(sample(3), GM, "combat", **params) == message


# -- the encounter and sighting finder


def test_the_finder_stamps_days_and_finds_the_meeting_with_its_table_row() -> None:
    paths = "1/101 KA 1/19 1/20; 2/101 KV 1/21 1/20"
    lines = lines_of(gm("encounters", paths=paths))
    # 7.1: on the road the range is 3, so each field is entered 10 days later (F9).
    assert "1/101: 1/18@0 1/19@10 1/20@20" in lines
    assert "2/101: 1/22@0 1/21@10 1/20@20" in lines
    assert "1/20 ab Tag 20: 1/101 (KA) ⇔ 2/101 (KV) – Kampf. Rückzug des Verlierers." in lines


def test_the_finder_sees_within_the_sight_radius_and_flags_hidden_and_pursuing_units() -> None:
    state = sample()
    for unit in state.units:
        if unit.key == "2/101":
            unit.order = "KX"
        if unit.key == "1/101":
            unit.order = "KAF"
    text = GAME.calculate(state, GM, "encounters", {"paths": "1/101 1/19 1/20 1/21"}, "de")
    lines = lines_of(text)
    # 1/101 enters 1/21 on day 30 next to Tharnburg (1/22), sight radius 1 (D1).
    sighting = next(line for line in lines if line.startswith("1/101 sieht 2/101 in 1/22"))
    assert "(versteckt: entdeckt? R2, SL)" in sighting
    # F: the hunter's range (foot on the road all the way: 3, as its days count it)
    # against the hunted's (foot, standing: 2).
    assert sighting.endswith("– F: Jäger Reichweite 3, Gejagter 2")
    # A realm's own units are no sighting.
    assert not any(line.startswith(("1/101 sieht 1/", "2/101 sieht 2/")) for line in lines)


def test_the_finder_names_a_bad_path() -> None:
    assert refusal(sample(), GM, "encounters", paths="1/101 KA 1/19 x") == (
        "Wege (je Zeile: Einheit [Befehl] Kleinfelder): „x“ ist kein Kleinfeld GF/KF"
    )


# -- the economy forecast


def test_the_forecast_books_income_and_upkeep_in_the_income_month() -> None:
    lines = lines_of(GAME.calculate(sample(), 1, "economy", {}, "de"))
    # F1 (Tab. 3.1-1): Guru 50,000 inhabitants, 13 BWP normal: 1,500·5 − 13·100 = 6,200.
    # F7 [R 4.2]: 2,000 land units 2,000 GS a half-year; +1,000 +1,000; a character 200.
    assert lines[1] == "Reich 1 Isyrial:"
    # Months 1 to 5 neither pay nor earn: one line for them.
    assert lines[2] == "Monat 1/1000 bis 5/1000: keine Änderung, 60000 GS"
    assert lines[3] == (
        "Monat 6/1000: Anfang 60000 GS; Einnahmen +6200 (Guru +6200), Unterhalt −4200; "
        "Ende 62000 GS"
    )
    assert lines[-1] == "Kein Fehlbetrag."


@pytest.mark.parametrize(("left", "upkeep"), [(7, 4200), (6, 5200)])
def test_the_forecasts_upkeep_counts_a_training_at_its_new_rs_once_it_ends(
    left: int, upkeep: int
) -> None:
    # D23: +100 % upkeep per 3 full RS after the first; unit 102 (1,000 GS a half-year)
    # trains to RS 5. Ending in month 6 it pays double at that month's income (the
    # training counts before the income, engine.wdw.phases); ending in month 7 not yet.
    state = sample(upkeep_rs_surcharge=True)
    unit = unit_of(state, 1, 102)
    unit.training_months, unit.training_to = left, ["nahkampf=3", "fernkampf=1"]
    lines = lines_of(GAME.calculate(state, 1, "economy", {}, "de"))
    assert f"Unterhalt −{upkeep};" in lines[3]


@pytest.mark.parametrize(
    ("lang", "quiet"),
    [("de", "Monat 2/1000: keine Änderung, 55000 GS"), ("en", "Month 2/1000: no change, 55000 GS")],
)
def test_the_forecast_says_a_single_month_without_payments_in_one_line(
    lang: str, quiet: str
) -> None:
    params = {"builds": "Guru Stv 1", "months": "2"}
    assert lines_of(GAME.calculate(sample(), 1, "economy", params, lang))[3] == quiet


@pytest.mark.parametrize(
    ("lang", "build"), [("de", "Bau Guru Rüs −5000"), ("en", "build Guru Rüs −5000")]
)
def test_the_forecast_names_a_build_by_the_structures_short_name(lang: str, build: str) -> None:
    # It said "rues", the state's field name.
    params = {"builds": "Guru Rüs 1", "months": "1"}
    assert build in GAME.calculate(sample(), 1, "economy", params, lang)


def test_the_forecast_pays_builds_and_names_the_shortfall() -> None:
    state = sample()
    state.realm(1).treasury = 7000
    params = {"builds": "Guru Stv 2", "months": "6"}
    lines = lines_of(GAME.calculate(state, 1, "economy", params, "de"))
    # F12: 5,000 GS a BWP in normal terrain (D11), paid in the month; then interrupted.
    assert lines[2] == "Monat 1/1000: Anfang 7000 GS; Bau Guru Stv −5000; Ende 2000 GS"
    assert lines[3] == (
        "Monat 2/1000: Anfang 2000 GS; Bau Guru Stv unterbrochen (fehlen 3000); Ende 2000 GS"
    )
    # F1 with 14 BWP: 7,500 − 1,400 = 6,100; the build waits again that month.
    assert "Einnahmen +6100 (Guru +6100), Unterhalt −4200; Ende 3900 GS" in lines[7]
    assert lines[-1].startswith("Fehlbeträge: 2/1000 (3000), 3/1000 (3000)")


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"months": "0"}, "Monate: 0 liegt nicht zwischen 1 und 24"),
        ({"realm": "2"}, "Reich: „2“ ist keine der Möglichkeiten (1)"),
        (
            {"builds": "Guru"},
            BUILDS + "„Guru“: Ansiedlung Struktur [BWP], z. B. „Guru Stv 2“",
        ),
        (
            {"builds": "Tharnburg Stv"},
            BUILDS + "keine bekannte Ansiedlung „Tharnburg“",
        ),
        (
            {"builds": "Guru Turm 1"},
            BUILDS + "„Turm“ ist keine Struktur (Bev, Rüs, Mil, Stv, Bef, Lab, Tmp)",
        ),
        # "²" passed str.isdigit and then raised ValueError in int()
        ({"builds": "Guru Stv ²"}, BUILDS + "² liegt nicht zwischen 1 und 24"),
    ],
)
def test_the_forecast_names_the_bad_field(params: dict[str, str], message: str) -> None:
    assert refusal(sample(), 1, "economy", **params) == message


# -- the unit designer


def test_the_designer_prices_the_rulebooks_fleet() -> None:
    # Strategie 4.2, "Ein Beispiel": 100 ships of RS 6 (two RS of combat strength, three
    # of speed): raised at RS 1 for 10,000 GS, 200,000 GS of training (Tab. 4.2-1b:
    # 2,100 a ship at RS 6), 15 months (12 rounded to half-years, option training_halfyear).
    params = {"unit_class": "sea", "elements": "100", "properties": "Nahkampf 3, Geschwindigkeit 2"}
    lines = lines_of(GAME.calculate(sample(), 1, "designer", params, "de"))
    assert lines[1] == "100 × See, Geschwindigkeit 2, Nahkampf 3: Rüststufe 6 (Strategie 4.2, 4.3)"
    assert lines[2] == "Kosten je Element 2100 GS, zusammen 210000 GS (Tab. 4.2-1b)"
    assert lines[3] == (
        "Rüsten auf RS 1: 10000 GS (Rüstkapazität), dann Ausbildung 200000 GS in 15 Monaten "
        "(12 mit Halbjahresrundung)"
    )
    assert lines[4] == "Sofortrüstung: 210000 GS, alles gegen die Rüstkapazität"
    # F8: at sea 30 + 10·2 BP. F7: 0.2·100·100 = 2,000 GS; D23: ×(1 + ⌊5/3⌋).
    assert lines[5] == "BP 50 (Tab. 4.2-1a, Strategie 4.3); Kasernenplatz 0 Fußsoldaten"
    # D21: 6 KF × 50/30 BP, rounded down.
    assert (
        lines[6] == "Reichweite 10 KF im Monat (Strategie 7.1; Geschwindigkeit nach ihren BP, 4.3)"
    )
    assert lines[7] == "Unterhalt je Einnahmetermin 2000 GS (4000 mit RS-Aufschlag, Strategie 4.2)"
    assert lines[8] == "freie Immunitäten: 5 (RS − 1)"


def test_the_designer_plans_training_an_own_unit() -> None:
    # 1/102: 1,000 mounted NK 1 (RS 2, 15 GS each). To NK 2 and mounted: RS 3, 30 GS each.
    params = {"unit": "102", "properties": "Nahkampf 2 Beritten"}
    lines = lines_of(GAME.calculate(sample(), 1, "designer", params, "en"))
    assert "BP 30 (Tab. 4.2-1a, Strategie 4.3); barracks 2000 foot" in lines
    assert "Range 4 fields a month (Strategie 7.1; speed by its BP, 4.3)" in lines
    assert lines[-1] == "Training from RS 2 to RS 3: 15000 GS, 3 months"


def test_the_designer_gives_no_range_when_the_game_moves_by_bp() -> None:
    params = {"unit_class": "land", "elements": "1000", "properties": "Nahkampf 1"}
    by_bp = sample(
        movement="bp",
        bp_costs={"Tiefland": 1, "Hügelland": 2, "Wald": 2, "Sumpf": 3, "Gebirge": 3, "Wasser": 1},
    )
    assert not any(
        "Reichweite" in line
        for line in lines_of(GAME.calculate(by_bp, 1, "designer", params, "de"))
    )
    assert any(
        line.startswith("Reichweite 2 KF")
        for line in lines_of(GAME.calculate(sample(), 1, "designer", params, "de"))
    )


def test_the_designer_names_the_properties_in_the_readers_words() -> None:
    # It said "geschwindigkeit 2, nahkampf 3" and "beritten 1" in English too.
    params = {
        "unit_class": "land",
        "elements": "10",
        "properties": "NK 2, Geschwindigkeit 1, beritten",
    }
    english = lines_of(GAME.calculate(sample(), 1, "designer", params, "en"))[1]
    assert english.startswith("10 × land, mounted, speed 1, melee 2: arms level ")
    german = lines_of(GAME.calculate(sample(), 1, "designer", params, "de"))[1]
    assert german.startswith("10 × Land, beritten, Geschwindigkeit 1, Nahkampf 2: Rüststufe ")


@pytest.mark.parametrize(
    ("params", "message"),
    [
        (
            {"properties": "Fliegen 2"},
            "Eigenschaften (z. B. Nahkampf 3, Beritten): „Fliegen“ ist keine Eigenschaft",
        ),
        (
            {"unit_class": "sea", "properties": "Beritten"},
            "Eigenschaften (z. B. Nahkampf 3, Beritten): "
            "„Beritten“ gibt es für diese Klasse nicht (Tab. 4.2-1a, 4.3)",
        ),
        (
            {"properties": "Beritten 2"},
            "Eigenschaften (z. B. Nahkampf 3, Beritten): „Beritten“ hat keine Stufen",
        ),
        ({"elements": "viele"}, "Elemente: „viele“ ist keine ganze Zahl"),
        (
            {"unit_class": "drache"},
            "Klasse: „drache“ ist keine der Möglichkeiten (land, sea, character)",
        ),
        ({"unit": "2/101"}, "Einheit: keine bekannte Einheit 2/101"),
        # "²" passed str.isdigit as a level and then raised ValueError in int()
        (
            {"properties": "Nahkampf ²"},
            "Eigenschaften (z. B. Nahkampf 3, Beritten): „²“ ist keine Eigenschaft",
        ),
    ],
)
def test_the_designer_names_the_bad_field(params: dict[str, str], message: str) -> None:
    assert refusal(sample(), 1, "designer", **params) == message


# -- the movement planner


def test_the_planner_walks_the_road_with_its_extra_field() -> None:
    state = seen(sample(), 1, "1/19", "1/20", "1/21", "1/27")
    lines = lines_of(GAME.calculate(state, 1, "movement", {"path": "1/19 1/20 1/21"}, "de"))
    # 7.1: foot 2 KF, +1 when the whole move is on a road; F9: day = 30·used/range.
    assert lines[1:] == [
        "1/101 ab 1/18: Reichweite 3 KF (7.1)",
        "1/19: kostet 1, verbraucht 1/3, Tag 10",
        "1/20: kostet 1, verbraucht 2/3, Tag 20",
        "1/21: kostet 1, verbraucht 3/3, Tag 30",
        "Ende in 1/21; BP 15, übrig 0, Kampfrunden danach 0",
    ]


def test_the_planner_counts_heights_hiding_and_cuts_the_path() -> None:
    state = seen(sample(), 1, "1/19", "1/20", "1/21", "1/27")
    # 1/27 lies one height level up (+1 field, 7.1); off the road the range is 2.
    lines = lines_of(GAME.calculate(state, 1, "movement", {"path": "1/19 1/27"}, "de"))
    assert "1/19: kostet 1, verbraucht 1/2, Tag 15" in lines
    assert "Reichweite endet vor 1/27 (der Zug wird dort gekürzt)" in lines
    # F9: half the range is left, 7.5 BP; a round costs 2 BP: at most 4 rounds (D8).
    assert lines[-1] == "Ende in 1/19; BP 15, übrig 7,50, Kampfrunden danach 3"
    # Mounted (range 4) hiding (KX, D21: each field ×2): 1/19 costs 2, 1/27 costs 4.
    params = {"unit": "102", "path": "1/19 1/27", "mode": "KX"}
    lines = lines_of(GAME.calculate(state, 1, "movement", params, "de"))
    assert "1/19: kostet 2, verbraucht 2/4, Tag 15" in lines
    assert "Reichweite endet vor 1/27 (der Zug wird dort gekürzt)" in lines


def test_the_planner_stops_at_the_white_and_at_a_gap() -> None:
    state = seen(sample(), 1, "1/19")
    lines = lines_of(GAME.calculate(state, 1, "movement", {"path": "1/19 1/20"}, "de"))
    assert "1/20 ist unbekannt (ins Weiße): die Kosten sind nicht bekannt" in lines
    # 1/20 is two fields from 1/18: a gap, whether the realm knows 1/20 or not.
    lines = lines_of(GAME.calculate(state, 1, "movement", {"path": "1/20"}, "de"))
    assert "1/20 grenzt nicht an das vorige Feld" in lines


def test_the_planner_names_the_bad_field() -> None:
    assert refusal(sample(), 1, "movement", unit="999") == "Einheit: keine bekannte Einheit 999"
    assert (
        refusal(sample(), 1, "movement", path="hier")
        == "Weg (Kleinfelder): „hier“ ist kein Kleinfeld GF/KF"
    )
    assert refusal(sample(), 1, "movement", mode="Z") == (
        "Verstecken/Durchsuchen (KX, S): „Z“ ist keine der Möglichkeiten (KX, S, KXS)"
    )


@pytest.mark.parametrize(
    ("value", "de", "en"),
    [
        (Fraction(5, 2), "2,50", "2.50"),
        (Fraction(1, 8), "0,13", "0.13"),  # half up, exactly: a float's 0.125 gave 0.12
        (Fraction(1, 200), "0,01", "0.01"),
        (Fraction(-1, 8), "-0,13", "-0.13"),
        (Fraction(2, 3), "0,67", "0.67"),
        (Fraction(6, 2), "3", "3"),
        (7, "7", "7"),
    ],
)
def test_a_number_with_decimals_is_rounded_exactly_with_the_languages_decimal_point(
    value: Fraction | int, de: str, en: str
) -> None:
    assert (number(value, "de"), number(value, "en")) == (de, en)


# -- the siege planner


def test_the_siege_planner_counts_months_to_the_breach_and_the_fall() -> None:
    # F17 [R 6.4]: siege strength 2,500 destroys 1 Bef BWP a month; Stv (2,500 + 0)/1,000.
    # Repair: 5,000 inhabitants = 1/2 BWP a month (10,000 a BWP), 2,500 GS (5,000 a BWP).
    params = {
        "settlement": "Tharnburg",
        "siege": "2500",
        "workers": "1000",
        "combat": "0",
        "inhabitants": "5000",
        "repairers": "0",
        "defence": "2000",
    }
    state = attack_on_tharnburg()
    lines = lines_of(GAME.calculate(state, GM, "siege", params, "de"))
    assert lines[1] == "Tharnburg: Befestigung 2 BWP, Stadtverteidigung 3 BWP"
    # Defenders' combat units present: the besiegers' workers cannot work [R 6.4].
    assert lines[2].endswith("(die Arbeiter der Belagerer können nicht arbeiten)")
    assert lines[3] == "Zerstörung je Monat (F17): Bef 1, Stv 2,50, andere 2,50 BWP"
    assert lines[4] == "Reparatur: 5000 Einwohner, Arbeit 0 → 0,50 BWP je Monat, 2500 GS"
    # Net 1/2 a month: breach (20 % of 2 = 0.4) in month 1, Bef gone after 4 months;
    # then Stv at 2 a month net: 3 BWP in 2 months, 6 in all.
    assert lines[5] == "Bresche (20 %) nach 1 Monat; die Befestigung fällt nach 4 Monaten"
    assert lines[6] == "Die Stadtverteidigung fällt nach 6 Monaten"


def _damaged_tharnburg(bef: int) -> WdwState:
    """Tharnburg with ``bef`` Bef BWP standing, 1 destroyed and not repaired, and half
    of the next under way (D24)."""
    state = attack_on_tharnburg()
    place = state.settlement("Tharnburg")
    assert place is not None
    place.bef, place.damage, place.progress = bef, ["bef=1"], ["belagerung:bef=1/2"]
    return state


SIEGE_ONLY = {
    "settlement": "Tharnburg",
    "siege": "2500",
    "inhabitants": "0",
    "repairers": "0",
    "defence": "0",
}
"""Siege strength 2,500 (1 Bef BWP a month, F17), no repair."""


def test_the_siege_planner_starts_from_the_damage_already_done() -> None:
    # The wall is 10 BWP (9 standing, 1 destroyed): the breach at 2 (F16), 1.5 done.
    lines = lines_of(GAME.calculate(_damaged_tharnburg(9), GM, "siege", SIEGE_ONLY, "de"))
    assert lines[2] == (
        "Schaden bisher (nicht repariert, mit dem begonnenen Teil): Bef 1,50, Stv 0 BWP"
    )
    assert lines[-2] == "Bresche (20 %) nach 1 Monat; die Befestigung fällt nach 9 Monaten"


def test_the_siege_planner_says_a_breach_is_there_already() -> None:
    lines = lines_of(GAME.calculate(_damaged_tharnburg(2), GM, "siege", SIEGE_ONLY, "en"))
    assert lines[-2].startswith("Breach (20 %) already; ")
    assert not any(
        line.startswith("Damage so far")
        for line in lines_of(GAME.calculate(attack_on_tharnburg(), GM, "siege", SIEGE_ONLY, "en"))
    )


def test_the_siege_planner_sees_when_the_repair_keeps_up() -> None:
    params = {"settlement": "Tharnburg", "siege": "2500", "inhabitants": "50000"}
    lines = lines_of(GAME.calculate(attack_on_tharnburg(), GM, "siege", params, "en"))
    assert lines[-1] == "The town defence falls never (the repair keeps up)"


def test_the_siege_planner_names_the_bad_field() -> None:
    assert refusal(sample(), GM, "siege", settlement="Atlantis") == (
        "Ansiedlung: keine bekannte Ansiedlung „Atlantis“"
    )
    assert (
        refusal(sample(), GM, "siege", siege="-5")
        == "Belagerungsstärke: -5 liegt nicht zwischen 0 und 1000000000"
    )


# -- secrecy


def _land(state: WdwState) -> list[str]:
    return sorted(f.id for f in world(state.map_text).fields.values() if not f.water)


@settings(max_examples=examples(40), deadline=None)
@given(
    where=st.integers(0, 40),
    size=st.integers(1, 5000),
    nahkampf=st.integers(0, 3),
    order=st.sampled_from(["KN", "KA", "KX", "KHB", "KV"]),
    realm=st.sampled_from([2, 3]),
)
def test_a_hidden_foreign_unit_never_changes_a_realms_answers(
    where: int, size: int, nahkampf: int, order: str, realm: int
) -> None:
    def answers(state: WdwState) -> list[str]:
        forms = GAME.calculators(state, 1, "de")
        texts = [repr(forms)]
        texts.append(GAME.calculate(state, 1, "economy", {"builds": "Guru Stv 1"}, "de"))
        texts.append(GAME.calculate(state, 1, "designer", {"unit": "101"}, "de"))
        for unit in ("101", "102"):
            params = {"unit": unit, "path": "1/19 1/20 1/21 1/22"}
            texts.append(GAME.calculate(state, 1, "movement", params, "de"))
        return texts

    plain = seen(sample(3), 1, "1/19", "1/20", "1/21", "1/22", "1/27")
    hidden = seen(sample(3), 1, "1/19", "1/20", "1/21", "1/22", "1/27")
    kf = _land(hidden)[where % len(_land(hidden))]
    hidden.units.append(Unit(realm, 777, "land", size, kf, nahkampf=nahkampf, order=order))
    assert answers(hidden) == answers(plain)


# -- the dossier


def test_the_dossier_shows_the_workbench_under_the_combat() -> None:
    text = GAME.dossier(sample(), ORDERS, "de")
    after = text.split("K1 Kampf in 1/20", 1)[1].split("G1 Spion", 1)[0]
    lines = lines_of(after)
    assert "Werkbank:" in lines
    assert "Tab. 6.1-1: A KA ⇔ B KV: Kampf. Rückzug des Verlierers." in lines
    # Both came along the road and meet on day 20 (F9): two rounds each.
    assert "A: Reich 1 (KA), kommt aus 1/19, Tag 20" in lines
    assert any(line.startswith("Runden möglich: 2") for line in lines)
    assert "Rückzug A: nach 1/19" in lines and "Rückzug B: nach 1/21" in lines


def test_a_combat_item_leaves_the_strengths_to_its_workbench() -> None:
    text = GAME.dossier(sample(), ORDERS, "de")
    item = text.split("K1 Kampf in 1/20", 1)[1].split("   Werkbank:", 1)[0]
    assert "Kampfkraft" not in item and "Verhältnis" not in item
    assert text.count("Verhältnis A:B") == 1  # the workbench's line, said once


def test_the_dossier_plans_each_siege() -> None:
    state = attack_on_tharnburg()
    state.units.append(Unit(1, 301, "land", 2500, "1/22", belagerung=1))
    orders: dict[int, list[Order]] = {1: [Fight(line=1, unit=301, code="KH", ext="B")]}
    text = GAME.dossier(state, orders, "de")
    section = text.split("\nB1 Belagerung von Tharnburg in 1/22 durch Reich 1 (1/301)", 1)[1]
    assert section.splitlines()[1] == "   Belagerungsplaner:"
    assert "     Zerstörung je Monat (F17): Bef 1, Stv 2,50, andere 2,50 BWP" in section
    assert text.count("Belagerungsplaner:") == 1  # one section a siege, under its item
    assert "Belagerung in 1/22 durch" not in text
