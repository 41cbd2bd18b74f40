"""Strategie 5.1-2 P1–P3: a plunder order whose way has nothing to plunder (no owner,
the realm's own ground, an ally's) is warned in the acknowledgement, as far as the realm
knows it (D37), before the month says "nichts zu plündern"."""

from __future__ import annotations

from engine.core import Order
from engine.wdw.orders import Fight
from engine.wdw.state import WdwState
from tests.wdw.helpers import GAME, by_number, month_of, sample


def said(state: WdwState, order: Order, lang: str = "de") -> str:
    return GAME.describe_order(state, 1, order, lang, by_number)


def near_tharnburg(allied: bool) -> WdwState:
    """Realm 1's unit 101 moved (by the GM) next to Tharnburg (1/22), which it sees."""
    state = sample()
    unit = state.unit(1, 101)
    assert unit is not None
    unit.kf = "1/21"
    state.realm(1).allies = [2] if allied else []
    return state


def test_plunder_in_open_land_is_warned_and_the_month_says_the_same() -> None:
    order = Fight(line=1, unit=101, code="KA", ext="P1", path=("1/19",))
    assert said(sample(), order) == (
        "Einheit 101: KAP1 1/19 (nichts zu plündern in 1/19: Ihr Reich kennt dort keinen "
        "Besitzer (Strategie 5.1-2))"
    )
    assert "nothing to plunder in 1/19: your realm knows of no owner there" in said(
        sample(), order, "en"
    )
    after = month_of(sample(), {1: [order]})
    assert "nichts zu plündern in 1/19" in GAME.printout(after, 1, "de")


def test_plunder_in_the_own_field_is_warned() -> None:
    text = said(sample(), Fight(unit=101, code="KA", ext="P2"))
    assert text == "Einheit 101: KAP2 (nichts zu plündern in 1/18: das Gebiet gehört Ihrem Reich)"


def test_plunder_of_an_allys_settlement_is_warned_and_of_an_enemys_not() -> None:
    order = Fight(unit=101, code="KA", ext="P3", path=("1/22",))
    warned = "(nichts zu plündern in 1/22: das Gebiet gehört einem Verbündeten)"
    assert said(near_tharnburg(allied=True), order) == f"Einheit 101: KAP3 1/22 {warned}"
    assert said(near_tharnburg(allied=False), order) == "Einheit 101: KAP3 1/22"


def test_fields_of_one_reason_share_a_warning_and_unseen_ones_get_none() -> None:
    state = sample()
    state.realm(1).known += ["1/20"]
    text = said(state, Fight(unit=101, code="KA", ext="P1", path=("1/19", "1/20", "1/21")))
    assert "(nichts zu plündern in 1/19, 1/20: Ihr Reich kennt dort keinen Besitzer" in text
    assert "ab 1/21 unbekanntes Gebiet" in text and "plündern in 1/21" not in text


def test_no_plunder_no_warning() -> None:
    assert said(sample(), Fight(unit=101, code="KA", path=("1/19",))) == "Einheit 101: KA 1/19"
