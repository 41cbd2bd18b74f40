"""The files in deploy/ work: the example configuration, the systemd unit, backup and restore.

Backup and restore run the real shell scripts against a real SQLite database and a real
PostgreSQL database (on the local server of tests/dbfixtures.py), both migrated with
``db.session.upgrade``, while a connection to the database stays open.
"""

from __future__ import annotations

import configparser
import contextlib
import os
import re
import secrets
import shlex
import shutil
import sqlite3
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel
from sqlalchemy import Engine, column, func, select, table
from sqlmodel import Session

from config.settings import Settings, load_settings
from db.models import MailboxState
from db.session import make_engine, transaction
from tests.dbfixtures import BACKENDS, postgres_database, temporary_database

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
EXAMPLE = DEPLOY / "pbem.example.toml"
UNIT = DEPLOY / "pbem.service"
_COMMENTED_KEY = re.compile(r"^# (\w+ = .*)$")


pytestmark = pytest.mark.usefixtures("no_pbem_environment")


# -- the example configuration ---------------------------------------------------------


def field_paths(model: type[BaseModel], prefix: str = "") -> set[str]:
    """Every setting as a dotted path: nested tables are walked into."""
    paths: set[str] = set()
    for name, info in model.model_fields.items():
        annotation = info.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel):
            paths |= field_paths(annotation, f"{prefix}{name}.")
        else:
            paths.add(prefix + name)
    return paths


def key_paths(table: dict[str, Any], prefix: str = "") -> set[str]:
    """Every key of a parsed TOML document as a dotted path."""
    paths: set[str] = set()
    for key, value in table.items():
        if isinstance(value, dict):
            paths |= key_paths(value, f"{prefix}{key}.")
        else:
            paths.add(prefix + key)
    return paths


def test_example_config_loads_with_the_defaults() -> None:
    assert load_settings(EXAMPLE).model_dump() == Settings().model_dump()


def test_example_config_documents_every_setting(tmp_path: Path) -> None:
    # The optional settings are there as "# key = value": switched on, the file must still
    # load, and then name every field of Settings.
    text = EXAMPLE.read_text()
    enabled = "\n".join(_COMMENTED_KEY.sub(r"\1", line) for line in text.splitlines())
    assert enabled != text, "expected some optional settings as '# key = value'"
    full = tmp_path / "full.toml"
    full.write_text(enabled)
    settings = load_settings(full)
    assert settings.imap.move_to == "Processed"
    assert settings.smtp.user is not None and settings.smtp.password is not None
    assert key_paths(tomllib.loads(enabled)) == field_paths(Settings)
    # Each setting has an explanation: a comment line right above it (or above its block).
    lines = text.splitlines()
    for index, line in enumerate(lines):
        if re.match(r"^(# )?\w+ = ", line) and not _COMMENTED_KEY.match(line):
            above = lines[index - 1] if index else ""
            assert above.startswith("#") or re.match(r"^\w+ = ", above) or above.startswith("["), (
                f"undocumented setting: {line}"
            )


def test_example_config_rejects_typos(tmp_path: Path) -> None:
    bad = tmp_path / "typo.toml"
    bad.write_text(EXAMPLE.read_text().replace("gm_address", "gm_adress"))
    with pytest.raises(ValueError, match="gm_adress"):
        load_settings(bad)


# -- the systemd unit ------------------------------------------------------------------


def read_unit() -> configparser.ConfigParser:
    """The unit file as sections of keys (repeated keys: the last one)."""
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(UNIT.read_text())
    return parser


def test_unit_runs_pbem_serve_as_pbem_and_stops_with_sigterm() -> None:
    unit = read_unit()
    service = unit["Service"]
    command = shlex.split(service["ExecStart"])
    assert Path(command[0]).name == "pbem"
    assert command[1:] == ["serve", "--config", "/etc/pbem/pbem.toml"]
    assert service["User"] == "pbem"
    assert service["KillSignal"] == "SIGTERM"
    assert service["Restart"] == "on-failure"
    assert int(service["TimeoutStopSec"]) >= 30
    assert service["ProtectSystem"] == "strict"
    assert service["NoNewPrivileges"] == "yes"
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def installed_pbem() -> str | None:
    """The pbem command of this interpreter's installation: next to it in a virtual
    environment that is not activated (the README's way), else on PATH."""
    beside = Path(sys.executable).parent / "pbem"
    return str(beside) if beside.is_file() else shutil.which("pbem")


