"""Engine and session factory, short write transactions and the migrations.

SQLite (the default) is tuned for one host with a few processes: WAL journal, a busy
timeout, foreign keys on. SQLite has no row locks; a write transaction therefore takes the
database's single write lock up front (``BEGIN IMMEDIATE``, see :func:`transaction`), so
writers queue on the busy timeout instead of failing when a reader turns into a writer.
PostgreSQL is selected by URL and gets ordinary ``READ COMMITTED`` transactions.

The SQLite file holds the host's secrets (the key of every web link): it and its -wal and
-shm files are made readable by their owner only (0600, :func:`private_sqlite_files`),
whatever the umask, also a database an older version made 0644.
"""

import stat
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.orm import sessionmaker
from sqlmodel import Session

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

SQLITE_BUSY_TIMEOUT_MS = 10_000

_BEGIN_OPTION = "pbem_sqlite_begin"
"""Execution option naming the SQLite ``BEGIN`` flavour (``IMMEDIATE`` for writers)."""


def normalise_url(url: str | URL) -> URL:
    """The URL with the PostgreSQL driver forced to psycopg 3.

    ``postgresql://`` and ``postgres://`` (as many hosters write it) become
    ``postgresql+psycopg://``; other URLs are returned unchanged.
    """
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed


def make_engine(url: str | URL, *, sqlite_foreign_keys: bool = True, **kwargs: Any) -> Engine:
    """An engine for ``url`` (``Settings.database_url``), set up for this service.

    ``sqlite_foreign_keys=False`` is for migrations only (SQLite's table-copy procedure
    needs the checks off). Further keyword arguments go to :func:`sqlalchemy.create_engine`.
    """
    parsed = normalise_url(url)
    if parsed.get_backend_name() != "sqlite":
        kwargs.setdefault("pool_pre_ping", True)
        return create_engine(parsed, **kwargs)

    engine = create_engine(parsed, **kwargs)
    foreign_keys = "ON" if sqlite_foreign_keys else "OFF"

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, connection_record: Any) -> None:
        # Leave transaction control to SQLAlchemy (the "begin" hook below); the sqlite3
        # module's own implicit BEGIN would be DEFERRED and skip SAVEPOINT handling.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            if parsed.database not in (None, "", ":memory:"):
                # Before WAL: SQLite gives the -wal and -shm it makes the file's mode.
                private_sqlite_files(Path(parsed.database))
                cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
            cursor.execute(f"PRAGMA foreign_keys={foreign_keys}")
            cursor.execute("PRAGMA synchronous=NORMAL")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        mode = conn.get_execution_options().get(_BEGIN_OPTION, "DEFERRED")
        # On the driver's connection itself: through SQLAlchemy's statement machinery
        # (exec_driver_sql) a BEGIN cost about as much as a query, and every reading and
        # write transaction starts with one (docs/performance.md, "A player's first mail").
        cursor = conn.connection.cursor()
        try:
            cursor.execute(f"BEGIN {mode}")
        finally:
            cursor.close()

    return engine


def private_sqlite_files(database: Path) -> None:
    """Make the SQLite file ``database`` and its -wal and -shm files 0600 where they are
    more open (just created under a loose umask, or made by an older version).

    Called as a connection opens, before anything is written. A file owned by someone
    else (a reader run as another user) is left as it is."""
    for path in (database, Path(f"{database}-wal"), Path(f"{database}-shm")):
        try:
            mode = stat.S_IMODE(path.stat().st_mode)
            if mode & 0o077:
                path.chmod(mode & 0o600)
        except (FileNotFoundError, PermissionError):
            continue


def is_sqlite(engine_or_connection: Engine | Connection) -> bool:
    """Whether this is SQLite (no row locks: the whole database is the lock)."""
    return engine_or_connection.dialect.name == "sqlite"


def holds_write_lock(connection: Connection) -> bool:
    """Whether ``connection``'s transaction began as a writer (SQLite ``BEGIN IMMEDIATE``).

    Always true on PostgreSQL, where row locks do the job.
    """
    if not is_sqlite(connection):
        return True
    return bool(connection.get_execution_options().get(_BEGIN_OPTION) == "IMMEDIATE")


def make_sessionmaker(engine: Engine) -> sessionmaker[Session]:
    """A session factory. Objects stay readable after commit (``expire_on_commit=False``)."""
    return sessionmaker(engine, class_=Session, expire_on_commit=False)


def write_engine(engine: Engine) -> Engine:
    """``engine`` with transactions that begin as writers (SQLite: ``BEGIN IMMEDIATE``).

    The same engine (and pool) underneath; on PostgreSQL it is ``engine`` itself.
    """
    return engine.execution_options(**{_BEGIN_OPTION: "IMMEDIATE"}) if is_sqlite(engine) else engine


_writer_locks: weakref.WeakKeyDictionary[Engine, threading.RLock] = weakref.WeakKeyDictionary()
_writer_locks_guard = threading.Lock()


def _writer_lock(engine: Engine) -> threading.RLock:
    """The in-process queue of SQLite writers on ``engine``'s database.

    SQLite's busy handler polls: a writer that finds the lock taken sleeps 1, 2, 5 ... up
    to 100 ms between tries and is not woken when the lock is released. When intake, the
    sender's claims and marks and turn runs of one process write at once, its threads
    would spend much of their time asleep beside a free database; queueing them on a
    lock first hands the database over at once. Other processes still meet the busy
    timeout. Reentrant, so that a nested transaction in one thread fails on the busy
    timeout as before instead of hanging.
    """
    with _writer_locks_guard:
        lock = _writer_locks.get(engine)
        if lock is None:
            lock = _writer_locks[engine] = threading.RLock()
        return lock


@contextmanager
def transaction(engine: Engine) -> Iterator[Session]:
    """A short write transaction: commits on success, rolls back on an exception.

    On SQLite it begins with ``BEGIN IMMEDIATE``: it waits (busy timeout) until no other
    writer is active and then holds the database's write lock until the end. Keep the
    block short and free of network I/O (no SMTP, no IMAP inside).
    """
    if not is_sqlite(engine):
        with Session(engine, expire_on_commit=False) as session, session.begin():
            yield session
        return
    with (
        _writer_lock(engine),
        Session(write_engine(engine), expire_on_commit=False) as session,
        session.begin(),
    ):
        yield session


@contextmanager
def reading(engine: Engine) -> Iterator[Session]:
    """A read-only transaction: a consistent snapshot that never waits for writers.

    On SQLite (WAL) it begins ``DEFERRED`` and takes no write lock, so a reader neither
    queues behind a turn run nor holds up the sender; repository functions that write
    refuse to run in it. Whatever it flushes is rolled back when it closes.
    """
    with Session(engine, expire_on_commit=False) as session:
        yield session


def alembic_config(url: str | URL | None = None) -> Config:
    """An Alembic configuration built in code, pointing at ``db/migrations``.

    With ``url`` the migrations run against it; without, ``env.py`` falls back to
    ``-x url=...``, ``PBEM_DATABASE_URL`` or the ini file's ``sqlalchemy.url``.
    """
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS).replace("%", "%%"))
    if url is not None:
        config.attributes["url"] = normalise_url(url)
    return config


def upgrade(url: str | URL, revision: str = "head") -> None:
    """Run the Alembic migrations on ``url`` up to ``revision`` (default: the newest)."""
    command.upgrade(alembic_config(url), revision)
