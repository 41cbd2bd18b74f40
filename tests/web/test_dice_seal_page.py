"""The dice seal on a game's pages (docs/dice.md, "Seal"): the public page shows the seal
of the coming turn's dice before its orders come in, in every kind."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine
from sqlmodel import Session
from starlette.testclient import TestClient

from db import repo
from engine.dice import seal
from tests.web.helpers import game_of, link, start_game


def _seal_of_turn(engine: Engine, number: int, turn: int) -> str:
    with Session(engine) as session:
        secret = repo.dice_secret(session, game_of(engine, number).id or 0, turn)
    assert secret is not None
    return seal(secret)


@pytest.mark.parametrize("kind", ["ashes", "ashes-board", "starweb", "spacewar", "wdw"])
def test_the_public_page_shows_the_seal_of_the_coming_turn(
    client: TestClient, web_engine: Engine, kind: str
) -> None:
    start_game(web_engine, 611, seats=2, kind=kind)
    expected = _seal_of_turn(web_engine, 611, 1)
    german = client.get("/game/611").text
    assert f'<dd id="dice-seal"><code>{expected}</code></dd>' in german
    assert "Würfelsiegel Runde 1" in german
    assert "Dice seal turn 1" in client.get("/game/611?lang=en").text


def test_the_seat_s_page_shows_the_seal_too(client: TestClient, web_engine: Engine) -> None:
    start_game(web_engine, 612, seats=2)
    own = client.get(link(web_engine, 612, 1)).text
    assert f'<dd id="dice-seal"><code>{_seal_of_turn(web_engine, 612, 1)}</code></dd>' in own
