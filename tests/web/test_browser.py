"""The pages in a real browser: a game played by mail over ``pbem serve`` with the pages
on and a real Dovecot; headless Chromium loads the public, the player's and the GM's page,
types orders with a mistake and sees the error come from the check, sends them and the
acknowledgement arrives over IMAP. Each page is saved as a screenshot
(``tests/web/browser.py`` says where)."""

from __future__ import annotations

import re

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ready
from selenium.webdriver.support.ui import WebDriverWait
from sqlmodel import Session

from config.settings import WebSettings
from db import repo
from mailserver.common import tokens
from tests.e2e.conftest import ServerFactory
from tests.e2e.game_helpers import host_game, printout_subject, text_of
from tests.web.browser import artifacts_dir, free_port

pytestmark = pytest.mark.timeout(240)

ARTICLE = "Die <b>Freihändler</b> grüßen die Galaxis!"


def wait(browser: webdriver.Chrome, css: str, text: str = "", timeout: float = 15) -> str:
    """Wait until the element ``css`` is there (and holds ``text``); its text."""
    condition = (
        ready.text_to_be_present_in_element((By.CSS_SELECTOR, css), text)
        if text
        else ready.presence_of_element_located((By.CSS_SELECTOR, css))
    )
    WebDriverWait(browser, timeout).until(condition)
    return str(browser.find_element(By.CSS_SELECTOR, css).text)


def test_pages_of_a_game_played_by_mail(
    server_factory: ServerFactory, browser: webdriver.Chrome
) -> None:
    port = free_port()
    web = {"enabled": True, "host": "127.0.0.1", "port": port, "secret": "browser-test-key" * 2}
    server = server_factory(settings={"resync_seconds": 0.5, "web": web})
    game = host_game(server, number=611, seats=3)
    server.start()
    base = f"http://127.0.0.1:{port}"
    shots = artifacts_dir()

    # Turn 1 by mail: seat 1 writes an article with markup in it.
    for seat in game.users:
        game.read_password(seat)
    game.send_orders([1, 2], {1: f"Artikel\n{ARTICLE}\nEnde\n"})
    game.set_deadline(1)
    game.wait_turn(1)
    game.set_deadline(3 * 24 * 3600)  # the GM sets the next deadline

    # The printout of turn 1 carries seat 3's secret link.
    printout = text_of(game.wait_subject(game.users[3], printout_subject(611, 1, 3)))
    found = re.search(rf"{re.escape(base)}/game/611/seat/3/[\w-]{{32}}", printout)
    assert found, printout
    private = found[0]
    assert f"{base}/game/611\n" in printout

    # The public page: the turn, who sent orders, who is late, the newspaper as text.
    browser.get(f"{base}/game/611?lang=de")
    assert wait(browser, "#turn") == "1"
    assert "Spieler 3" not in wait(browser, "#seat-1")
    assert "NMR" in wait(browser, "#seat-3 td.late")
    news = wait(browser, "#newspaper", "Freihändler")
    assert "<b>Freihändler</b>" in news  # shown as written, not as markup
    assert not browser.find_elements(By.CSS_SELECTOR, "#newspaper b")
    # The dice seal of turn 2, public before its orders: the one the printout carries.
    sealed = re.search(r"Würfelsiegel Runde 2: ([0-9a-f]{64})", printout)
    assert sealed, printout
    assert wait(browser, "#dice-seal") == sealed[1]
    deadline = browser.find_element(By.CSS_SELECTOR, "#deadline time")
    assert str(deadline.get_attribute("title")).endswith("UTC")  # the script made it local
    browser.save_screenshot(str(shots / "web-public.png"))

    # The player's page: the printout and the order form checking as it is typed.
    browser.get(private)
    assert "Runde 1" in wait(browser, "#printout")
    box = browser.find_element(By.ID, "order-text")
    # The form starts with the printout's prefilled order form; the player writes anew.
    assert "Partie 611 Spieler 3 Runde 2" in str(box.get_attribute("value"))
    box.clear()
    box.send_keys("Fertig\n37 / XX / 3\n")
    error = wait(browser, "#check ul.errors li", "Zeile 2")
    assert "37 / XX / 3" in error
    browser.save_screenshot(str(shots / "web-private.png"))
    box.clear()
    box.send_keys("Fertig\n")
    wait(browser, "#check ul.understood li", "Zeile 1")
    browser.find_element(By.ID, "send-button").click()
    assert wait(browser, "#sent")
    browser.save_screenshot(str(shots / "web-private-sent.png"))
    subject = "Befehle erhalten – Partie 611, Spieler 3, Runde 2"
    ack = text_of(game.wait_subject(game.users[3], subject))
    assert "über Ihre Seite im Web" in ack

    # The public page now shows seat 3's orders as received.
    browser.get(f"{base}/game/611?lang=de")
    assert "eingegangen" in wait(browser, "#seat-3 td.orders")

    # The GM's page: status, no held turn, the mails of the turn (the web submission too).
    with Session(server.engine) as session:
        hosted = repo.get_game_by_number(session, 611)
        assert hosted is not None
        gm_url = tokens.seat_url(session, WebSettings(**web), hosted, 0)
    assert gm_url is not None
    browser.get(gm_url)
    assert "Keine Runde angehalten" in wait(browser, "#held")
    mails = wait(browser, "#mails", "(web)")
    assert game.users[3].address in mails
    browser.save_screenshot(str(shots / "web-gm.png"))
    assert not server.errors_logged()
