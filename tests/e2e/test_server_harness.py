"""The harness's own pieces that no end-to-end test would notice going wrong."""

from __future__ import annotations

import tomllib
from pathlib import Path

from config.settings import load_settings
from tests.e2e.server import deep_merge, to_toml


def test_settings_written_as_toml_read_back_unchanged(tmp_path: Path) -> None:
    data = {
        "database_url": "sqlite:///x.sqlite3",
        "gm_address": 'gm "quoted" ä@test.example',
        "unknown_sender_reply_hours": 3,
        "imap": {"port": 1143, "ssl": False, "move_to": None},
        "smtp": {"from_name": "Spielleitung\\Ä"},
        "fees": {"turn_fee": 80},
    }
    text = to_toml(data)
    assert tomllib.loads(text) == {
        **data,
        "imap": {"port": 1143, "ssl": False},  # None: the key is left out
    }
    path = tmp_path / "pbem.toml"
    path.write_text(text, encoding="utf-8")
    settings = load_settings(path)
    assert settings.gm_address == data["gm_address"]
    assert (settings.imap.port, settings.imap.move_to) == (1143, None)
    assert settings.fees.turn_fee == 80


def test_nested_tables_and_deep_merge() -> None:
    merged = deep_merge({"a": {"b": {"c": 1, "d": 2}}, "x": 1}, {"a": {"b": {"d": 3}}})
    assert merged == {"a": {"b": {"c": 1, "d": 3}}, "x": 1}
    assert tomllib.loads(to_toml(merged)) == merged
