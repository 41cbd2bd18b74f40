"""A GM's own scenario file (option ``scenario``, docs/state-wdw.md "Scenario file"); the
example in config/ is the packaged sample scenario."""

from __future__ import annotations

import json
import re
from pathlib import Path
from random import Random

import pytest

from engine.core import PlayerSetup, Setup
from tests.wdw.helpers import GAME

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "config" / "examples" / "wdw-scenario.json"
PACKAGED = ROOT / "engine" / "wdw" / "data" / "sample.json"


def start(**options: object) -> object:
    setup = Setup(7, [PlayerSetup(1), PlayerSetup(2)], options=dict(options), seed=3)
    return GAME.new_game(setup, Random(0))


def test_the_example_in_config_is_the_packaged_sample_scenario() -> None:
    assert EXAMPLE.read_text(encoding="utf-8") == PACKAGED.read_text(encoding="utf-8")


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
