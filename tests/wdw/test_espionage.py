"""Espionage (Strategie 5.3, F19, D27): which G orders become items, what a success
raises, the minimum IG of Tab. 5.3-1, and what a ruling may say."""

from __future__ import annotations

from engine.wdw.items import find_items
from engine.wdw.orders import Spy
from engine.wdw.state import Spying
from engine.core import Ruling
from tests.wdw.helpers import GAME, month_of, noted, sample


def test_a_replaced_spy_order_makes_no_item_only_the_last_order_of_the_unit_does() -> None:
    # D27: "601 GO …" then "601 GI …" — the acknowledgement says the last one counts.
    orders = {
        1: [
            Spy(line=1, unit=601, code="GO", target="Tharnburg"),
            Spy(line=2, unit=601, code="GI", target="Tharnburg"),
        ]
    }
    items = find_items(sample(), orders)
    assert [(item, spy.code) for item, (_, spy) in items.spies.items()] == [("G1", "GI")]
    dossier = GAME.dossier(sample(), orders, "de")
    assert "G1 Spion 1/601: GI Risiko 3, Ziel Tharnburg" in dossier
    assert "G2 " not in dossier and "G1 Spion 1/601: GO" not in dossier


def test_only_a_successful_infiltration_raises_the_ig_other_actions_leave_it() -> None:
    # Strategie 5.3 GI: "Erfolgreiche Infiltration erhöht den Infiltrationsgrad … um den
    # Risikofaktor" — no other action does.
    infiltrate = {1: [Spy(line=1, unit=601, code="GI", risk=4, target="Tharnburg")]}
    after = month_of(sample(), infiltrate, Ruling("G1", "gelungen"))
    assert [(s.target, s.ig) for s in after.spying] == [("Tharnburg", 5)]
    infiltrated = sample()
    infiltrated.spying = [Spying(1, 601, "Tharnburg", 40)]
    scout = {1: [Spy(line=1, unit=601, code="GO", risk=4, target="Tharnburg")]}
    after = month_of(infiltrated, scout, Ruling("G1", "gelungen"))
    assert [(s.target, s.ig) for s in after.spying] == [("Tharnburg", 40)]
    assert noted(after, 1, "note.spy_ok")
