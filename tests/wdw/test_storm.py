"""Storm assaults on fortified settlements (Strategie 3.2, 6.4): the order line, each
check with its reason, the ``S`` item with both sides' Kampfkraft (F10) and the
defenders' GP from the settlement (Tab. 6.3-1), the ruling's checks, and the month: a
storm repulsed by default, taken when the GM rules so."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.core import Order, Ruling
from engine.wdw.dossier import open_lines
from engine.wdw.game import WdwGame
from engine.wdw.items import find_items
from engine.wdw.orders import Fight, Storm
from engine.wdw.state import Wall, WdwState
from engine.wdw.storm import StormResult, read_storm
from tests.wdw.helpers import GAME, by_number, month, noted, placed, read_orders, sample, unit_of

STORM = Storm(settlement="Tharnburg", units=(101, 102))


def said(order: Order, state: WdwState) -> str:
    return GAME.describe_order(state, 1, order, "de", by_number)


def at_the_gates(bef: int = 2) -> WdwState:
    """Isyrial's 101 and 102 in Tharnburg's field; Tharnburg with ``bef`` Befestigung."""
    state = placed(u1_101="1/22", u1_102="1/22")
    place = state.settlement("Tharnburg")
    assert place is not None
    place.bef = bef
    state.realm(1).known.append("1/22")
    return state


@pytest.mark.parametrize(
    "line",
    [
        "Sturm auf Tharnburg mit 101 102",
        "Sturmangriff Tharnburg: 101 102",
        "storm on Tharnburg with 101 102",
    ],
)
def test_a_storm_is_read_with_its_units(line: str) -> None:
    assert read_orders(line) == [Storm(line=2, settlement="Tharnburg", units=(101, 102))]


def test_a_legal_storm_goes_to_the_gm() -> None:
    assert said(STORM, at_the_gates()) == (
        "Sturmangriff auf Tharnburg in 1/22 mit 101 102: der Spielleiter entscheidet"
    )


def _allied() -> WdwState:
    state = at_the_gates()
    state.realm(1).allies.append(2)
    return state


@pytest.mark.parametrize(
    ("order", "state", "reason"),
    [
        (STORM, sample(), "Ihr Reich kennt keine Ansiedlung Tharnburg"),
        (Storm(settlement="Guru", units=(101,)), sample(), "Guru gehört Ihrem Reich selbst"),
        (STORM, _allied(), "Tharnburg gehört einem Verbündeten"),
        (Storm(settlement="Tharnburg"), at_the_gates(), "braucht Einheiten"),
        (Storm(settlement="Tharnburg", units=(999,)), at_the_gates(), "keine Einheit 999"),
        (Storm(settlement="Tharnburg", units=(201,)), at_the_gates(), "201 hat keine Angriffs"),
    ],
)
def test_an_illegal_storm_says_why(order: Order, state: WdwState, reason: str) -> None:
    assert reason in said(order, state)


def test_the_storm_item_weighs_both_sides_with_the_settlements_gp() -> None:
    items = find_items(at_the_gates(), {1: [STORM]})
    assault = items.storms["S1"]
    defenders = ("2/101", "2/102", "2/201")  # the worker too, not the character (the GM's)
    assert (assault.attackers, assault.defenders) == (("1/101", "1/102"), defenders)
    # F10: 2000·(5+1)/5 + 1000·(5+2)/5 (raised here; mounted too).
    assert assault.attack == 2400 + 1400
    # Stv 3 + capital 3 (Tab. 6.3-1) and raised here: (2000 + 1500)·(5+7)/5.
    assert (assault.town_gp, assault.defence) == (6, Fraction(8400))
    dossier = GAME.dossier(at_the_gates(), {1: [STORM]}, "de")
    assert "S1 Sturmangriff auf Tharnburg in 1/22 (Bef 2) durch Reich 1" in dossier
    assert "Kampfkraft 3800) gegen Reich 2 (2/101 2/102 2/201, Kampfkraft 8400 mit 6 GP" in dossier
    assert "\nS1 abgeschlagen; Verluste keine\n" in dossier


def test_no_item_for_an_unfortified_settlement_or_absent_units() -> None:
    assert find_items(at_the_gates(bef=0), {1: [STORM]}).storms == {}
    assert find_items(sample(), {1: [STORM]}).storms == {}
    state = month(at_the_gates(bef=0), STORM)
    assert "Tharnburg ist nicht befestigt: kein Sturm nötig" in GAME.printout(state, 1, "de")
    state = at_the_gates()
    for key in ("1/101", "1/102"):
        realm, number = (int(x) for x in key.split("/"))
        found = unit_of(state, realm, number)
        found.kf = "1/18"
    assert noted(month(state, STORM), 1, "note.storm_absent")


def test_a_storm_whose_units_are_not_there_reads_not_there_only() -> None:
    # Units short of an unfortified Tharnburg learn neither its Bef (a GO
    # result, Tab. 5.3-2) nor that an E order would take it; nor of one it knows not.
    state = at_the_gates(bef=0)
    for number in (101, 102):
        unit_of(state, 1, number).kf = "1/21"
    after = month(state, STORM)
    assert noted(after, 1, "note.storm_absent")
    assert "nicht befestigt" not in GAME.printout(after, 1, "de")
    # A Tharnburg the realm knows not: the acknowledgement refuses the storm, so the
    # month leaves it void and says why, never more (D37).
    text = GAME.printout(month(sample(), STORM), 1, "de")
    assert "Nicht ausgeführt: Sturm auf Tharnburg" in text
    assert "nicht befestigt" not in text


@pytest.mark.parametrize(
    ("text", "verdict"),
    [
        ("gelungen; Verluste 1/101 -300", StormResult(True, (("1/101", 300),))),
        ("abgeschlagen; Verluste keine", StormResult(False)),
        (
            "repulsed; losses 1/101 -500, 2/102 -20",
            StormResult(False, (("1/101", 500), ("2/102", 20))),
        ),
        ("vielleicht", None),
        ("gelungen; Beute 5", None),
        ("gelungen; Verluste 1/101 +5", None),
    ],
)
def test_storm_verdicts_are_read(text: str, verdict: StormResult | None) -> None:
    assert read_storm(text) == verdict


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("gelungen; Verluste 1/101 -300", ""),
        ("abgeschlagen; Verluste 1/101 -300, 2/101 -100", ""),
        ("gelungen; Verluste 2/101 -5", "2/101 verteidigt: bei einem gelungenen Sturm"),
        ("abgeschlagen; Verluste 3/101 -5", "3/101 kämpft nicht in diesem Sturm"),
        ("abgeschlagen; Verluste 1/101 -9999", "1/101"),
        ("vielleicht", "Sturm: „gelungen; Verluste 1/101 -300“"),
    ],
)
def test_a_storm_ruling_is_checked(text: str, refusal: str) -> None:
    answer = WdwGame().check_item(at_the_gates(), {1: [STORM]}, [], Ruling("S1", text), "de")
    assert (answer == "") == (refusal == "")
    assert refusal in answer


def test_a_storm_is_repulsed_by_default() -> None:
    state = month(at_the_gates(), STORM)
    place = state.settlement("Tharnburg")
    assert place is not None and place.owner == 2
    assert "Der Sturm auf Tharnburg ist abgeschlagen." in GAME.printout(state, 2, "de")


def test_a_storm_taken_kills_the_defenders_and_takes_the_settlement() -> None:
    state = at_the_gates()
    state.walls.append(Wall("1/22", 5, 2, 10))
    state = month(state, STORM, rulings=[Ruling("S1", "gelungen; Verluste 1/101 -300")])
    assert state.walls[0].owner == 1  # the field's walls pass with it
    place = state.settlement("Tharnburg")
    assert place is not None and (place.owner, place.capital) == (1, False)
    assert [u.key for u in state.units if u.kf == "1/22" and u.realm == 2] == ["2/601"]
    survivor = state.unit(1, 101)
    assert survivor is not None and survivor.size == 1700
    assert "1/22=1" in state.territory
    assert "Tharnburg ist im Sturm gefallen" in GAME.printout(state, 2, "de")
    assert "The storm on Tharnburg succeeded" in GAME.printout(state, 1, "en")


ATTACK = (Fight(unit=101, code="KA"), Fight(unit=102, code="KA"))
"""Isyrial's units attack Tharn's in the field (a combat K1 before the storm)."""


def test_no_storm_when_the_combat_drove_the_stormers_off() -> None:
    rulings = [Ruling("K1", "Sieger B; Verluste keine"), Ruling("S1", "gelungen; Verluste keine")]
    state = month(at_the_gates(), *ATTACK, STORM, rulings=rulings)
    place = state.settlement("Tharnburg")
    assert place is not None and place.owner == 2
    assert noted(state, 1, "note.storm_absent")


def test_defenders_driven_off_by_the_combat_do_not_fall() -> None:
    rulings = [Ruling("K1", "Sieger A; Verluste keine"), Ruling("S1", "gelungen; Verluste keine")]
    state = month(at_the_gates(), *ATTACK, STORM, rulings=rulings)
    place = state.settlement("Tharnburg")
    assert place is not None and place.owner == 1
    survivors = [u for u in state.units if u.realm == 2 and u.unit_class == "land"]
    assert survivors and all(u.kf != "1/22" for u in survivors)


def test_an_unruled_storm_is_in_the_gms_list_of_open_items() -> None:
    items = find_items(at_the_gates(), {1: [STORM]})
    assert open_lines(items, [], "de") == ["S1 Sturmangriff auf Tharnburg"]
    ruled = Ruling(item="S1", text="abgeschlagen; Verluste keine")
    assert open_lines(items, [ruled], "en") == []


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        (
            "de",
            "Sturmangriff auf Tharnburg in 1/22 mit 101 102: der Spielleiter entscheidet"
            " (doppelt genannt, die Wiederholung gilt nicht, jede zählt einmal: 101)",
        ),
        (
            "en",
            "Storm on Tharnburg in 1/22 with 101 102: the GM rules it"
            " (named twice, the repeat does not count, each counts once: 101)",
        ),
    ],
)
def test_a_unit_named_twice_is_refused_the_second_time(lang: str, text: str) -> None:
    [order] = read_orders("Sturm auf Tharnburg mit 101 101 102 101")
    assert GAME.describe_order(at_the_gates(), 1, order, lang, by_number) == text


def test_a_unit_named_twice_counts_once_in_the_storm() -> None:
    [order] = read_orders("Sturm auf Tharnburg mit 101 101")
    assault = find_items(at_the_gates(), {1: [order]}).storms["S1"]
    # F10: 1/101 alone, 2000·(5+1)/5; named twice it is not 4800.
    assert (assault.attackers, assault.attack) == (("1/101",), 2400)


def test_the_storm_takes_the_settlements_gp_before_the_bukaz() -> None:
    # F11: every GP, the settlement's too, and then the BükAz: −50 takes 2 of the 7.
    state = at_the_gates()
    state.realm(2).bukaz = -50
    assault = find_items(state, {1: [STORM]}).storms["S1"]
    assert assault.defence == Fraction(3500 * (5 + 7 - 2), 5)  # not 3500·(5+6)/5


def test_the_defenders_leader_gives_the_storm_his_gp_but_is_no_defender() -> None:
    # Tab. 6.3-1: "+3 für eine REP als Heerführer", as in any combat of the workbench.
    state = at_the_gates()
    leader = unit_of(state, 2, 601)
    leader.rep, leader.heerfuehrer = True, True
    assault = find_items(state, {1: [STORM]}).storms["S1"]
    assert assault.defence == Fraction(3500 * (5 + 7 + 3), 5)
    assert "2/601" not in assault.defenders  # its fate stays the GM's
