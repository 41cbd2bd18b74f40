"""Espionage (Strategie 5.3, F19, D27): which G orders become items, what a success
raises, the minimum IG of Tab. 5.3-1, and what a ruling may say."""

from __future__ import annotations

import pytest

from engine.core import Ruling
from engine.wdw.checks_spy import target_min_ig
from engine.wdw.items import find_items
from engine.wdw.orders import Fight, Spy
from engine.wdw.state import Settlement, Spying, WdwState
from tests.wdw.helpers import GAME, by_number, month_of, noted, placed, sample, unit_of


def test_a_replaced_spy_order_makes_no_item_only_the_last_order_of_the_unit_does() -> None:
    # D27: "601 GO …" then "601 GI …" — the acknowledgement says the last one counts.
    orders = {
        1: [
            Spy(line=1, unit=601, code="GO", target="Tharnburg"),
            Spy(line=2, unit=601, code="GI", target="Tharnburg"),
        ]
    }
    items = find_items(sample(), orders)
    assert [(item, spy.code) for item, (_, spy) in items.spies.items()] == [("G1", "GI")]
    dossier = GAME.dossier(sample(), orders, "de")
    assert "G1 Spion 1/601: GI Risiko 3, Ziel Tharnburg" in dossier
    assert "G2 " not in dossier and "G1 Spion 1/601: GO" not in dossier


def test_only_a_successful_infiltration_raises_the_ig_other_actions_leave_it() -> None:
    # Strategie 5.3 GI: "Erfolgreiche Infiltration erhöht den Infiltrationsgrad … um den
    # Risikofaktor" — no other action does.
    infiltrate = {1: [Spy(line=1, unit=601, code="GI", risk=4, target="Tharnburg")]}
    after = month_of(sample(), infiltrate, Ruling("G1", "gelungen"))
    assert [(s.target, s.ig) for s in after.spying] == [("Tharnburg", 5)]
    infiltrated = sample()
    infiltrated.spying = [Spying(1, 601, "Tharnburg", 40)]
    scout = {1: [Spy(line=1, unit=601, code="GO", risk=4, target="Tharnburg")]}
    after = month_of(infiltrated, scout, Ruling("G1", "gelungen"))
    assert [(s.target, s.ig) for s in after.spying] == [("Tharnburg", 40)]
    assert noted(after, 1, "note.spy_ok")


def _acknowledged_min(order: Spy, state: WdwState | None = None) -> str:
    text = GAME.describe_order(state or sample(), 1, order, "de", by_number)
    return text.split("Mindest-IG nach Kenntnis des Reiches: ")[1].split(")")[0]


def test_the_acknowledgement_counts_the_own_capital_in_the_minimum_ig() -> None:
    # Guru: 50,000 inhabitants (15) and realm 1's capital (+10), as the dossier says.
    assert _acknowledged_min(Spy(unit=601, code="GI", risk=4, target="Guru")) == "25"
    dossier = GAME.dossier(sample(), {1: [Spy(line=1, unit=601, code="GI", target="Guru")]}, "de")
    assert "Ziel Guru; IG 1 / min 25" in dossier


def test_the_acknowledgement_counts_only_what_the_realm_knows_of_a_foreign_target() -> None:
    # Tharnburg and 2/101 are realm 2's: realm 1 does not know their rows (D37).
    assert _acknowledged_min(Spy(unit=601, code="GO", target="Tharnburg")) == "1"
    assert _acknowledged_min(Spy(unit=601, code="GE", target="2/101")) == "1"
    # Its own spy in its own capital Guru: 15 + 10 + Spion 20.
    assert _acknowledged_min(Spy(unit=601, code="GZ", target="1/601")) == "45"


def _in_open_ground(realm: int, number: int) -> WdwState:
    state = sample()
    unit = unit_of(state, realm, number)
    unit.kf = "1/20"
    return state


@pytest.mark.parametrize(
    ("population", "least"), [(10000, 20), (10001, 15), (50000, 15), (50001, 10)]
)
def test_a_settlements_minimum_ig_follows_its_size_row_of_tab_5_3_1(
    population: int, least: int
) -> None:
    state = sample()
    place = state.settlement("Tharnburg")
    assert place is not None
    place.population, place.capital = population, False
    assert target_min_ig(state, "Tharnburg") == least
    place.capital = True
    assert target_min_ig(state, "Tharnburg") == least + 10


