"""Local secrets stay local: the SQLite database the host makes (it
holds ``host_secret``, the key of every web link) and its -wal and -shm files are 0600
under any umask, an older 0644 one is tightened; backups are 0600; backup.sh and
restore.sh never put the PostgreSQL password on a command line."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from sqlalchemy import Engine, text

from db import repo
from db.session import make_engine, transaction, upgrade
from tests.dbfixtures import PG_ADMIN_URL, postgres_database, temporary_database

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.fixture
def loose_umask() -> Iterator[None]:
    """The usual login umask (files 0644 unless the host says otherwise)."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


pytestmark = pytest.mark.usefixtures("no_pbem_environment")


@contextlib.contextmanager
def migrated(database: Path, mode_before: int | None = None) -> Iterator[Engine]:
    """A SQLite database at the schema's head (given ``mode_before`` first, as an older
    install left it), opened by the host."""
    url = f"sqlite:///{database}"
    upgrade(url)
    if mode_before is not None:
        database.chmod(mode_before)
    engine = make_engine(url)
    try:
        yield engine
    finally:
        engine.dispose()


def test_the_sqlite_database_the_host_makes_is_0600_with_its_wal_and_shm(
    tmp_path: Path, loose_umask: None
) -> None:
    database = tmp_path / "pbem.sqlite3"
    with migrated(database) as engine:
        with transaction(engine) as session:
            repo.host_secret(session, "web-links", lambda: "the key of every link")
        with engine.connect() as connection:  # held open: the -wal and -shm are there
            connection.execute(text("SELECT 1"))
            files = [database, Path(f"{database}-wal"), Path(f"{database}-shm")]
            assert all(f.exists() for f in files)
            assert {f.name: mode(f) for f in files} == {f.name: 0o600 for f in files}


def test_an_older_0644_database_is_tightened_when_the_host_opens_it(
    tmp_path: Path, loose_umask: None
) -> None:
    database = tmp_path / "old.sqlite3"
    with migrated(database, mode_before=0o644) as engine, engine.connect() as connection:
        connection.execute(text("SELECT 1"))
        assert mode(database) == 0o600


def run_script(
    name: str, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """deploy/NAME under umask 022, with this interpreter as the pbem Python."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith("PBEM_")}
    environment |= {"PBEM_PYTHON": sys.executable, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.run(
        ["sh", "-c", 'umask 022 && exec sh "$@"', "sh", str(DEPLOY / name), *args],
        capture_output=True,
        text=True,
        env=environment,
        timeout=120,
    )


def test_a_sqlite_backup_and_its_restore_are_0600(tmp_path: Path, loose_umask: None) -> None:
    with temporary_database("sqlite", tmp_path) as url:
        backup = tmp_path / "pbem.backup"
        made = run_script("backup.sh", "-u", url, str(backup))
        assert made.returncode == 0, made.stderr
        assert mode(backup) == 0o600
        scratch = tmp_path / "scratch.sqlite3"
        restored = run_script("restore.sh", "-u", f"sqlite:///{scratch}", str(backup))
        assert restored.returncode == 0, restored.stderr
        assert mode(scratch) == 0o600


WRAPPER = """#!/bin/sh
# Records how the PostgreSQL tool was called, then runs the real one.
{{
  printf '%s\\n' "$0 $*"
  if [ -n "${{PGPASSFILE:-}}" ]; then
    printf 'passfile %s %s %s\\n' "$PGPASSFILE" "$(stat -c %a "$PGPASSFILE")" "$(cat "$PGPASSFILE")"
  fi
}} >> {log}
exec {real} "$@"
"""


@pytest.mark.slow  # PostgreSQL, reached by the scripts' own client tools
def test_backup_and_restore_keep_the_postgresql_password_off_the_command_line(
    tmp_path: Path,
) -> None:
    password = urlsplit(PG_ADMIN_URL).password
    assert password, "the test server's URL has a password"
    log = tmp_path / "calls.log"
    tools = tmp_path / "bin"
    tools.mkdir()
    for tool in ("pg_dump", "pg_restore", "psql"):
        real = shutil.which(tool)
        assert real, f"{tool} is installed"
        wrapper = tools / tool
        wrapper.write_text(WRAPPER.format(log=log, real=real))
        wrapper.chmod(0o755)
    path = f"{tools}{os.pathsep}{os.environ['PATH']}"
    backup = tmp_path / "pg.backup"
    with temporary_database("postgresql", tmp_path) as url:
        made = run_script("backup.sh", str(backup), env={"PBEM_DATABASE_URL": url, "PATH": path})
        assert made.returncode == 0, made.stderr
    assert mode(backup) == 0o600
    with postgres_database(f"pbem_test_{secrets.token_hex(6)}") as scratch:
        restored = run_script(
            "restore.sh", str(backup), env={"PBEM_DATABASE_URL": scratch, "PATH": path}
        )
        assert restored.returncode == 0, restored.stderr

    calls = log.read_text().splitlines()
    commands = [line for line in calls if not line.startswith("passfile ")]
    assert {Path(line.split()[0]).name for line in commands} == {"pg_dump", "pg_restore", "psql"}
    for line in commands:
        for word in line.split():
            if "://" in word:
                assert urlsplit(word.split("=", 1)[-1]).password is None, line
        assert f":{password}@" not in line, line
    # The password went to the tools in a pgpass file only its owner can read.
    passfiles = [line.split(" ", 3)[1:] for line in calls if line.startswith("passfile ")]
    assert len(passfiles) == len(commands)
    for file, access, secret in passfiles:
        assert (access, secret) == ("600", f"*:*:*:*:{password}")
        assert not Path(file).exists()  # removed when the script ended