def test_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    pbem = installed_pbem()
    assert pbem is not None, "the pbem command is not installed (pip install -e .)"
    # Verify the unit as shipped, with ExecStart pointed at this machine's pbem.
    unit = tmp_path / "pbem.service"
    unit.write_text(UNIT.read_text().replace("/opt/pbem/bin/pbem", os.path.realpath(pbem)))
    if analyze is None:
        # No systemd tools on this machine: at least every key must be one systemd knows.
        known = set(_KNOWN_SERVICE_KEYS)
        for section in ("Unit", "Service", "Install"):
            assert set(read_unit()[section]) <= known, set(read_unit()[section]) - known
        return
    result = subprocess.run(
        [analyze, "verify", str(unit)], capture_output=True, text=True, timeout=60
    )
    complaints = [line for line in result.stderr.splitlines() if str(unit) in line]
    assert result.returncode == 0 and complaints == [], result.stderr


_KNOWN_SERVICE_KEYS = [
    "Description",
    "Documentation",
    "Wants",
    "After",
    "StartLimitIntervalSec",
    "StartLimitBurst",
    "Type",
    "User",
    "Group",
    "EnvironmentFile",
    "ExecStart",
    "KillSignal",
    "KillMode",
    "TimeoutStopSec",
    "Restart",
    "RestartSec",
    "StateDirectory",
    "StateDirectoryMode",
    "WorkingDirectory",
    "UMask",
    "NoNewPrivileges",
    "ProtectSystem",
    "ProtectHome",
    "PrivateTmp",
    "PrivateDevices",
    "ProtectKernelTunables",
    "ProtectKernelModules",
    "ProtectKernelLogs",
    "ProtectControlGroups",
    "ProtectClock",
    "ProtectHostname",
    "RestrictNamespaces",
    "RestrictRealtime",
    "RestrictSUIDSGID",
    "LockPersonality",
    "RemoveIPC",
    "CapabilityBoundingSet",
    "AmbientCapabilities",
    "RestrictAddressFamilies",
    "SystemCallArchitectures",
    "SystemCallFilter",
    "WantedBy",
]


# -- backup and restore ----------------------------------------------------------------


