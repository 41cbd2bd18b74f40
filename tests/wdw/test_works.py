"""Demolition, repair and sieges (Strategie 3.3, 6.4; F13, F14, F17, D19, D20, D24):
the order lines, each check with its reason, the work in exact parts of a BWP, the
reuse of demolished BWP, and the GM's ``B`` item for a siege."""

from __future__ import annotations

import pytest

from engine.core import Order, Ruling
from engine.wdw.items import find_items
from engine.wdw.orders import Build, Demolish, Fight, Repair, Work
from engine.wdw.state import Unit, WdwState
from tests.wdw.helpers import GAME, assert_refused, by_number, month, read_orders, sample


@pytest.mark.parametrize(
    ("line", "order"),
    [
        ("Abriss Guru Mil 2", Demolish(line=2, settlement="Guru", structure="mil", bwp=2)),
        (
            "Abriß Guru: Kaserne mit 201 202",
            Demolish(line=2, settlement="Guru", structure="mil", units=(201, 202)),
        ),
        (
            "demolish Guru mil 2 with 201",
            Demolish(line=2, settlement="Guru", structure="mil", bwp=2, units=(201,)),
        ),
        ("Repariere Guru Bef", Repair(line=2, settlement="Guru", structure="bef")),
        (
            "repair Guru stv with 201",
            Repair(line=2, settlement="Guru", structure="stv", units=(201,)),
        ),
    ],
)
def test_works_read_in_german_and_english(line: str, order: Order) -> None:
    assert read_orders(line) == [order]


def damaged_guru() -> WdwState:
    state = sample()
    guru = state.settlements[0]
    guru.stv, guru.damage = 0, ["stv=2"]
    return state


def said(order: Order, state: WdwState | None = None) -> str:
    return GAME.describe_order(state or damaged_guru(), 1, order, "de", by_number)


@pytest.mark.parametrize(
    ("order", "words"),
    [
        (
            Demolish(settlement="Guru", structure="mil", bwp=2),
            "Abriss in Guru: Mil bis 2 BWP, diesen Monat 1 BWP Arbeit",
        ),
        (
            Demolish(settlement="Guru", structure="mil", bwp=2, units=(201,)),
            "diesen Monat 2 BWP Arbeit",
        ),
        (
            Repair(settlement="Guru", structure="stv", units=(201,)),
            "Reparatur in Guru: Stv, diesen Monat 5,20 BWP Arbeit, 5000 GS je BWP",
        ),
    ],
)
def test_legal_works_are_worded_with_their_rate(order: Order, words: str) -> None:
    assert words in said(order)


@pytest.mark.parametrize(
    ("order", "reason"),
    [
        (Demolish(settlement="Tharnburg", structure="mil"), "keine Ansiedlung Tharnburg"),
        (Demolish(settlement="Guru", structure="bef"), "Guru hat kein Bef"),
        (Demolish(settlement="Guru", structure="mil", units=(999,)), "keine Einheit 999"),
        (Demolish(settlement="Guru", structure="mil", units=(101,)), "101 hat keine Arbeitsstärke"),
        (Repair(settlement="Guru", structure="mil"), "Guru: Mil hat keinen Belagerungsschaden"),
    ],
)
def test_illegal_works_say_why(order: Order, reason: str) -> None:
    assert reason in said(order)


def test_workers_must_stand_in_the_settlement() -> None:
    state = damaged_guru()
    state.units[2].kf = "1/19"
    assert "Einheit 201 steht nicht in Guru" in said(
        Demolish(settlement="Guru", structure="mil", units=(201,)), state
    )


def test_a_repair_the_treasury_cannot_pay_rests() -> None:
    state = damaged_guru()
    state.realm(1).treasury = 100
    assert "der Schatz (100 GS) deckt 5000 GS nicht: die Reparatur ruht" in said(
        Repair(settlement="Guru", structure="stv"), state
    )


def test_people_and_workers_demolish_and_the_bwp_can_be_reused() -> None:
    state = month(sample(), Demolish(settlement="Guru", structure="mil", bwp=2, units=(201,)))
    guru = state.settlements[0]
    assert (guru.mil, guru.reuse) == (1, 4)
    assert "Guru: 2 BWP Mil abgerissen (1 übrig)." in GAME.printout(state, 1, "de")
    treasury = state.realm(1).treasury
    state = month(state, Build(settlement="Guru", structure="stv"))
    assert state.settlements[0].stv == 3 and state.settlements[0].reuse == 0
    assert state.realm(1).treasury == treasury


