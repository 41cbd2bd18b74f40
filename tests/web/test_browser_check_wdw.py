"""A Welt der Waben seat's order form in a real browser (headless Chromium): orders
typed with one the game refuses; the check as you type lists it as refused with why,
and counts only the others as understood."""

from __future__ import annotations

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait
from sqlalchemy import Engine

from tests.web.browser import artifacts_dir, served
from tests.web.helpers import link, start_game

pytestmark = [pytest.mark.slow(reason="starts Chromium"), pytest.mark.timeout(120)]

GAME = 815


def texts(browser: webdriver.Chrome, css: str) -> list[str]:
    return [str(e.text) for e in browser.find_elements(By.CSS_SELECTOR, css)]


def test_a_refused_order_shows_as_refused_while_typing(
    web_engine: Engine, browser: webdriver.Chrome
) -> None:
    start_game(web_engine, GAME, seats=2, kind="wdw")
    with served(web_engine) as base:
        browser.get(base + link(web_engine, GAME, 1))
        box = browser.find_element(By.ID, "order-text")
        box.clear()
        box.send_keys("101 KV 1/19\nBaue Guru Bef +3\n")
        WebDriverWait(browser, 20).until(lambda b: texts(b, "#check ul.refused li"))
        assert texts(browser, "#check ul.refused li") == [
            "Zeile 2: Baue Guru Bef +3 – Bef darf höchstens 2 BWP haben"
        ]
        [understood] = texts(browser, "#check ul.understood li")
        assert understood.startswith("Zeile 1: Einheit 101: KV 1/19")
        headings = texts(browser, "#check h3")
        assert "Verstanden (1)" in headings
        assert "Abgelehnt – wird nicht ausgeführt (1)" in headings
        browser.save_screenshot(str(artifacts_dir() / "web-check-refused-wdw.png"))