def run_script(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    """Run deploy/NAME with this interpreter as the pbem Python."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    env["PBEM_PYTHON"] = sys.executable
    env["PYTHONPATH"] = str(DEPLOY.parent)
    return subprocess.run(
        ["sh", str(DEPLOY / name), *args], capture_output=True, text=True, env=env, timeout=120
    )


def add_mailboxes(engine: Engine, *names: str) -> None:
    with transaction(engine) as session:
        for i, name in enumerate(names, 1):
            session.add(MailboxState(mailbox=name, uidvalidity=i, last_uid=10 * i))


def mailboxes(url: str) -> list[tuple[str, int]]:
    """The rows of mailbox_state in a database (a fresh engine: no cached state)."""
    engine = make_engine(url)
    try:
        with Session(engine) as session:
            rows = session.exec(select(MailboxState.mailbox, MailboxState.last_uid)).all()
            versions = session.exec(select(func.count()).select_from(_alembic_version())).one()
    finally:
        engine.dispose()
    assert versions == (1,), "the schema version must come along"
    return sorted((str(name), int(uid)) for name, uid in rows)


def _alembic_version() -> Any:
    return table("alembic_version", column("version_num"))


@pytest.fixture(params=BACKENDS)
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A migrated database of each backend, with a connection held open throughout."""
    if request.param == "postgresql":
        assert shutil.which("pg_dump") and shutil.which("pg_restore"), "PostgreSQL client tools"
    with temporary_database(request.param, tmp_path) as url:
        yield url


def test_backup_and_restore_round_trip(database: str, tmp_path: Path) -> None:
    engine = make_engine(database)
    try:
        add_mailboxes(engine, "INBOX", "Archiv")
        with engine.connect():  # the service keeps its connections while backing up
            backup = tmp_path / "pbem.backup"
            made = run_script("backup.sh", "-u", database, str(backup))
            assert made.returncode == 0, made.stderr
            assert backup.stat().st_size > 0
            assert not Path(f"{backup}.partial").exists()
            # A second backup never overwrites the first.
            again = run_script("backup.sh", "-u", database, str(backup))
            assert again.returncode != 0 and "exists" in again.stderr

        # Life goes on after the backup ...
        add_mailboxes(engine, "Später")
        with transaction(engine) as session:
            inbox = session.get(MailboxState, "INBOX")
            assert inbox is not None
            inbox.last_uid = 999
        assert mailboxes(database) == [("Archiv", 20), ("INBOX", 999), ("Später", 10)]
    finally:
        engine.dispose()

    # ... until it is restored: not over a live database without -f,
    refused = run_script("restore.sh", "-u", database, str(backup))
    assert refused.returncode != 0 and "-f" in refused.stderr
    assert mailboxes(database) == [("Archiv", 20), ("INBOX", 999), ("Später", 10)]
    # with -f exactly the state of the backup comes back.
    restored = run_script("restore.sh", "-f", "-u", database, str(backup))
    assert restored.returncode == 0, restored.stderr
    assert mailboxes(database) == [("Archiv", 20), ("INBOX", 10)]


def test_backup_restores_into_an_empty_database(database: str, tmp_path: Path) -> None:
    """The verification the guide asks for: restore into a scratch database and look."""
    engine = make_engine(database)
    try:
        add_mailboxes(engine, "INBOX")
    finally:
        engine.dispose()
    backup = tmp_path / "check.backup"
    assert run_script("backup.sh", "-u", database, str(backup)).returncode == 0
    backend = "sqlite" if database.startswith("sqlite") else "postgresql"
    with empty_database(backend, tmp_path / "scratch") as scratch:
        restored = run_script("restore.sh", "-u", scratch, str(backup))
        assert restored.returncode == 0, restored.stderr
        assert mailboxes(scratch) == [("INBOX", 10)]


@contextlib.contextmanager
def empty_database(backend: str, directory: Path) -> Iterator[str]:
    """A database without tables: a new SQLite file, or an empty PostgreSQL database."""
    if backend == "sqlite":
        directory.mkdir(parents=True, exist_ok=True)
        yield f"sqlite:///{directory / 'scratch.sqlite3'}"
        return
    with postgres_database(f"pbem_restore_{secrets.token_hex(6)}") as url:
        yield url


def test_sqlite_restore_sets_the_old_files_aside(tmp_path: Path) -> None:
    with temporary_database("sqlite", tmp_path) as url:
        path = Path(url.removeprefix("sqlite:///"))
        backup = tmp_path / "b.sqlite3"
        assert run_script("backup.sh", "-u", url, str(backup)).returncode == 0
        engine = make_engine(url)
        add_mailboxes(engine, "nach dem Backup")
        engine.dispose()
        assert run_script("restore.sh", "-f", "-u", url, str(backup)).returncode == 0
        aside = list(tmp_path.glob(f"{path.name}.before-restore-*"))
        assert len(aside) == 1
        kept = sqlite3.connect(aside[0]).execute("SELECT mailbox FROM mailbox_state").fetchall()
        assert kept == [("nach dem Backup",)]


def test_restore_refuses_a_damaged_backup(tmp_path: Path) -> None:
    with temporary_database("sqlite", tmp_path) as url:
        junk = tmp_path / "junk.backup"
        junk.write_bytes(b"SQLite format 3\0" + b"\xff" * 4096)
        result = run_script("restore.sh", "-f", "-u", url, str(junk))
        assert result.returncode != 0
        assert mailboxes(url) == []  # the database was not touched
