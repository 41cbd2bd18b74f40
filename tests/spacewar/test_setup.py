"""The start position, the setup step and the state's JSON (Spacewar "Der Spielaufbau";
decisions 10, 15, 25)."""

from __future__ import annotations

import json

import pytest

from engine.spacewar.state import SpacewarState
from tests.spacewar.factory import GAME, forced, new_state, orders


def test_start_position_has_the_rulebooks_material() -> None:
    state = new_state()
    for number, home in ((1, "W1"), (2, "W7")):
        worlds = [w for w in state.worlds if w.owner == number]
        assert len(worlds) == 6
        assert state.world(home).base_pe == 20
        assert sorted(w.base_pe for w in worlds) == [10] * 5 + [20]
        assert sorted(s.value for s in state.world(home).troops) == [3, 3, 4, 4, 5, 5]
        values = sorted(s.value for w in worlds for s in w.troops)
        assert values.count(3) == 12 and values.count(4) == 7 and values.count(5) == 2
        fleets = [f for f in state.fleets if f.owner == number]
        ships = [s.type for f in fleets for s in f.ships]
        assert len(fleets) == 3 and all(f.where == home for f in fleets)
        assert ships.count("ST") == 3 and ships.count("KR") == 6
        assert ships.count("TR") == 4 and ships.count("SC") == 2
        assert all(s.fighters == 8 for f in fleets for s in f.ships if s.type == "ST")
        base = state.base_at(home)
        assert base is not None and base.owner == number and base.fighters == 0
        # Decision 10: the start stones come out of a pool of 36/21/6.
        assert state.player(number).pool == [24, 14, 4]


def test_state_round_trips_through_json_exactly() -> None:
    state = new_state()
    text = json.dumps(state.to_json(), sort_keys=True)
    again = SpacewarState.from_json(json.loads(text))
    assert json.dumps(again.to_json(), sort_keys=True) == text


def test_unknown_option_and_bad_values_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="no option colour"):
        new_state(colour="red")
    with pytest.raises(ValueError, match="hyperspace_reach"):
        new_state(hyperspace_reach="wide")
    with pytest.raises(ValueError, match="scout_reroll is throw or each_die"):
        new_state(scout_reroll="twice")
    with pytest.raises(ValueError, match="troop_stones"):
        new_state(troop_stones=[1, 2])


def test_start_player_rolls_again_on_a_tie() -> None:
    dice = forced([("start P1", 4), ("start P2", 4), ("start P1", 2), ("start P2", 5)])
    result = GAME.run_turn(new_state(), {}, dice)
    assert isinstance(result.state, SpacewarState)
    assert result.state.start_player == 2 and result.state.round == 1


def test_setup_orders_place_fleets_and_assign_scouts() -> None:
    given = orders("Flotte 2: W3\nTR4 zu Flotte 2\nScout 2 einzeln W5\nF3 nach Welt 4")
    result = GAME.run_turn(new_state(), {1: given}, forced([(None, 6), (None, 1)]))
    state = result.state
    assert isinstance(state, SpacewarState)
    two, three = state.fleet(1, 2), state.fleet(1, 3)
    assert two is not None and two.where == "W3"
    assert [s.id for s in two.ships] == ["ST2", "KR3", "KR4", "TR3", "TR4"]
    assert three is not None and three.where == "W4"
    alone = state.fleet(1, 4)
    assert alone is not None and alone.where == "W5" and [s.id for s in alone.ships] == ["SC2"]


def test_setup_refuses_enemy_worlds_and_lone_warships() -> None:
    given = orders("Flotte 1: W9\nTR1 einzeln W2")
    state = GAME.run_turn(new_state(), {1: given}, forced([(None, 6), (None, 1)])).state
    assert isinstance(state, SpacewarState)
    assert state.fleet(1, 1) is not None and state.fleet(1, 1).where == "W1"  # type: ignore[union-attr]
    keys = [n.key for n in state.notes if 1 in n.to]
    assert "refused_not_own" in keys and "refused_alone" in keys