@pytest.mark.parametrize(
    ("target", "state", "least"),
    [
        ("1/20", sample(), 1),  # Offenes Gelände
        ("2/101", _in_open_ground(2, 101), 6),  # + Heer
        ("2/101", sample(), 30),  # an army in Tharnburg (15, Hauptstadt +10): + Heer
        ("2/601", _in_open_ground(2, 601), 21),  # + Spion
        ("Residenz Tharnburg", sample(), 35),  # + Residenz einer Ansiedlung
        ("Fürst im Palast von Tharnburg", sample(), 55),  # + Residenz + Nähe eines Fürsten
        ("Herrscher von Tharn", sample(), 21),  # Nähe eines Fürsten, somewhere
    ],
)
def test_each_row_of_tab_5_3_1_adds_to_a_targets_minimum_ig(
    target: str, state: WdwState, least: int
) -> None:
    assert target_min_ig(state, target) == least


def test_a_character_counts_one_specialist_training_a_spy_20_a_leader_10() -> None:
    state = _in_open_ground(2, 601)
    character = unit_of(state, 2, 601)
    character.heerfuehrer = True
    assert target_min_ig(state, "2/601") == 21  # Heerführer and Spion: 20, not 30
    character.spion = False
    assert target_min_ig(state, "2/601") == 11


GO_THARNBURG = {1: [Spy(line=1, unit=601, code="GO", risk=4, target="Tharnburg")]}


@pytest.mark.parametrize("verdict", ["gelungen", "gelungen; entdeckt nein", "Chance 40"])
def test_a_ruling_gives_no_success_below_the_minimum_ig_and_says_why(verdict: str) -> None:
    # Strategie 5.3: the minimum IG must be reached "bevor eine Chance auf einen Erfolg
    # einer anderen Aktion besteht"; Tharnburg: 15 + Hauptstadt 10 = 25, the spy at 1.
    reason = GAME.check_ruling(sample(), GO_THARNBURG, [], Ruling("G1", verdict), "de")
    assert reason == "G1: IG 1 unter dem Mindest-IG 25 des Ziels: keine Chance (Strategie 5.3)"
    english = GAME.check_ruling(sample(), GO_THARNBURG, [], Ruling("G1", verdict), "en")
    assert english == "G1: IG 1 below the target's minimum IG 25: no chance (Strategie 5.3)"


@pytest.mark.parametrize("verdict", ["misslungen; entdeckt ja", "Chance 0"])
def test_a_failure_below_the_minimum_ig_is_accepted(verdict: str) -> None:
    assert GAME.check_ruling(sample(), GO_THARNBURG, [], Ruling("G1", verdict), "de") == ""


def test_a_success_at_the_minimum_ig_and_an_infiltration_below_it_are_accepted() -> None:
    infiltrated = sample()
    infiltrated.spying = [Spying(1, 601, "Tharnburg", 25)]
    assert GAME.check_ruling(infiltrated, GO_THARNBURG, [], Ruling("G1", "gelungen"), "de") == ""
    infiltrate = {1: [Spy(line=1, unit=601, code="GI", risk=4, target="Tharnburg")]}
    assert GAME.check_ruling(sample(), infiltrate, [], Ruling("G1", "gelungen"), "de") == ""


def test_a_foreign_spy_is_never_sighted_not_in_the_printout_nor_on_the_map() -> None:
    # Design §8: other realms' spies are secret; 5.3: a spy works "unauffällig". 2/601
    # stands in Tharnburg, which 1/101 sees from 1/21 (with 2/101, 2/102, 2/201).
    after = month_of(placed(u1_101="1/21"), {})
    assert noted(after, 1, "note.sighting_land")
    assert not noted(after, 1, "note.sighting_character")
    assert {s.kind for s in after.sightings if s.seat == 1} == {"land"}
    printout = GAME.printout(after, 1, "de")
    assert "fremder Charakter" not in printout and "2/601" not in printout


def test_a_character_who_leads_no_army_is_in_no_combat_the_gm_judges_it_apart() -> None:
    # Strategie 6.1: "Andere Charaktere, die gegeneinander kämpfen, werden vom
    # Spielleiter gesondert ausgewertet"; a Heerführer counts as part of the army.
    attack = {1: [Fight(line=1, unit=101, code="KA", path=("1/22",))]}
    items = find_items(placed(u1_101="1/21"), attack)
    assert items.meetings["K1"].b.units == ("2/101", "2/102", "2/201")
    leading = placed(u1_101="1/21")
    leader = unit_of(leading, 2, 601)
    leader.heerfuehrer = True
    items = find_items(leading, attack)
    assert items.meetings["K1"].b.units == ("2/101", "2/102", "2/201", "2/601")


def _tharn_province(*fields: str, capital: bool = False, realm: int = 2) -> WdwState:
    """The sample with Tharnburg (50,000 inhabitants: 15) a capital or not, and a
    province of ``realm`` over ``fields``; 1/21 gets a second settlement of Tharn."""
    state = sample()
    place = state.settlement("Tharnburg")
    assert place is not None
    place.capital = capital
    state.settlements.append(Settlement("Tharnhof", "1/21", 2, population=5000))
    state.realm(realm).provinces.append("Tharn=" + " ".join(fields))
    return state


