"""Step 2 (Starweb "Bauen", "Schiffe", "Roboter", "Kunstwerke"), numbers by hand."""

from __future__ import annotations

from engine.starweb.orders import (
    BUILD_FLEET,
    BUILD_INDUSTRY,
    BUILD_P,
    AttachArtifact,
    Build,
    BuildBomb,
    Emigrate,
    Scrap,
    Transfer,
)
from engine.starweb.population import robots_land
from engine.starweb.ships import build_capacity, transfer_and_build, usable_industry
from engine.starweb.state import Character
from tests.starweb.factory import add_artifact, make_state, make_turn, remarks, setv


def test_usable_industry_30_25_and_four_i_ships_against_ten() -> None:
    state = make_state()
    home = setv(state.world(1), i_ships=0, p_ships=0)
    setv(state.fleet(6), world=1, ships=25)  # BORG's key at THRAWN's home
    assert usable_industry(state, home) == 5
    setv(state.fleet(6), ships=35)
    assert usable_industry(state, home) == 0
    # "Bauen": four I-ships against ten ships: only two industries are lost.
    setv(state.fleet(6), ships=10)
    setv(home, i_ships=4)
    assert usable_industry(state, home) == 28
    # an allied key defends, a key at peace does not attack
    state.player(2).allies = [1]
    assert usable_industry(state, home) == 30
    state.player(2).allies = []
    state.fleet(6).peace = True
    assert usable_industry(state, home) == 30


def test_capacity_is_the_smallest_of_industry_population_metal() -> None:
    state = make_state()
    world = setv(state.world(1), industry=5, metal=2, population=50)
    assert build_capacity(state, world) == 2  # "Industrie=5/2"


def test_unordered_industry_builds_i_ships_and_orders_use_capacity() -> None:
    state = make_state()
    setv(state.world(1), i_ships=0, p_ships=0)
    orders = [
        Build(world=1, quantity=10, what=BUILD_FLEET, fleet=1),
        Build(world=1, quantity=2, what=BUILD_P),
        Build(world=1, quantity=3, what=BUILD_INDUSTRY),  # empire builder: 4 each
    ]
    turn = make_turn(state, {1: orders})
    transfer_and_build(turn)
    home = state.world(1)
    assert state.fleet(1).ships == 10
    assert home.p_ships == 2
    assert home.industry == 33
    assert home.i_ships == 30 - 10 - 2 - 12  # the rest builds I-ships
    assert home.metal == 0
    assert turn.used_population[1] == 30
    assert remarks(turn, 1) == ["", "", ""]


def test_metal_unloaded_this_turn_is_not_built_with() -> None:
    state = make_state()
    setv(state.world(1), metal=10)
    turn = make_turn(state)
    turn.unloaded_metal[1] = 6
    transfer_and_build(turn)
    assert state.world(1).metal == 6
    assert state.world(1).i_ships == 1 + 4


def test_recovering_world_builds_nothing() -> None:
    state = make_state()
    setv(state.world(1), recovery=2)
    turn = make_turn(state, {1: [Build(world=1, quantity=3, what=BUILD_P)]})
    transfer_and_build(turn)
    assert state.world(1).metal == 30 and state.world(1).p_ships == 1
    assert remarks(turn, 1) == ["recovering"]


def test_scrapping_six_i_ships_or_four_for_the_empire_builder() -> None:
    state = make_state((Character.EMPIRE_BUILDER, Character.MERCHANT))
    setv(state.world(1), i_ships=9, industry=0, metal=0)
    setv(state.world(3), i_ships=13, industry=0, metal=0)
    turn = make_turn(state, {1: [Scrap(world=1, quantity=2)], 2: [Scrap(world=3, quantity=3)]})
    transfer_and_build(turn)
    assert (state.world(1).industry, state.world(1).i_ships) == (2, 1)
    assert (state.world(3).industry, state.world(3).i_ships) == (2, 1)
    assert remarks(turn, 2) == ["ships_short"]


