"""The two WdW reference pages name every key there is, so they cannot fall behind the
code: every key a rich month's JSON twin carries (docs/report-schema.md ``wdw-report/1``)
and every field of the state's rows (docs/state-wdw.md ``WdwState``)."""

from __future__ import annotations

import dataclasses
import re
import typing
from pathlib import Path

from engine.core import Ruling
from engine.wdw.state import Wall, WdwState
from tests.wdw.helpers import GAME, dice, sample
from tests.wdw.test_month import ORDERS

DOCS = Path(__file__).resolve().parents[2] / "docs"


def table_rows(page: str, heading: str) -> dict[str, set[str]]:
    """The table under ``heading`` of docs/``page``: for each row the names in its first
    column, mapped to every word written in backticks in the row."""
    text = (DOCS / page).read_text(encoding="utf-8").split(heading, 1)[1]
    rows: dict[str, set[str]] = {}
    for line in text.split("\n## ", 1)[0].splitlines():
        cells = line.split("|")
        if len(cells) < 4 or not cells[1].strip().startswith("`"):
            continue
        named = set(" ".join(re.findall(r"`([^`]*)`", line)).split())
        for key in re.findall(r"`([^`]*)`", cells[1]):
            rows[key] = named
    return rows


def rich_month() -> WdwState:
    """A month with a combat, a spy, a sighting, the treasury booked and a wall, and a
    foreign settlement in realm 1's sight: every row list of the JSON twin has rows."""
    state = sample()
    state.walls.append(Wall(kf="1/18", side=1, owner=1, bwp=5, progress=["bau=2/5"]))
    state.unit(1, 102).kf = "1/21"  # type: ignore[union-attr]  # Tharnburg (1/22) in sight
    ruled = [Ruling("K1", "Sieger B; Verluste 1/101 -300")]
    result = GAME.draft(state, ORDERS, ruled, dice())
    assert isinstance(result.state, WdwState)
    return result.state


def test_the_report_schema_names_every_key_of_the_wdw_json_twin() -> None:
    rows = table_rows("report-schema.md", "## `wdw-report/1`")
    state = rich_month()
    for player in (0, 1):
        data = GAME.report_data(state, player, "de")
        assert set(data) <= set(rows), set(data) - set(rows)
        for key, value in data.items():
            if isinstance(value, dict):
                assert set(value) <= rows[key], (key, set(value) - rows[key])
            if not isinstance(value, list) or not value or not isinstance(value[0], dict):
                continue
            carried = {name for row in value if isinstance(row, dict) for name in row}
            assert carried <= rows[key], (key, carried - rows[key])
    listed = GAME.report_data(state, 0, "de") | GAME.report_data(state, 1, "de")
    dict_lists = "realms settlements seen_settlements units spying walls sightings ledger fields"
    assert all(listed[key] for key in dict_lists.split()), "the rich month left a list empty"


def test_the_state_page_names_every_field_of_the_state_and_its_rows() -> None:
    rows = table_rows("state-wdw.md", "## WdwState")
    hints = typing.get_type_hints(WdwState)
    for field in dataclasses.fields(WdwState):
        assert field.name in rows, field.name
        (row_type,) = typing.get_args(hints[field.name]) or (None,)
        if row_type is not None and dataclasses.is_dataclass(row_type):
            names = {f.name for f in dataclasses.fields(row_type)}
            assert names <= rows[field.name], (field.name, names - rows[field.name])
