"""The map file (D1): read and checked whole, with a reason for the GM."""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path

import pytest

from engine.wdw.mapfile import MapError, field_id, read_map

SAMPLE = (files("engine.wdw") / "data" / "sample-map.json").read_text(encoding="utf-8")


def _edited(change: dict[str, object], index: int = 0) -> str:
    data = json.loads(SAMPLE)
    data["fields"][index].update(change)
    return json.dumps(data)


def test_the_sample_map_reads_with_48_fields_that_name_each_other() -> None:
    world = read_map(SAMPLE)
    assert len(world.fields) == 48
    assert world.side_to("1/18", "1/19") == 2 and world.side_to("1/19", "1/18") == 5
    assert world.side_to("1/18", "1/30") is None


def test_mountains_are_at_least_difficult() -> None:
    data = json.loads(SAMPLE)
    data["terrains"].append({"name": "Hochebene", "class": "normal"})
    data["fields"][0].update({"terrain": "Hochebene", "height": 4})
    assert read_map(json.dumps(data)).fields["1/1"].terrain_class == "schwer"


@pytest.mark.parametrize(
    ("text", "canonical"), [("12/4", "12/4"), ("12-04", "12/4"), ("12.4", "12/4"), ("3/48", "3/48")]
)
def test_field_ids_are_read_in_their_sloppy_forms(text: str, canonical: str) -> None:
    assert field_id(text) == canonical


@pytest.mark.parametrize("text", ["12/49", "0/3", "12", "a/b"])
def test_bad_field_ids_are_refused(text: str) -> None:
    with pytest.raises(MapError, match="no field id"):
        field_id(text)


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"terrain": "Lava"}, "not in the terrain list"),
        ({"height": 5}, "height must be 0-4"),
        ({"neighbours": [None] * 5}, "six neighbours"),
        ({"rivers": [7]}, "river sides are 1-6"),
        ({"neighbours": [None, "1/3", "1/9", None, None, None]}, "side 2 is 1/3, but 1/3 side 5"),
    ],
)
def test_a_broken_map_is_refused_with_its_reason(change: dict[str, object], reason: str) -> None:
    with pytest.raises(MapError, match=reason):
        read_map(_edited(change))


def test_no_json_and_duplicates_are_refused() -> None:
    with pytest.raises(MapError, match="the map file is not JSON"):
        read_map("{")
    with pytest.raises(MapError, match='the map file needs "fields": a list of fields'):
        read_map('{"fields": {}}')
    data = json.loads(SAMPLE)
    data["fields"].append(data["fields"][0])
    with pytest.raises(MapError, match="listed twice"):
        read_map(json.dumps(data))


@pytest.mark.parametrize(
    "path",
    [
        files("engine.wdw") / "data" / "sample-map.json",
        Path(__file__).parents[2] / "config" / "examples" / "wdw-map.json",
    ],
    ids=["sample", "example"],
)
def test_the_shipped_maps_class_the_rulebooks_extreme_terrains_as_extreme(path: Path) -> None:
    # Strategie 4.3: "extremes Gelände (Sumpf, Vulkan)", 4.4: "… wie Sumpf, Vulkan und
    # Tiefsee"; the sample maps had Sumpf as schwer (BWP price, income, immunity).
    world = read_map(path.read_text(encoding="utf-8"))
    classes = {field.terrain: field.terrain_class for field in world.fields.values()}
    named = {"Sumpf", "Vulkan", "Tiefsee"} & classes.keys()
    assert "Sumpf" in named
    assert {classes[terrain] for terrain in named} == {"extrem"}


def _one_sided(**fields: dict[str, object]) -> str:
    """The sample map with the changes named by field (``f1_4`` for 1/4)."""
    data = json.loads(SAMPLE)
    for name, change in fields.items():
        fid = name[1:].replace("_", "/")
        next(f for f in data["fields"] if f["id"] == fid).update(change)
    return json.dumps(data)


def test_a_river_at_a_side_one_field_lists_is_read_into_both_with_its_flow() -> None:
    # 1/2 lists side 2 (towards 1/3) flowing to its south-east corner; 1/3 lists nothing.
    fields = read_map(_one_sided(f1_2={"rivers": [2], "river_flow": {"2": 3}})).fields
    assert fields["1/3"].rivers == (5,)
    # The same corner seen from 1/3: its side 5 flows towards side 4 (south-west).
    assert fields["1/3"].flows_toward(5) == 4
    unflowed = read_map(_one_sided(f1_3={"rivers": [5]})).fields
    assert unflowed["1/2"].rivers == (2,) and unflowed["1/2"].flows_toward(2) == 0


def test_a_side_both_fields_list_keeps_each_fields_record() -> None:
    fields = read_map(SAMPLE).fields
    assert [fields[f].rivers for f in ("1/4", "1/5")] == [(2,), (3, 5, 4)]
    assert (fields["1/4"].flows_toward(2), fields["1/5"].flows_toward(5)) == (3, 4)
