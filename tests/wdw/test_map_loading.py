"""A new map for a running game (D1): the correction ``Karte <file>``, checked whole
when the GM gives it, applied first in the month and logged by the map's name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import CORRECTION, Ruling
from engine.mapfiles import MapFileError, MapFiles
from engine.wdw.kind import WDW
from engine.wdw.maploading import map_text_of
from engine.wdw.state import WdwState, world
from tests.wdw.helpers import GAME, dice, sample

EXAMPLE = (Path(__file__).parents[2] / "config" / "examples" / "wdw-map.json").read_text(
    encoding="utf-8"
)


def without(field: str) -> str:
    """The example map without ``field`` (its neighbours' sides off the map)."""
    data = json.loads(EXAMPLE)
    data["fields"] = [f for f in data["fields"] if f["id"] != field]
    for item in data["fields"]:
        item["neighbours"] = [None if n == field else n for n in item["neighbours"]]
    return json.dumps(data)


def test_the_kind_loads_map_files_through_the_hosts_contract() -> None:
    files = WDW.map_files
    assert isinstance(files, MapFiles) and files.map_option == "map"
    assert map_text_of(files.map_correction(EXAMPLE)) == EXAMPLE
    assert map_text_of("Karte\n" + EXAMPLE) == EXAMPLE
    assert map_text_of("Schatz 1 +5") is None


def test_the_correction_loads_the_map_first_in_the_month_and_logs_its_name() -> None:
    ruling = Ruling(CORRECTION, GAME.map_correction(EXAMPLE), "Fluss vergessen")
    assert GAME.check_ruling(sample(), {}, [], ruling, "de") == ""
    result = GAME.draft(sample(), {}, [ruling], dice())
    assert isinstance(result.state, WdwState)
    assert world(result.state.map_text).fields["1/37"].source  # the sample's rises in 1/30
    (line,) = result.state.log
    assert line.startswith("Korrektur Karte 'Nordmark") and line.endswith(
        ": 48 KF (Fluss vergessen)"
    )


def test_a_map_missing_a_units_field_is_refused_with_the_unit() -> None:
    ruling = Ruling(CORRECTION, GAME.map_correction(without("1/22")), "x")
    why = GAME.check_ruling(sample(), {}, [], ruling, "en")
    assert why == "the map does not fit: settlement Tharnburg stands on 1/22, not on the new map"


def test_the_known_fields_the_new_map_lacks_are_dropped() -> None:
    state = sample()
    state.realm(1).known.append("1/48")
    loaded = GAME.load_map(state, without("1/48"))
    assert isinstance(loaded, WdwState)
    assert "1/48" not in loaded.realm(1).known and "1/48" in state.realm(1).known


def test_a_file_that_is_no_json_is_refused_with_its_line() -> None:
    with pytest.raises(MapFileError, match="line 2"):
        GAME.load_map(sample(), '{"fields": [\n  oops]}')
