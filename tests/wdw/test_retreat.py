"""Retreats after a lost combat (Strategie 5.1, 6.1, 6.2, D28): back the way the unit
came, else the named draw R1 among the free neighbours, else no retreat (the GM rules a
surrender); units under KN or KH hold."""

from __future__ import annotations

from engine.core import Order, Ruling
from engine.dice import Dice
from engine.wdw.orders import Fight
from engine.wdw.retreat import free_neighbours
from engine.wdw.state import Unit, WdwState, world
from tests.wdw.helpers import GAME, dice, field_of, month_of, noted, placed, sample, unit_of
from tests.wdw.test_map_lines import EXAMPLE

NEIGHBOURS_OF_1_20 = ["1/12", "1/21", "1/28", "1/27", "1/19", "1/11"]


def standing(order: str = "KV", seats: int = 2) -> WdwState:
    """The sample with 2/101 standing in 1/20 under ``order``."""
    state = sample(seats)
    unit = unit_of(state, 2, 101)
    unit.kf, unit.order = "1/20", order
    return state


ATTACK: dict[int, list[Order]] = {1: [Fight(unit=101, code="KA", path=("1/19", "1/20"))]}


def run(state: WdwState, *rulings: Ruling, the_dice: Dice | None = None) -> WdwState:
    return month_of(state, ATTACK, *rulings, the_dice=the_dice)


def test_a_loser_that_stood_still_draws_its_field_among_the_free_neighbours() -> None:
    the_dice = dice()
    after = run(standing(), Ruling("K1", "Sieger A; Verluste keine"), the_dice=the_dice)
    [roll] = the_dice.log
    assert (roll.label, roll.sides, roll.seen_by) == ("R K1 2/101", 6, frozenset({1, 2}))
    unit = after.unit(2, 101)
    assert unit is not None and unit.kf == NEIGHBOURS_OF_1_20[roll.value - 1]
    assert any(n.key == "note.retreat" and n.seat == 2 for n in after.notes)


def test_the_draw_is_the_same_whatever_the_order_of_the_rulings() -> None:
    rulings = [Ruling("K1", "Sieger A; Verluste keine"), Ruling("L", "1/102 -1 (Sumpf)")]
    one, two = dice(), dice()
    first = run(standing(), *rulings, the_dice=one)
    second = run(standing(), *reversed(rulings), the_dice=two)
    assert one.log == two.log and first.to_json() == second.to_json()


def test_a_blocked_field_is_not_drawn() -> None:
    state = standing()
    for n, kf in enumerate(NEIGHBOURS_OF_1_20[:5]):
        state.units.append(Unit(realm=1, id=700 + n, unit_class="land", size=10, kf=kf))
    after = run(state, Ruling("K1", "Sieger A; Verluste keine"))
    unit = after.unit(2, 101)
    assert unit is not None and unit.kf == "1/11"  # the only free neighbour


def test_an_ally_does_not_block_a_retreat() -> None:
    state = standing(seats=3)
    state.realm(2).allies = [3]
    for n, kf in enumerate(NEIGHBOURS_OF_1_20):
        if kf != "1/19":
            state.units.append(Unit(realm=3, id=700 + n, unit_class="land", size=10, kf=kf))
    state.units.append(Unit(realm=1, id=799, unit_class="land", size=10, kf="1/12"))
    the_dice = dice()
    after = run(state, Ruling("K1", "Sieger A; Verluste keine"), the_dice=the_dice)
    unit = after.unit(2, 101)
    # Realm 2 counts realm 3 an ally (D26): its units do not block; realm 1's in 1/12 does.
    assert unit is not None and unit.kf != "1/12"
    assert the_dice.log[0].sides == 5


def test_a_unit_with_every_field_blocked_cannot_retreat() -> None:
    state = standing()
    for n, kf in enumerate(NEIGHBOURS_OF_1_20):
        state.units.append(Unit(realm=1, id=700 + n, unit_class="land", size=10, kf=kf))
    after = run(state, Ruling("K1", "Sieger A; Verluste keine"))
    assert field_of(after, 2, 101) == "1/20" and noted(after, 2, "note.no_retreat")


def test_a_loser_that_came_along_a_path_goes_back_without_a_draw() -> None:
    orders: dict[int, list[Order]] = {
        **ATTACK,
        2: [Fight(unit=101, code="KV", path=("1/21", "1/20"))],
    }
    the_dice = dice()
    after = month_of(sample(), orders, Ruling("K1", "Sieger A; Verluste keine"), the_dice=the_dice)
    unit = after.unit(2, 101)
    assert unit is not None and unit.kf == "1/21" and not the_dice.log


def test_units_under_kh_hold_their_field_after_a_loss() -> None:
    after = run(standing("KH"), Ruling("K1", "Sieger A; Verluste 2/101 -100"))
    unit = after.unit(2, 101)
    assert unit is not None and (unit.kf, unit.size) == ("1/20", 1900)


def test_ships_retreat_onto_water_only() -> None:
    state = sample()
    free = [kf for kf in world(state.map_text).fields["1/16"].neighbours if kf]
    assert free == ["1/24", "1/15", "1/8"]
    ship = Unit(realm=2, id=301, unit_class="sea", size=5, kf="1/16", nahkampf=1)
    assert free_neighbours(state, ship) == ["1/24", "1/8"]


