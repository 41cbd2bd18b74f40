"""Conquest and plunder at the end of the month (Strategie 5.1-2; F18, D4, D31): the
Mindestgröße, which fields and settlements change hands, fortified settlements, and the
GM's ``P`` items with their loot."""

from __future__ import annotations

from engine.core import Ruling
from engine.wdw.items import find_items
from engine.wdw.orders import Fight
from engine.wdw.state import WdwState
from tests.wdw.helpers import GAME, by_number, month, sample, unit_of


def test_conquest_needs_the_minimum_size() -> None:
    state = sample()
    state.units[0].size = 800
    order = Fight(unit=101, code="KA", ext="E", path=("1/19",))
    text = GAME.describe_order(state, 1, order, "de", by_number)
    assert "Einheit 101 hat 800 Elemente, Erobern braucht die Mindestgröße 1000" in text
    state.units[1].size = 500  # mounted: half (Strategie 4.1)
    mounted = Fight(unit=102, code="KA", ext="E", path=("1/19",))
    assert "Mindestgröße" not in GAME.describe_order(state, 1, mounted, "de", by_number)


def test_each_field_passed_is_conquered_when_no_enemy_stands_in_it() -> None:
    state = month(sample(), Fight(unit=101, code="KA", ext="E", path=("1/19", "1/20")))
    assert state.territory == ["1/19=1", "1/20=1"]
    text = GAME.printout(state, 1, "de")
    land = "Reichsgebiet außer den Feldern der Ansiedlungen: 1/19 1/20"
    assert "Einheit 101 erobert 1/19." in text and land in text
    assert "Reichsgebiet" not in GAME.printout(state, 2, "de")


def test_a_field_with_an_enemy_in_it_is_not_conquered() -> None:
    state = sample()
    enemy = unit_of(state, 2, 201)
    enemy.kf = "1/19"
    assert month(state, Fight(unit=101, code="KV", ext="E", path=("1/19",))).territory == []


def at_tharnburg(order: str) -> WdwState:
    state = sample()
    state.units = [u for u in state.units if u.realm == 1]
    state.units[0].kf, state.units[0].order = "1/22", order
    return state


def test_an_unfortified_settlement_changes_hands() -> None:
    state = month(at_tharnburg("KAE"))
    tharnburg = state.settlements[1]
    assert (tharnburg.owner, tharnburg.capital) == (1, False)
    assert "Tharnburg gehört jetzt Ihrem Reich." in GAME.printout(state, 1, "de")
    assert "Tharnburg ist verloren." in GAME.printout(state, 2, "de")


def test_a_fortified_settlement_falls_only_after_a_siege() -> None:
    state = at_tharnburg("KAE")
    state.settlements[1].bef = 1
    state = month(state)
    assert state.settlements[1].owner == 2 and state.territory == []
    assert "Tharnburg ist befestigt" in GAME.printout(state, 1, "de")


def test_plunder_is_an_item_with_its_days_and_the_gm_books_the_loot() -> None:
    state = sample()
    state.units[0].kf, state.units[0].order = "1/22", "KAP2"
    items = find_items(state, {})
    raid = items.raids["P1"]
    assert (raid.kf, raid.unit, raid.owner, raid.stage, raid.days) == ("1/22", "1/101", 2, 2, 30)
    text = GAME.dossier(state, {}, "de")
    assert "P1 Plünderung in 1/22 durch 1/101 (Stufe 2) bei Reich 2: 30 Tage" in text
    assert "Bruttoeinnahmen der Ansiedlung dort 7500 GS" in text
    assert "P1 Beute 0; Steuerausfall 0" in text
    after = month(state, rulings=(Ruling("P1", "Beute 4500; Steuerausfall 3000"),))
    assert after.realm(1).treasury == 64500 and after.realm(2).treasury == 57000
    assert "Einheit 101 plündert 1/22: Beute 4500 GS." in GAME.printout(after, 1, "de")
    assert "1/22 wird geplündert: 3000 GS Steuern fallen aus." in GAME.printout(after, 2, "de")


def test_a_plunder_ruling_is_checked_and_an_ally_is_not_plundered() -> None:
    state = sample()
    state.units[0].kf, state.units[0].order = "1/22", "KAP1"
    reason = GAME.check_ruling(state, {}, [], Ruling("P1", "viel"), "de")
    assert reason.startswith("Plünderung: „Beute 4500; Steuerausfall 3000“")
    assert GAME.check_ruling(state, {}, [], Ruling("P1", "loot 10; tax loss 0"), "de") == ""
    state.realm(1).allies = [2]
    assert find_items(state, {}).raids == {}


def test_every_field_a_plunderer_passes_through_is_plundered() -> None:
    # Strategie 5.1-2 P1–P3: "Jedes durchzogene Kleinfeld wird ausgeplündert."
    state = sample()
    state.territory = ["1/20=2", "1/21=2"]
    order = Fight(unit=101, code="KA", ext="P1", path=("1/19", "1/20", "1/21"))
    raids = find_items(state, {1: [order]}).raids
    assert [(r.kf, r.unit, r.owner) for r in raids.values()] == [
        ("1/20", "1/101", 2),
        ("1/21", "1/101", 2),
    ]
    after = month(state, order)
    text = GAME.printout(after, 1, "de")
    assert "Einheit 101: nichts zu plündern in 1/19: das Feld gehört keinem Reich." in text
    assert "nichts zu plündern in 1/20" not in text


def test_a_plunderer_with_nothing_to_plunder_is_told_why() -> None:
    state = sample()
    order = Fight(unit=102, code="KA", ext="P2", path=("1/19",))
    assert find_items(state, {1: [order]}).raids == {}
    text = GAME.printout(month(state, order), 1, "de")
    assert "Einheit 102: nichts zu plündern in 1/19: das Feld gehört keinem Reich." in text
    state.territory = ["1/19=1"]
    english = GAME.printout(month(state, order), 1, "en")
    assert "Unit 102: nothing to plunder in 1/19: the field is your realm's." in english
    state.territory, state.realm(1).allies = ["1/19=2"], [2]
    text = GAME.printout(month(state, order), 1, "de")
    assert "Einheit 102: nichts zu plündern in 1/19: das Feld gehört einem Verbündeten." in text
