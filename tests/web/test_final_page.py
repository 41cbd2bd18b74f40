"""The page of a finished game shows its final report (Hall of Fame) from what the run of
the last turn stored: no turn is evaluated again, and no player's address is shown."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select
from starlette.testclient import TestClient

from db import repo
from db.models import Outbox, Player
from db.session import transaction
from mailserver.common.kinds import game_kind
from mailserver.gm import operations as gm
from tests.life.helpers import START, TERMS, create_and_start, run, send_orders

VICTORY = {"victory_planets": 3, "victory_hold_planets": 2}
"""Ashes rules under which the bots' game 227 of two seats ends after turn 2."""
NEWCOMER = "late@example.org"


def finished_game(engine: Engine) -> int:
    """Game 227 played to its end; seat 2 changed hands after turn 1 (so the report names
    the occupant who left, by address)."""
    game_id, passwords = create_and_start(engine, seats=2, options=VICTORY)
    for turn in (1, 2):
        for seat in (1, 2):
            send_orders(engine, game_id, seat, passwords[seat], now=START)
        result = run(engine, game_id, START, force=True)
        if turn == 1:
            with transaction(engine) as session:
                ctx = TERMS.at(START)
                _, passwords[2] = gm.replace_player(session, 227, 2, ctx, address=NEWCOMER)
    assert result.game_over
    return game_id


def no_evaluation(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("the page evaluated a turn")


def shown_report(client: TestClient, lang: str) -> str:
    page = client.get(f"/game/227?lang={lang}")
    assert page.status_code == 200
    found = re.search(r'<pre id="final-report">(.*?)</pre>', page.text, re.DOTALL)
    assert found is not None, page.text
    return html.unescape(found[1])


def mailed_report(engine: Engine) -> str:
    """The Hall of Fame the GM was mailed (in German), every occupant's address in it
    replaced by a dash."""
    with Session(engine) as session:
        body = session.exec(select(Outbox.body).where(Outbox.dedup_key == "hall-of-fame:227")).one()
        addresses = session.exec(select(Player.address)).all()
    assert "player2@example.org" in body  # the occupant who left
    for address in addresses:
        body = body.replace(address, "–")
    return body


def test_the_final_report_is_made_from_the_stored_turn_without_evaluating(
    client: TestClient, web_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished_game(web_engine)
    monkeypatch.setattr(game_kind("ashes").engine, "run_turn", no_evaluation)
    monkeypatch.setattr(game_kind("ashes").engine, "new_game", no_evaluation)
    english = shown_report(client, "en")
    assert english.startswith("Hall of Fame – game 227")
    assert "Winner(s): Bot A (player 1)" in english
    # In the GM's language it is the report the run made and mailed, without addresses.
    assert shown_report(client, "de") == mailed_report(web_engine)


def test_a_game_finished_before_events_were_stored_shows_the_mailed_report(
    client: TestClient, web_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = finished_game(web_engine)
    with transaction(web_engine) as session:
        snapshot = repo.load_snapshot(session, game_id)
        assert snapshot is not None and snapshot.events is not None
        snapshot.events = None  # as a turn stored before schema 0005
        session.add(snapshot)
    monkeypatch.setattr(game_kind("ashes").engine, "run_turn", no_evaluation)
    # The report as it was mailed (in the GM's German, all there is), without addresses.
    assert shown_report(client, "en") == mailed_report(web_engine)
