"""The E question and the ruling form's default
winner read a side's Kampfkraft as the combat workbench computes it, the positional GP
included (Tab. 6.3-1, F10)."""

from __future__ import annotations

from engine.core import Order
from engine.wdw.items import find_items
from engine.wdw.orders import Fight
from engine.wdw.rulings import default_ruling
from tests.wdw.helpers import GAME, placed, unit_of

ORDERS: dict[int, list[Order]] = {
    1: [Fight(line=1, unit=101, code="KA", path=("1/22",))],
    2: [Fight(line=1, unit=101, code="KH", path=())],
}


def test_the_default_winner_counts_the_defenders_capital() -> None:
    # 2,000 attack Tharnburg (capital, Stv 3) held by 1,500.
    state = placed(u1_101="1/21", u2_102="1/30")
    unit_of(state, 2, 101).size = 1500
    items = find_items(state, ORDERS)
    combat = next(m for item, m in items.meetings.items() if item.startswith("K"))
    # A: 2,000 × (1 + 1 GP Gelände × 1/5); B: 1,500 × (1 + (1 + 3 Stv + 3 Hauptstadt) / 5).
    assert (combat.a.kampfkraft, combat.b.kampfkraft) == (2400, 3600)
    assert {"stv", "hauptstadt"} <= dict(combat.b.gp).keys()
    assert default_ruling("K1", items) == "Sieger B; Verluste keine"
    # The workbench under the item shows the same figures.
    dossier = GAME.dossier(state, ORDERS, "de")
    assert "K1 Sieger B; Verluste keine" in dossier.split("Entscheid\n", 1)[1]


def test_the_e_question_counts_the_defenders_capital() -> None:
    # A KT attacker meets the same defender: it appears superior only by the workbench's
    # Kampfkraft (2,400 against 3,600), so the form proposes B.
    state = placed(u1_101="1/21", u2_102="1/30")
    unit_of(state, 2, 101).size = 1500
    orders: dict[int, list[Order]] = {
        **ORDERS,
        1: [Fight(line=1, unit=101, code="KT", path=("1/22",))],
    }
    items = find_items(state, orders)
    assert default_ruling("E1", items) == "B überlegen"
    assert "A 2400, B 3600" in GAME.dossier(state, orders, "de")
