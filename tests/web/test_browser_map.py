"""The map on the pages in a real browser at a phone's width (360 px) and a desktop's:
the drawing fits the width, pointing at (desktop) or tapping (phone)
a place shows what the seat's printout says of it, with the distances from it (Ashes) or
its links (Starweb), the legend explains the symbols in the reader's language, and the
zoom buttons zoom. Every page is saved as a screenshot per width
(``tests/web/browser.py`` says where; docs/testing.md)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from sqlalchemy import Engine
from sqlmodel import Session

from db import repo
from mailserver.common.kinds import game_kind
from mailserver.web import views
from tests.web.browser import served
from tests.web.helpers import link, run_turn, start_game
from tests.web.test_browser_layout import DESKTOP, PHONE, overflow, save, show

pytestmark = pytest.mark.timeout(180)

ASHES, STARWEB = 581, 582


@pytest.fixture
def site(web_engine: Engine) -> Iterator[str]:
    """The pages on ``web_engine`` served on a free loopback port; their base URL. Game
    581 (Ashes, 6 seats) and game 582 (Starweb, 3 seats) have run a turn."""
    start_game(web_engine, ASHES, seats=6)
    run_turn(web_engine, ASHES)
    start_game(web_engine, STARWEB, seats=3, kind="starweb")
    run_turn(web_engine, STARWEB)
    with served(web_engine) as base:
        yield base


@pytest.fixture(params=[PHONE, DESKTOP])
def width(request: pytest.FixtureRequest) -> int:
    """Each test at a phone's width and at a desktop's."""
    return int(request.param)


def printout(web_engine: Engine, number: int, seat: int) -> str:
    """The seat's printout of the game's latest turn, as its page shows it."""
    with Session(web_engine) as session:
        game = repo.get_game_by_number(session, number)
        assert game is not None
        state = views.current_state(session, game, game.turn)
        return str(game_kind(game.kind).engine.printout(state, seat, "de"))


def point_at(browser: webdriver.Chrome, place: WebElement, width: int) -> None:
    """Scroll ``place`` into the middle of the window, then hover over it on a desktop,
    tap it on a phone."""
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", place)
    shape = place.find_element(By.CSS_SELECTOR, "circle, rect")
    if width == PHONE:
        shape.click()
    else:
        ActionChains(browser).move_to_element(shape).perform()


def text_of(browser: webdriver.Chrome, element_id: str) -> str:
    """The text of an element as written (``.text`` would fold its spaces)."""
    return str(
        browser.execute_script(f"return document.getElementById('{element_id}').textContent")
    )


def view_width(browser: webdriver.Chrome) -> float:
    """The width of the part of the map the drawing shows (its viewBox)."""
    box = browser.execute_script(
        "return document.querySelector('#map-view svg.map').getAttribute('viewBox')"
    )
    return float(str(box).split()[2])


def open_map(browser: webdriver.Chrome, url: str, width: int) -> None:
    """Load the page at ``url`` at ``width``: the map is on it, and neither it nor the page
    runs off the right edge."""
    show(browser, url, width)
    drawing = browser.find_element(By.CSS_SELECTOR, "#map-view svg.map")
    box = drawing.rect
    assert box["width"] > 0.8 * min(width, 900) and box["x"] >= 0
    assert box["x"] + box["width"] <= width
    assert overflow(browser) <= 0


def legend_says(browser: webdriver.Chrome, *words: str) -> None:
    """The map's legend has each of ``words``."""
    legend = browser.find_element(By.ID, "map-legend").text
    assert all(word in legend for word in words), legend


def test_the_ashes_map_shows_a_planets_report_and_its_flight_times(
    site: str, web_engine: Engine, browser: webdriver.Chrome, width: int
) -> None:
    open_map(browser, site + link(web_engine, ASHES, 3), width)
    places = browser.find_elements(By.CSS_SELECTOR, "#map-view g.place")
    assert len(places) == 40
    with Session(web_engine) as session:
        game = repo.get_game_by_number(session, ASHES)
        assert game is not None
        home = views.current_state(session, game, game.turn).player(3).home
    own = next(p for p in places if p.get_attribute("data-n") == str(home))
    point_at(browser, own, width)
    info = text_of(browser, "map-info")
    said = printout(web_engine, ASHES, 3).splitlines()
    # The planet's report (Ashes 4.4: three lines), as the printout has it.
    at = next(i for i, line in enumerate(said) if line.startswith(f"Planet {home} "))
    for line in said[at : at + 3]:
        assert line.strip() in info, (line, info)
    assert "Entfernungsklasse" in info
    reach = browser.find_elements(By.CSS_SELECTOR, "#map-view text.reach")
    assert len(reach) == 39  # the flight time to every other planet
    assert {r.text for r in reach} <= {"0", "1", "2", "3"}
    legend_says(browser, "Ihre Heimat", "Entfernung", "Ihres")
    save(browser, "map-ashes", width)


def test_the_starweb_map_shows_a_worlds_report_and_its_links(
    site: str, web_engine: Engine, browser: webdriver.Chrome, width: int
) -> None:
    open_map(browser, site + link(web_engine, STARWEB, 1), width)
    home = browser.find_element(By.CSS_SELECTOR, "#map-view g.place:has(rect)")
    gates = str(home.get_attribute("data-links")).split()
    point_at(browser, home, width)
    info = text_of(browser, "map-info")
    number = home.get_attribute("data-n")
    line = next(
        s for s in printout(web_engine, STARWEB, 1).splitlines() if s.startswith(f"W{number} ")
    )
    assert line in info, (line, info)
    assert "Verbindungen: " + ", ".join(f"W{g}" for g in gates) in info
    lit = browser.find_elements(By.CSS_SELECTOR, "#map-view line.lit")
    assert len(lit) == len(gates) > 0
    legend_says(browser, "Tor", "unerforscht")
    save(browser, "map-starweb", width)


def test_the_gms_map_zooms_and_has_its_legend(
    site: str, web_engine: Engine, browser: webdriver.Chrome, width: int
) -> None:
    open_map(browser, site + link(web_engine, STARWEB, 0), width)
    whole = view_width(browser)
    zoom_in = browser.find_element(By.CSS_SELECTOR, ".map-tools button[data-zoom=in]")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", zoom_in)
    zoom_in.click()
    assert view_width(browser) < whole
    assert overflow(browser) <= 0
    legend_says(browser, "niemandes")
    browser.find_element(By.CSS_SELECTOR, ".map-tools button[data-zoom=reset]").click()
    assert view_width(browser) == whole
    save(browser, "map-gm", width)
