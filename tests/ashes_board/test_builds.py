"""Phase 5 (B G4.2, G.4.5): building orders carried out unit by unit (decision D-21)."""

from __future__ import annotations

from engine.ashes_board.orders import Build, Item
from engine.ashes_board.printout import render
from tests.ashes_board.helpers import keys, orbiting, play, start


def _build(planet: int, *items: tuple[str, int] | tuple[str, int, str]) -> Build:
    return Build(
        planet=planet,
        items=tuple(Item(what=i[0], count=i[1], type=i[2] if len(i) > 2 else "") for i in items),
    )


def test_units_are_paid_from_the_warehouse_and_appear_in_orbit() -> None:
    state = start("I")
    state.player(1).hightech = 10
    order = _build(1, ("fighter", 2), ("transporter", 1), ("troops", 1))
    state, _, _ = play(state, {1: [order]})
    # 2 FI (1/1/2) + 1 TR (2/1/1) + 1 LT (0/1/1) = 4/4/6; production adds 1/1/1.
    p = state.player(1)
    assert (p.oil, p.steel, p.hightech) == (2, 2, 5)
    assert orbiting(state, 1, 1) == (12, 4)
    assert state.planet(1).troops == 4


def test_a_unit_the_warehouse_cannot_cover_is_skipped_and_later_ones_still_built() -> None:
    state = start("I")
    p = state.player(1)
    p.oil, p.steel, p.hightech = 1, 1, 1
    state, _, _ = play(state, {1: [_build(1, ("transporter", 1), ("troops", 1))]})
    assert orbiting(state, 1, 1) == (10, 3)
    assert state.planet(1).troops == 4
    assert "build_short" in keys(state)
    short = next(line for line in state.report if line.key == "build_short")
    assert short.seats == [1]  # the notice is his alone


def test_orders_are_carried_out_in_the_order_written() -> None:
    state = start("I")
    p = state.player(1)
    p.oil, p.steel, p.hightech = 2, 2, 2
    state, _, _ = play(state, {1: [_build(20, ("troops", 1)), _build(1, ("fighter", 1))]})
    assert state.planet(20).troops == 4
    assert orbiting(state, 1, 1) == (10, 3)  # the fighter found no high tech left


def test_building_on_a_foreign_planet_is_refused() -> None:
    state = start("I")
    state, _, _ = play(state, {1: [_build(5, ("fighter", 1))]})
    assert orbiting(state, 1, 5) == (0, 0)
    assert "build_not_own" in keys(state)


def test_the_basic_game_builds_no_factories_or_hangars() -> None:
    state = start("I")
    state, _, _ = play(state, {1: [_build(1, ("factory", 1, "oil"), ("hangar", 1, "fighter"))]})
    assert state.planet(1).factories == ["hightech"]
    assert state.planet(1).hangars == []
    assert keys(state).count("build_no_cost") == 2


def test_the_extension_needs_a_hangar_of_the_type() -> None:
    state = start("I", extension=True)
    state, _, _ = play(state, {1: [_build(20, ("fighter", 1)), _build(9, ("transporter", 1))]})
    assert orbiting(state, 1, 20) == (0, 0)
    assert orbiting(state, 1, 9) == (5, 4)  # 9 has the transport hangar
    assert "build_no_hangar" in keys(state)


def test_the_extension_builds_factories_at_the_gms_cost_up_to_three() -> None:
    state = start("I", extension=True, factory_cost=[1, 1, 1])
    order = _build(1, ("factory", 3, "steel"))
    state, _, _ = play(state, {1: [order]})
    assert state.planet(1).factories == ["hightech", "steel", "steel"]
    assert "build_no_room" in keys(state)
    p = state.player(1)
    # 5/5/5 - 2 x 1/1/1 + production: Erde 1 high tech + 2 x 1 steel, 9 steel, 20 oil.
    assert (p.oil, p.steel, p.hightech) == (4, 6, 4)


def test_counter_limits_stop_fighters_at_95() -> None:
    state = start("I", counter_limits=True)
    state.fleets[0].fighters = 90  # Erde: 90, Barnard's Arrow: 5
    state.player(1).hightech = 20
    state.player(1).oil = state.player(1).steel = 20
    state, _, _ = play(state, {1: [_build(1, ("fighter", 2))]})
    assert orbiting(state, 1, 1) == (90, 3)
    assert "build_no_counters" in keys(state)


def test_counter_limits_stop_factories_at_39_of_a_type() -> None:
    state = start("I", extension=True, counter_limits=True, factory_cost=[0, 0, 0])
    neutral = [p for p in state.planets if p.owner == 0]
    for planet in neutral[:11]:
        planet.factories = ["steel"] * 3
    neutral[11].factories = ["steel"] * 2
    assert sum(p.factories.count("steel") for p in state.planets) == 37  # 2 of the start
    state, _, _ = play(state, {1: [_build(1, ("factory", 2, "steel"))]})
    assert state.planet(1).factories == ["hightech", "steel", "steel"]
    state, _, _ = play(state, {1: [_build(20, ("factory", 1, "steel"))]})
    assert state.planet(20).factories == ["oil"]
    assert "build_no_counters" in keys(state)


def test_counter_limits_stop_hangars_at_36_of_a_type() -> None:
    state = start("I", extension=True, counter_limits=True, hangar_cost=[0, 0, 0])
    for planet in state.planets[20:38]:
        planet.hangars = ["fighter", "fighter"]
    state, _, _ = play(state, {1: [_build(20, ("hangar", 1, "fighter"))]})
    assert state.planet(20).hangars == []
    assert "build_no_counters" in keys(state)


def test_a_refusal_names_the_units_in_the_number_they_have() -> None:
    state = start("I")
    state, _, _ = play(state, {1: [_build(1, ("factory", 2, "oil"), ("hangar", 1, "fighter"))]})
    lines = [line for line in state.report if line.key == "build_no_cost"]
    assert [render(state, line, "en").split(" on ")[0] for line in lines] == [
        "2 factories",
        "1 hangar",
    ]
    assert [render(state, line, "de").split(" auf ")[0] for line in lines] == [
        "2 Fabriken",
        "1 Hangar",
    ]
