"""Alliances, the capital move and provinces (Strategie 5.1, 3.1, 1.2; D26): the order
lines in German and English, each check with its reason, the month's effect, the GM's
``V`` item for a province and the printout."""

from __future__ import annotations

import pytest

from engine.core import Order, Ruling
from engine.wdw.items import find_items
from engine.wdw.orders import Alliance, CapitalMove, Province
from engine.wdw.state import Settlement, WdwState
from tests.wdw.helpers import GAME, by_number, month, read_orders, sample


@pytest.mark.parametrize(
    ("line", "order"),
    [
        ("Bündnis Tharn", Alliance(line=2, realm="Tharn")),
        ("verbündet mit Reich 2", Alliance(line=2, realm="2")),
        ("alliance with realm 3", Alliance(line=2, realm="3")),
        ("Bündnis aufheben Tharn", Alliance(line=2, realm="Tharn", end=True)),
        ("end alliance 2", Alliance(line=2, realm="2", end=True)),
        ("Hauptstadt nach Guru", CapitalMove(line=2, settlement="Guru")),
        ("capital to Guru", CapitalMove(line=2, settlement="Guru")),
        ("Provinz Erinal: 1/18 1/19", Province(line=2, name="Erinal", fields=("1/18", "1/19"))),
        ("province Erinal 1-18 GF1 KF19", Province(line=2, name="Erinal", fields=("1/18", "1/19"))),
    ],
)
def test_realm_orders_read_in_german_and_english(line: str, order: Order) -> None:
    assert read_orders(line) == [order]


def with_second_settlement() -> WdwState:
    state = sample(3)
    state.settlements.append(Settlement(name="Erin", kf="1/19", owner=1, bev=1, population=10000))
    return state


def said(order: Order, state: WdwState | None = None, lang: str = "de") -> str:
    return GAME.describe_order(state or with_second_settlement(), 1, order, lang, by_number)


@pytest.mark.parametrize(
    ("order", "words"),
    [
        (
            Alliance(realm="Tharn"),
            "Bündnis mit Tharn (Reich 2): die Einheiten Ihres Reiches behandeln es",
        ),
        (Alliance(realm="3"), "Bündnis mit Corigani (Reich 3)"),
        (CapitalMove(settlement="Erin"), "Hauptstadt nach Erin: 12 Monate ohne Hauptstadt"),
        (
            Province(name="Erinal", fields=("1/18", "1/19")),
            "Provinz Erinal (2 Kleinfelder): zur Genehmigung an den Spielleiter",
        ),
    ],
)
def test_legal_realm_orders_are_worded(order: Order, words: str) -> None:
    assert words in said(order)


def allied() -> WdwState:
    state = with_second_settlement()
    state.realm(1).allies = [2]
    state.realm(1).provinces = ["Erinal=1/18"]
    state.realm(1).capital_move, state.realm(1).capital_to = 5, "Erin"
    return state


@pytest.mark.parametrize(
    ("order", "reason"),
    [
        (Alliance(realm="Nirgendwo"), "kein Reich Nirgendwo"),
        (Alliance(realm="1"), "ein Reich verbündet sich nicht mit sich selbst"),
        (Alliance(realm="Tharn"), "mit Tharn besteht schon ein Bündnis"),
        (Alliance(realm="Corigani", end=True), "mit Corigani besteht kein Bündnis"),
        (CapitalMove(settlement="Tharnburg"), "keine Ansiedlung Tharnburg Ihres Reiches"),
        (CapitalMove(settlement="Erin"), "die Hauptstadt zieht schon nach Erin (noch 5 Monate)"),
        (Province(name="erinal", fields=("1/19",)), "eine Provinz erinal gibt es schon"),
        (Province(name="Nord", fields=("1/1",)), "1/1 kennt Ihr Reich nicht"),
        (Province(name="Nord", fields=("1/18",)), "1/18 gehört schon zur Provinz Erinal"),
    ],
)
def test_illegal_realm_orders_say_why(order: Order, reason: str) -> None:
    assert reason in said(order, allied())


def test_the_capital_is_refused_as_its_own_new_seat() -> None:
    assert "Guru ist schon die Hauptstadt" in said(CapitalMove(settlement="Guru"))


def test_a_water_field_makes_no_land_province() -> None:
    state = with_second_settlement()
    state.realm(1).known.append("1/8")
    assert "1/8 ist Wasser" in said(Province(name="See", fields=("1/8",)), state)


def test_an_alliance_is_one_sided_and_ends_by_order() -> None:
    after = month(sample(), Alliance(realm="Tharn"))
    assert after.realm(1).allies == [2] and after.realm(2).allies == []
    assert "Verbündet: Tharn" in GAME.printout(after, 1, "de")
    assert month(after, Alliance(realm="2", end=True)).realm(1).allies == []


def test_an_ally_is_no_enemy_in_the_next_months_encounters() -> None:
    state = sample()
    state.units[0].kf, state.units[0].order = "1/22", "KA"
    # The alliance counts from the next month: this month they still meet.
    assert find_items(state, {1: [Alliance(line=1, realm="Tharn")]}).meetings
    state.realm(1).allies = [2]
    assert find_items(state, {}).meetings == {}


def test_the_capital_move_takes_a_year_without_a_capital() -> None:
    state = month(with_second_settlement(), CapitalMove(settlement="Erin"))
    realm = state.realm(1)
    assert (realm.capital_move, realm.capital_to) == (11, "Erin")
    assert not any(s.capital for s in state.settlements if s.owner == 1)
    assert "Die Hauptstadt zieht nach Erin: noch 11 Monate" in GAME.printout(state, 1, "de")
    assert "0: Reich 1: Guru ist keine Hauptstadt mehr" in GAME.printout(state, 0, "de")
    for _ in range(11):
        state = month(state)
    place = state.settlement("Erin")
    assert place is not None and place.capital and state.realm(1).capital_move == 0
    assert "Erin ist die neue Hauptstadt." in GAME.printout(state, 1, "de")


def test_a_province_is_an_open_item_and_joins_the_realm_when_the_gm_accepts_it() -> None:
    order = Province(line=1, name="Erinal", fields=("1/18", "1/19"))
    items = find_items(sample(), {1: [order]})
    assert items.ids() == ["V1"] and items.provinces["V1"] == (1, order)
    assert "V1 Provinz Reich 1: Erinal mit 1/18 1/19" in GAME.dossier(sample(), {1: [order]}, "de")
    ruling = Ruling("V1", "angenommen: Willkommen")
    accepted = month(with_second_settlement(), order, rulings=(ruling,))
    assert accepted.realm(1).provinces == ["Erinal=1/18 1/19"]
    assert "Provinz Erinal: 1/18 1/19" in GAME.printout(accepted, 1, "de")
    assert "Provinz Erinal genehmigt: Willkommen" in GAME.printout(accepted, 1, "de")
    assert "Province Erinal approved: Willkommen" in GAME.printout(accepted, 1, "en")
    refused = month(sample(), order)
    assert refused.realm(1).provinces == []
    assert "Provinz Erinal nicht genehmigt.\n" in GAME.printout(refused, 1, "de")


def test_a_province_ruling_is_checked() -> None:
    orders = {1: [Province(line=1, name="Erinal", fields=("1/18",))]}
    reason = GAME.check_ruling(sample(), orders, [], Ruling("V1", "vielleicht"), "de")
    assert "Provinz: „angenommen: Text für das Reich“" in reason
    assert GAME.check_ruling(sample(), orders, [], Ruling("V1", "angenommen"), "de") == ""