def test_the_people_do_not_build_and_demolish_at_once_and_parts_carry_over() -> None:
    state = sample()
    state.units[2].size = 500
    orders = (
        Build(settlement="Guru", structure="stv"),
        Demolish(settlement="Guru", structure="mil", units=(201,)),
    )
    state = month(state, *orders)
    guru = state.settlements[0]
    assert guru.mil == 3 and guru.progress == ["abriss:mil=1/2"]
    assert "die Bevölkerung baut und reißt nicht zugleich ab" in GAME.printout(state, 1, "de")
    state = month(state, *orders)
    assert state.settlements[0].mil == 2 and state.settlements[0].progress == []


def test_a_repair_restores_the_damage_and_costs_5000_per_bwp() -> None:
    state = month(damaged_guru(), Repair(settlement="Guru", structure="stv"))
    guru = state.settlements[0]
    assert (guru.stv, guru.damage, guru.progress) == (2, [], [])
    assert state.realm(1).treasury == 60000 - 10000
    assert "Guru: 2 BWP Stv repariert (10000 GS)." in GAME.printout(state, 1, "de")


def besieged() -> WdwState:
    state = sample()
    tharnburg = state.settlements[1]
    tharnburg.bef = 2
    ram = Unit(realm=1, id=301, unit_class="land", size=2500, kf="1/22", belagerung=1)
    ram.order = "KHB"
    state.units.append(ram)
    return state


def test_a_siege_is_an_item_with_what_it_destroys() -> None:
    items = find_items(besieged(), {})
    assert list(items.sieges) == ["B1"]
    assert items.sieges["B1"].settlement == "Tharnburg" and items.sieges["B1"].units == ("1/301",)
    text = GAME.dossier(besieged(), {}, "de")
    assert "B1 Belagerung von Tharnburg in 1/22 durch Reich 1 (1/301): Ziel Bef, 1 BWP" in text
    assert "B1 angenommen" in text


def test_a_siege_breaks_the_fortifications_first_then_the_city_defence() -> None:
    state = month(besieged())
    tharnburg = state.settlements[1]
    assert (tharnburg.bef, tharnburg.damage, tharnburg.reuse) == (1, ["bef=1"], 1)
    assert "Belagerung von Tharnburg: 1 BWP Bef zerstört (1 übrig)." in GAME.printout(
        state, 2, "de"
    )
    state = month(month(state))
    tharnburg = state.settlements[1]
    # Bef 0 after month 2; then Stv at (2,500 siege)/1,000 = 5/2 BWP a month (workers
    # would need the defenders gone).
    assert (tharnburg.bef, tharnburg.stv) == (0, 1)
    assert tharnburg.progress == ["belagerung:stv=1/2"]


def test_the_gm_may_rule_a_siege_without_effect() -> None:
    state = month(besieged(), rulings=(Ruling("B1", "abgelehnt: Ein Ausfall der Verteidiger"),))
    assert state.settlements[1].bef == 2
    assert "Belagerung von Tharnburg ohne Wirkung. Ein Ausfall" in GAME.printout(state, 1, "de")
    reason = GAME.check_ruling(besieged(), {}, [], Ruling("B1", "vielleicht"), "de")
    assert reason.startswith("Belagerung: „angenommen“")


def test_an_ally_is_not_besieged() -> None:
    state = besieged()
    state.realm(1).allies = [2]
    assert find_items(state, {}).sieges == {}


@pytest.mark.parametrize(
    ("line", "order"),
    [
        (
            "201 AB Abriss Mil 2",
            Demolish(line=2, settlement="", structure="mil", bwp=2, units=(201,)),
        ),
        ("201 AB demolish mil", Demolish(line=2, settlement="", structure="mil", units=(201,))),
        ("201 AB Reparatur Bef", Repair(line=2, settlement="", structure="bef", units=(201,))),
        ("201 AB repair bef", Repair(line=2, settlement="", structure="bef", units=(201,))),
    ],
)
def test_a_workers_demolition_and_repair_are_read_in_german_and_english(
    line: str, order: Order
) -> None:
    assert read_orders(line) == [order]


@pytest.mark.parametrize(
    ("order", "written"),
    [
        (Demolish(line=2, settlement="Guru", structure="mil", bwp=2), "Abriss Guru mil 2"),
        (
            Demolish(line=2, settlement="Guru", structure="mil", units=(201, 202)),
            "Abriss Guru mil 1 mit 201 202",
        ),
        (
            Demolish(line=2, settlement="", structure="mil", bwp=2, units=(201,)),
            "201 AB Abriss mil 2",
        ),
        (
            Repair(line=2, settlement="Guru", structure="stv", units=(201,)),
            "Repariere Guru stv mit 201",
        ),
        (Repair(line=2, settlement="", structure="bef", units=(201,)), "201 AB Reparatur bef"),
    ],
)
def test_demolition_and_repair_are_written_as_orders_that_read_back(
    order: Order, written: str
) -> None:
    assert order.describe("de") == written
    assert read_orders(written) == [order]


