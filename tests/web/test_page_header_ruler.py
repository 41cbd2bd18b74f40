"""A seat's page names in its header the ruler it plays as the game names it (a Welt
der Waben realm), its own only: whose page it is, as its printout says."""

from __future__ import annotations

from sqlalchemy import Engine
from starlette.testclient import TestClient

from tests.web.helpers import open_form, start_game

GAME = 816


def test_the_seat_s_page_header_names_the_realm_it_plays(
    client: TestClient, web_engine: Engine
) -> None:
    start_game(web_engine, GAME, seats=2, kind="wdw")
    own, _ = open_form(client, web_engine, GAME, 2)
    page = client.get(own).text
    header = page.partition("<h1>")[2].partition("</h1>")[0]
    assert header == "Partie 816 – Ihre Seite – Spieler 2: Tharn"
    assert "Isyrial" not in header
