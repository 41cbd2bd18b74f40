"""The month a printout reports on, and the final report of design §7: months played,
fields held (not merely known), the units' Stärke."""

from __future__ import annotations

from engine.core import Event
from engine.wdw.checks_conquest import fields_held
from tests.wdw.helpers import GAME, month, sample


def test_a_printout_names_the_month_its_dossier_named() -> None:
    before = sample()
    dossier = GAME.dossier(before, {}, "de").splitlines()[0]
    after = month(before)
    printout = GAME.printout(after, 1, "de").splitlines()[0]
    assert f"Monat {before.month}/{before.year} (Runde 1)" in dossier
    assert f"Monat {before.month}/{before.year} (Runde 1)" in printout
    assert after.month != before.month or after.year != before.year


def test_the_printout_after_december_names_december_of_the_old_year() -> None:
    before = sample()
    before.month = 12
    after = month(before)
    assert (after.month, after.year) == (1, before.year + 1)
    assert f"Monat 12/{before.year} " in GAME.printout(after, 1, "de").splitlines()[0]
    assert f"Monat 12/{before.year} " in GAME.printout(after, 0, "de").splitlines()[0]


def test_the_json_twin_names_the_month_its_printout_heads_with() -> None:
    before = sample()
    before.month = 12
    after = month(before)
    heading = GAME.printout(after, 1, "de").splitlines()[0]
    data = GAME.report_data(after, 1, "de")
    assert f"Monat {data['month']}/{data['year']} " in heading
    assert (data["month"], data["year"]) == (12, before.year)
    assert (data["next_month"], data["next_year"]) == (1, before.year + 1)


def test_the_json_twin_before_the_first_turn_names_the_first_month_both_ways() -> None:
    state = sample()
    data = GAME.report_data(state, 0, "de")
    assert (data["month"], data["year"]) == (state.month, state.year)
    assert (data["next_month"], data["next_year"]) == (state.month, state.year)


def test_the_json_twin_names_the_next_income_date_its_printout_names() -> None:
    after = month(sample())
    data = GAME.report_data(after, 1, "de")
    income = data["next_income"]
    assert isinstance(income, dict)
    months = "1 Monat" if income["months"] == 1 else f"{income['months']} Monate"
    line = f"Nächster Einnahmetermin: Monat {income['month']}, noch {months}"
    assert line in GAME.printout(after, 1, "de")


def test_fields_held_are_own_settlements_and_conquests_less_what_others_took() -> None:
    state = sample()
    own = sorted(p.kf for p in state.settlements if p.owner == 1)
    assert fields_held(state, 1) == own
    state.territory = ["9/9=1", f"{own[0]}=2"]
    assert fields_held(state, 1) == sorted([*own[1:], "9/9"])
    assert own[0] in fields_held(state, 2)


def test_the_final_report_sums_the_units_stärke_and_counts_fields_held() -> None:
    state = sample()
    state.turn = 14
    state.realm(1).known = ["1/1", "1/2", "1/3"]
    units = [u for u in state.units if u.realm == 1]
    melee = sum(u.size * u.nahkampf for u in units)
    ranged = sum(u.size * u.fernkampf for u in units)
    held = len(fields_held(state, 1))
    german = GAME.final_report(state, Event("game_over"), [], "de")
    line = next(x for x in german.splitlines() if "(Position 1)" in x)
    assert "14 Monate gespielt" in line
    assert f"{held} Kleinfeld" in line and "gehalten" in line
    assert f"Stärke {melee} im Nahkampf und {ranged} im Fernkampf" in line
    assert f"{len(units)} Einheit" in line
    english = GAME.final_report(state, Event("game_over"), [], "en")
    assert f"strength {melee} in melee and {ranged} at range" in english
