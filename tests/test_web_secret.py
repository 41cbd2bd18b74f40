"""``web.secret`` has a minimum length: whoever knows the key forges
every link, so a short one is refused with one clear line naming the setting, from the
file or the environment; empty still means the host makes one of its own."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from config.settings import WEB_SECRET_MIN_CHARS, SettingsError, load_settings
from mailserver.app.cli.main import app as cli

pytestmark = pytest.mark.usefixtures("no_pbem_environment")


def test_a_short_web_secret_is_refused_with_one_clear_line(tmp_path: Path) -> None:
    config = tmp_path / "pbem.toml"
    config.write_text(
        f'database_url = "sqlite:///{tmp_path / "db.sqlite3"}"\n[web]\nsecret = "k"\n'
    )
    result = CliRunner().invoke(cli, ["gm", "web-link", "1", "1", "--config", str(config)])
    assert result.exit_code == 1
    (line,) = result.stderr.splitlines()
    assert f"web.secret: the key of the page links must be at least {WEB_SECRET_MIN_CHARS}" in line
    assert str(config) in line and "Traceback" not in result.output


def test_a_short_web_secret_in_the_environment_is_refused_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PBEM_WEB__SECRET", "x" * (WEB_SECRET_MIN_CHARS - 1))
    with pytest.raises(SettingsError, match=r"PBEM_WEB__SECRET: .* at least 32 .* has 31"):
        load_settings()
    monkeypatch.setenv("PBEM_WEB__SECRET", "x" * WEB_SECRET_MIN_CHARS)
    assert load_settings().web.secret == "x" * WEB_SECRET_MIN_CHARS
    monkeypatch.setenv("PBEM_WEB__SECRET", "")
    assert load_settings().web.secret == ""  # empty: the host makes one of its own
