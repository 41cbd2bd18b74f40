"""The GM's ``L`` (losses by terrain, monsters, "ins Weiße") and ``GP`` (good points he
grants, D29) lines: their words, their checks and their effect on the month."""

from __future__ import annotations

import pytest

from engine.core import Order, Ruling
from engine.wdw.items import find_items
from engine.wdw.orders import Fight
from engine.wdw.state import WdwState
from engine.wdw.unit_lines import UnitChanges, read_line
from tests.wdw.helpers import GAME, month_of, sample

NO_ORDERS: dict[int, list[Order]] = {}


def check(ruling: Ruling, state: WdwState | None = None) -> str:
    return GAME.check_ruling(state or sample(), NO_ORDERS, [], ruling, "de")


def draft(*rulings: Ruling) -> WdwState:
    return month_of(sample(), NO_ORDERS, *rulings)


def test_the_lines_are_read_with_their_units_changes_and_cause() -> None:
    assert read_line("L", "1/110 -120, 2/205 -50 (Gelände Sumpf)") == UnitChanges(
        "L", (("1/110", -120), ("2/205", -50)), "Gelände Sumpf"
    )
    assert read_line("GP", "1/115 +1") == UnitChanges("GP", (("1/115", 1),))
    assert read_line("GP", "01/115 - 2 (Strafe)") == UnitChanges("GP", (("1/115", -2),), "Strafe")
    assert read_line("L", "1/110 +120") is None  # a loss is never a gain
    assert read_line("L", "(Sumpf)") is None
    assert read_line("GP", "1/115 viel") is None


@pytest.mark.parametrize(
    ("ruling", "reason"),
    [
        (Ruling("L", "1/101"), "Verluste: „L 1/110 -120"),
        (Ruling("L", "1/999 -5"), "keine Einheit 1/999"),
        (Ruling("L", "1/101 -2001"), "Verlust 2001 ist mehr als ihre Größe 2000"),
        (Ruling("GP", "1/101 plus eins"), "Gutpunkte: „GP 1/115 +1"),
        (Ruling("GP", "3/101 +1"), "keine Einheit 3/101"),
        (Ruling("GP", "1/101 -1"), "Einheit 1/101 hat 0 GP"),
    ],
)
def test_each_way_a_line_is_refused_says_why(ruling: Ruling, reason: str) -> None:
    assert reason in check(ruling)


def test_good_lines_are_taken_and_never_become_open_items() -> None:
    assert check(Ruling("L", "1/101 -2000, 2/102 -1 (Sumpf)")) == ""
    assert check(Ruling("gp", "1/101 +2 (Kampferfahrung)")) == ""
    assert GAME.open_items(sample(), NO_ORDERS, [Ruling("GP", "1/101 +1")], "de") == []


def test_losses_shrink_the_units_and_their_owner_reads_the_cause() -> None:
    state = draft(Ruling("L", "1/101 -120, 2/102 -1500 (Gelände Sumpf)"))
    unit = state.unit(1, 101)
    assert unit is not None and unit.size == 1880
    assert state.unit(2, 102) is None  # at 0 it is gone
    mine = GAME.printout(state, 1, "de")
    assert "Einheit 101 verliert 120 (1880 übrig): Gelände Sumpf" in mine
    assert "1500" not in mine
    assert "Unit 102 is destroyed." in GAME.printout(state, 2, "en")


def test_a_later_line_replaces_the_earlier() -> None:
    state = draft(Ruling("L", "1/101 -120"), Ruling("L", "1/102 -10"))
    assert state.unit(1, 101).size == 2000  # type: ignore[union-attr]
    assert state.unit(1, 102).size == 990  # type: ignore[union-attr]


def test_granted_gp_count_in_the_combats_of_the_next_month() -> None:
    state = draft(Ruling("GP", "1/101 +2 (Kampferfahrung)"))
    unit = state.unit(1, 101)
    assert unit is not None and unit.gp_bonus == 2
    assert "Einheit 101 hat jetzt 2 GP vom Spielleiter: Kampferfahrung" in GAME.printout(
        state, 1, "de"
    )
    orders: dict[int, list[Order]] = {
        1: [Fight(unit=101, code="KA", path=("1/19", "1/20"))],
        2: [Fight(unit=101, code="KV", path=("1/21", "1/20"))],
    }
    meeting = find_items(state, orders).meetings["K1"]
    # 2,000 · (5 + 1 terrain + 2 granted) / 5
    assert meeting.a.kampfkraft == 3200 and ("sl", 2) in meeting.a.gp
