"""The order form's check in a real browser once the link's checks are used up: the
page says so in the check's box (429 from /check), and typing on asks again."""

from __future__ import annotations

import functools

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ready
from selenium.webdriver.support.ui import WebDriverWait
from sqlalchemy import Engine

from mailserver.app.localmail.dovecot import free_port
from mailserver.web import app as web_app
from mailserver.web.guard import ConnectionGuard
from mailserver.web.throttle import Throttle
from tests.web.helpers import link, start_game
from tests.web.test_slow_connections import serving

pytestmark = [
    pytest.mark.slow(reason="starts Chromium"),
    pytest.mark.timeout(120),
]


def test_a_throttled_check_says_so_in_the_check_box(
    web_engine: Engine, browser: webdriver.Chrome, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two checks at once and next to none after them: the page checks its prefilled order
    # form as it opens (one), the first line typed is checked (two), the next is refused.
    monkeypatch.setattr(web_app, "Throttle", functools.partial(Throttle, burst=2, rate=0.001))
    start_game(web_engine, 801)
    port = free_port()
    with serving(web_engine, ConnectionGuard(), port):
        browser.get(f"http://127.0.0.1:{port}" + link(web_engine, 801, 1))
        box = browser.find_element(By.ID, "order-text")
        assert box.get_attribute("value")  # prefilled: checked as the page opens
        box.send_keys("Fertig\n")
        WebDriverWait(browser, 15).until(
            ready.presence_of_element_located((By.CSS_SELECTOR, "#check ul.understood li"))
        )
        box.send_keys("Fertig\n")
        WebDriverWait(browser, 15).until(
            ready.text_to_be_present_in_element(
                (By.CSS_SELECTOR, "#check p.error"), "Zu viele Prüfungen in kurzer Zeit"
            )
        )