def test_a_workers_demolition_works_in_the_settlement_where_it_stands() -> None:
    # D20: "201 AB Abriss Mil 2" is the demolition in Guru with unit 201 named.
    state = month(sample(), Demolish(settlement="", structure="mil", bwp=2, units=(201,)))
    assert (state.settlements[0].mil, state.settlements[0].reuse) == (1, 4)
    assert "Guru: 2 BWP Mil abgerissen (1 übrig)." in GAME.printout(state, 1, "de")


def test_a_worker_outside_its_settlements_is_refused_the_demolition() -> None:
    state = sample()
    state.units[2].kf = "1/1"
    text = said(Demolish(settlement="", structure="mil", units=(state.units[2].id,)), state)
    assert f"Einheit {state.units[2].id} steht in 1/1 in keiner Ansiedlung Ihres Reiches" in text


@pytest.mark.parametrize(
    ("line", "de", "en"),
    [
        ("201 AB Zerstören Mil", "Zerstören ist kein Befehl dieses Spiels", "destroying is no"),
        ("201 AB destroy mil", "„Sonderbefehl 201: …“", '"special order 201: …"'),
        ("201 KA Abriss Mil", "Abriss ist ein Arbeitsbefehl und geht nicht mit KA", "with KA"),
    ],
)
def test_destroying_and_a_work_word_after_a_k_code_are_refused(line: str, de: str, en: str) -> None:
    assert_refused(line, de, en)


def test_a_demolition_is_the_workers_order_of_the_month_and_a_later_one_replaces_it() -> None:
    # Strategie 5.2, D20, D27: the worker's part in a demolition is its AB order; a
    # later order to it takes it out of the work, the people go on demolishing.
    named = Demolish(settlement="Guru", structure="mil", bwp=2, units=(201,))
    before = sample().settlements[0].mil
    state = month(sample(), named, Fight(unit=201, code="KV", path=("1/19",)))
    assert state.settlements[0].mil == before - 1
    assert state.unit(1, 201) is not None and state.unit(1, 201).kf == "1/19"
    assert "nicht ausgeführt" not in GAME.printout(state, 1, "de")
    # Its own demolition ("201 AB Abriss Mil 2") goes with it entirely.
    own = Demolish(settlement="", structure="mil", bwp=2, units=(201,))
    state = month(sample(), own, Fight(unit=201, code="KV"))
    assert state.settlements[0].mil == before


def test_a_later_demolition_replaces_the_workers_earlier_order_and_shows_it_busy() -> None:
    build = Work(unit=201, code="AB", structure="stv")
    state = month(
        sample(), build, Demolish(settlement="Guru", structure="mil", bwp=2, units=(201,))
    )
    guru, before = state.settlements[0], sample().settlements[0]
    assert (guru.mil, guru.stv) == (before.mil - 2, before.stv)  # not the build as well
    assert "201 in 1/18: 1000" in GAME.printout(state, 1, "de")
    line = next(x for x in GAME.printout(state, 1, "de").splitlines() if "201 in 1/18" in x)
    assert line.endswith("Befehl AB")


def test_a_worker_in_a_repair_has_its_order_of_the_month() -> None:
    # The repair uses the worker's order as a demolition does (D20).
    state = damaged_guru()
    state = month(state, Repair(settlement="Guru", structure="stv", units=(201,)))
    line = next(x for x in GAME.printout(state, 1, "de").splitlines() if "201 in 1/18" in x)
    assert line.endswith("Befehl AB")


def test_a_workers_replaced_ab_builds_nothing() -> None:
    # D27: the last AB counts; the month built both before.
    state = month(
        sample(),
        Work(unit=201, code="AB", structure="stv"),
        Work(unit=201, code="AB", structure="rues"),
    )
    guru = state.settlements[0]
    assert (guru.stv, guru.rues) == (2, 4)


def test_a_worker_named_twice_in_a_demolition_works_once() -> None:
    twice = Demolish(settlement="Guru", structure="mil", bwp=3, units=(201, 201))
    assert "diesen Monat 2 BWP Arbeit" in said(twice, sample())
    state = sample()
    state.settlements[0].mil = 5
    assert month(state, twice).settlements[0].mil == 3  # the people 1, unit 201 1
