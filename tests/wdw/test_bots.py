"""The demo's bot realms: their army marches together and attacks, so that the demo's
second month shows a fight with a winner and a retreat."""

from __future__ import annotations

from random import Random

from engine.core import Order
from engine.wdw.bots import WdwBots
from engine.wdw.state import WdwState
from grammar.wdw import LANGUAGE
from tests.wdw.helpers import month_of, noted, sample


def bot_orders(state: WdwState, seat: int) -> list[Order]:
    text = "\n".join(WdwBots().orders(state, seat, Random(seat)))
    result = LANGUAGE.parse(f"Partie 7 Spieler {seat} Kennwort geheim\n{text}\n")
    assert not result.errors, [e.message("de") for e in result.errors]
    return list(result.orders)


def test_the_combat_units_standing_together_march_together_and_attack() -> None:
    lines = WdwBots().orders(sample(), 1, Random(1))
    assert "101 KA 1/19" in lines and "102 KA 1/19" in lines


def test_two_months_of_bot_orders_end_in_a_fight_one_realm_wins() -> None:
    state = sample()
    for _ in range(2):
        state = month_of(state, {seat: bot_orders(state, seat) for seat in (1, 2)})
    won = [seat for seat in (1, 2) if noted(state, seat, "note.won")]
    lost = [seat for seat in (1, 2) if noted(state, seat, "note.lost")]
    assert len(won) == 1 and len(lost) == 1 and won != lost
