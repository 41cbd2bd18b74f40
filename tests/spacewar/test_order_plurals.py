"""A count of units in an order's words takes the catalog's plural (units.) form."""

from __future__ import annotations

from engine.spacewar.orders import Buy, BuyFleet


def test_buying_several_units_names_them_in_the_plural() -> None:
    assert "Buy 9 cruisers at W1" in Buy(line=1, count=9, unit="KR", world="W1").describe("en")
    assert "Buy 1 cruiser at W1" in Buy(line=1, count=1, unit="KR", world="W1").describe("en")
    assert "Kaufe 2 Scouts" in Buy(line=1, count=2, unit="SC", world="W1").describe("de")
    fleet = BuyFleet(line=1, world="W1", ships=("ST", "SC", "SC"))
    assert "1 battle carrier, 2 scouts" in fleet.describe("en")


def test_one_fighter_is_named_in_the_singular() -> None:
    one = Buy(line=1, count=1, unit="JG", world="W1", carrier="ST1").describe("en")
    assert "Buy 1 fighter at W1" in one
    assert "Buy 3 fighters at W1" in Buy(line=1, count=3, unit="JG", world="W1").describe("en")
