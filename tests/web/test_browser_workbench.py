"""The GM's ruling loop from the web page in a real browser (headless Chromium): open
the workbench of a turn at its deadline, type a wrong ruling and see its verdict beside
it as typed, mend it, give the rulings, read a seat's draft, publish after the
confirmation, and the players have their printouts (by mail and on their pages)."""

from __future__ import annotations

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as ready
from selenium.webdriver.support.ui import WebDriverWait
from sqlalchemy import Engine

from db.models import GameStatus
from tests.web.browser import artifacts_dir, served
from tests.web.helpers import game_of, link, run_turn, start_game, web_orders
from tests.web.test_workbench import printouts

pytestmark = [
    pytest.mark.slow(reason="starts Chromium"),
    pytest.mark.timeout(180),
    pytest.mark.usefixtures("toy_kinds"),
]

GAME = 811


def verdicts(browser: webdriver.Chrome) -> list[str]:
    """The verdicts beside the ruling form, line by line."""
    return [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#verdicts li")]


def draft_and_publish(
    browser: webdriver.Chrome, engine: Engine, number: int, seat: int, shot: str
) -> str:
    """From the workbench: open ``seat``'s draft, go back, publish after the confirmation
    (which publishes nothing by itself) and save a screenshot ``shot`` of the desk the
    page returns to; the draft's text."""
    browser.find_element(By.ID, f"draft-{seat}").click()
    draft = browser.find_element(By.ID, "draft").text
    browser.find_element(By.ID, "back-to-bench").click()
    browser.find_element(By.ID, "publish-link").click()
    assert game_of(engine, number).status == GameStatus.ADJUDICATING
    browser.find_element(By.ID, "publish-button").click()
    WebDriverWait(browser, 20).until(ready.presence_of_element_located((By.ID, "desk")))
    browser.save_screenshot(str(artifacts_dir() / shot))
    return draft


def test_the_gm_rules_checks_drafts_and_publishes_from_the_workbench(
    web_engine: Engine, browser: webdriver.Chrome
) -> None:
    start_game(web_engine, GAME, kind="toy-ruled")
    for seat, amount in ((1, 9), (2, 7), (3, 2)):
        web_orders(web_engine, GAME, seat, f"ADD {amount}\n")
    run_turn(web_engine, GAME)
    wait = WebDriverWait(browser, 20)
    with served(web_engine) as base:
        browser.get(base + link(web_engine, GAME, 0))
        browser.find_element(By.ID, "workbench-link").click()
        assert "A1 Seat 1 addiert 9" in browser.find_element(By.ID, "open-items").text
        assert "Seat 1: Addiere 9" in browser.find_element(By.ID, "dossier-text").text
        box = browser.find_element(By.ID, "ruling-text")
        assert box.get_attribute("value") == "A1 ja\nA2 ja"  # the dossier's defaults
        wait.until(lambda b: len(verdicts(b)) == 2)  # the prefilled form, checked as it opens
        # A wrong ruling: its verdict appears beside it as it is typed.
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys("A1 vielleicht\nA2 nein")
        wait.until(
            lambda b: (
                verdicts(b)
                == ["A1 vielleicht – ja | nein | Chance 0-100", "A2 nein – wird übernommen"]
            )
        )
        wrong = browser.find_element(By.CSS_SELECTOR, "#verdicts li.error")
        assert wrong.get_attribute("value") == "1"
        browser.save_screenshot(str(artifacts_dir() / "web-workbench-verdict.png"))
        # Mended: every line will be taken.
        box.send_keys(Keys.CONTROL, "a")
        box.send_keys("A1 Chance 100\nA2 nein")
        wait.until(
            lambda b: (
                verdicts(b) == ["A1 Chance 100 – wird übernommen", "A2 nein – wird übernommen"]
            )
        )
        browser.find_element(By.ID, "ruling-give").click()
        wait.until(ready.presence_of_element_located((By.ID, "nothing-open")))
        assert "2 Entscheide übernommen" in browser.find_element(By.ID, "done").text
        assert "A2" in browser.find_element(By.ID, "given").text
        # The drafts: seat 1's printout as publishing now would send it; then publish.
        draft = draft_and_publish(browser, web_engine, GAME, 1, "web-workbench-published.png")
        assert "Seat 1: 9" in draft and "Seat 2" not in draft
        assert "Runde 1 ist ausgewertet" in browser.find_element(By.ID, "done").text
        game = game_of(web_engine, GAME)
        assert game.turn == 1 and game.status == GameStatus.RUNNING
        # The players have their printouts: in the outbox, and on their pages.
        bodies = printouts(web_engine, 1)
        assert "Seat 1: 9" in bodies[f"p1.{GAME}@example.org"]
        assert "Seat 2: 0" in bodies[f"p2.{GAME}@example.org"]
        browser.get(base + link(web_engine, GAME, 2))
        assert "Seat 2: 0" in browser.find_element(By.ID, "printout").text
