"""Table 6.1-1 (encounters by orders) and Table 5.3-1 (minimum IG), as the rulebook
prints them."""

from __future__ import annotations

import itertools

from engine.wdw.tables import MAIN_ORDERS, encounter, min_ig


def test_every_pair_of_main_orders_has_exactly_one_row() -> None:
    for a, b in itertools.product(MAIN_ORDERS, repeat=2):
        outcome, flipped = encounter(a, b)
        back, flipped_back = encounter(b, a)
        assert outcome == back
        assert flipped != flipped_back or a == b


def test_rows_of_the_table() -> None:
    assert encounter("KN", "KH")[0].text == "Kampf bis zur völligen Vernichtung"
    assert encounter("KA", "KA")[0].fight
    assert not encounter("KH", "KV")[0].fight
    assert encounter("KR", "KR")[0].text == "Rückzug beider Seiten."
    # KT asks who appears superior: the GM's question.
    assert encounter("KT", "KT")[0].question == "appearance"
    assert encounter("KN", "KT")[0].question == "appearance"
    assert encounter("KA", "KI")[0].question == ""


def test_the_table_names_the_aggressor_a() -> None:
    outcome, flipped = encounter("KV", "KA")
    assert flipped and outcome.text == "Kampf. Rückzug des Verlierers."


def test_minimum_ig_by_target() -> None:
    assert min_ig(None, frozenset()) == 1
    assert min_ig(8000, frozenset()) == 20
    assert min_ig(30000, frozenset()) == 15
    assert min_ig(50001, frozenset()) == 10


def test_minimum_ig_examples_of_the_rulebook() -> None:
    # Strategie 5.3: the ruler in his palace in his capital metropolis: 50 …
    assert min_ig(100000, frozenset({"capital", "residence", "prince"})) == 50
    # … and with an army in the field: 26.
    assert min_ig(None, frozenset({"prince", "army"})) == 26


def test_only_one_specialist_training_and_one_capital_count() -> None:
    assert min_ig(None, frozenset({"spy", "specialist"})) == 21
    assert min_ig(100000, frozenset({"capital", "province_capital"})) == 20
