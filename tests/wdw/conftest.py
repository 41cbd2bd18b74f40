from tests.dbfixtures import db_engine, db_url  # noqa: F401
