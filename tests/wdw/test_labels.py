"""A settlement's label (Strategie 3.1, D34): derived from its structures and
inhabitants, overridden by the GM's correction, and shown in the printout, the JSON
twin and the map's place text."""

from __future__ import annotations

import pytest

from engine.core import CORRECTION, Ruling
from engine.wdw.labels import Relabel, label, read_relabel
from engine.wdw.state import Settlement
from engine.wdw.views import report_data
from tests.wdw.helpers import GAME, month, sample


def _town(population: int = 0, **structures: int) -> Settlement:
    return Settlement("Ort", "1/18", 1, population=population, **structures)


@pytest.mark.parametrize(
    ("town", "expected"),
    [
        (_town(50_001, bev=6, bef=2), "MET"),  # more than 50,000, fortified or not
        (_town(60_000, bev=6), "MET"),
        (_town(50_000, bev=5), "STD"),  # 50,000 is still a Stadt
        (_town(10_000, bev=1, stv=2, bef=2), "BRG"),  # fortified, up to 10,000
        (_town(10_001, bev=2, stv=2, bef=2), "FST"),  # fortified, above
        (_town(mil=5, stv=1), "GAR"),  # no Bev
        (_town(tmp=3), "TMP"),  # Tmp is all it has
        (_town(tmp=3, mil=1), "GAR"),  # Tmp with barracks: a garrison
        (_town(), "GAR"),
    ],
)
def test_the_label_follows_from_structures_and_inhabitants(town: Settlement, expected: str) -> None:
    assert label(town) == expected


def test_the_gms_label_wins_over_the_derived_one() -> None:
    town = _town(60_000, bev=6)
    town.label = "TMP"
    assert label(town) == "TMP"


@pytest.mark.parametrize(
    ("text", "fix"),
    [
        ("Ansiedlung Guru Art FST", Relabel("Guru", "FST", "FST")),
        ("settlement guru kind met", Relabel("guru", "MET", "met")),
        ("Ansiedlung Guru Art automatisch", Relabel("Guru", "", "automatisch")),
        ("Settlement Guru kind auto", Relabel("Guru", "", "auto")),
        ("Ansiedlung Guru Stadtherr 601", None),
    ],
)
def test_label_corrections_are_read_in_german_and_english(text: str, fix: Relabel | None) -> None:
    assert read_relabel(text) == fix


@pytest.mark.parametrize(
    ("text", "lang", "reason"),
    [
        ("Ansiedlung Guru Art FST", "de", ""),
        ("Ansiedlung Atlantis Art FST", "de", "keine Ansiedlung Atlantis"),
        (
            "Ansiedlung Guru Art Dorf",
            "de",
            "keine Art „Dorf“ (Strategie 3.1: BRG STD FST MET GAR TMP oder automatisch)",
        ),
        (
            "Settlement Guru kind village",
            "en",
            'no kind "village" (Strategie 3.1: BRG STD FST MET GAR TMP or auto)',
        ),
    ],
)
def test_a_label_correction_is_checked(text: str, lang: str, reason: str) -> None:
    said = GAME.check_ruling(sample(), {}, [], Ruling(CORRECTION, text, "x"), lang)
    assert said == reason


def test_the_correction_sets_the_label_and_automatisch_derives_it_again() -> None:
    state = month(sample(), rulings=(Ruling(CORRECTION, "Ansiedlung Guru Art FST", "Ausbau"),))
    guru = state.settlement("Guru")
    assert guru is not None and guru.label == "FST"
    assert any("Ansiedlung Guru Art FST (Ausbau)" in line for line in state.log)
    again = month(state, rulings=(Ruling(CORRECTION, "Ansiedlung Guru Art automatisch", "x"),))
    guru = again.settlement("Guru")
    assert guru is not None and (guru.label, label(guru)) == ("", "STD")


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_printout_json_and_map_show_the_label(lang: str) -> None:
    state = sample()
    guru = state.settlement("Guru")
    assert guru is not None
    assert "\nSTD Guru in 1/18: Bev 5 " in GAME.printout(state, 1, lang)
    guru.label = "FST"
    assert "\nFST Guru in 1/18: Bev 5 " in GAME.printout(state, 1, lang)
    rows = report_data(state, 1, lang)["settlements"]
    assert isinstance(rows, list)
    assert {row["name"]: row["label"] for row in rows if isinstance(row, dict)} == {"Guru": "FST"}
    places = GAME.map_view(state, 1, lang).places
    assert [p.label for p in places if p.label.startswith("1/18")] == ["1/18 FST Guru"]
