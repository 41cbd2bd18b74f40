"""Structures losing their effect while unpaid (Strategie 3.4: "Darüber hinaus können
Strukturen sofort ihre Wirkung verlieren bis wieder Unterhalt bezahlt wird. Die Ausmaße
dessen bleiben dem jeweiligen Spielleiter überlassen"): the GM's, by correction — the
Rüstkapazität of a settlement by ``Korrektur Rüstkapazität Guru -30000``."""

from __future__ import annotations

from engine.core import CORRECTION, Ruling
from engine.wdw.orders import Raise
from engine.wdw.state import WdwState
from tests.wdw.helpers import GAME, month, sample

RAISE = Raise(settlement="Guru", count=1000, properties=("nahkampf=1",))  # 5,000 GS


def unpaid() -> WdwState:
    state = sample()
    state.settlements[0].unpaid = True  # Guru: Rüs 3, 30,000 GS a half-year
    return state


def test_the_gm_takes_the_rustkapazitat_of_an_unpaid_settlement_away() -> None:
    gone = Ruling(CORRECTION, "Rüstkapazität Guru -30000", "Unterhalt nicht bezahlt")
    assert GAME.check_ruling(unpaid(), {}, [], gone, "de") == ""
    after = month(unpaid(), RAISE, rulings=[gone])
    assert after.settlements[0].rues_used == 30000
    assert len(after.units) == len(unpaid().units)  # the raising is not carried out
    text = GAME.printout(after, 1, "de")
    assert "die Rüstkapazität von Guru reicht nicht: frei 0 GS, nötig 5000 GS" in text
    assert any("Rüstkapazität Guru -30000 (Unterhalt nicht bezahlt)" in line for line in after.log)


def test_taking_more_than_the_capacity_leaves_none_free_not_less() -> None:
    too_much = Ruling(CORRECTION, "Rüstkapazität Guru -40000", "Unterhalt nicht bezahlt")
    after = month(unpaid(), RAISE, rulings=[too_much])
    assert after.settlements[0].rues_used == 30000  # Rüs 3: the whole 30,000, no more
    assert "frei 0 GS, nötig 5000 GS" in GAME.printout(after, 1, "de")


def test_giving_the_capacity_back_never_makes_it_more_than_full() -> None:
    state = unpaid()
    state.settlements[0].rues_used = 10000
    back = Ruling(CORRECTION, "capacity Guru +20000", "paid after all")
    after = month(state, rulings=[back])
    assert after.settlements[0].rues_used == 0


def test_a_capacity_correction_names_a_settlement_that_exists() -> None:
    wrong = Ruling(CORRECTION, "Rüstkapazität Atlantis -100", "x")
    assert GAME.check_ruling(unpaid(), {}, [], wrong, "de") == "keine Ansiedlung Atlantis"
    unsigned = Ruling(CORRECTION, "Rüstkapazität Guru 100", "x")
    assert "„Rüstkapazität Guru -10000“" in GAME.check_ruling(unpaid(), {}, [], unsigned, "de")
