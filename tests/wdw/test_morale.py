"""The BükAz as a realm reads it (Strategie 6.5, option ``bukaz_display``): the number,
or a word for its band; the GM always reads the number."""

from __future__ import annotations

import pytest

from engine.core import NEUTRAL, Event
from engine.wdw.morale import band
from tests.wdw.helpers import GAME, sample


@pytest.mark.parametrize(
    ("bukaz", "name"),
    [
        (100, "very_good"),
        (75, "very_good"),
        (74, "good"),
        (25, "good"),
        (24, "calm"),
        (0, "calm"),
        (-1, "restless"),
        (-49, "restless"),
        (-50, "bad"),
        (-74, "bad"),
        (-75, "very_bad"),
        (-99, "very_bad"),
        (-100, "civil_war"),
    ],
)
def test_the_bands_follow_the_thresholds_of_strategie_6_5(bukaz: int, name: str) -> None:
    assert band(bukaz) == name


def test_by_default_the_realm_reads_its_bukaz_as_a_number() -> None:
    state = sample()
    state.realm(1).bukaz = 30
    assert "BükAz 30" in GAME.printout(state, 1, "de")
    data = GAME.report_data(state, 1, "de")
    assert data["realms"][0]["bukaz"] == 30  # type: ignore[index,call-overload]


def test_shown_verbally_the_realm_reads_a_word_and_never_the_number() -> None:
    state = sample(bukaz_display="verbal")
    state.realm(1).bukaz = 30
    german = GAME.printout(state, 1, "de")
    assert "BükAz gut" in german and "BükAz 30" not in german
    assert "contentment (BükAz) good" in GAME.printout(state, 1, "en")
    realm = GAME.report_data(state, 1, "de")["realms"][0]  # type: ignore[index]
    assert realm["bukaz"] is None and realm["bukaz_band"] == "good"  # type: ignore[index]
    assert "BükAz gut" in GAME.final_report(state, Event("game_over"), [], "de")


def test_shown_verbally_the_gm_still_reads_the_number() -> None:
    state = sample(bukaz_display="verbal")
    state.realm(1).bukaz = -60
    assert "BükAz -60" in GAME.printout(state, NEUTRAL, "de")
    assert "BükAz -60" in GAME.dossier(state, {}, "de")
    assert GAME.report_data(state, NEUTRAL, "de")["realms"][0]["bukaz"] == -60  # type: ignore[index]


def test_an_unknown_display_is_refused() -> None:
    with pytest.raises(ValueError, match="bukaz_display"):
        sample(bukaz_display="loud")


@pytest.mark.parametrize(
    ("bukaz", "de", "en"),
    [
        (-75, "ab -75 darf der Spielleiter einen NSC", "from -75 the GM may give an NSC"),
        (-99, "ab -75 darf der Spielleiter einen NSC", "from -75 the GM may give an NSC"),
        (-100, "bricht automatisch ein Bürgerkrieg aus", "a civil war breaks out by itself"),
    ],
)
def test_the_dossier_flags_the_unrest_thresholds_of_a_realm(bukaz: int, de: str, en: str) -> None:
    state = sample()
    state.realm(2).bukaz = bukaz
    for lang, words in (("de", de), ("en", en)):
        lines = GAME.dossier(state, {}, lang).splitlines()
        flagged = [line for line in lines if words in line]
        assert len(flagged) == 1 and f"{bukaz}" in flagged[0]


def test_the_dossier_flags_no_unrest_above_minus_75() -> None:
    state = sample()
    state.realm(2).bukaz = -74
    text = GAME.dossier(state, {}, "de")
    assert "darf der Spielleiter einen NSC" not in text and "Bürgerkrieg aus" not in text
