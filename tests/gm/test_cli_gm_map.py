"""``pbem gm map GAME FILE``: a map file into a game whose kind takes one — in setup as
its map option, later as a logged correction of the turn waiting for the GM's rulings —
and each refusal as one line, or as JSON with ``--json``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from db import repo
from db.models import GameStatus
from tests.gm.test_cli_gm import create_args, game_row, gm

EXAMPLE = Path(__file__).parents[2] / "config" / "examples" / "wdw-map.json"


def create_wdw(config: Path, number: int = 227) -> None:
    """Game ``number`` of Welt der Waben with two seats, in setup."""
    args = create_args(number)
    args[args.index("ashes")] = "wdw"
    gm(config, *args[: args.index("3=carl@example.org,de") - 1], "--seed", "5")


def waiting_for_rulings(config: Path, number: int = 227) -> None:
    """Game ``number`` of Welt der Waben started, its first month past the deadline."""
    create_wdw(config, number)
    gm(config, "start", str(number))
    gm(config, "run", str(number), "--force")


def broken_map(tmp_path: Path) -> Path:
    """The example map with a height out of range on field 1/4 (its line 84)."""
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["fields"][3]["height"] = 9
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def test_the_example_map_becomes_the_map_of_a_game_in_setup(config: Path, engine: Engine) -> None:
    create_wdw(config)
    out = gm(config, "map", "227", str(EXAMPLE), "--lang", "en")
    assert out.strip() == "Map set for game 227: it holds from the start."
    assert game_row(engine).options["map"] == EXAMPLE.read_text(encoding="utf-8")
    gm(config, "start", "227")
    with Session(engine) as session:
        state = repo.snapshot_text(session, game_row(engine).id or 0, 0)
    assert state is not None and "Nordmark" in state


def test_a_started_game_takes_the_map_as_a_correction_of_the_waiting_turn(
    config: Path, engine: Engine
) -> None:
    waiting_for_rulings(config)
    assert game_row(engine).status == GameStatus.ADJUDICATING
    out = gm(config, "map", "227", str(EXAMPLE), "--reason", "Fluss vergessen", "--json")
    answer = json.loads(out)
    assert answer["ok"] is True and answer["loaded"] == "correction"
    with Session(engine) as session:
        (ruling,) = repo.gm_rulings(session, game_row(engine).id or 0, 1)
    assert ruling.item == "Korrektur" and ruling.reason == "Fluss vergessen"
    assert ruling.text.startswith("Karte {")


def test_a_kind_without_map_files_is_refused_in_one_line_or_as_json(config: Path) -> None:
    gm(config, *create_args(), "--seed", "5")
    out = gm(config, "map", "227", str(EXAMPLE), "--lang", "en", code=1)
    assert out.strip() == "Error: Game 227 (ashes) loads no map file: its map is the game's own."
    answer = json.loads(gm(config, "map", "227", str(EXAMPLE), "--json", code=1))
    assert answer["ok"] is False and answer["refused"] == "no_map_files"
    assert answer["game"] == 227


def test_a_broken_map_is_refused_naming_its_line(config: Path, tmp_path: Path) -> None:
    create_wdw(config)
    out = gm(config, "map", "227", str(broken_map(tmp_path)), "--lang", "en", code=1)
    assert "line 84: field 1/4: height must be 0-4" in out
    answer = json.loads(gm(config, "map", "227", str(broken_map(tmp_path)), "--json", code=1))
    assert answer["refused"] == "game_cannot_set_up_like" and "line 84" in answer["error"]


def test_a_running_game_takes_a_map_only_with_a_reason_and_while_waiting_for_rulings(
    config: Path, engine: Engine
) -> None:
    create_wdw(config)
    gm(config, "start", "227")
    out = gm(config, "map", "227", str(EXAMPLE), "--reason", "x", "--lang", "en", code=1)
    assert "not waiting for rulings" in out
    gm(config, "run", "227", "--force")
    answer = json.loads(gm(config, "map", "227", str(EXAMPLE), "--json", code=1))
    assert answer["refused"] == "correction_needs_reason"


def test_a_map_that_misses_a_units_field_is_refused_as_a_correction(
    config: Path, tmp_path: Path
) -> None:
    waiting_for_rulings(config)
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["fields"] = [f for f in data["fields"] if f["id"] != "1/18"]
    for item in data["fields"]:
        item["neighbours"] = [None if n == "1/18" else n for n in item["neighbours"]]
    small = tmp_path / "small.json"
    small.write_text(json.dumps(data), encoding="utf-8")
    out = gm(config, "map", "227", str(small), "--reason", "x", "--lang", "en", code=1)
    assert "stands on 1/18, not on the new map" in out


@pytest.mark.parametrize("as_json", [False, True])
def test_a_missing_file_is_refused_before_the_database(
    config: Path, tmp_path: Path, as_json: bool
) -> None:
    args = ["map", "227", str(tmp_path / "none.json"), *(["--json"] if as_json else [])]
    out = gm(config, *args, code=2)
    if as_json:
        assert json.loads(out)["refused"] == "file_missing"
    else:
        assert "none.json" in out


def test_a_file_that_is_not_utf8_is_refused(config: Path, tmp_path: Path) -> None:
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"name": "Höhen"}'.encode("latin-1"))
    answer = json.loads(gm(config, "map", "227", str(latin), "--json", code=2))
    assert answer["refused"] == "not_utf8" and answer["file"] == str(latin)
