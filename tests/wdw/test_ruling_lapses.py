"""Rulings the month cannot apply are said, never dropped: a storm or a siege whose units
the month's combats drove off lapses with its verdict and losses (Strategie 3.2, 6.2,
6.4), and the GM reads so in his overview and with the drafts; a meeting an earlier answer
did away with (Tab. 6.1-1) lapses rather than being unknown. The ruling form proposes no
item its own lines do away with, so that it is taken whole when sent back unchanged."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine

from engine.core import NEUTRAL, Order, Ruling
from engine.wdw import form
from engine.wdw.form import form_lines
from engine.wdw.items import Items, find_items
from engine.wdw.orders import Fight, Storm
from engine.wdw.state import Unit, WdwState
from tests.wdw.helpers import GAME, month
from tests.wdw.test_appearance import ATTACK, kt_ahead
from tests.wdw.test_by_mail import gm_mail, two_realms_ruled
from tests.wdw.test_storm import at_the_gates

STORM = Storm(settlement="Tharnburg", units=(101,))
LOST = Ruling("K1", "Sieger B; Verluste keine")
"""Isyrial loses the fight in Tharnburg's field: its attackers retreat (Tab. 6.1-1)."""


def test_a_storm_whose_units_the_combat_drove_off_lapses_and_the_gm_is_told() -> None:
    storm_ruling = Ruling("S1", "abgeschlagen; Verluste 1/101 -100, 2/101 -50")
    state = month(at_the_gates(), Fight(unit=101, code="KA"), STORM, rulings=[LOST, storm_ruling])
    assert [u.size for u in state.units if u.key in ("1/101", "2/101")] == [2000, 2000]
    (lapsed,) = GAME.lapsed_rulings(state, "de")
    assert lapsed == (
        "S1 entfällt: keine Sturmeinheit (1/101) steht nach den Kämpfen noch in 1/22; "
        "der Entscheid gilt nicht, auch nicht seine Verluste."
    )
    assert "0: " + lapsed in GAME.printout(state, NEUTRAL, "de")
    assert "S1 lapses: no storming unit (1/101)" in GAME.lapsed_rulings(state, "en")[0]
    assert "S1" not in GAME.printout(state, 1, "de")  # the GM's line, not the realm's


def test_a_storm_carried_out_lapses_nothing() -> None:
    won = Ruling("K1", "Sieger A; Verluste keine")
    storm_ruling = Ruling("S1", "abgeschlagen; Verluste 1/101 -100")
    state = month(at_the_gates(), Fight(unit=101, code="KA"), STORM, rulings=[won, storm_ruling])
    assert GAME.lapsed_rulings(state, "de") == []
    assert state.unit(1, 101) is not None and state.unit(1, 101).size == 1900  # type: ignore[union-attr]


def _besieger() -> WdwState:
    state = at_the_gates()
    state.units.append(Unit(1, 301, "land", 2500, "1/22", nahkampf=1, belagerung=1))
    return state


def test_a_siege_whose_units_the_combat_drove_off_lapses_and_the_gm_is_told() -> None:
    orders: list[Order] = [Fight(unit=101, code="KA"), Fight(unit=301, code="KA", ext="B")]
    assert list(find_items(_besieger(), {1: orders}).sieges) == ["B1"]
    state = month(_besieger(), *orders, rulings=[LOST, Ruling("B1", "angenommen")])
    (lapsed,) = GAME.lapsed_rulings(state, "de")
    assert lapsed.startswith("B1 entfällt: keine Belagerungseinheit (1/301) steht nach den")
    assert "vor Tharnburg; der Entscheid gilt nicht." in lapsed


def _taken_in_turn(state: WdwState, lines: list[str], lang: str) -> list[Ruling]:
    """The form's lines given one after the other as the host gives a block, each checked
    after those before it; every one must be taken."""
    given: list[Ruling] = []
    for line in lines:
        item, _, text = line.partition(" ")
        ruling = Ruling(item, text)
        assert GAME.check_item(state, ATTACK, given, ruling, lang) == "", line
        given.append(ruling)
    return given


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_form_sent_back_unchanged_is_taken_whole_and_leaves_nothing_open(lang: str) -> None:
    # Both Tharn units are under KT: the form's "A überlegen" for E1 sends 2/101 back, so
    # 1/101 meets 2/102 (E2), and "A überlegen" there ends the fight K1 would have been.
    state = kt_ahead()
    assert find_items(state, ATTACK).ids() == ["E1", "K1"]
    lines = form_lines(state, ATTACK, find_items(state, ATTACK), lang)
    assert [line.split()[0] for line in lines] == ["E1", "E2"]
    given = _taken_in_turn(state, lines, lang)
    assert GAME.open_items(state, ATTACK, given, lang) == []
    assert "\n".join(lines) in GAME.dossier(state, ATTACK, lang)


