"""What ``pbem serve`` and ``pbem gm`` do when nothing is configured: serve refuses to
start, gm names the database it uses and does not make one for a command that reads."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import pytest
from sqlalchemy import make_url
from typer.testing import CliRunner, Result

from mailserver.app.cli.main import app
from tests.dbfixtures import PG_ADMIN_URL

runner = CliRunner()

CREATE = [
    "gm",
    "create",
    "--kind",
    "ashes",
    "--number",
    "7",
    "--gm",
    "gm@example.org",
    "--gm-password",
    "geheim-spielleiter",
    "--player",
    "1=anna@example.org",
    "--player",
    "2=bob@example.org",
]


@pytest.fixture(autouse=True)
def _nothing_configured(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No PBEM_* variable of the caller; a folder of its own (where the default database
    would be)."""
    for name in list(os.environ):
        if name.startswith("PBEM_"):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)


def pbem(*args: str, code: int) -> Result:
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, (result.output, result.exception)
    assert "Traceback" not in result.output
    return result


def test_serve_without_settings_refuses_and_says_what_to_configure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A PBEM_ variable that is no setting (the tests' crash hook) configures nothing.
    monkeypatch.setenv("PBEM_TEST_CRASH_AT", "nowhere")
    (line,) = pbem("serve", code=1).stderr.splitlines()
    assert line.startswith("Error: pbem serve needs its settings: --config FILE")
    assert "deploy/pbem.example.toml" in line and "PBEM_DATABASE_URL" in line
    # A setting in the environment is enough to get past that (here to its bad value).
    monkeypatch.setenv("pbem_imap__port", "many")
    (line,) = pbem("serve", code=1).stderr.splitlines()
    assert line.startswith("Error: PBEM_IMAP__PORT: Input should be a valid integer")


@pytest.mark.parametrize(
    "command", [["status", "7"], ["list"], ["standby", "list"], ["preview", "7"], ["start", "7"]]
)
def test_gm_without_config_names_the_database_and_does_not_make_one(
    command: list[str], tmp_path: Path
) -> None:
    database = tmp_path / "pbem.sqlite3"
    said = pbem("gm", *command, code=1).stderr.splitlines()
    assert said == [
        f"Datenbank: {database} (die Voreinstellung; --config FILE oder PBEM_DATABASE_URL "
        "wählen eine andere)",
        f"Fehler: Die Datenbank {database} gibt es nicht: --config FILE oder "
        "PBEM_DATABASE_URL nennen eine andere, 'pbem gm create' legt sie an.",
    ]
    assert not database.exists()
    said = pbem("gm", *command, "--lang", "en", code=1).stderr.splitlines()
    assert said == [
        f"Database: {database} (the default; --config FILE or PBEM_DATABASE_URL choose another)",
        f"Error: There is no database {database}: --config FILE or PBEM_DATABASE_URL name "
        "another, 'pbem gm create' makes it.",
    ]
    assert not database.exists()


def test_gm_create_makes_the_database_it_names(tmp_path: Path) -> None:
    database = tmp_path / "pbem.sqlite3"
    result = pbem(*CREATE, "--lang", "en", code=0)
    assert result.stderr.splitlines() == [
        f"Database: {database} (the default; --config FILE or PBEM_DATABASE_URL choose another)"
    ]
    assert "Game 7 (ashes) created with 2 players" in result.stdout
    assert database.exists()
    assert "Partie 7 (ashes)" in pbem("gm", "status", "7", code=0).stdout


def test_gm_names_a_database_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    database = tmp_path / "elsewhere.sqlite3"
    monkeypatch.setenv("PBEM_DATABASE_URL", f"sqlite:///{database}")
    said = pbem("gm", "list", "--lang", "en", code=1).stderr.splitlines()
    assert said[0] == f"Database: {database} (from PBEM_DATABASE_URL)"
    assert said[1].startswith(f"Error: There is no database {database}:")


@pytest.mark.slow  # asks the PostgreSQL server
def test_gm_on_a_server_database_that_is_not_there_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    name = f"pbem_missing_{secrets.token_hex(4)}"
    url = make_url(PG_ADMIN_URL).set(database=name)
    monkeypatch.setenv("PBEM_DATABASE_URL", url.render_as_string(hide_password=False))
    said = pbem("gm", "list", "--lang", "en", code=1).stderr.splitlines()
    shown = url.render_as_string(hide_password=True)
    assert said[0] == f"Database: {shown} (from PBEM_DATABASE_URL)"
    assert said[1].startswith(f"Error: Cannot open the database {shown}: ")
    assert f'database "{name}" does not exist' in said[1] and len(said) == 2


def test_gm_with_a_config_says_nothing_about_the_database(tmp_path: Path) -> None:
    config = tmp_path / "pbem.toml"
    config.write_text(f'database_url = "sqlite:///{tmp_path / "games.sqlite3"}"\n')
    result = pbem(*CREATE, "--config", str(config), code=0)
    assert result.stderr == ""
    assert (tmp_path / "games.sqlite3").exists() and not (tmp_path / "pbem.sqlite3").exists()


def test_a_pbem_toml_in_the_current_folder_is_read_without_config(tmp_path: Path) -> None:
    # `pbem gm …` in the demo's folder reaches the demo's database and
    # names the demo's web port (it used the default database and port 8080).
    database = tmp_path / "games.sqlite3"
    (tmp_path / "pbem.toml").write_text(
        f'database_url = "sqlite:///{database}"\n\n[web]\nport = 8123\n'
    )
    result = pbem(*CREATE, "--lang", "en", code=0)
    assert result.stderr.splitlines() == [f"Database: {database} (from pbem.toml in this folder)"]
    assert database.exists() and not (tmp_path / "pbem.sqlite3").exists()
    assert "Partie 7 (ashes)" in pbem("gm", "status", "7", code=0).stdout
    link = pbem("gm", "web-link", "7", "1", code=0).stdout.strip()
    assert link.startswith("http://127.0.0.1:8123/")
    # pbem serve takes it too (here to its bad value: it does not start).
    (tmp_path / "pbem.toml").write_text("[imap]\nport = 'many'\n")
    (line,) = pbem("serve", code=1).stderr.splitlines()
    assert line.startswith("Error: pbem.toml: imap.port: Input should be a valid integer")
