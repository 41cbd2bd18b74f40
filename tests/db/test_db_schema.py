"""The migrations, the engine set-up and the column types."""

import os
import sqlite3
import subprocess
import sys
from datetime import UTC, datetime, time, timedelta, timezone
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Engine, event, inspect
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, SQLModel, col, select

from db import session as dbsession
from db.models import Game, InboundMail, TurnSnapshot
from tests.db.helpers import add_game, add_player
from tests.dbfixtures import temporary_database

ROOT = Path(__file__).resolve().parents[2]


def schema_diff(engine: Engine) -> list[object]:
    with engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        return list(compare_metadata(context, SQLModel.metadata))


def test_the_migrations_produce_exactly_the_models_schema(db_engine: Engine) -> None:
    assert schema_diff(db_engine) == []
    tables = set(inspect(db_engine).get_table_names())
    assert tables == set(SQLModel.metadata.tables) | {"alembic_version"}


def test_the_diff_check_notices_a_missing_index(db_engine: Engine) -> None:
    with db_engine.begin() as conn:
        conn.exec_driver_sql("DROP INDEX ix_outbox_status_next_attempt_at")
    try:
        diff = schema_diff(db_engine)
        assert [d[0] for d in diff if isinstance(d, tuple)] == ["add_index"]
    finally:
        with db_engine.begin() as conn:
            conn.exec_driver_sql(
                "CREATE INDEX ix_outbox_status_next_attempt_at ON outbox (status, next_attempt_at)"
            )


@pytest.mark.real_migrations  # the migrations up from nothing and down again
def test_upgrade_is_idempotent_and_downgrade_removes_everything(
    db_url: str, tmp_path: Path
) -> None:
    backend = dbsession.normalise_url(db_url).get_backend_name()
    with temporary_database(backend, tmp_path) as url:
        dbsession.upgrade(url)  # already at head: nothing to do, no error
        from alembic import command

        command.downgrade(dbsession.alembic_config(url), "base")
        engine = dbsession.make_engine(url)
        try:
            assert set(inspect(engine).get_table_names()) <= {"alembic_version"}
        finally:
            engine.dispose()


def test_the_operator_command_line_migrates_a_sqlite_file(tmp_path: Path) -> None:
    target = tmp_path / "cli.sqlite3"
    env = {**os.environ, "PBEM_DATABASE_URL": f"sqlite:///{target}"}
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "alembic",
            "-c",
            str(ROOT / "db" / "alembic.ini"),
            "upgrade",
            "head",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    engine = dbsession.make_engine(f"sqlite:///{target}")
    try:
        assert schema_diff(engine) == []
    finally:
        engine.dispose()


def test_postgresql_urls_are_rewritten_to_psycopg() -> None:
    for url in ("postgresql://u@h/d", "postgres://u@h/d", "postgresql+psycopg://u@h/d"):
        assert dbsession.normalise_url(url).drivername == "postgresql+psycopg"
    assert dbsession.normalise_url("sqlite:///x.sqlite3").drivername == "sqlite"


@pytest.mark.real_sqlite  # the host's settings, also in the fast lane
def test_sqlite_connections_are_tuned(tmp_path: Path) -> None:
    engine = dbsession.make_engine(f"sqlite:///{tmp_path / 'tuned.sqlite3'}")
    try:
        with engine.connect() as conn:
            pragma = {
                name: conn.exec_driver_sql(f"PRAGMA {name}").scalar()
                for name in ("journal_mode", "busy_timeout", "foreign_keys", "synchronous")
            }
        assert pragma == {
            "journal_mode": "wal",
            "busy_timeout": dbsession.SQLITE_BUSY_TIMEOUT_MS,
            "foreign_keys": 1,
            "synchronous": 1,  # NORMAL
        }
        assert dbsession.SQLITE_BUSY_TIMEOUT_MS >= 5000
    finally:
        engine.dispose()


