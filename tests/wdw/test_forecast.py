"""The acknowledgement as a whole-list forecast (D37): a realm's orders checked in the
order given on a copy of its own position, so later orders see the earlier ones."""

from __future__ import annotations

import pytest

from engine.core import Order
from engine.wdw.forecast import position
from engine.wdw.kind import WDW
from engine.wdw.orders import Alliance, Build, Demolish, Fight, Repair, Storm, Train, Work
from engine.wdw.state import Realm, WdwState
from tests.wdw.helpers import GAME, by_number, month, sample, unit_of


def said(state: WdwState, orders: list[Order], lang: str = "en") -> list[str]:
    return GAME.describe_orders(state, 1, orders, lang, by_number)


def test_a_second_build_sees_the_treasury_after_the_first() -> None:
    state = sample()
    state.realm(1).treasury = 7000  # one BWP in Guru (Tiefland) costs 5000 GS
    first, second = said(state, [Build(settlement="Guru", structure="stv")] * 2)
    assert "does not cover" not in first
    assert "the treasury (2000 GS) does not cover 5000 GS: the build is interrupted" in second
    assert state.realm(1).treasury == 7000  # the state itself is untouched


def test_builds_after_the_limit_is_reached_are_refused() -> None:
    # Guru: Stv 2, Bef 0; Bef may not exceed Stv (F4).
    texts = said(sample(), [Build(settlement="Guru", structure="bef")] * 3)
    assert ["at most" in t for t in texts] == [False, False, True]
    assert "Bef may have at most 2 BWP" in texts[2]


def test_a_units_second_order_says_it_replaces_the_first() -> None:
    orders: list[Order] = [
        Fight(unit=101, code="KA", path=("1/19",)),
        Work(unit=201, code="AB", structure="stv"),
        Fight(unit=101, code="KV"),
    ]
    texts = said(sample(), orders)
    assert ["replaces" in t for t in texts] == [False, False, True]
    assert "replaces the earlier order to unit 101: the last one counts" in texts[2]
    german = said(sample(), orders, "de")[2]
    assert "ersetzt den früheren Befehl an Einheit 101" in german


def test_a_demolition_or_repair_counts_as_the_named_workers_order() -> None:
    # Strategie 5.2, D20: the worker's part in the work is its AB order of the month.
    demolish = Demolish(settlement="Guru", structure="mil", units=(201,))
    texts = said(sample(), [demolish, Fight(unit=201, code="KV")])
    assert ["replaces" in t for t in texts] == [False, True]
    assert "replaces the earlier order to unit 201" in texts[1]
    repair = Repair(settlement="Guru", structure="stv", units=(102, 201))
    state = sample()
    state.settlements[0].damage = ["stv=1"]  # a repair mends only what a siege destroyed
    unit_of(state, 1, 102).arbeit = 1  # and only with workers
    texts = said(state, [Work(unit=201, code="AB", structure="stv"), repair], "de")
    assert "ersetzt den früheren Befehl an Einheit 201: der letzte gilt" in texts[1]
    assert "Einheit 102" not in texts[1].partition("ersetzt")[2]


def test_an_unknown_unit_twice_is_refused_twice_without_replacing() -> None:
    texts = said(sample(), [Fight(unit=999, code="KV")] * 2)
    assert all("no unit 999 of your realm" in t for t in texts)
    assert not any("replaces" in t for t in texts)


def test_one_order_alone_reads_as_the_list_of_that_order() -> None:
    order = Build(settlement="Guru", structure="stv")
    assert GAME.describe_order(sample(), 1, order, "en", by_number) == said(sample(), [order])[0]


def test_the_host_words_the_whole_list_at_once() -> None:
    state = sample()
    state.realm(1).treasury = 7000
    builds: list[Order] = [Build(settlement="Guru", structure="stv")] * 2
    texts = WDW.describe_orders(state, 1, builds, "en", by_number)
    assert "interrupted" in texts[1] and "interrupted" not in texts[0]


