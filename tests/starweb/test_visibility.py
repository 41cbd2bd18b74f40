"""Starweb "Der Printout": what each player sees and whom he meets."""

from __future__ import annotations

from engine.starweb.state import Departure
from engine.starweb.visibility import observe
from tests.starweb.factory import make_state, make_turn, setv


def test_seen_worlds_and_contacts() -> None:
    state = make_state()
    setv(state.player(1), met=[])
    setv(state.player(2), met=[])
    setv(state.world(5), owner=1)
    setv(state.world(6), population=5, converts=2, convert_owner=1)
    turn = make_turn(state)
    setv(state.world(1), owner=2)  # the home world is lost: still reported
    setv(state.fleet(1), world=7)  # at W1 at the start, on W7 now
    turn.passed[1].add(2)
    turn.player_report(1).probed.append(4)
    turn.world_note(8).departures.append(Departure(6, 2, 7))
    observe(turn)
    assert turn.player_report(1).seen == [1, 2, 4, 5, 6, 7]
    assert turn.player_report(1).contacts == [2]  # owner of W1 now
    assert state.player(1).met == [2]
    assert turn.player_report(2).seen == [1, 3]
