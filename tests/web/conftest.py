"""Fixtures of the page tests: a fresh SQLite database, a client of the pages on it, and
a headless Chromium for the browser tests."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from sqlalchemy import Engine
from starlette.testclient import TestClient

from db.session import make_engine
from mailserver.web.app import create_app
from tests.dbfixtures import temporary_database
from tests.web.browser import chromium
from tests.web.helpers import SETTINGS


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh, migrated SQLite database file, made once per session: a template."""
    with temporary_database("sqlite", tmp_path_factory.mktemp("web-template")) as url:
        yield Path(url.removeprefix("sqlite:///"))


@pytest.fixture
def web_engine(tmp_path: Path, migrated_sqlite: Path) -> Iterator[Engine]:
    """An engine on a fresh, migrated SQLite database (a copy of the session's template:
    the same as migrating anew, without the migrations' cost)."""
    copy = tmp_path / "web.sqlite3"
    with (
        contextlib.closing(sqlite3.connect(migrated_sqlite)) as source,
        contextlib.closing(sqlite3.connect(copy)) as target,
    ):
        source.backup(target)
    engine = make_engine(f"sqlite:///{copy}")
    yield engine
    engine.dispose()


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
