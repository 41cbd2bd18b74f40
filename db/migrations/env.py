"""Alembic environment for the PBEM database (SQLite and PostgreSQL).

The database URL comes from, in this order: ``db.session.upgrade(url)``,
``alembic -x url=...``, the ``PBEM_DATABASE_URL`` variable, ``sqlalchemy.url`` in the ini.
"""

import os
from logging.config import fileConfig
from typing import Any, Literal

from alembic import context
from sqlalchemy import Enum, TypeDecorator
from sqlalchemy.engine import URL
from sqlalchemy.pool import NullPool
from sqlmodel import SQLModel

import db.models  # noqa: F401  (registers the tables on SQLModel.metadata)
from db.session import is_sqlite, make_engine, normalise_url, write_engine

config = context.config
target_metadata = SQLModel.metadata

# Only the command line configures logging; a running service keeps its own.
if config.config_file_name is not None and "url" not in config.attributes:
    fileConfig(config.config_file_name, disable_existing_loggers=False)

# Any constant will do: it only has to be the same in every process running migrations.
PG_MIGRATION_LOCK = 0x7062656D


def database_url() -> URL:
    """The URL to migrate (see the module docstring for the order)."""
    url = (
        config.attributes.get("url")
        or context.get_x_argument(as_dictionary=True).get("url")
        or os.environ.get("PBEM_DATABASE_URL")
        or config.get_main_option("sqlalchemy.url")
    )
    if not url:
        raise RuntimeError("no database URL: pass -x url=... or set PBEM_DATABASE_URL")
    return normalise_url(url)


def render_item(type_: str, obj: Any, autogen_context: Any) -> str | Literal[False]:
    """Render our column types as plain SQLAlchemy types, so migrations never import models.

    String enums become ``sa.String(32)``, type decorators (UTC datetime, UInt64) their
    storage type.
    """
    if type_ == "type":
        if isinstance(obj, Enum) and not obj.native_enum:
            return f"sa.String(length={obj.length})"
        if isinstance(obj, TypeDecorator):
            return f"sa.{obj.impl!r}"
    return False


def run_migrations_offline() -> None:
    """Emit the SQL instead of running it (``alembic upgrade head --sql``)."""
    context.configure(
        url=database_url(),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
        render_item=render_item,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run the migrations in one transaction, serialised against other processes."""
    # SQLite's table-copy procedure (batch mode) needs foreign-key checks off while it
    # runs; PRAGMA foreign_key_check afterwards proves nothing was broken.
    engine = make_engine(database_url(), sqlite_foreign_keys=False, poolclass=NullPool)
    try:
        with write_engine(engine).connect() as connection:
            context.configure(
                connection=connection,
                target_metadata=target_metadata,
                render_as_batch=True,
                render_item=render_item,
                compare_type=True,
            )
            with context.begin_transaction():
                if not is_sqlite(connection):
                    # Two servers starting at once: the second waits, then finds head.
                    connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({PG_MIGRATION_LOCK})")
                context.run_migrations()
            if is_sqlite(connection):
                broken = connection.exec_driver_sql("PRAGMA foreign_key_check").fetchall()
                connection.rollback()
                if broken:
                    raise RuntimeError(f"foreign keys broken by the migration: {broken}")
    finally:
        engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
