"""The order form's check on a Welt der Waben seat's page: an order the game refuses
(the acknowledgement's describer says so) is listed apart with why, never among the
understood orders, as the echo beside it lists it among the lines not carried out."""

from __future__ import annotations

from sqlalchemy import Engine
from starlette.testclient import TestClient

from tests.web.helpers import open_form, start_game

GAME = 814
ORDERS = "101 KV 1/19\nBaue Guru Bef +3\n201 KA 1/19\n"
"""A march, a build above Bef's limit and an attack by a worker unit (no Angriffsstärke)."""


def test_the_check_lists_refused_orders_apart_with_their_reason(
    client: TestClient, web_engine: Engine
) -> None:
    start_game(web_engine, GAME, seats=2, kind="wdw")
    own, csrf = open_form(client, web_engine, GAME, 1)
    answer = client.post(own + "/check", json={"text": ORDERS}, headers={"X-CSRF-Token": csrf})
    result = answer.json()
    assert [o["line"] for o in result["orders"]] == [1]
    assert result["refused"] == [
        {"line": 2, "text": "Baue Guru Bef +3", "reason": "Bef darf höchstens 2 BWP haben"},
        {"line": 3, "text": "201 KA 1/19", "reason": "Einheit 201 hat keine Angriffsstärke"},
    ]
    assert result["errors"] == []
    understood, _, not_done = result["echo"].partition("werden NICHT ausgeführt")
    assert "Verstanden (1 Befehl)" in understood and "Bef +3" in not_done


def test_the_page_without_script_shows_refused_orders_as_refused(
    client: TestClient, web_engine: Engine
) -> None:
    start_game(web_engine, GAME, seats=2, kind="wdw")
    own, csrf = open_form(client, web_engine, GAME, 1)
    page = client.post(own + "/orders", data={"csrf": csrf, "text": ORDERS, "action": "check"})
    understood = page.text.partition('<ul class="understood">')[2].partition("</ul>")[0]
    refused = page.text.partition('<ul class="refused">')[2].partition("</ul>")[0]
    assert "Zeile 1" in understood and "Bef +3" not in understood
    assert "Zeile 2: Baue Guru Bef +3 – Bef darf höchstens 2 BWP haben" in refused
