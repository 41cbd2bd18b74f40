"""Starweb "Geschenke"."""

from __future__ import annotations

from engine.starweb.gifts import give
from engine.starweb.orders import Gift
from tests.starweb.factory import make_state, make_turn, remarks, setv


def test_a_key_and_a_world_go_to_a_known_player_who_learns_from_whom() -> None:
    state = make_state()
    setv(state.world(1), mines=2, turns=5)
    orders = [Gift(what="F", number=2, player="borg"), Gift(what="W", number=1, player="BORG")]
    turn = make_turn(state, {1: orders})
    give(turn)
    assert (state.fleet(2).owner, state.world(1).owner, state.world(1).turns) == (2, 2, 1)
    assert turn.fleet_note(2).flags == ["gift_from:1", "gift_to:2"]
    assert "gift_from:1" in turn.world_note(1).flags
    assert turn.player_report(2).notices == ["gift_received:F2:1", "gift_received:W1:1"]
    assert (turn.gifted_fleets, turn.gifted_worlds) == ({2}, {1})


def test_at_most_two_gifts_and_only_to_players_met() -> None:
    state = make_state(worlds=8)
    orders = [Gift(what="F", number=n, player="BORG") for n in (1, 2, 3)]
    turn = make_turn(state, {1: orders})
    give(turn)
    assert remarks(turn, 1) == ["", "", "too_many_gifts"]
    assert state.fleet(3).owner == 1
    setv(state.player(1), met=[])
    turn = make_turn(state, {1: [Gift(what="F", number=4, player="BORG")]})
    give(turn)
    assert remarks(turn, 1) == ["not_met"]
