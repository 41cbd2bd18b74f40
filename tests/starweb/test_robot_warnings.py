"""Robots are the berserker's: the acknowledgement warns anybody else who builds them
(Starweb "Bauen")."""

from __future__ import annotations

from engine.starweb.orders import BUILD_ROBOTS, Build
from engine.starweb.state import Character
from engine.starweb.warnings import warnings
from tests.starweb.factory import make_state


def test_a_merchant_building_robots_is_warned() -> None:
    state = make_state()  # player 2 is a merchant at home on W3
    order = Build(world=3, quantity=3, what=BUILD_ROBOTS)
    assert warnings(state, 2, order, "de") == ["nur für den Charakter Berserker"]


def test_a_berserker_building_robots_is_not() -> None:
    state = make_state((Character.EMPIRE_BUILDER, Character.BERSERKER))
    assert warnings(state, 2, Build(world=3, quantity=3, what=BUILD_ROBOTS), "de") == []