def test_a_fight_an_earlier_answer_did_away_with_lapses_rather_than_being_unknown() -> None:
    state = kt_ahead()
    given = [Ruling("E1", "A überlegen"), Ruling("E2", "A überlegen")]
    why = GAME.check_item(state, ATTACK, given, Ruling("K1", "Sieger A"), "de")
    assert why.startswith("K1 entfällt: nach den Entscheiden davor kommt es zu dieser")
    english = GAME.check_item(state, ATTACK, given, Ruling("K1", "Sieger A"), "en")
    assert english.startswith("K1 lapses: after the rulings before it")
    unknown = GAME.check_item(state, ATTACK, given, Ruling("K7", "Sieger A"), "de")
    assert unknown == "K7: kein offener Punkt dieses Monats"


def _at_tharnburg() -> str:
    """A scenario: Isyrial's 101 before Tharnburg (1/21), Tharnburg fortified (Bef 2)."""
    guru = {"name": "Guru", "kf": "1/18", "bev": 5, "population": 50000, "capital": True}
    tharnburg = {"name": "Tharnburg", "kf": "1/22", "bev": 2, "stv": 3, "bef": 2}
    tharnburg |= {"population": 20000, "capital": True}
    unit = {"id": 101, "unit_class": "land", "nahkampf": 1, "raised_terrain": "Tiefland"}
    realms = [
        {"name": "Isyrial", "treasury": 60000, "settlements": [guru]},
        {"name": "Tharn", "treasury": 60000, "settlements": [tharnburg]},
    ]
    realms[0]["units"] = [{**unit, "size": 2000, "kf": "1/21"}]
    realms[1]["units"] = [{**unit, "size": 1500, "kf": "1/22"}]
    scenario = {"map": "sample-map.json", "year": 1000, "month": 1, "realms": realms}
    return json.dumps(scenario)


def test_the_gms_reply_with_the_drafts_names_the_storm_that_lapsed(db_engine: Engine) -> None:
    isyrial = "101 KA 1/22\nSturm auf Tharnburg mit 101\n"
    two_realms_ruled(db_engine, isyrial, "101 KH\n", {"scenario": _at_tharnburg()})
    rulings = "K1 Sieger B; Verluste keine\nS1 abgeschlagen; Verluste 1/101 -100\n"
    reply = gm_mail(db_engine, f"Entscheid\n{rulings}Ende\n")
    assert "2 Entscheide übernommen." in reply and "Nichts ist mehr offen" in reply
    assert (
        "1 Entscheid kann der Monat nicht anwenden; er bleibt gespeichert: "
        "S1 entfällt: keine Sturmeinheit (1/101) steht nach den Kämpfen noch in 1/22" in reply
    )


def test_the_reply_to_rulings_speaks_the_gms_chosen_language_whatever_the_header(
    db_engine: Engine,
) -> None:
    options = {"scenario": _at_tharnburg(), "gm_language": "en"}
    two_realms_ruled(db_engine, "101 KA 1/22\nSturm auf Tharnburg mit 101\n", "101 KH\n", options)
    # The header is German ("Partie 600 Spielleiter Kennwort"); the GM chose English.
    reply = gm_mail(db_engine, "Entscheid\nK1 Sieger B; Verluste keine\nEnde\n")
    assert reply.startswith("Game 600: your commands, line by line.")
    assert "1 ruling taken. Still open (1): S1 Storm on Tharnburg" in reply
    reply = gm_mail(db_engine, "Entscheid\nS1 abgeschlagen; Verluste keine\nEnde\n")
    assert "1 ruling the month cannot apply; it stays kept: S1 lapses:" in reply


def test_the_form_of_a_crowded_month_finds_the_month_a_few_times_not_once_per_meeting(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The bench's 12 realms and 300 units meet hundreds of times: finding the month again
    # after each meeting's default made the dossier take minutes instead of a second.
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[1] / "bench"))
    from bench_wdw import big_world  # tests/bench/bench_wdw.py

    state, orders = big_world()
    items = find_items(state, orders)
    calls: list[int] = []

    def counted(*args: Any, **kwargs: Any) -> Items:
        calls.append(1)
        return find_items(*args, **kwargs)

    monkeypatch.setattr(form, "find_items", counted)
    lines = form.form_lines(state, orders, items, "de")
    assert len(items.meetings) > 100
    assert 1 <= len(calls) <= form.SETTLING_ROUNDS
    assert sorted(line.split()[0] for line in lines) == sorted(items.ids())  # each once
