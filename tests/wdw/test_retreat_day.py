"""The retreat fields of a combat's loser (D28) are found from where the units are on
the combat's day, in the dossier (its workbench and part I) and in the month alike: the
dossier's options hold the field the month moves the unit to."""

from __future__ import annotations

from engine.core import Order, Ruling
from engine.wdw.orders import Fight
from engine.wdw.state import WdwState
from tests.wdw.helpers import GAME, field_of, month_of, noted, placed

# Isyrial's 101 leaves 1/19 on day 0, where Tharn's 102 stands under KR: it gives way
# (Tab. 6.1-1 KA ⇔ KR, a retreat before the combat, after the movement). On day 10
# Isyrial's 101 meets Tharn's 101 in 1/20 and loses: on that day 1/19, the field it
# came from, still holds Tharn's 102, so it draws R1 among the free neighbours.
ORDERS: dict[int, list[Order]] = {
    1: [Fight(unit=101, code="KA", path=("1/20",))],
    2: [Fight(unit=101, code="KV"), Fight(unit=102, code="KR")],
}
LOST = Ruling("K1", "Sieger B; Verluste keine")


def way_back_held() -> WdwState:
    return placed(u1_101="1/19", u2_101="1/20", u2_102="1/19")


def test_the_dossier_offers_the_field_the_month_moves_the_loser_to() -> None:
    dossier = GAME.dossier(way_back_held(), ORDERS, "de")
    [line] = [x for x in dossier.splitlines() if "Rückzug A:" in x]
    assert line.strip() == "Rückzug A: Los R1 unter 1/12 1/21 1/28 1/27 1/11"
    [draw] = [x for x in dossier.splitlines() if "R K1 1/101:" in x]
    assert "W5 unter 1/12 1/21 1/28 1/27 1/11" in draw
    after = month_of(way_back_held(), ORDERS, LOST)
    assert field_of(after, 1, 101) in line.split("unter")[1].split()
    assert noted(after, 1, "note.retreat")


def test_a_field_taken_only_after_the_combat_day_does_not_block() -> None:
    # Tharn's 102 (KV) comes into 1/19 from 1/26 only on day 15, after the combat's day.
    orders = {1: ORDERS[1], 2: [ORDERS[2][0], Fight(unit=102, code="KV", path=("1/19",))]}
    state = placed(u1_101="1/19", u2_101="1/20", u2_102="1/26")
    dossier = GAME.dossier(state, orders, "de")
    assert "     Rückzug A: nach 1/19\n" in dossier
    assert field_of(month_of(state, orders, LOST), 1, 101) == "1/19"