@pytest.mark.parametrize(
    ("state", "least"),
    [
        (_tharn_province("1/22", "1/30"), 20),  # its only settlement: Provinzhauptort +5
        (_tharn_province("1/22", capital=True), 25),  # Hauptstadt, the +5 does not add
        (_tharn_province("1/21", "1/22"), 15),  # one of two: the GM knows which
        (_tharn_province("1/30"), 15),  # in no province
        (_tharn_province("1/22", realm=1), 15),  # another realm's province
    ],
)
def test_the_only_settlement_of_a_province_is_its_provinzhauptort(
    state: WdwState, least: int
) -> None:
    # Tab. 5.3-1: "Provinzhauptort +5"; "Entsprechendes gilt für Hauptstadt und
    # Provinzhauptort" (they do not add up).
    assert target_min_ig(state, "Tharnburg") == least


def test_only_the_owner_reads_its_provinzhauptort() -> None:
    # D37: a realm knows its own provinces; a foreign settlement is open ground to it.
    state = _tharn_province("1/22")
    assert (target_min_ig(state, "Tharnburg", 2), target_min_ig(state, "Tharnburg", 1)) == (20, 1)


def _tharnburg_in_sight() -> WdwState:
    """Realm 1's 101 in 1/21, next to Tharnburg (1/22): the realm sees the settlement."""
    state = sample()
    unit_of(state, 1, 101).kf = "1/21"
    return state


def test_a_foreign_settlement_in_sight_has_its_rows_of_tab_5_3_1_in_the_acknowledgement() -> None:
    # Strategie 1.3 shows the settlement; 15 (50,000) + Hauptstadt 10.
    spy = Spy(unit=601, code="GI", risk=4, target="Tharnburg")
    assert _acknowledged_min(spy, _tharnburg_in_sight()) == "25"
    assert target_min_ig(_tharnburg_in_sight(), "Tharnburg", 1) == 25
    assert target_min_ig(sample(), "Tharnburg", 1) == 1  # out of sight: open ground


def _tharn_102_in_1_30(scout: str) -> WdwState:
    state = sample()
    unit_of(state, 2, 102).kf = "1/30"
    unit_of(state, 1, 101).kf = scout
    return state


@pytest.mark.parametrize("target", ["Einheit 102 in 1/30", "unit 102 in 1/30", "2/102"])
def test_a_foreign_unit_the_realm_sees_counts_as_an_army(target: str) -> None:
    # Tharn's 102 stands in open ground 1/30, realm 1's 101 beside it:
    # Offenes Gelände 1 + Heer 5, for the realm and for the GM.
    seen = _tharn_102_in_1_30("1/30")
    spy = Spy(unit=601, code="GE", risk=2, target=target)
    assert _acknowledged_min(spy, seen) == "6"
    assert "kennt dieses Ziel nicht" not in GAME.describe_order(seen, 1, spy, "de", by_number)
    dossier = GAME.dossier(seen, {1: [Spy(line=1, unit=601, code="GE", target=target)]}, "de")
    assert f"Ziel {target}; IG 1 / min 6" in dossier
    assert "benennt nichts im Stand" not in dossier


def test_a_foreign_unit_out_of_sight_hiding_or_a_spy_is_not_seen() -> None:
    # D37: the acknowledgement does not tell where another realm's units stand.
    assert target_min_ig(_tharn_102_in_1_30("1/18"), "Einheit 102 in 1/30", 1) == 1
    assert target_min_ig(_tharn_102_in_1_30("1/18"), "Einheit 102 in 1/30") == 6
    hiding = _tharn_102_in_1_30("1/30")
    unit_of(hiding, 2, 102).order = "KX"
    assert target_min_ig(hiding, "Einheit 102 in 1/30", 1) == 1
    spy = _tharn_102_in_1_30("1/30")
    unit_of(spy, 2, 601).kf = "1/30"
    assert target_min_ig(spy, "Einheit 601 in 1/30", 1) == 1
    assert target_min_ig(spy, "Einheit 601 in 1/30") == 21


def test_a_target_naming_nothing_in_the_state_leaves_the_minimum_to_the_gm() -> None:
    # The table's 21 for "Herrscher von Tharn" is a default; Strategie 5.3:
    # "Die Werte können je nach Kultur abweichen" — the GM's success is taken.
    orders = {1: [Spy(line=1, unit=601, code="GR", risk=4, target="Herrscher von Tharn")]}
    assert GAME.check_ruling(sample(), orders, [], Ruling("G1", "gelungen"), "de") == ""
    dossier = GAME.dossier(sample(), orders, "de")
    assert "IG 1 / min 21" in dossier
    assert "der Mindest-IG ist der Vorschlag der Tabelle" in dossier
