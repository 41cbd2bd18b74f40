"""A text with a count reads in the singular for one:
one Kleinfeld, one settlement, one element, one month, one day — in German and
in English."""

from __future__ import annotations

from types import SimpleNamespace

from engine.core import Event
from engine.wdw.orders import Fight, Raise, Train
from engine.wdw.texts import say
from tests.wdw.helpers import GAME, by_number, month, sample


def test_a_realm_that_knows_one_field_reads_one_kleinfeld() -> None:
    state = sample()
    state.realm(1).known = ["1/18"]
    assert "Bekannte Karte: 1 Kleinfeld" in GAME.printout(state, 1, "de").splitlines()
    assert "Known map: 1 field" in GAME.printout(state, 1, "en").splitlines()
    state.realm(1).known = ["1/18", "1/19"]
    assert "Bekannte Karte: 2 Kleinfelder" in GAME.printout(state, 1, "de").splitlines()


def test_a_raised_character_is_one_element() -> None:
    spy = Raise(settlement="Guru", count=1, unit_class="character", properties=("spion=1",))
    after = month(sample(), spy)
    assert "in Guru aufgestellt: 1 Element, RS " in GAME.printout(after, 1, "de")
    assert "raised in Guru: 1 element, RS " in GAME.printout(after, 1, "en")


def test_the_last_month_of_a_training_reads_one_month() -> None:
    state = sample()
    state.units[0].training_months = 1
    state.units[0].training_to = ["nahkampf=2"]
    lines = GAME.printout(state, 1, "de").splitlines()
    assert "    in Ausbildung: Nahkampf 2, noch 1 Monat" in lines
    assert "    in training: melee 2, 1 month left" in GAME.printout(state, 1, "en").splitlines()
    again = Train(unit=101, properties=("nahkampf=3",))
    refused = GAME.describe_order(state, 1, again, "de", by_number)
    assert refused.endswith("Einheit 101 ist schon in Ausbildung (noch 1 Monat)")


def test_a_plunder_of_one_day_reads_one_day() -> None:
    raid = SimpleNamespace(kf="1/20", unit="2/101", stage=1, owner=1)
    line = say("de", "item.raid", item="P1", raid=raid, days=1, income=1000)
    assert "bei Reich 1: 1 Tag (F18);" in line
    line = say("en", "item.raid", item="P1", raid=raid, days=1, income=1000)
    assert "of realm 1: 1 day (F18);" in line


def test_the_final_report_counts_one_field_and_one_settlement_in_the_singular() -> None:
    state = sample()
    state.turn = 1
    assert [p.name for p in state.settlements if p.owner == 1] == ["Guru"]
    german = GAME.final_report(state, Event("game_over"), [], "de")
    assert (
        "Isyrial (Position 1): 1 Monat gespielt, 1 Kleinfeld gehalten, 1 Ansiedlung mit " in german
    )
    english = GAME.final_report(state, Event("game_over"), [], "en")
    assert "Isyrial (seat 1): 1 month played, 1 field held, 1 settlement with " in english


def test_a_unit_line_names_only_the_levels_it_has_and_its_bp() -> None:
    lines = GAME.printout(sample(), 1, "de").splitlines()
    assert "101 in 1/18: 2000 Krieger, NK 1 – RS 1, BP 15, Befehl KV" in lines
    assert "102 in 1/18: 1000 Krieger, NK 1, beritten – RS 2, BP 30, Befehl KV" in lines
    assert "601 in 1/18: 1 Charakter – RS 1, BP 40, Befehl KV" in lines
    english = GAME.printout(sample(), 1, "en").splitlines()
    assert "201 in 1/18: 1000 warriors, work 1 - RS 1, BP 15, order KV" in english


def test_a_path_that_ends_early_says_why_in_words_not_its_key() -> None:
    state = sample()
    after = month(state, Fight(unit=101, code="KA", path=("1/20",)))
    german = GAME.printout(after, 1, "de")
    # The acknowledgement refused it, so the month did not carry it out (D37).
    assert "Weg: 1/20 grenzt nicht an 1/18, das Feld davor" in german
    assert "not_adjacent" not in german and "not_adjacent" not in GAME.printout(after, 1, "en")
    assert "1: 101 KA 1/20: Weg: 1/20 grenzt nicht an 1/18" in GAME.dossier(
        state, {1: [Fight(line=1, unit=101, code="KA", path=("1/20",))]}, "de"
    )
