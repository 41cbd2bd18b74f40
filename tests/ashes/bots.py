"""Whole-game helpers for tests and the benchmark; the bots live in engine/ashes/bots.py.

``bot_turn`` lets the bots write this turn's orders; ``recorded_turn`` replays the order
mails bots once wrote (tests/ashes/recorded/), so that the printout snapshots of those
games follow the engine and the printout, not the bots' play.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from random import Random

from engine.ashes.bots import bot_orders
from engine.ashes.state import AshesState

__all__ = [
    "bot_orders",
    "bot_turn",
    "new_standard_game",
    "orders_turn",
    "recorded_game",
    "recorded_turn",
]

RECORDED = Path(__file__).parent / "recorded"
_MAIL_HEADER = re.compile(r"^Partie \d+ Spieler (\d+) Kennwort \S+ Runde (\d+)$", re.MULTILINE)


def new_standard_game(game: int = 227, players: int = 8, seed: int = 1) -> AshesState:
    """Turn 0 of a standard game."""
    from engine.ashes.game import AshesGame
    from engine.core import PlayerSetup, Setup

    state = AshesGame().new_game(
        Setup(game=game, players=[PlayerSetup(n) for n in range(1, players + 1)], seed=seed),
        Random(seed),
    )
    assert isinstance(state, AshesState)
    return state


def orders_turn(state: AshesState, texts: Mapping[int, str]) -> tuple[AshesState, list[object]]:
    """The players' order texts (by seat) are read by the grammar; one turn runs."""
    from engine.ashes.game import AshesGame
    from engine.core import Order, turn_dice
    from grammar.ashes import parse

    orders: dict[int, list[Order]] = {}
    for seat, text in texts.items():
        result = parse(text)
        assert not result.errors, (text, [e.message("en") for e in result.errors])
        orders[seat] = result.orders
    result = AshesGame().run_turn(state, orders, turn_dice(state.seed, state.turn + 1))
    assert isinstance(result.state, AshesState)
    return result.state, list(result.events)


def bot_turn(state: AshesState, bot_seed: int = 0) -> tuple[AshesState, list[object]]:
    """Every active player's bot writes orders as text; one turn runs."""
    texts = {
        p.number: bot_orders(state, p.number, Random(bot_seed * 1000 + state.turn * 10 + p.number))
        for p in state.active()
    }
    return orders_turn(state, texts)


def recorded_game(name: str) -> dict[int, dict[int, str]]:
    """The order mails of a recorded game (tests/ashes/recorded/``name``): turn -> seat -> text.

    The file is the mails one after the other, each starting with its header line
    ``Partie G Spieler P Kennwort X Runde T``.
    """
    text = (RECORDED / name).read_text("utf-8")
    starts = [m.start() for m in _MAIL_HEADER.finditer(text)]
    game: dict[int, dict[int, str]] = {}
    for begin, end in zip(starts, [*starts[1:], len(text)], strict=True):
        header = _MAIL_HEADER.match(text, begin)
        assert header is not None
        seat, turn = int(header.group(1)), int(header.group(2))
        game.setdefault(turn, {})[seat] = text[begin:end]
    return game


def recorded_turn(
    state: AshesState, game: Mapping[int, Mapping[int, str]]
) -> tuple[AshesState, list[object]]:
    """The next turn with the recorded order mails of ``game`` (see :func:`recorded_game`)."""
    return orders_turn(state, game[state.turn + 1])
