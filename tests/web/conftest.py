"""Fixtures of the page tests: an empty SQLite database, a client of the pages on it, and
a headless Chromium for the browser tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from selenium import webdriver
from sqlalchemy import Engine
from starlette.testclient import TestClient

from db.session import make_engine
from mailserver.web.app import create_app
from tests.dbfixtures import empty_all_tables, temporary_database
from tests.web.browser import chromium
from tests.web.helpers import SETTINGS


@pytest.fixture(scope="session")
def web_database(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    """An engine on a migrated SQLite database, made once per session."""
    with temporary_database("sqlite", tmp_path_factory.mktemp("web")) as url:
        engine = make_engine(url)
        yield engine
        engine.dispose()


@pytest.fixture
def web_engine(web_database: Engine) -> Iterator[Engine]:
    """An engine on the page tests' database, its tables emptied after each test: one
    engine for the session, whose compiled statements serve every test (a new engine
    compiled each statement anew)."""
    yield web_database
    empty_all_tables(web_database)


@pytest.fixture
def client(web_engine: Engine) -> TestClient:
    """The pages on ``web_engine`` (forms sent with the site's own Origin)."""
    app = create_app(SETTINGS, web_engine)
    return TestClient(app, headers={"Origin": "http://testserver"})


# The end-to-end fixtures (``pbem serve`` as a process on the session's Dovecot).
from tests.e2e.conftest import server, server_factory  # noqa: E402, F401


@pytest.fixture
def browser() -> Iterator[webdriver.Chrome]:
    """A headless Chromium, quit after the test."""
    driver = chromium()
    try:
        yield driver
    finally:
        driver.quit()
