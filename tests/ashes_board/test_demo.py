"""``pbem demo --game ashes-board``: scenario I for two players unless told, a free game
with ``--players 6``; the host names no game, the kind gives its default."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from random import Random

import pytest
from sqlmodel import select

from db.models import TurnSnapshot
from db.session import make_engine, transaction
from engine.ashes_board.state import BoardState
from engine.core import PlayerSetup, Setup
from mailserver.app.demo import DemoConfig, DemoError, demo_players
from mailserver.common.kinds import game_kind
from tests.test_demo import check_the_dice, play_embedded_demo

BOARD = game_kind("ashes-board")


def _start(players: int) -> BoardState:
    seats = [PlayerSetup(n) for n in range(1, players + 1)]
    state = BOARD.engine.new_game(Setup(game=1, players=seats), Random(1))
    assert isinstance(state, BoardState)
    return state


def test_the_board_demo_seats_two_players_unless_told() -> None:
    assert demo_players(DemoConfig(directory=Path("x"), kind="ashes-board"), BOARD) == 2
    assert demo_players(DemoConfig(directory=Path("x"), kind="ashes-board", players=6), BOARD) == 6


def test_the_other_kinds_demo_keeps_eight_players() -> None:
    ashes = game_kind("ashes")
    assert demo_players(DemoConfig(directory=Path("x"), kind="ashes"), ashes) == 8


def test_the_demo_refuses_more_players_than_the_board_game_takes() -> None:
    with pytest.raises(DemoError) as refused:
        demo_players(DemoConfig(directory=Path("x"), players=9), BOARD)
    assert refused.value.message("en").endswith(" takes 2 to 8 players.")
    assert refused.value.message("de").endswith(" wird mit 2 bis 8 Spielern gespielt.")


def test_two_demo_players_play_scenario_i_and_six_a_free_game() -> None:
    assert _start(2).scenario == "I"
    assert _start(6).scenario == "free"


@pytest.mark.slow  # a game by mail, turns on the clock
async def test_the_board_demo_plays_scenario_i_by_mail_by_default() -> None:
    result = await play_embedded_demo("ashes-board", None, 1)
    directory = result.directory
    engine = make_engine(f"sqlite:///{directory / 'pbem.sqlite3'}")
    with transaction(engine) as session:
        snapshot = session.exec(select(TurnSnapshot).where(TurnSnapshot.turn == 1)).one()
        assert json.loads(snapshot.state)["scenario"] == "I"
    engine.dispose()
    assert set(result.passwords) == {"spieler1@demo.pbem", "spieler2@demo.pbem"}
    assert check_the_dice(directory, seats=2, turns=1) > 0
    shutil.rmtree(directory, ignore_errors=True)
