"""Database fixtures for every test package: SQLite and PostgreSQL, migrated and empty.

Use them from a package's ``conftest.py`` (all three names, the later ones need the first)::

    from tests.dbfixtures import db_engine, db_session, db_url  # noqa: F401

* ``db_url`` (session scope) is parametrised over ``sqlite`` (a temporary file) and
  ``postgresql`` (a database with a random name on the local server, dropped at the end),
  both migrated with ``db.session.upgrade``. Every test using it runs on both backends;
  to pin one, ``@pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)``.
* ``db_engine`` is an engine on it (``db.session.make_engine``, one per URL for the
  session); after each test every table is emptied, so each test starts from an empty
  schema.
* ``db_session`` is a plain session on ``db_engine`` (``expire_on_commit=False``).

``temporary_database`` makes a further database of one's own (e.g. for a server process).
The PostgreSQL server: ``PBEM_TEST_PG_ADMIN_URL``, a role allowed to create databases and a
database it can connect to. The default is the one ``.ci/run`` makes on the local server:
role ``pbem_test`` with its password and its database (docs/testing.md).
"""

import contextlib
import os
import secrets
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import Engine, create_engine
from sqlalchemy.engine import URL, make_url
from sqlalchemy.pool import NullPool
from sqlmodel import Session, SQLModel

import db.models  # noqa: F401  (registers the tables)
from db.session import make_engine, transaction, upgrade

BACKENDS = ("sqlite", "postgresql")
PG_ADMIN_URL = os.environ.get(
    "PBEM_TEST_PG_ADMIN_URL", "postgresql+psycopg://pbem_test:pbem_test@127.0.0.1:5432/pbem_test"
)


@contextmanager
def temporary_database(backend: str, directory: Path) -> Iterator[str]:
    """A fresh, migrated database of ``backend``; yields its URL, removes it afterwards.

    SQLite lives in ``directory``; PostgreSQL gets a randomly named database.
    """
    name = f"pbem_test_{secrets.token_hex(6)}"
    if backend == "sqlite":
        url = f"sqlite:///{directory / (name + '.sqlite3')}"
        upgrade(url)
        yield url
        return
    if backend != "postgresql":
        raise ValueError(f"unknown backend {backend!r}")
    with postgres_database(name) as url:
        upgrade(url)
        yield url


def _new_sqlite_file(url: str | URL, revision: str) -> Path | None:
    """The file a migration of ``url`` to the newest ``revision`` would create: a SQLite
    file that is not there yet, in a folder that is; None for any other migration."""
    try:
        parsed = make_url(url)
    except Exception:  # the migration itself says what is wrong with the URL
        return None
    if revision != "head" or parsed.get_backend_name() != "sqlite" or not parsed.database:
        return None
    path = Path(parsed.database)
    if parsed.database == ":memory:" or path.exists() or not path.parent.is_dir():
        return None
    return path


def from_template(
    migrate: Callable[[str | URL, str], None], folder: Path
) -> Callable[[str | URL, str], None]:
    """``migrate`` (``db.session.upgrade``), which gives a new SQLite file a copy of a
    template instead: a file ``migrate`` made in ``folder`` once, the first time one is
    asked for. The same rows and schema as migrating anew, written into a file the host
    opened (``make_engine``: its file modes and journal), at a fraction of the cost: the
    fast lane's shortcut (tests/conftest.py). Every other migration is ``migrate``'s."""
    template = folder / "template.sqlite3"

    def upgrade(url: str | URL, revision: str = "head") -> None:
        path = _new_sqlite_file(url, revision)
        if path is None:
            migrate(url, revision)
            return
        if not template.exists():
            migrate(f"sqlite:///{template}", revision)
        engine = make_engine(url)
        try:
            with (
                contextlib.closing(sqlite3.connect(template)) as source,
                engine.connect() as connection,
            ):
                target = connection.connection.driver_connection
                assert isinstance(target, sqlite3.Connection)
                source.backup(target)
        finally:
            engine.dispose()

    return upgrade


@contextmanager
def postgres_database(name: str, template: str | None = None) -> Iterator[str]:
    """A new database ``name`` on the test server (empty, or a copy of the database
    ``template``); yields its URL, drops it afterwards."""
    # CREATE/DROP DATABASE cannot run inside a transaction.
    admin = create_engine(PG_ADMIN_URL, isolation_level="AUTOCOMMIT", poolclass=NullPool)
    copy = f' TEMPLATE "{template}"' if template else ""
    with admin.connect() as conn:
        conn.exec_driver_sql(f'CREATE DATABASE "{name}"{copy}')
    try:
        yield make_url(PG_ADMIN_URL).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.exec_driver_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.dispose()


def empty_all_tables(engine: Engine) -> None:
    """Delete every row of every table (children first); the schema stays."""
    with transaction(engine) as session:
        for table in reversed(SQLModel.metadata.sorted_tables):
            session.execute(table.delete())


_ENGINES: dict[str, Engine] = {}
"""The engine of each ``db_url`` (:func:`db_engine`)."""


@pytest.fixture(scope="session", params=BACKENDS)
def db_url(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """The URL of a migrated database, once per backend for the whole test session."""
    with temporary_database(request.param, tmp_path_factory.mktemp("db")) as url:
        yield url
        engine = _ENGINES.pop(url, None)
        if engine is not None:
            engine.dispose()


@pytest.fixture
def db_engine(db_url: str) -> Iterator[Engine]:
    """The engine on ``db_url``; all tables are emptied after the test. One engine per
    URL for the session (disposed with the database): its compiled statements and its
    connections serve every test, where a new engine compiled each statement anew."""
    if db_url not in _ENGINES:
        _ENGINES[db_url] = make_engine(db_url)
    yield _ENGINES[db_url]
    empty_all_tables(_ENGINES[db_url])


@pytest.fixture
def db_session(db_engine: Engine) -> Iterator[Session]:
    """A session on ``db_engine``; the test commits what it wants kept."""
    with Session(db_engine, expire_on_commit=False) as session:
        yield session
