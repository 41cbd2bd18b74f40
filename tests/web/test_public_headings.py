"""The public page says which turn was evaluated last and which turn's orders are
collected, and heads each newspaper with a capital."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Engine
from starlette.testclient import TestClient

from db.session import transaction
from mailserver.gm.messages import publish_news
from tests.web.helpers import run_turn, start_game


def test_the_page_names_the_turn_evaluated_and_the_turn_of_the_orders(
    client: TestClient, web_engine: Engine
) -> None:
    start_game(web_engine, 741, kind="starweb")
    with transaction(web_engine) as session:
        publish_news(session, 741, "Willkommen!", now=datetime.now(UTC))
    run_turn(web_engine, 741)
    german = client.get("/game/741").text
    assert "Ausgewertet bis Runde" in german and "Befehle für Runde" in german
    assert '<dd id="turn">1</dd>' in german and '<dd id="next-turn">2</dd>' in german
    english = client.get("/game/741?lang=en").text
    assert "<h2>Newspaper of turn 1</h2>" in english and "newspaper of turn" not in english
