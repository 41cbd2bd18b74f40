"""The database tests run every test on SQLite and on PostgreSQL (see tests/dbfixtures.py)."""

from tests.dbfixtures import db_engine, db_session, db_url  # noqa: F401
