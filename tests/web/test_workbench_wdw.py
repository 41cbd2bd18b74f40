"""A Welt der Waben month on the GM's web workbench: the open items of the dossier, the
ruling form filled with the dossier's defaults for them, and the month published from
the page once the defaults are given."""

from __future__ import annotations

import re
from random import Random

from sqlalchemy import Engine
from sqlmodel import Session
from starlette.testclient import TestClient

from db.models import GameStatus
from mailserver.common.kinds import game_kind
from mailserver.web import views
from tests.web.helpers import form_token, game_of, link, run_turn, start_game, web_orders

GAME = 71


def test_a_wdw_month_is_ruled_and_published_from_the_workbench(
    client: TestClient, web_engine: Engine
) -> None:
    start_game(web_engine, GAME, seats=2, kind="wdw")
    with Session(web_engine) as session:
        state = views.current_state(session, game_of(web_engine, GAME))
    bots = game_kind("wdw").bots
    assert bots is not None and state is not None
    for seat in (1, 2):
        orders = "\n".join(bots.orders(state, seat, Random(seat))) + "\n"
        assert web_orders(web_engine, GAME, seat, orders) == "processed"
    run_turn(web_engine, GAME)
    bench = link(web_engine, GAME, 0) + "/workbench"
    page = client.get(bench).text
    items = re.findall(r"<li>(\S+) ", page[page.index('id="open-items"') : page.index("</ul>")])
    form = re.search(r'<textarea name="text" id="ruling-text"[^>]*>(.*?)</textarea>', page, re.S)
    assert items and form
    assert [line.split()[0] for line in form[1].splitlines()] == items
    csrf = form_token(page)
    given = client.post(bench + "/rulings", data={"csrf": csrf, "action": "give", "text": form[1]})
    assert 'id="nothing-open"' in given.text
    client.post(bench + "/publish", data={"csrf": csrf, "confirm": "yes"})
    game = game_of(web_engine, GAME)
    assert game.turn == 1 and game.status == GameStatus.RUNNING
