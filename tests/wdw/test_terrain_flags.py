"""The map file says which terrains are forest and swamp and which fields are atolls
(docs/state-wdw.md "Map file"): a rider's swamp (Strategie 7.1), the GP out of a forest
(Tab. 6.3-1) and an atoll's settlement without income (1.1) follow the flags, not the
terrain's German name."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.wdw.calculators.economy import Holdings, Site, forecast
from engine.wdw.mapfile import MapError, read_map
from engine.wdw.movement import step_cost
from engine.wdw.options import WdwOptions
from engine.wdw.phases.income import ledger
from engine.wdw.state import Unit, WdwState, world
from tests.wdw.helpers import GAME, sample
from tests.wdw.test_calculators import lines_of

RIDER = Unit(1, 1, "land", 500, "1/14", nahkampf=1, beritten=True)


def _map(terrains: dict[str, dict[str, Any]], fields: dict[str, dict[str, Any]]) -> str:
    """The sample map with its terrain entries and fields changed (by name, by id)."""
    data = json.loads(sample().map_text)
    for terrain in data["terrains"]:
        terrain.update(terrains.get(terrain["name"], {}))
    data["terrains"] += [{"name": n, **t} for n, t in terrains.items() if "class" in t]
    for item in data["fields"]:
        item.update(fields.get(item["id"], {}))
    return json.dumps(data)


def test_without_flags_wald_is_forest_and_sumpf_swamp() -> None:
    fields = read_map(sample().map_text).fields
    assert fields["1/12"].forest and not fields["1/12"].swamp  # Wald
    assert fields["1/15"].swamp and not fields["1/15"].forest  # Sumpf
    assert not fields["1/18"].forest and not fields["1/18"].swamp and not fields["1/18"].atoll


def test_a_renamed_swamp_slows_riders_and_a_sumpf_flagged_otherwise_does_not() -> None:
    # 1/14 (Tiefland) to 1/15 (Sumpf): 7.1, a rider moves there as on foot (one more).
    assert step_cost(RIDER, read_map(sample().map_text), "1/14", "1/15") == 2
    moor = _map({"Moor": {"class": "extrem", "swamp": True}}, {"1/15": {"terrain": "Moor"}})
    assert step_cost(RIDER, read_map(moor), "1/14", "1/15") == 2
    dry = _map({"Sumpf": {"swamp": False}}, {})
    assert step_cost(RIDER, read_map(dry), "1/14", "1/15") == 1


def _forest_gp(map_text: str) -> bool:
    state = sample()
    state.map_text = map_text
    for unit in state.units:
        if unit.key == "2/101":
            unit.kf = "1/13"
    params = {"a": "1/101", "b": "2/101", "kf": "1/13", "a_from": "1/12"}
    return any(
        "forest +1" in line
        for line in lines_of(GAME.calculate(state, None, "combat", params, "en"))
    )


def test_the_forest_gp_follows_the_forest_flag() -> None:
    # Tab. 6.3-1 "aus einem Wald heraus": 1/12 is Wald.
    assert _forest_gp(sample().map_text)
    jungle = _map(
        {"Dschungel": {"class": "schwer", "forest": True}}, {"1/12": {"terrain": "Dschungel"}}
    )
    assert _forest_gp(jungle)
    assert not _forest_gp(_map({"Wald": {"forest": False}}, {}))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"terrains": {"Wald": {"forest": "ja"}}}, "terrain 'Wald': forest must be true or false"),
        ({"terrains": {"Sumpf": {"swamp": 1}}}, "terrain 'Sumpf': swamp must be true or false"),
        ({"fields": {"1/1": {"atoll": "yes"}}}, "field 1/1: atoll must be true or false"),
    ],
)
def test_a_flag_that_is_not_true_or_false_is_refused(change: dict[str, Any], message: str) -> None:
    with pytest.raises(MapError, match=message):
        read_map(_map(change.get("terrains", {}), change.get("fields", {})))


def _on_an_atoll() -> WdwState:
    state = sample()
    state.map_text = _map({}, {"1/18": {"atoll": True}})
    return state


def test_a_settlement_on_an_atoll_brings_no_income_only_its_upkeep() -> None:
    # Strategie 1.1: Guru (1/18), 50,000 inhabitants: 7,500 GS less its upkeep; on an atoll
    # the upkeep alone (100 GS a BWP, normal terrain).
    options = WdwOptions()
    plain, _ = ledger(sample(), 1, options)
    state = _on_an_atoll()
    earned, _ = ledger(state, 1, options)
    bwp = state.settlements[0].bwp()
    assert plain == 7500 - 100 * bwp and earned == -100 * bwp


def test_the_economy_forecast_counts_an_atoll_without_income() -> None:
    state = _on_an_atoll()
    guru = state.settlements[0]
    site = Site.of(world(state.map_text).fields[guru.kf])
    assert site.atoll
    options = WdwOptions()
    result = forecast(
        state.realm(1), Holdings((guru,), (), {guru.kf: site}), (), (6, 1000), 6, options
    )
    assert result.rows[0].income == (("Guru", -100 * guru.bwp()),)