def test_the_position_holds_only_what_the_realm_has_and_knows() -> None:
    state = sample(3)
    mine = position(state, 1)
    # The other realms by seat and name alone (the realm list every player has).
    assert [r.seat for r in mine.realms] == [r.seat for r in state.realms]
    assert all(r == Realm(r.seat, r.name) for r in mine.realms if r.seat != 1)
    assert mine.realm(1) == state.realm(1)
    assert {u.realm for u in mine.units} == {1}
    known = set(state.realm(1).known)
    assert all(s.owner == 1 or s.kf in known for s in mine.settlements)
    assert "Tharnburg" not in {s.name for s in mine.settlements}
    assert mine.log == [] and mine.notes == []


def test_a_seat_without_a_realm_has_its_orders_refused_on_an_empty_position() -> None:
    # A storm and an alliance looked up the seat's realm and raised KeyError.
    orders: list[Order] = [
        Storm(line=1, settlement="Tharnburg", units=(101,)),
        Alliance(line=2, realm="1"),
        Fight(line=3, unit=101, code="KN", path=("1/19",)),
    ]
    texts = GAME.describe_orders(sample(2), 3, orders, "en", by_number)
    assert "knows no settlement Tharnburg" in texts[0]
    assert texts[1].startswith("Alliance with Isyrial (realm 1)")
    assert "no unit 101 of your realm" in texts[2]


def test_a_training_after_the_unit_marched_off_sees_it_gone() -> None:
    # Strategie 4.3: a unit trains in a settlement; the month moves it before arming.
    march = Fight(line=1, unit=102, code="KN", ext="F", path=("1/19", "1/20"))
    train = Train(line=2, unit=102, properties=("nahkampf=2",))
    texts = said(sample(), [march, train], "de")
    assert texts[1] == "Ausbildung 102 Nahkampf 2: Einheit 102 steht in keiner eigenen Ansiedlung"
    after = month(sample(), march, train)
    assert after.realm(1).treasury == sample().realm(1).treasury  # nothing paid
    assert unit_of(after, 1, 102).training_months == 0


@pytest.mark.parametrize("build_first", [True, False])
def test_a_demolition_where_the_people_build_says_what_the_month_does(build_first: bool) -> None:
    # Strategie 3.3: the people build or demolish, whichever line comes first.
    build = Build(line=1, settlement="Guru", structure="bef")
    demolish = Demolish(line=2, settlement="Guru", structure="mil")
    orders = [build, demolish] if build_first else [demolish, build]
    texts = said(sample(), orders, "de")
    assert "Abriss in Guru: Mil bis 1 BWP, diesen Monat 0 BWP Arbeit" in texts
    assert "Abriss in Guru: Mil bis 1 BWP, diesen Monat 1 BWP Arbeit" in said(
        sample(), [demolish], "de"
    )


def test_a_second_alliance_with_the_same_realm_is_refused() -> None:
    first, second = said(sample(), [Alliance(realm="Tharn"), Alliance(realm="Tharn")], "de")
    assert "schon ein Bündnis" not in first
    assert second == "Bündnis Tharn: mit Tharn besteht schon ein Bündnis"
    ended = said(sample(), [Alliance(realm="Tharn"), Alliance(realm="Tharn", end=True)])
    assert "not" not in ended[1].partition(":")[2]  # ending what the first line made


def test_a_build_of_no_bwp_is_refused() -> None:
    (text,) = said(sample(), [Build(settlement="Guru", structure="stv", bwp=0)], "de")
    assert text == "Baue Guru Stv +0: +0 BWP baut nichts: Stv +1 oder mehr"
    assert "GS" not in text


def test_a_unit_moved_by_an_earlier_order_sees_nothing_new_yet() -> None:
    # D37: the realm sees from 1/19 only when its unit is there; the march does not
    # reveal 1/20 to the orders after it.
    ahead = Fight(unit=101, code="KV", path=("1/19",))
    later = Fight(unit=102, code="KV", path=("1/19", "1/20"))
    (alone,) = said(sample(), [later], "de")
    assert "ab 1/20 unbekanntes Gebiet" in alone
    assert said(sample(), [ahead, later], "de")[1] == alone