def test_transfers_destroy_cargo_and_foreign_keys_keep_their_owner() -> None:
    state = make_state()
    setv(state.world(1), industry=0)
    setv(state.fleet(1), ships=5, cargo=5)
    setv(state.fleet(6), world=1, ships=1)  # BORG's key
    orders = [
        Transfer(source="F", number=1, quantity=2, target="F", target_fleet=6),
        Transfer(source="F", number=1, quantity=1, target="P"),
        Transfer(source="I", number=1, quantity=1, target="F", target_fleet=2),
    ]
    turn = make_turn(state, {1: orders})
    transfer_and_build(turn)
    assert (state.fleet(1).ships, state.fleet(1).cargo) == (2, 2)
    assert (state.fleet(6).ships, state.fleet(6).owner) == (3, 2)
    assert state.world(1).p_ships == 2 and state.world(1).i_ships == 0
    assert state.fleet(2).ships == 1
    assert turn.new_ships[("F", 6)] == 2


def test_key_holds_at_most_255_ships() -> None:
    state = make_state()
    setv(state.fleet(1), ships=250)
    setv(state.fleet(2), ships=10)
    turn = make_turn(
        state, {1: [Transfer(source="F", number=2, quantity=10, target="F", target_fleet=1)]}
    )
    transfer_and_build(turn)
    assert (state.fleet(1).ships, state.fleet(2).ships) == (255, 5)
    assert remarks(turn, 1) == ["key_full"]


def test_planet_buster_from_more_than_25_ships() -> None:
    state = make_state()
    setv(state.fleet(1), ships=25)
    setv(state.fleet(2), ships=26)
    turn = make_turn(state, {1: [BuildBomb(fleet=1), BuildBomb(fleet=2)]})
    transfer_and_build(turn)
    assert not state.fleet(1).bomb and remarks(turn, 1)[0] == "too_few_ships"
    assert state.fleet(2).bomb and state.fleet(2).ships == 1
    assert turn.bombs_built == {2}


def test_robots_landing_four_robots_kill_sixteen() -> None:
    # "Roboter": four robots kill 16 (TOTE=16); nine people kill three robots.
    state = make_state((Character.BERSERKER, Character.EMPIRE_BUILDER))
    world = state.world(1)
    setv(world, owner=2, population=20, converts=0)
    turn = make_turn(state, {})
    assert robots_land(turn, world, 4, 1) == 0
    assert world.population == 4 and turn.world_note(1).dead == 16
    assert turn.killed[(1, 2)] == 16
    setv(world, owner=2, population=9, robots=0)
    assert robots_land(turn, world, 5, 1) == 2
    assert (world.owner, world.robots, world.population) == (1, 2, 0)
    assert "conquered" in turn.world_note(1).flags


def test_emigration_costs_industry_and_metal_converts_leave_first() -> None:
    state = make_state((Character.EMPIRE_BUILDER, Character.APOSTLE))
    setv(state.world(1), industry=5, metal=5, converts=3, convert_owner=2)
    setv(state.world(2), population=0)
    turn = make_turn(state, {1: [Emigrate(world=1, quantity=4, to=2)]})
    transfer_and_build(turn)
    home, target = state.world(1), state.world(2)
    assert (home.population, home.converts, home.convert_owner) == (46, 0, 0)
    assert (target.population, target.converts) == (4, 0)  # neutral target: normal people
    assert home.industry == 5 and home.metal == 0 and home.i_ships == 2
    assert turn.arrivals[2] == 4


def test_artifacts_only_the_collector_moves_key_to_key() -> None:
    state = make_state((Character.EMPIRE_BUILDER, Character.COLLECTOR))
    setv(state.fleet(6), world=1, ships=1)  # collector's key at THRAWN's home
    on_world = add_artifact(state, "Platin Thron", "Platin", "Thron", world=1)
    on_key = add_artifact(state, "Gold Taler", "Gold", "Taler", fleet=1)
    orders = {
        1: [AttachArtifact(artifact=1, fleet=2), AttachArtifact(artifact=2, fleet=3)],
        2: [AttachArtifact(artifact=1, fleet=6)],
    }
    turn = make_turn(state, orders)
    transfer_and_build(turn)
    assert on_world.fleet == 2
    assert on_key.fleet == 1 and remarks(turn, 1) == ["", "not_allowed"]
    assert remarks(turn, 2) == ["one_order_per_artifact"]
