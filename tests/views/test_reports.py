"""The JSON twin of a printout — schema, content, secrecy."""

from __future__ import annotations

import json

import pytest

from engine.ashes.views import REPORT_SCHEMA
from tests.views.test_maps import ashes_game


def test_the_twin_names_its_schema_and_holds_the_printouts_figures() -> None:
    ashes, state = ashes_game(4)
    data = ashes.engine.report_data(state, 2, "en")
    assert data["schema"] == REPORT_SCHEMA == ashes.engine.report_schema
    assert (data["game"], data["turn"], data["player"]) == (5, 4, 2)
    printout = ashes.engine.printout(state, 2, "en")
    for planet in data["planets"]:
        assert planet["owner"] == 2
        assert f"A: {planet['a']} " in printout
    assert {p["number"] for p in data["planets"]} == {p.number for p in state.owned(2)}
    assert data["pp"] == state.player(2).pp
    json.dumps(data)  # plain JSON: no floats or objects


@pytest.mark.parametrize("seed", [1, 4])
def test_a_players_twin_holds_no_other_players_planets_fleets_or_notices(seed: int) -> None:
    ashes, state = ashes_game(6, seed)
    for seat in range(1, 7):
        data = ashes.engine.report_data(state, seat, "de")
        assert all(p["owner"] == seat for p in data["planets"])
        assert all(f["owner"] == seat for f in data["fleets"])
        assert all(n["player"] == seat for n in data["notices"])
        assert all("values" not in row for row in data["gnp"])
    gm = ashes.engine.report_data(state, 0, "de")
    assert len(gm["planets"]) == 40
    assert all("values" in row for row in gm["gnp"])


def test_the_twin_is_the_same_for_the_same_state() -> None:
    ashes, state = ashes_game(3)
    first = json.dumps(ashes.engine.report_data(state, 1, "de"), sort_keys=True)
    again = json.dumps(ashes.engine.report_data(state, 1, "de"), sort_keys=True)
    assert first == again
