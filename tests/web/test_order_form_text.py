"""What the order form starts with and keeps: the orders stored for
the coming turn, else the prefilled order form of the seat's printout; orders refused
stay in the form; the acknowledgement of a web submission names game and seat."""

from __future__ import annotations

import html
import re

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select
from starlette.testclient import TestClient

from db.models import Outbox, OutboxKind
from tests.web.helpers import link, open_form, start_game, web_orders


def form_text(page: str) -> str:
    """The text in the order form's box."""
    found = re.search(r'<textarea name="text" id="order-text"[^>]*>(.*?)</textarea>', page, re.S)
    assert found, page
    return html.unescape(found[1])


@pytest.mark.parametrize("kind", ["ashes", "starweb", "spacewar", "ashes-board"])
def test_the_form_starts_with_the_prefilled_order_form(
    client: TestClient, web_engine: Engine, kind: str
) -> None:
    start_game(web_engine, 541, seats=2, kind=kind)
    page = client.get(link(web_engine, 541, 2)).text
    text = form_text(page)
    assert re.search(r"(Partie|Spiel|Game) 541 (Spieler|Player) 2 (Runde|Zug|Turn) 1", text), text
    assert "Kennwort ..." not in text  # the page needs no password
    assert 'id="order-source" class="form"' in page


def test_the_form_shows_the_stored_orders(client: TestClient, web_engine: Engine) -> None:
    start_game(web_engine, 542)
    assert web_orders(web_engine, 542, 1, "HP = 5\nFertig\n") == "processed"
    page = client.get(link(web_engine, 542, 1)).text
    assert form_text(page).strip() == "HP = 5\nFertig"
    assert 'id="order-source" class="stored"' in page
    # Another seat's form is its own: nothing of seat 1's orders.
    assert "HP = 5" not in form_text(client.get(link(web_engine, 542, 2)).text)


def test_sent_orders_stay_in_the_form(client: TestClient, web_engine: Engine) -> None:
    start_game(web_engine, 543)
    own, csrf = open_form(client, web_engine, 543, 1)
    sent = client.post(own + "/orders", data={"csrf": csrf, "text": "HP = 7\n", "action": "send"})
    assert sent.status_code == 200 and 'id="sent" class="ok"' in sent.text
    assert form_text(sent.text).strip() == "HP = 7"


def test_refused_orders_stay_in_the_form(client: TestClient, web_engine: Engine) -> None:
    start_game(web_engine, 544)
    own, csrf = open_form(client, web_engine, 544, 1)
    text = "Partie 544 Spieler 1 Runde 0\nHP = 7\n"  # a turn already over: refused
    refused = client.post(own + "/orders", data={"csrf": csrf, "text": text, "action": "send"})
    assert 'id="sent" class="refused"' in refused.text
    assert form_text(refused.text) == text
    assert 'id="order-source"' not in refused.text  # neither stored nor the printout's


def test_the_acknowledgement_of_a_web_submission_names_game_and_seat(
    client: TestClient, web_engine: Engine
) -> None:
    start_game(web_engine, 545)
    own, csrf = open_form(client, web_engine, 545, 3)
    client.post(own + "/orders", data={"csrf": csrf, "text": "Fertig\n", "action": "send"})
    with Session(web_engine) as session:
        (ack,) = session.exec(select(Outbox).where(Outbox.kind == OutboxKind.ACK)).all()
    assert "Partie 545 · Spieler 3 · Runde 1 · über Ihre Seite im Web" in ack.body
    assert "Partie ?" not in ack.body and "kein Kennwort" not in ack.body
