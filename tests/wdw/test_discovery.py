"""The KX discovery question (Tab. 5.1-1 KX, Tab. 6.1-1 footnote ²): the GM rules ``D<n>
entdeckt`` or ``nicht entdeckt``; undiscovered the hiding unit passes, discovered the
table's row applies and both sides learn of it."""

from __future__ import annotations

import pytest

from engine.core import Order, Ruling
from engine.wdw.discovery import Discovery, read_discovery
from engine.wdw.items import find_items
from engine.wdw.orders import Fight
from engine.wdw.state import WdwState
from tests.wdw.helpers import GAME, month_of, sample

# 1/101 attacks from 1/20; 2/102, mounted, hides (KX: each step takes twice the time,
# D21) along the road from 1/21: 1/20 (day 12), 1/19 (day 24).
ORDERS: dict[int, list[Order]] = {
    1: [Fight(unit=101, code="KA")],
    2: [Fight(unit=102, code="KX", path=("1/20", "1/19"))],
}


def state() -> WdwState:
    s = sample()
    s.unit(1, 101).kf = "1/20"  # type: ignore[union-attr]
    s.unit(2, 102).kf = "1/21"  # type: ignore[union-attr]
    s.unit(2, 102).beritten = True  # type: ignore[union-attr]
    return s


def run(*rulings: Ruling) -> WdwState:
    return month_of(state(), ORDERS, *rulings)


def test_the_words_of_a_discovery_ruling() -> None:
    assert read_discovery("entdeckt") == Discovery(True)
    assert read_discovery("Nicht  entdeckt") == Discovery(False)
    assert read_discovery("not discovered") == Discovery(False)
    assert read_discovery("vielleicht") is None


def test_a_hidden_unit_met_by_an_attacker_is_a_question_not_a_combat() -> None:
    items = find_items(state(), ORDERS)
    assert items.ids() == ["D1"]
    meeting = items.meetings["D1"]
    assert (meeting.kf, meeting.day, meeting.a.realm, meeting.b.units) == (
        "1/20",
        12,
        1,
        ("2/102",),
    )
    text = GAME.dossier(state(), ORDERS, "de")
    assert "D1 Versteckte Einheit in 1/20 am Tag 12: Reich 1 (KA) trifft Reich 2 (KX) 2/102" in text
    assert text.endswith("Entscheid\nD1 nicht entdeckt\nEnde\n")
    assert GAME.open_items(state(), ORDERS, [], "de") == [
        "D1 versteckte Einheit in 1/20 — nicht entdeckt"
    ]


def test_undiscovered_it_passes_on_and_nobody_learns_of_it() -> None:
    after = run(Ruling("D1", "nicht entdeckt"))
    unit = after.unit(2, 102)
    assert unit is not None and unit.kf == "1/19"
    assert not any(n.seat == 1 and "hidden" in n.key for n in after.notes)
    assert not any(n.seat == 1 and n.key.startswith("note.sighting") for n in after.notes)


def test_discovered_the_row_applies_and_both_sides_are_told() -> None:
    after = run(Ruling("D1", "entdeckt"))
    unit = after.unit(2, 102)
    assert unit is not None and unit.kf == "1/21"  # KA-KX: B retreats the way it came
    mine = GAME.printout(after, 1, "de")
    assert "In 1/20 wird am Tag 12 eine versteckte fremde Einheit entdeckt (etwa 1500)." in mine
    assert "Unit 102 is discovered in 1/20 though it hides." in GAME.printout(after, 2, "en")


@pytest.mark.parametrize(
    ("ruling", "reason"),
    [
        (Ruling("D1", "vielleicht"), "Entdeckung: „entdeckt“ oder „nicht entdeckt“"),
        (Ruling("D2", "entdeckt"), "D2: kein offener Punkt"),
    ],
)
def test_each_way_a_discovery_ruling_is_refused_says_why(ruling: Ruling, reason: str) -> None:
    assert reason in GAME.check_ruling(state(), ORDERS, [], ruling, "de")


def test_a_unit_that_ignores_asks_no_question() -> None:
    orders: dict[int, list[Order]] = {**ORDERS, 1: [Fight(unit=101, code="KI")]}
    assert find_items(state(), orders).ids() == []


def test_a_unit_of_the_hiders_realm_arriving_later_is_still_met() -> None:
    # 2/102 hides through 1/20 on days 12-24 undiscovered; 2/101 attacks from 1/29 and
    # reaches 1/20 on day 30: that is a meeting of its own.
    s = state()
    s.unit(2, 101).kf = "1/29"  # type: ignore[union-attr]
    orders: dict[int, list[Order]] = {
        **ORDERS,
        2: [*ORDERS[2], Fight(unit=101, code="KA", path=("1/21", "1/20"))],
    }
    items = find_items(s, orders)
    assert items.ids() == ["D1", "K1"]
    assert (items.meetings["K1"].day, items.meetings["K1"].b.units) == (30, ("2/101",))
