"""The acknowledgement (D37): each order's checks against what the realm knows, and
what it costs; a rejection names no hidden unit."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.core import Order
from engine.wdw.orders import Build, Fight, Special, Spy, Work
from tests.wdw.helpers import GAME, by_number, month, sample, unit_of


def said(order: Order, seat: int = 1, lang: str = "de") -> str:
    return GAME.describe_order(sample(), seat, order, lang, by_number)


@pytest.mark.parametrize(
    ("order", "words"),
    [
        (Fight(unit=101, code="KA", path=("1/19", "1/20")), "Einheit 101: KA 1/19 1/20"),
        (
            Fight(unit=101, code="KA", path=("1/19", "1/20", "1/21")),
            "Einheit 101: KA 1/19 1/20 1/21",
        ),
        (
            Spy(unit=601, code="GI", risk=4, target="Tharnburg"),
            "Mindest-IG nach Kenntnis des Reiches: 1",
        ),
        (
            Spy(unit=601, code="GZ", risk=3, target="Guru"),
            "Mindest-IG nach Kenntnis des Reiches: 25",
        ),
        (Work(unit=201, code="AB", structure="stv"), "Einheit 201: AB baut in Guru an Stv"),
        (Build(settlement="Guru", structure="stv"), "Baue in Guru: Stv +1 (diesen Monat 5000 GS)"),
        (Special(unit=101, text="x"), "Sonderbefehl für Einheit 101: an den Spielleiter"),
    ],
)
def test_legal_orders_are_worded_with_their_cost(order: Order, words: str) -> None:
    assert words in said(order)


@pytest.mark.parametrize(
    ("order", "reason"),
    [
        (Fight(unit=999, code="KA"), "keine Einheit 999 Ihres Reiches"),
        (Fight(unit=201, code="KA", path=("1/19",)), "Einheit 201 hat keine Angriffsstärke"),
        (
            Fight(unit=201, code="KV", ext="E", path=("1/19",)),
            "Einheit 201 hat keine Angriffsstärke",
        ),
        (Fight(unit=101, code="KH", ext="B"), "Einheit 101 hat keine Belagerungsstärke"),
        (Fight(unit=101, code="KX", ext="E"), "E geht nicht mit KX"),
        (Fight(unit=101, code="KR", ext="F"), "F geht nicht mit KR"),
        (
            Fight(unit=101, code="KA", path=("1/30",)),
            "Weg: 1/30 grenzt nicht an 1/18, das Feld davor (ein Weg nennt jedes Feld",
        ),
        (
            Fight(unit=101, code="KA", path=("1/19", "1/20", "1/21", "1/22", "1/23")),
            "ab 1/20 unbekanntes Gebiet",
        ),
        (Work(unit=101, code="AB", structure="stv"), "Einheit 101 hat keine Arbeitsstärke"),
        (Spy(unit=101, code="GI", target="Tharnburg"), "Einheit 101 ist kein Spion"),
        (
            Build(settlement="Tharnburg", structure="stv"),
            "keine Ansiedlung Tharnburg Ihres Reiches",
        ),
        (Build(settlement="Guru", structure="bev"), "Bev darf höchstens 5 BWP haben"),
        (Build(settlement="Guru", structure="bef", bwp=3), "Bef darf höchstens 2 BWP haben"),
    ],
)
def test_each_way_to_be_illegal_says_why(order: Order, reason: str) -> None:
    assert reason in said(order)


def test_a_build_beyond_the_treasury_is_interrupted_not_refused() -> None:
    state = sample()
    state.realm(1).treasury = 100
    text = GAME.describe_order(state, 1, Build(settlement="Guru", structure="stv"), "en", by_number)
    assert "the treasury (100 GS) does not cover 5000 GS" in text


@pytest.mark.parametrize(
    ("lang", "order_words", "note"),
    [
        ("de", "Baue in Guru: Rüs +1 (diesen Monat ", "Guru: Rüs +1 BWP gebaut ("),
        ("en", "Build in Guru: Rüs +1 (this month ", "Guru: Rüs +1 BWP built ("),
    ],
)
def test_a_build_names_the_structure_by_its_short_name_not_the_states(
    lang: str, order_words: str, note: str
) -> None:
    build = Build(settlement="Guru", structure="rues")
    assert GAME.describe_order(sample(), 1, build, lang, by_number).startswith(order_words)
    printout = GAME.printout(month(sample(), build), 1, lang)
    assert note in printout and "rues" not in printout


def test_a_path_into_a_field_held_by_an_enemy_reveals_nothing() -> None:
    state = sample()
    enemy = unit_of(state, 2, 101)
    enemy.kf = "1/19"
    text = GAME.describe_order(
        state, 1, Fight(unit=101, code="KA", path=("1/19",)), "de", by_number
    )
    assert text == "Einheit 101: KA 1/19"


def test_a_path_through_known_land_beyond_the_range_stops_where_the_range_ends() -> None:
    state = sample()
    state.realm(1).known += ["1/20", "1/21", "1/22", "1/23"]
    order = Fight(unit=101, code="KA", path=("1/19", "1/20", "1/21", "1/22", "1/23"))
    text = GAME.describe_order(state, 1, order, "de", by_number)
    assert "die Einheit hält in 1/20" in text


def test_the_acknowledgement_tells_nothing_of_fields_the_realm_does_not_know() -> None:
    # D37: 1/24 is water, which realm 2 cannot know: its answer must not say so.
    state = sample()
    assert "1/23" in state.realm(2).known and "1/24" not in state.realm(2).known
    order = Fight(unit=101, code="KA", path=("1/23", "1/24"))
    text = GAME.describe_order(state, 2, order, "de", by_number)
    assert "nicht befahrbar" not in text
    assert "ab 1/24 unbekanntes Gebiet" in text


UNKNOWN_TARGET = "Ihr Reich kennt dieses Ziel nicht"


@pytest.mark.parametrize("target", ["Guru", "1/19", "1/101"])
def test_a_spy_target_the_realm_knows_is_acknowledged_without_doubt(target: str) -> None:
    # Its own settlement, a field of its map, its own unit.
    text = said(Spy(unit=601, code="GI", target=target))
    assert f"Ziel {target} " in text and UNKNOWN_TARGET not in text


def test_a_spy_target_that_does_not_exist_is_answered_as_unknown() -> None:
    text = said(Spy(unit=601, code="GI", target="Atlantis"))
    assert f"Ziel Atlantis (Mindest-IG nach Kenntnis des Reiches: 1) ({UNKNOWN_TARGET}" in text


@pytest.mark.parametrize("target", ["2/115", "Tharnburg", "1/22"])
def test_a_hidden_spy_target_and_a_missing_one_get_the_same_answer(target: str) -> None:
    # D37: realm 2's unit 2/115, its settlement Tharnburg on 1/22 and that field lie out
    # of realm 1's sight; with them and without them the answer is the same.
    there = sample()
    enemy = there.unit(2, 101)
    assert enemy is not None and "1/22" not in there.realm(1).known
    there.units.append(replace(enemy, id=115))
    gone = sample()
    gone.units = [u for u in gone.units if u.realm != 2]
    gone.settlements = [s for s in gone.settlements if s.owner != 2]
    order = Spy(unit=601, code="GI", target=target)
    for lang in ("de", "en"):
        answer = GAME.describe_order(there, 1, order, lang, by_number)
        assert answer == GAME.describe_order(gone, 1, order, lang, by_number)
    assert UNKNOWN_TARGET in GAME.describe_order(there, 1, order, "de", by_number)


def test_the_dossier_tells_the_gm_a_spy_target_that_names_nothing() -> None:
    orders: dict[int, list[Order]] = {
        1: [Spy(line=1, unit=601, code="GI", target="Atlantis")],
        2: [Spy(line=1, unit=601, code="GI", target="Guru")],
    }
    dossier = GAME.dossier(sample(), orders, "en")
    assert 'the target "Atlantis" names nothing in the state' in dossier
    assert 'the target "Guru" names nothing' not in dossier


def test_a_destination_alone_is_refused_naming_the_field_it_does_not_border() -> None:
    # "101 KA nach 1/21" was refused as "grenzt nicht an das Feld davor" without saying
    # which field, and a player took "nach" for a destination the server would route to.
    text = said(Fight(unit=101, code="KA", path=("1/21",)))
    assert "Weg: 1/21 grenzt nicht an 1/18, das Feld davor" in text
    assert "ein Weg nennt jedes Feld" in text
