"""A refused order is void (design §3.0, D37): what the acknowledgement refuses the month
never carries out, it becomes no standing order (D27) and makes no item for the GM; the
printout says why, in the acknowledgement's words."""

from __future__ import annotations

import pytest

from engine.core import Order, RefusedText
from engine.wdw.forecast import standing
from engine.wdw.orders import Build, Fight, Storm, Work
from engine.wdw.state import Unit, WdwState
from grammar.wdw import LANGUAGE
from mailserver.inbound.echo import echo
from tests.wdw.helpers import (
    GAME,
    HEADER,
    by_number,
    field_of,
    month,
    noted,
    placed,
    sample,
    unit_of,
)


def _besieger() -> WdwState:
    """The sample with realm 1's unit 103 in Guru: a siege unit without Angriffsstärke."""
    state = sample()
    state.units.append(Unit(realm=1, id=103, unit_class="land", size=500, kf="1/18", belagerung=1))
    return state


@pytest.mark.parametrize(
    ("state", "order", "reason"),
    [
        (placed(u1_101="1/21"), Fight(unit=101, code="KX", ext="E", path=("1/22",)), "E geht"),
        (sample(), Fight(unit=201, code="KA", path=("1/19",)), "keine Angriffsstärke"),
        (_besieger(), Fight(unit=103, code="KA", ext="B", path=("1/19",)), "keine Angriffs"),
    ],
)
def test_a_refused_k_order_does_not_move_the_unit_nor_stand(
    state: WdwState, order: Fight, reason: str
) -> None:
    assert reason in GAME.describe_order(state, 1, order, "de", by_number)
    before = field_of(state, 1, order.unit)
    after = month(state, order)
    assert field_of(after, 1, order.unit) == before
    assert unit_of(after, 1, order.unit).order == "KV"  # the standing order it had
    assert noted(after, 1, "note.not_done")
    assert not any(n.key == "note.conquered" for n in after.notes)


def test_a_refused_kxe_conquers_nothing_and_makes_no_item() -> None:
    state = placed(u1_101="1/21")
    orders: dict[int, list[Order]] = {
        1: [Fight(line=1, unit=101, code="KX", ext="E", path=("1/22",))]
    }
    assert GAME.open_items(state, orders, [], "de") == []
    dossier = GAME.dossier(state, orders, "de")
    assert "1: 101 KXE 1/22: E geht nicht mit KX" in dossier  # part A still shows it


@pytest.mark.parametrize(
    ("structure", "bwp"), [("bef", 3), ("rues", 3), ("stv", 99999999999999999999)]
)
def test_a_build_above_its_limit_builds_nothing(structure: str, bwp: int) -> None:
    state = sample()
    order = Build(settlement="Guru", structure=structure, bwp=bwp)
    assert "darf höchstens" in GAME.describe_order(state, 1, order, "de", by_number)
    after = month(state, order)
    assert getattr(after.settlements[0], structure) == getattr(state.settlements[0], structure)
    assert not noted(after, 1, "note.built")
    assert after.realm(1).treasury >= state.realm(1).treasury  # nothing paid for it


def test_a_refused_storm_makes_no_item() -> None:
    state = placed(u1_101="1/20")  # Tharnburg (1/22) is out of the realm's sight
    storm = Storm(line=1, settlement="Tharnburg", units=(101,))
    assert "kennt keine Ansiedlung" in GAME.describe_order(state, 1, storm, "de", by_number)
    assert GAME.open_items(state, {1: [storm]}, [], "de") == []
    after = month(state, storm)
    assert not any(n.key.startswith("note.storm") for n in after.notes)


def test_a_refused_order_does_not_replace_the_units_earlier_one() -> None:
    # D27: the last order counts, but a void one was never given.
    march = Fight(line=1, unit=101, code="KV", path=("1/19",))
    bad = Fight(line=2, unit=101, code="KX", ext="E", path=("1/19",))
    texts = GAME.describe_orders(sample(), 1, [march, bad], "en", by_number)
    assert "replaces" not in texts[1]
    assert standing(sample(), {1: [march, bad]}).orders == {1: [march]}
    assert field_of(month(sample(), march, bad), 1, 101) == "1/19"


def test_the_void_orders_are_those_the_acknowledgement_refuses() -> None:
    work = Work(line=1, unit=101, code="AB", structure="stv")  # 101 is no worker
    build = Build(line=2, settlement="Guru", structure="stv")
    checked = standing(sample(), {1: [work, build]})
    assert checked.orders == {1: [build]}
    assert [(seat, order, r.key) for seat, order, r in checked.void] == [(1, work, "needs_worker")]


def test_the_echo_lists_a_refused_order_among_the_lines_not_carried_out() -> None:
    result = LANGUAGE.parse(HEADER + "101 KV 1/19\nBaue Guru Bef +3\n201 KA 1/19\n")
    words = GAME.describe_orders(sample(), 1, list(result.orders), "de", by_number)
    assert [isinstance(w, RefusedText) for w in words] == [False, True, True]
    worded = {id(order): text for order, text in zip(result.orders, words, strict=True)}
    text = echo(result, "de", describe=lambda order: worded[id(order)])
    understood, _, errors = text.partition("Fehler (2) – diese Zeilen werden NICHT ausgeführt:")
    assert "Verstanden (1 Befehl):" in understood and "Bef +3" not in understood
    assert "Zeile 3:\n      Baue Guru Bef +3: Bef darf höchstens 2 BWP haben" in errors
    assert "Zeile 4:\n      201 KA 1/19: Einheit 201 hat keine Angriffsstärke" in errors