def test_a_unit_that_is_attacked_while_ignoring_retreats_before_the_combat() -> None:
    # Tab. 6.1-1 KA-KI: "Rückzug von B (A zieht weiter)"; 2/101 stood still: R1 draws.
    the_dice = dice()
    after = month_of(standing("KI"), ATTACK, the_dice=the_dice)
    [roll] = the_dice.log
    assert (roll.label, roll.sides, roll.seen_by) == ("R 1/20 2/101", 6, frozenset({1, 2}))
    assert field_of(after, 2, 101) == NEIGHBOURS_OF_1_20[roll.value - 1]
    assert noted(after, 2, "note.retreat") and field_of(after, 1, 101) == "1/20"


def test_two_retreating_units_both_go_back_the_way_they_came() -> None:
    orders: dict[int, list[Order]] = {
        1: [Fight(unit=101, code="KR", path=("1/19", "1/20"))],
        2: [Fight(unit=101, code="KR", path=("1/21", "1/20"))],
    }
    after = month_of(sample(), orders)
    assert (field_of(after, 1, 101), field_of(after, 2, 101)) == ("1/19", "1/21")


def test_a_discovered_hiding_unit_retreats_from_its_finder() -> None:
    orders: dict[int, list[Order]] = {
        1: [Fight(unit=101, code="KA", path=("1/19", "1/20"))],
        2: [Fight(unit=102, code="KX", path=("1/20",))],  # D21: a hider's step takes 2
    }
    hidden = month_of(placed(u2_102="1/21"), orders, Ruling("D1", "nicht entdeckt"))
    assert field_of(hidden, 2, 102) == "1/20"
    found = month_of(placed(u2_102="1/21"), orders, Ruling("D1", "entdeckt"))
    assert field_of(found, 2, 102) == "1/21"


def coast(fleet: bool) -> WdwState:
    """2/101 stands on the coast in 1/15; Isyrial holds its land neighbours 1/23, 1/7
    and 1/14 (where its 101 comes from); Tharn's fleet 301 waits in 1/16 if ``fleet``."""
    state = placed(u2_101="1/15", u1_101="1/14")
    for n, kf in enumerate(("1/23", "1/7", "1/14")):
        state.units.append(Unit(realm=1, id=700 + n, unit_class="land", size=10, kf=kf))
    if fleet:
        state.units.append(Unit(realm=2, id=301, unit_class="sea", size=5, kf="1/16"))
    return state


def test_a_land_unit_may_retreat_onto_an_own_fleet_waiting_on_the_water() -> None:
    unit = unit_of(coast(True), 2, 101)
    assert free_neighbours(coast(True), unit) == ["1/16"]  # not 1/8, 1/24: no fleet there
    assert free_neighbours(coast(False), unit) == []
    orders: dict[int, list[Order]] = {1: [Fight(unit=101, code="KA", path=("1/15",))]}
    state = coast(True)
    dossier = GAME.dossier(state, orders, "de")
    assert "Rückzug B: Los R1 unter 1/16" in dossier  # the workbench knows it too
    after = month_of(state, orders, Ruling("K1", "Sieger A; Verluste keine"))
    assert field_of(after, 2, 101) == "1/16" and noted(after, 2, "note.retreat")
    stuck = month_of(coast(False), orders, Ruling("K1", "Sieger A; Verluste keine"))
    assert field_of(stuck, 2, 101) == "1/15" and noted(stuck, 2, "note.no_retreat")


def test_a_fleet_that_sails_on_is_no_refuge() -> None:
    # "Vorbeifahren reicht nicht": the fleet sails past 1/15 through 1/24 to 1/32, out of
    # reach, so 2/101 cannot board.
    orders: dict[int, list[Order]] = {
        1: [Fight(unit=101, code="KA", path=("1/15",))],
        2: [Fight(unit=301, code="KV", path=("1/24", "1/32"))],
    }
    after = month_of(coast(True), orders, Ruling("K1", "Sieger A; Verluste keine"))
    assert field_of(after, 2, 301) == "1/32" and field_of(after, 2, 101) == "1/15"


def river_fight() -> WdwState:
    """On the example map (its river runs through 1/38 and 1/39 into the sea 1/40): Tharn's
    fleet 301 lies on the river in 1/39; Isyrial's fleets come from the sea, where its
    302 stays and blocks the way out."""
    state = sample(map=EXAMPLE)
    state.units += [
        Unit(realm=2, id=301, unit_class="sea", size=5, kf="1/39", nahkampf=1),
        Unit(realm=1, id=301, unit_class="sea", size=50, kf="1/40", nahkampf=1),
        Unit(realm=1, id=302, unit_class="sea", size=50, kf="1/40", nahkampf=1),
    ]
    return state


def test_a_fleet_on_a_river_retreats_along_the_river() -> None:
    # D28: 1/40 is blocked, 1/38 lies up the navigable river; land without it is no way.
    state = river_fight()
    fleet = unit_of(state, 2, 301)
    assert free_neighbours(state, fleet) == ["1/38"]
    orders: dict[int, list[Order]] = {1: [Fight(unit=301, code="KA", path=("1/39",))]}
    assert "Rückzug B: Los R1 unter 1/38" in GAME.dossier(state, orders, "de")
    after = month_of(state, orders, Ruling("K1", "Sieger A; Verluste keine"))
    assert field_of(after, 2, 301) == "1/38" and noted(after, 2, "note.retreat")
