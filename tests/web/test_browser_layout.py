"""The pages in a real browser at a phone's width (360 px) and a desktop's:
nothing runs off the right edge, the printout is a monospace block
that scrolls by itself, the pages have a favicon, the GM's mail times stay on one line,
and the order form holds the prefilled form. The pages are served by uvicorn on a fresh
SQLite database; every page is saved as a screenshot per width (``tests/web/browser.py``
says where; docs/testing.md)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ready
from selenium.webdriver.support.ui import WebDriverWait
from sqlalchemy import Engine

from tests.web.browser import artifacts_dir, served
from tests.web.helpers import link, run_turn, start_game, web_orders

pytestmark = pytest.mark.timeout(180)

PHONE, DESKTOP = 360, 1280
ARTICLE = "Ein langer Artikel " * 30


@pytest.fixture
def site(web_engine: Engine) -> Iterator[str]:
    """The pages on ``web_engine`` served on a free loopback port; their base URL. Game
    561 (Ashes, 6 seats) has run a turn with an article; seat 2 has sent orders since."""
    start_game(web_engine, 561, seats=6)
    web_orders(web_engine, 561, 1, f"Artikel\n{ARTICLE}\nEnde\n")
    run_turn(web_engine, 561)
    web_orders(web_engine, 561, 2, "Fertig\n")
    with served(web_engine) as base:
        yield base


def show(browser: webdriver.Chrome, url: str, width: int) -> None:
    """Load ``url`` in a window whose page is ``width`` CSS pixels wide."""
    browser.set_window_size(width, 900)
    inner = int(browser.execute_script("return window.innerWidth"))
    if inner != width:  # the window's frame: make the page itself that wide
        browser.set_window_size(2 * width - inner, 900)
    browser.get(url)
    assert int(browser.execute_script("return window.innerWidth")) == width


def overflow(browser: webdriver.Chrome) -> int:
    """How far the page runs off the right edge (0: no side-scrolling)."""
    return int(
        browser.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
    )


def save(browser: webdriver.Chrome, name: str, width: int) -> None:
    """A screenshot of the whole page as ``web-<name>-<width>.png``."""
    height = int(browser.execute_script("return document.documentElement.scrollHeight"))
    browser.set_window_size(browser.get_window_size()["width"], min(height + 200, 8000))
    browser.save_screenshot(str(artifacts_dir() / f"web-{name}-{width}.png"))
    browser.set_window_size(browser.get_window_size()["width"], 900)


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
def test_pages_fit_the_width_and_have_a_favicon(
    site: str, web_engine: Engine, browser: webdriver.Chrome, width: int
) -> None:
    pages = {
        "index": f"{site}/",
        "public": f"{site}/game/561",
        "private": site + link(web_engine, 561, 3),
        "gm": site + link(web_engine, 561, 0),
    }
    for name, url in pages.items():
        show(browser, url, width)
        assert overflow(browser) <= 0, (name, width, overflow(browser))
        icon = browser.find_element(By.CSS_SELECTOR, "link[rel=icon]").get_attribute("href")
        status = browser.execute_script("return fetch(arguments[0]).then(r => r.status)", str(icon))
        assert status == 200, (name, icon)
        save(browser, name, width)


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
def test_the_printout_is_a_monospace_block_that_scrolls_by_itself(
    site: str, web_engine: Engine, browser: webdriver.Chrome, width: int
) -> None:
    show(browser, site + link(web_engine, 561, 3), width)
    block = browser.find_element(By.ID, "printout")
    style = browser.execute_script(
        "const s = getComputedStyle(arguments[0]);"
        "return [s.fontFamily, s.overflowX, s.overflowY, s.whiteSpace];",
        block,
    )
    family, across, down, space = style
    assert "mono" in family.lower()
    assert across == "auto" and down == "auto" and space == "pre"
    box = block.rect
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    assert box["height"] <= 0.8 * 900  # scrolls within itself, the page does not grow
    scrolls = browser.execute_script(
        "return arguments[0].scrollHeight > arguments[0].clientHeight", block
    )
    assert scrolls


@pytest.mark.parametrize("width", [PHONE, DESKTOP])
def test_the_gm_desk_in_the_browser(
    site: str, web_engine: Engine, browser: webdriver.Chrome, width: int
) -> None:
    show(browser, site + link(web_engine, 561, 0), width)
    seat = browser.find_element(By.ID, "desk-seat-2").text
    assert "p2.561@example.org" in seat and "eingegangen" in seat
    # A mail's time is one line, however narrow the window.
    for cell in browser.find_elements(By.CSS_SELECTOR, "#mails td.when time"):
        lines = browser.execute_script(
            "const r = arguments[0].getClientRects(); return r.length", cell
        )
        assert lines == 1, cell.text
    statuses = {e.text for e in browser.find_elements(By.CSS_SELECTOR, "#mails td.mail-status")}
    assert statuses and not statuses & {"processed", "pending", "sent", "failed"}
    # A button does what its mail command does: the preview of turn 2 to the GM.
    form = browser.find_element(By.ID, "do-preview")
    form.find_element(By.CSS_SELECTOR, "button").click()
    WebDriverWait(browser, 15).until(ready.presence_of_element_located((By.ID, "done")))
    done = browser.find_element(By.ID, "done")
    assert "Vorschau von Runde 2" in done.text and done.get_attribute("class") == "ok"
    assert overflow(browser) <= 0
    save(browser, "gm-desk", width)


def test_the_order_form_in_the_browser_starts_from_the_printouts_form(
    site: str, web_engine: Engine, browser: webdriver.Chrome
) -> None:
    show(browser, site + link(web_engine, 561, 4), PHONE)
    box = browser.find_element(By.ID, "order-text")
    assert "Partie 561 Spieler 4 Runde 2" in str(box.get_attribute("value"))
    show(browser, site + link(web_engine, 561, 2), PHONE)
    box = browser.find_element(By.ID, "order-text")
    assert str(box.get_attribute("value")).strip() == "Fertig"
    save(browser, "private-stored", PHONE)
