"""Fixtures of the page tests: a fresh SQLite database and a client of the pages on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import Engine
from starlette.testclient import TestClient

from db.session import make_engine
from mailserver.web.app import create_app
from tests.dbfixtures import temporary_database
from tests.web.helpers import SETTINGS


@pytest.fixture
def web_engine(tmp_path: Path) -> Iterator[Engine]:
    """An engine on a fresh, migrated SQLite database."""
    with temporary_database("sqlite", tmp_path) as url:
        engine = make_engine(url)
        yield engine
        engine.dispose()


@pytest.fixture
def client(web_engine: Engine) -> TestClient:
    """The pages on ``web_engine`` (forms sent with the site's own Origin)."""
    app = create_app(SETTINGS, web_engine)
    return TestClient(app, headers={"Origin": "http://testserver"})


# The end-to-end fixtures (``pbem serve`` as a process on the session's Dovecot).
from tests.e2e.conftest import server, server_factory  # noqa: E402, F401
