"""The pages read without the write lock, and the order form's check is throttled per
link (docs/web.md, "Security")."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator

import pytest
from sqlalchemy import Engine
from starlette.testclient import TestClient

from mailserver.web.app import WebApp
from mailserver.web.throttle import CHECK_BURST, Throttle
from tests.web.helpers import SETTINGS, link, open_form, start_game


@pytest.fixture
def game(web_engine: Engine) -> int:
    start_game(web_engine, 701)
    return 701


@contextlib.contextmanager
def write_lock_held(engine: Engine) -> Iterator[None]:
    """Another process's writer (intake, a turn run) holding SQLite's write lock."""
    database = engine.url.database
    assert database
    other = sqlite3.connect(database, isolation_level=None, timeout=0)
    try:
        other.execute("BEGIN IMMEDIATE")
        yield
    finally:
        other.execute("ROLLBACK")
        other.close()


def frozen_client(engine: Engine) -> tuple[TestClient, WebApp]:
    """A client of pages whose check throttle sees no time pass."""
    web = WebApp(SETTINGS, engine)
    web.checks = Throttle(clock=lambda: 0.0)
    return TestClient(web.app, headers={"Origin": "http://testserver"}), web


def test_every_page_is_served_while_another_writer_holds_the_write_lock(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    own, csrf = open_form(client, web_engine, game, 1)
    gm = link(web_engine, game, 0)
    with write_lock_held(web_engine):
        for path in ("/", f"/game/{game}", own, own + "/report.json", gm, gm + "/report.json"):
            assert client.get(path).status_code == 200, path
        checked = client.post(own + "/check", json={"text": "x"}, headers={"X-CSRF-Token": csrf})
        assert checked.status_code == 200
        no_script = client.post(
            own + "/orders", data={"text": "x", "csrf": csrf, "action": "check"}
        )
        assert no_script.status_code == 200


def test_the_check_answers_429_with_a_clear_message_once_a_links_bucket_is_empty(
    web_engine: Engine, game: int
) -> None:
    client, _ = frozen_client(web_engine)
    own, csrf = open_form(client, web_engine, game, 1)
    headers = {"X-CSRF-Token": csrf, "Accept-Language": "en"}
    for _ in range(CHECK_BURST):
        assert client.post(own + "/check", json={"text": "x"}, headers=headers).status_code == 200
    refused = client.post(own + "/check", json={"text": "x"}, headers=headers)
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) >= 1
    assert refused.json()["message"].startswith("Too many checks in a short time")
    # The page itself and another seat's check are not held up.
    assert client.get(own).status_code == 200
    other, other_csrf = open_form(client, web_engine, game, 2)
    answered = client.post(
        other + "/check", json={"text": "x"}, headers={"X-CSRF-Token": other_csrf}
    )
    assert answered.status_code == 200


def test_a_wrong_token_uses_its_own_bucket_not_the_players(web_engine: Engine, game: int) -> None:
    client, _ = frozen_client(web_engine)
    own, csrf = open_form(client, web_engine, game, 1)
    forged = own[: own.rindex("/") + 1] + "A" * 32
    for _ in range(CHECK_BURST + 5):
        client.post(forged + "/check", json={"text": "x"}, headers={"X-CSRF-Token": csrf})
    assert client.post(
        own + "/check", json={"text": "x"}, headers={"X-CSRF-Token": csrf}
    ).is_success


def test_the_check_without_script_is_throttled_with_a_page(web_engine: Engine, game: int) -> None:
    client, _ = frozen_client(web_engine)
    own, csrf = open_form(client, web_engine, game, 1)
    form = {"text": "x", "csrf": csrf, "action": "check"}
    for _ in range(CHECK_BURST):
        assert client.post(own + "/orders", data=form).status_code == 200
    refused = client.post(own + "/orders", data=form, headers={"Accept-Language": "de"})
    assert refused.status_code == 429
    assert "Zu viele Prüfungen in kurzer Zeit" in refused.text


def test_a_bucket_refills_at_its_rate_up_to_its_burst() -> None:
    now = [0.0]
    throttle = Throttle(rate=2.0, burst=3, clock=lambda: now[0])
    assert [throttle.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert throttle.take("a") == pytest.approx(0.5)
    now[0] = 0.5
    assert throttle.take("a") == 0.0
    assert throttle.take("b") == 0.0  # every key its own bucket
    now[0] = 100.0
    assert [throttle.take("a") for _ in range(4)][-1] > 0  # never more than the burst


def test_only_the_most_recently_used_buckets_are_kept() -> None:
    throttle = Throttle(rate=1.0, burst=1, kept=2, clock=lambda: 0.0)
    throttle.take("a")
    throttle.take("b")
    throttle.take("c")  # "a" is forgotten: it starts full again
    assert throttle.take("a") == 0.0
    assert throttle.take("c") > 0
