"""A GM's own scenario file (option ``scenario``, docs/state-wdw.md "Scenario file"); the
example in config/ is the packaged sample scenario with each realm's land
(tests/wdw/test_territory.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from random import Random

import pytest

from engine.core import PlayerSetup, Setup
from engine.wdw.checks_army import stationed
from engine.wdw.formulas import barracks, rues_capacity, structure_limit
from engine.wdw.setup import SCENARIOS, scenario_data
from engine.wdw.state import STRUCTURES, WdwState, world
from tests.wdw.helpers import GAME

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "config" / "examples" / "wdw-scenario.json"


def start(**options: object) -> object:
    setup = Setup(7, [PlayerSetup(1), PlayerSetup(2)], options=dict(options), seed=3)
    return GAME.new_game(setup, Random(0))


def test_a_scenario_file_sets_the_realms_their_places_and_the_date() -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["realms"][0]["name"] = "Nordmark"
    data["realms"][0]["treasury"] = 12345
    data["month"] = 7
    state = start(scenario=json.dumps(data))
    assert state.realm(1).name == "Nordmark" and state.realm(1).treasury == 12345  # type: ignore[attr-defined]
    assert state.month == 7  # type: ignore[attr-defined]
    assert not [o for o in state.options if o.startswith("scenario=")]  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("kein JSON", "the scenario file is not JSON: Expecting value (line 1)"),
        ("[]", 'the scenario file needs "realms": a list of realms'),
        ('{"realms": [], "year": 1000, "month": 1}', "the scenario file has no 'map'"),
        (
            '{"realms": [], "year": 1000, "month": 1, "map": "mine.json"}',
            "the scenario's map 'mine.json' is not packaged",
        ),
        (
            '{"realms": [{"name": "A"}, {"name": "B"}], "year": 1000, "month": 1, '
            '"map": "sample-map.json"}',
            "the scenario's realm 1: KeyError('treasury')",
        ),
    ],
)
def test_a_bad_scenario_file_is_refused_with_its_reason(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        start(scenario=text)


def faults(state: WdwState) -> list[str]:
    """What a scenario's turn 0 breaks of the state's own rules: a treasury below 0
    (D25), a BükAz outside −100…+100, a structure above its limit (F4, Strategie 3.2),
    more inhabitants than the Bev BWP hold, land units beyond the barracks of their
    realm's settlement (F4, D35), a Rüstkapazität overspent (D12), a realm with no or
    two capitals, a unit of no size."""
    the_map = world(state.map_text)
    found = [f"{r.name}: treasury {r.treasury}" for r in state.realms if r.treasury < 0]
    found += [f"{r.name}: BükAz {r.bukaz}" for r in state.realms if not -100 <= r.bukaz <= 100]
    for place in state.settlements:
        structures = {s: getattr(place, s) for s in STRUCTURES}
        big = the_map.fields[place.kf].big_site
        found += [
            f"{place.name}: {s} {bwp}"
            for s, bwp in structures.items()
            if bwp > structure_limit(s, structures, big_site=big)
        ]
        if place.population > 10000 * place.bev:
            found.append(f"{place.name}: {place.population} inhabitants, Bev {place.bev}")
        if stationed(state, place.owner, place.kf) > barracks(place.mil):
            found.append(f"{place.name}: {stationed(state, place.owner, place.kf)} stationed")
        if place.rues_used > rues_capacity(place.rues):
            found.append(f"{place.name}: Rüstkapazität {place.rues_used} used")
    for realm in state.realms:
        capitals = [p for p in state.settlements if p.owner == realm.seat and p.capital]
        if len(capitals) != 1:
            found.append(f"{realm.name}: {len(capitals)} capitals")
    found += [f"unit {u.realm}/{u.id}: size {u.size}" for u in state.units if u.size < 1]
    return found


def test_the_faults_find_a_garrison_beyond_its_barracks() -> None:
    state = start()
    assert isinstance(state, WdwState)
    state.settlement("Guru").mil = 2  # type: ignore[union-attr]
    assert faults(state) == ["Guru: 5000 stationed"]


@pytest.mark.parametrize("scenario", [*SCENARIOS, "config/examples/wdw-scenario.json"])
def test_every_shipped_scenario_keeps_the_states_own_rules(scenario: str) -> None:
    text = (ROOT / scenario).read_text(encoding="utf-8") if "/" in scenario else None
    realms = len(scenario_data(scenario if text is None else "", text)["realms"])
    players = [PlayerSetup(n) for n in range(1, realms + 1)]
    if text is None:
        setup = Setup(7, players, seed=3, scenario=scenario)
    else:
        setup = Setup(7, players, seed=3, options={"scenario": text})
    state = GAME.new_game(setup, Random(0))
    assert isinstance(state, WdwState)
    assert len(state.realms) == realms and faults(state) == []