def test_a_sqlite_transaction_begins_on_the_driver_in_its_mode(tmp_path: Path) -> None:
    """The BEGIN goes to the driver's connection itself, not through SQLAlchemy's
    statement machinery (no statement event for it: it cost as much as a query), and a
    write transaction still holds the write lock from its start."""
    engine = dbsession.make_engine(f"sqlite:///{tmp_path / 'begin.sqlite3'}")
    statements: list[str] = []

    def seen(conn: object, cursor: object, statement: str, *args: object) -> None:
        statements.append(statement)

    event.listen(engine, "before_cursor_execute", seen)
    try:
        with dbsession.reading(engine) as session:
            driver = session.connection().connection.driver_connection
            assert driver is not None and driver.in_transaction
        with dbsession.transaction(engine) as session:
            driver = session.connection().connection.driver_connection
            assert driver is not None and driver.in_transaction
            other = sqlite3.connect(tmp_path / "begin.sqlite3", timeout=0)
            try:
                with pytest.raises(sqlite3.OperationalError, match="locked"):
                    other.execute("BEGIN IMMEDIATE")  # the write lock is taken at BEGIN
            finally:
                other.close()
        assert statements == []
    finally:
        engine.dispose()


def test_foreign_keys_are_enforced(db_session: Session) -> None:
    game = add_game(db_session)
    assert game.id is not None
    db_session.add(TurnSnapshot(game_id=game.id + 1000, turn=1, state="{}", seed=1))
    with pytest.raises(IntegrityError):
        db_session.flush()


def test_datetimes_come_back_aware_in_utc(db_engine: Engine) -> None:
    berlin = timezone(timedelta(hours=2))
    deadline = datetime(2025, 6, 1, 18, 0, tzinfo=berlin)
    with dbsession.transaction(db_engine) as session:
        game = add_game(session)
        game.next_deadline = deadline
        game.schedule_time = time(18, 0)
        game_id = game.id
    with Session(db_engine) as session:
        stored = session.get(Game, game_id)
        assert stored is not None and stored.next_deadline is not None
        assert stored.next_deadline == deadline
        assert stored.next_deadline.tzinfo == UTC
        assert stored.next_deadline.hour == 16
        assert stored.schedule_time == time(18, 0)
        later = session.exec(select(Game).where(col(Game.next_deadline) > deadline)).all()
        earlier = session.exec(
            select(Game).where(col(Game.next_deadline) < deadline + timedelta(minutes=1))
        ).all()
        assert (later, [g.id for g in earlier]) == ([], [game_id])


def test_naive_datetimes_are_refused(db_session: Session) -> None:
    game = add_game(db_session)
    game.next_deadline = datetime(2025, 6, 1, 18, 0)
    db_session.add(game)
    with pytest.raises(Exception, match="naive datetime"):
        db_session.flush()


def test_seeds_keep_the_full_unsigned_64_bit_range(db_engine: Engine) -> None:
    with dbsession.transaction(db_engine) as session:
        game = add_game(session)
        game.seed = 2**64 - 1
        assert game.id is not None
        session.add(TurnSnapshot(game_id=game.id, turn=1, state="{}", seed=2**63))
        game_id = game.id
    with Session(db_engine) as session:
        stored = session.get(Game, game_id)
        snapshot = session.exec(select(TurnSnapshot)).one()
        assert stored is not None and (stored.seed, snapshot.seed) == (2**64 - 1, 2**63)
        with pytest.raises(Exception, match="unsigned 64-bit"):
            stored.seed = 2**64
            session.add(stored)
            session.flush()


def test_raw_bytes_with_all_256_values_round_trip(db_engine: Engine) -> None:
    raw = bytes(range(256)) * 3 + b"\r\n.\r\n\x00"
    with dbsession.transaction(db_engine) as session:
        session.add(InboundMail(message_id="<all-bytes@example.org>", raw=raw))
    with Session(db_engine) as session:
        stored = session.exec(select(InboundMail)).one()
        assert stored.raw == raw


def test_only_one_current_occupant_per_seat(db_session: Session) -> None:
    game = add_game(db_session)
    add_player(db_session, game, 1)
    with pytest.raises(IntegrityError):
        add_player(db_session, game, 1, address="other@example.org")


def test_session_factory_objects_stay_readable_after_commit(db_engine: Engine) -> None:
    with dbsession.make_sessionmaker(db_engine)() as session:
        game = add_game(session)
        session.commit()
        game_id = game.id
    assert game_id is not None and game.kind == "ashes"  # no DetachedInstanceError
