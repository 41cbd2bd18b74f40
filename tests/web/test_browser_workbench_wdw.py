"""A Welt der Waben month ruled from the GM's workbench in a real browser (headless
Chromium): the dossier of a month with a combat (K1) and a spy (G1), a ruling refused as
it is typed (losses above the unit's size, an unknown item), mended, the open items
shrinking as rulings are given, a realm's draft, and the month published: the realms'
printouts in the outbox carry the ruling."""

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
from tests.web.test_browser_workbench import draft_and_publish, verdicts
from tests.web.test_workbench import printouts

pytestmark = [pytest.mark.slow(reason="starts Chromium"), pytest.mark.timeout(180)]

GAME = 812
ORDERS = {
    1: "101 KA 1/19 1/20\n601 GI4 Ziel: Tharnburg\n",
    2: "101 KV 1/21 1/20\n",
}
"""Isyrial attacks along the road and sends a spy to Tharnburg; Tharn's army meets it."""
TAKEN = "wird übernommen"


def open_items(browser: webdriver.Chrome) -> list[str]:
    """The ids of the items still open, as the workbench lists them."""
    found = browser.find_elements(By.CSS_SELECTOR, "#open-items li")
    return [li.text.split()[0] for li in found]


def type_rulings(browser: webdriver.Chrome, text: str) -> None:
    """Replace the ruling form's text by ``text``, typed."""
    box = browser.find_element(By.ID, "ruling-text")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(text)


def test_the_gm_rules_a_wdw_month_from_the_workbench_in_a_browser(
    web_engine: Engine, browser: webdriver.Chrome
) -> None:
    start_game(web_engine, GAME, seats=2, kind="wdw")
    for seat, orders in ORDERS.items():
        assert web_orders(web_engine, GAME, seat, orders) == "processed"
    run_turn(web_engine, GAME)
    wait = WebDriverWait(browser, 20)
    with served(web_engine) as base:
        browser.get(base + link(web_engine, GAME, 0))
        browser.find_element(By.ID, "workbench-link").click()
        assert open_items(browser) == ["K1", "G1"]
        dossier = browser.find_element(By.ID, "dossier-text").text
        assert "K1 Kampf in 1/20: A = Reich 1 1/101, B = Reich 2 2/101" in dossier
        assert "G1 Spion 1/601: GI Risiko 4, Ziel Tharnburg" in dossier
        box = browser.find_element(By.ID, "ruling-text")
        assert box.get_attribute("value") == (
            "K1 Sieger keiner; Verluste keine\nG1 misslungen; entdeckt nein"
        )
        wait.until(lambda b: len(verdicts(b)) == 2)  # the prefilled form, checked as it opens
        # Wrong: more losses than the unit has, and an item the month does not have.
        type_rulings(browser, "K1 Sieger A; Verluste 2/101 -2500\nQ7 ja")
        wait.until(lambda b: len(verdicts(b)) == 2 and TAKEN not in " ".join(verdicts(b)))
        assert verdicts(browser) == [
            "K1 Sieger A; Verluste 2/101 -2500 – Einheit 2/101: Verlust 2500 ist mehr als ihre"
            " Größe 2000",
            "Q7 ja – Q7: kein offener Punkt dieses Monats",
        ]
        browser.save_screenshot(str(artifacts_dir() / "web-workbench-wdw-verdict.png"))
        # Mended, and only the combat given: the spy is still open.
        type_rulings(browser, "K1 Sieger A; Verluste 2/101 -500")
        wait.until(lambda b: verdicts(b) == [f"K1 Sieger A; Verluste 2/101 -500 – {TAKEN}"])
        browser.find_element(By.ID, "ruling-give").click()
        wait.until(lambda b: open_items(b) == ["G1"])
        assert "K1" in browser.find_element(By.ID, "given").text
        type_rulings(browser, "G1 gelungen; entdeckt nein")
        wait.until(lambda b: verdicts(b) == [f"G1 gelungen; entdeckt nein – {TAKEN}"])
        browser.find_element(By.ID, "ruling-give").click()
        wait.until(ready.presence_of_element_located((By.ID, "nothing-open")))
        # The drafts: Tharn's printout as publishing now would send it; then publish.
        draft = draft_and_publish(browser, web_engine, GAME, 2, "web-workbench-wdw-published.png")
        assert "Einheit 101 verliert 500 (1500 übrig)." in draft and "Isyrial" not in draft
    game = game_of(web_engine, GAME)
    assert game.turn == 1 and game.status == GameStatus.RUNNING
    # The realms' printouts went out with the rulings applied.
    bodies = printouts(web_engine, 1)
    assert "Einheit 101 verliert 500 (1500 übrig)." in bodies[f"p2.{GAME}@example.org"]
    assert "Kampf in 1/20: gewonnen." in bodies[f"p1.{GAME}@example.org"]
    assert "Spion 601: GI gelungen (IG " in bodies[f"p1.{GAME}@example.org"]
