"""Starweb "Sonden"."""

from __future__ import annotations

from engine.starweb.orders import Probe
from engine.starweb.probes import probe
from tests.starweb.factory import make_state, make_turn, remarks, setv


def test_a_ship_probes_a_neighbour_and_is_lost() -> None:
    state = make_state()
    setv(state.fleet(1), ships=2, cargo=2)
    turn = make_turn(state, {1: [Probe(source="F", number=1, world=2)]})
    probe(turn)
    assert (state.fleet(1).ships, state.fleet(1).cargo) == (1, 1)
    assert turn.player_report(1).probed == [2]


def test_ships_built_or_transferred_this_turn_cannot_probe() -> None:
    state = make_state()
    turn = make_turn(state, {1: [Probe(source="F", number=1, world=2)]})
    setv(state.fleet(1), ships=3)  # built this turn: none was there at the start
    probe(turn)
    assert remarks(turn, 1) == ["no_old_ship"]
    assert turn.player_report(1).probed == []


def test_home_fleets_probe_only_through_a_gate() -> None:
    state = make_state()
    orders = [Probe(source="I", number=1, world=8), Probe(source="P", number=1, world=4)]
    turn = make_turn(state, {1: orders})
    probe(turn)
    assert remarks(turn, 1) == ["", "no_gate:W4"]
    assert (state.world(1).i_ships, state.world(1).p_ships) == (0, 1)
    assert turn.player_report(1).probed == [8]
