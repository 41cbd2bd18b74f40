"""The tests reach PostgreSQL as a role of their own with a password (docs/testing.md), not
as the superuser through a ``trust`` line that only one machine has."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, make_url
from sqlalchemy.pool import NullPool

from tests.dbfixtures import PG_ADMIN_URL


@pytest.mark.slow  # asks the PostgreSQL server
def test_the_tests_use_their_own_role_with_a_password() -> None:
    assert make_url(PG_ADMIN_URL).password, "the tests' URL carries the role's password"
    engine = create_engine(PG_ADMIN_URL, poolclass=NullPool)
    try:
        with engine.connect() as conn:
            superuser, createdb = conn.exec_driver_sql(
                "SELECT rolsuper, rolcreatedb FROM pg_roles WHERE rolname = current_user"
            ).one()
    finally:
        engine.dispose()
    # Creating the scratch databases is all the tests may need.
    assert (superuser, createdb) == (False, True)
