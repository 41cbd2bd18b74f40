"""The acknowledgement words the whole order list as the round will carry it out: the
warehouse over every building order in the order written, two flights from one orbit,
the revolts the troops will not prevent (``BoardGame.describe_orders``)."""

from __future__ import annotations

from engine.ashes_board.forecast import forecast
from engine.ashes_board.game import BoardGame
from engine.ashes_board.orders import Build, Fly, Freight, HomePlanet, Item
from engine.ashes_board.state import BoardState
from engine.core import AcknowledgingAll, Order
from grammar.ashes_board import LANGUAGE
from tests.ashes_board.helpers import bare, fleet, orbiting, own, play, start

GAME = BoardGame()


def _said(state: BoardState, orders: list[Order], lang: str = "en", seat: int = 1) -> list[str]:
    return GAME.describe_orders(state, seat, orders, lang, LANGUAGE.namer())


def _fighters(planet: int, n: int) -> Build:
    return Build(planet=planet, items=(Item(what="fighter", count=n),))


def test_the_board_game_words_the_whole_list_at_once() -> None:
    assert isinstance(GAME, AcknowledgingAll)


def test_a_building_order_says_what_it_costs_and_the_warehouse_before_and_after() -> None:
    state = start("I")  # the warehouse: 5 oil, 5 steel, 5 high tech
    (said,) = _said(state, [_fighters(1, 2)], "de")
    assert said == (
        "Bau auf 1 (Earth): 2 FI → Baut 2 FI für 2 Öl, 2 Stahl, 4 Hightech: "
        "Öl 5 → 3, Stahl 5 → 3, Hightech 5 → 1."
    )


def test_the_second_building_order_pays_from_what_the_first_left() -> None:
    state = start("I")
    first, second = _said(state, [_fighters(1, 2), _fighters(9, 1)])
    assert first.endswith("oil 5 → 3, steel 5 → 3, high tech 5 → 1.")
    assert second.endswith("1 FI on 9 (Barnard's Arrow) not built: the warehouse is short.")
    alone = _said(state, [_fighters(9, 1)])[0]
    assert alone.endswith("oil 5 → 4, steel 5 → 4, high tech 5 → 3.")


def test_a_later_cheaper_item_is_still_built_when_a_dearer_one_is_short() -> None:
    state = start("I")
    order = Build(planet=1, items=(Item(what="fighter", count=3), Item(what="troops", count=1)))
    (said,) = _said(state, [order])
    assert "Builds 2 FI for 2 oil, 2 steel, 4 high tech" in said
    assert "1 FI on 1 (Earth) not built: the warehouse is short." in said
    assert said.endswith("Builds 1 LT for 1 steel, 1 high tech: steel 3 → 2, high tech 1 → 0.")


def test_the_round_builds_what_the_acknowledgement_said() -> None:
    state = start("I")
    orders: list[Order] = [_fighters(1, 2), _fighters(9, 1)]
    said = _said(state, orders)
    assert "Builds 2 FI" in said[0] and "not built" in said[1]
    after, _, _ = play(state, {1: orders, 2: []})
    assert orbiting(after, 1, 1) == (10 + 2, 3)
    assert orbiting(after, 1, 9) == (5, 3)


def test_a_second_flight_from_one_orbit_gets_what_the_first_left() -> None:
    state = start("I")  # 10 FI + 3 TR in the orbit of Earth (1)
    first, second = _said(
        state,
        [
            Fly(source=1, fighters=8, transporters=1, target=10),
            Fly(source=1, fighters=5, transporters=1, target=20),
        ],
    )
    assert first.endswith("Left in the orbit of 1 (Earth) then: 2 FI, 2 TR.")
    assert "Only 2 FI and 1 TR could leave 1 (Earth) for 20 (Crossland)." in second
    assert second.endswith("Left in the orbit of 1 (Earth) then: 0 FI, 1 TR.")


def test_ships_arriving_this_round_are_not_counted_for_a_flight() -> None:
    state = bare()
    own(state, 1, 10)
    fleet(state, 1, 10, 4, 0, space=1)  # reaches the orbit in phase 4 c), cannot fly
    (said,) = _said(state, [Fly(source=10, fighters=4, transporters=0, target=12)])
    assert "Only 0 FI and 0 TR could leave 10 (Outpost)" in said


def test_freight_loads_what_is_above_the_board_number_and_the_troops_are_checked_after() -> None:
    state = bare()
    own(state, 1, 10, pop=5, troops=2)  # Outpost's board number is 2
    fleet(state, 1, 10, 0, 2)
    freight = Freight(source=10, pop=9, transporters=2, target=12)
    (said,) = _said(state, [freight], "de")
    assert "2 Bevölkerung gehen an Bord; auf 10 (Outpost) bleiben 3." in said
    assert said.endswith(
        "Achtung: auf 10 (Outpost) stehen dann 2 Bodentruppen gegen Bevölkerung 3: "
        "der Planet revoltiert in Phase 6."
    )


def test_freight_with_no_population_to_spare_is_refused() -> None:
    state = bare()
    own(state, 1, 10, pop=2)
    fleet(state, 1, 10, 0, 2)
    (said,) = _said(state, [Freight(source=10, pop=1, transporters=1, target=12)])
    assert "No freight of 1 population from 10 (Outpost)" in said
    assert "Warning" not in said


def test_troops_built_in_time_take_the_revolt_warning_away() -> None:
    state = bare()
    own(state, 1, 10, pop=4, troops=3)
    state.player(1).steel = state.player(1).hightech = 5
    short = _said(state, [Build(planet=10, items=(Item(what="troops", count=1),))])[0]
    assert "Warning" not in short
    none = _said(state, [HomePlanet(planet=10)])[0]
    assert none.endswith("3 land troops against population 4: the planet revolts in phase 6.")


def test_without_revolts_no_planet_is_warned() -> None:
    state = bare(revolt="none")
    own(state, 1, 10, pop=4, troops=0)
    assert "Warning" not in _said(state, [HomePlanet(planet=10)])[0]


def test_a_seat_that_is_out_gets_no_forecast() -> None:
    state = start("I")
    state.player(1).out = True
    assert forecast(state, 1, [_fighters(1, 1)], "en") == [[]]
    assert forecast(state, 3, [_fighters(1, 1)], "en") == [[]]
