"""Ships in a settlement's siege (Strategie 5.1-2 B1–B6, 6.4): a ship with ranged and
siege ability attacks a settlement on the shore with B<side> from the water beside it,
the walls facing it first; its siege strength is 50 a ship and level (1:50) in the
siege item, the month's destruction and the siege planner."""

from __future__ import annotations

from engine.wdw.checks_works import Siege
from engine.wdw.items import find_items
from engine.wdw.orders import Fight
from engine.wdw.state import Settlement, Unit, Wall, WdwState
from tests.wdw.helpers import GAME, month, sample

SHORE = Fight(unit=301, code="KH", ext="B5")
"""From the water 1/24 towards 1/23 (its side 5)."""


def harbour(fernkampf: int = 1) -> WdwState:
    """Tharn's fortified harbour Hafen in 1/23 beside the water 1/24, where realm 1's 50
    ships 301 lie (Belagerung 1, standing order KHB5)."""
    state = sample()
    state.settlements.append(Settlement("Hafen", "1/23", 2, bef=2, stv=3))
    ships = Unit(1, 301, "sea", 50, "1/24", fernkampf=fernkampf, belagerung=1, order="KHB5")
    state.units.append(ships)
    return state


def hafen(state: WdwState) -> Settlement:
    place = state.settlement("Hafen")
    assert place is not None
    return place


def test_ships_with_b_side_besiege_the_settlement_on_that_shore() -> None:
    items = find_items(harbour(), {1: [SHORE]})
    assert items.sieges == {"B1": Siege("1/23", "Hafen", 1, ("1/301",))}
    # 50 ships × Belagerung 1 × 50 = 2,500: one Bef BWP a month (F17).
    dossier = GAME.dossier(harbour(), {1: [SHORE]}, "de")
    assert "B1 Belagerung von Hafen in 1/23 durch Reich 1 (1/301): Ziel Bef, 1 BWP" in dossier
    assert "Belagerer: Belagerung 2500, Arbeit 0, Kampf 0" in dossier  # its planner
    after = month(harbour(), SHORE)
    assert (hafen(after).bef, hafen(after).damage) == (1, ["bef=1"])


def test_ships_without_a_ranged_attack_add_no_siege_strength() -> None:
    after = month(harbour(fernkampf=0), SHORE)
    assert hafen(after).bef == 2


def test_a_wall_facing_the_water_is_attacked_first() -> None:
    state = harbour()
    state.walls.append(Wall("1/23", 2, 2, 10))  # 1/23's side 2 faces 1/24
    items = find_items(state, {1: [SHORE]})
    assert items.sieges == {} and list(items.wall_sieges) == ["B1"]
    after = month(state, SHORE)
    assert hafen(after).bef == 2 and after.walls[0].damage == 1


def test_no_ship_besieges_a_land_side_or_a_field_without_a_settlement() -> None:
    assert find_items(harbour(), {1: [Fight(unit=301, code="KH", ext="B1")]}).sieges == {}
    land = harbour()
    land.units[-1].order = "KV"  # the ships stay out of it
    land.units.append(Unit(1, 401, "land", 2500, "1/24", belagerung=1))  # a land unit's B5
    assert find_items(land, {1: [Fight(unit=401, code="KH", ext="B5")]}).sieges == {}


def test_the_siege_planner_counts_the_ships_at_fifty_a_ship() -> None:
    text = GAME.calculate(harbour(), None, "siege", {"settlement": "Hafen"}, "de")
    assert "Belagerer: Belagerung 2500, Arbeit 0, Kampf 0" in text
    assert "Bresche (20 %) nach 1 Monat; die Befestigung fällt nach 2 Monaten" in text
