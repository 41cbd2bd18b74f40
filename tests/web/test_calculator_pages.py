"""The calculator pages (engine.calculating.Calculating, here the ruled toy's): the GM's
(seat None: everything) and each player's on his private page (what his seat knows),
the kind's forms, the plain-text answer of a submitted form, the input error beside the
form with the input kept; only behind the page's own link and form token."""

from __future__ import annotations

import html
import re

import pytest
from sqlalchemy import Engine
from starlette.testclient import TestClient

from tests.web.helpers import form_token, link, start_game

pytestmark = pytest.mark.usefixtures("toy_kinds")

GAME = 551


@pytest.fixture
def game(web_engine: Engine) -> int:
    """Game 551 of the ruled toy (it has calculators), three seats, started."""
    start_game(web_engine, GAME, kind="toy-ruled")
    return GAME


def calculate(client: TestClient, path: str, calc: str, **fields: str) -> str:
    """Submit calculator ``calc`` of the page at ``path`` with ``fields``: the page."""
    csrf = form_token(client.get(path).text)
    data = {"csrf": csrf, "calc": calc, **{f"f-{k}": v for k, v in fields.items()}}
    answer = client.post(path, data=data)
    assert answer.status_code == 200, answer.text
    return answer.text


def section(page: str, key: str) -> str:
    """The part of the page of calculator ``key``."""
    found = re.search(rf'<section class="calculator" id="calc-{key}">(.*?)</section>', page, re.S)
    assert found, key
    return html.unescape(found[1])


def test_the_gm_and_each_player_have_a_calculators_page_linked_from_their_page(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    for seat in (0, 1):
        page = link(web_engine, game, seat)
        assert f'href="{page}/calculators" id="calculators-link"' in client.get(page).text
        shown = client.get(page + "/calculators").text
        assert "Summe" in shown and "Punkte danach" in shown
        assert 'name="f-a" value="1"' in shown


def test_a_choice_shows_its_label_and_sends_its_value(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    # Welt der Waben's unit designer listed its classes by the state's names (sea).
    page = link(web_engine, game, 1) + "/calculators"
    shown = section(calculate(client, page, "score", seat="1", add="9"), "score")
    assert '<option value="1">eins</option>' in shown
    assert '<option value="9" selected>neun</option>' in shown


@pytest.mark.parametrize(
    ("seat", "a", "answer", "error"),
    [
        (1, "40", "40 + 2 = 42\n", ""),
        (0, "vier", "", "a: „vier“ ist keine ganze Zahl"),
    ],
)
def test_a_submitted_form_shows_its_answer_or_its_inputs_error_and_keeps_the_input(
    client: TestClient, web_engine: Engine, game: int, seat: int, a: str, answer: str, error: str
) -> None:
    page = calculate(client, link(web_engine, game, seat) + "/calculators", "sum", a=a, b="2")
    shown = section(page, "sum")
    assert f'name="f-a" value="{a}"' in shown
    found = re.search(r'<pre class="printout calc-answer">(.*?)</pre>', shown, re.S)
    assert (found[1] if found else "") == answer
    refused = re.search(r'<p class="refused calc-error">(.*?)</p>', shown)
    assert (refused[1] if refused else "") == error
    assert "calc-answer" not in section(page, "score")  # only the submitted one answers


def test_a_player_calculates_with_his_seat_and_the_gm_with_every_seat(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    mine = link(web_engine, game, 1) + "/calculators"
    assert "Seat 1: 0 + 9 = 9" in section(
        calculate(client, mine, "score", seat="1", add="9"), "score"
    )
    other = section(calculate(client, mine, "score", seat="2", add="9"), "score")
    assert "seat: 2 unbekannt" in other and "calc-answer" not in other
    gm = link(web_engine, game, 0) + "/calculators"
    assert "Seat 2: 0 + 5 = 5" in section(
        calculate(client, gm, "score", seat="2", add="5"), "score"
    )


def test_a_player_cannot_reach_another_seats_or_the_gms_calculators(
    client: TestClient, web_engine: Engine, game: int
) -> None:
    token = link(web_engine, game, 1).rsplit("/", 1)[1]
    assert client.get(f"/game/{game}/seat/2/{token}/calculators").status_code == 404
    assert client.get(f"/game/{game}/gm/{token}/calculators").status_code == 404
    csrf = form_token(client.get(link(web_engine, game, 1)).text)
    data = {"csrf": csrf, "calc": "score", "f-seat": "2", "f-add": "1"}
    answer = client.post(f"/game/{game}/seat/2/{token}/calculators", data=data)
    assert answer.status_code == 404 and "Seat 2" not in answer.text
    # Another seat's form token on one's own page does not do either.
    other = form_token(client.get(link(web_engine, game, 2)).text)
    answer = client.post(link(web_engine, game, 1) + "/calculators", data={**data, "csrf": other})
    assert answer.status_code == 403


def test_a_kind_without_calculators_has_no_page(client: TestClient, web_engine: Engine) -> None:
    start_game(web_engine, 552, kind="toy")
    page = link(web_engine, 552, 1)
    assert 'id="calculators-link"' not in client.get(page).text
    assert client.get(page + "/calculators").status_code == 404
