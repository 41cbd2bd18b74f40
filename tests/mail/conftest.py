from tests.dbfixtures import db_engine, db_session, db_url  # noqa: F401
