"""Starweb's map and JSON twin of a printout say what the printout says, no more."""

from __future__ import annotations

import json

import pytest

from engine.starweb.kind import STARWEB
from engine.starweb.views import REPORT_SCHEMA, seen_worlds
from engine.views import UNKNOWN
from mailserver.printouts.maps import render_map
from tests.starweb.test_properties import new_game, next_turn

GAME = STARWEB.engine


def played(seed: int, turns: int, players: int = 6):  # type: ignore[no-untyped-def]
    state = new_game(seed, players)
    for _ in range(turns):
        state = next_turn(state, skip=2)  # seat 2 misses every turn: conditional fire
    return state


@pytest.mark.parametrize("seed", [3, 11])
def test_the_map_holds_the_seen_worlds_and_the_far_ends_of_their_gates(seed: int) -> None:
    state = played(seed, 5)
    for seat in range(1, 7):
        view = GAME.map_view(state, seat, "de")
        seen = set(seen_worlds(state, seat))
        shown = {p.number: p for p in view.places}
        assert seen <= set(shown)
        for number, place in shown.items():
            if number in seen:
                assert place.owner == state.world(number).owner
            else:
                assert place.owner == UNKNOWN and "unexplored" in place.marks
                assert any(number in state.world(w).gates for w in seen)
        for move in view.moves:  # only his own keys' moves
            note = next(n for n in state.report.worlds if n.world == move.origin)
            assert any(d.owner == seat and d.to == move.target for d in note.departures)
        home = [p.number for p in view.places if "home" in p.marks]
        assert home == [state.player(seat).home]
    assert render_map(GAME.map_view(state, 1, "en")).startswith(b"\x89PNG")


@pytest.mark.parametrize("seed", [3, 11, 17])
def test_a_players_twin_hides_what_his_printout_hides(seed: int) -> None:
    state = played(seed, 6)
    for seat in range(1, 7):
        data = GAME.report_data(state, seat, "de")
        assert data["schema"] == REPORT_SCHEMA == GAME.report_schema
        text = json.dumps(data)
        assert "end_score" not in data and "players" not in data
        assert [w["number"] for w in data["worlds"]] == seen_worlds(state, seat)
        me = state.player(seat).code_name
        for world in data["worlds"]:
            for key in world["keys"]:
                own = key["owner"] == me
                assert ("cargo" in key) == own
                if not own:
                    assert not any(f.startswith("conditional:") for f in key["flags"])
        report = next(r for r in state.report.players if r.player == seat)
        assert data["notices"] == report.notices
        if not any(n.startswith("black_box") for n in report.notices):
            assert "black_box" not in text  # the Black Box's effect is the game's secret
        assert data["orders"] == [{"code": e.code, "remark": e.remark} for e in report.echo]
        json.loads(text)
    gm = GAME.report_data(state, 0, "de")
    assert len(gm["worlds"]) == len(state.worlds) and gm["end_score"] == state.end_score
