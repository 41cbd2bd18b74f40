"""Game states loaded from their snapshots, kept for the next mail of the same turn.

Loading a state from its JSON is the costliest read of intake (milliseconds for a big
game), and every mail of a turn needs the same one. A snapshot never changes once
written, so its JSON text identifies the state: the cache is keyed by the game kind and
that text.
A new turn (a new snapshot) simply misses, and no database, game id or turn number can
ever hand out a state that does not belong to the text read.

The states are shared between mails and threads: intake only reads them (names, the
wording of orders), never changes them.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass

from sqlmodel import Session

from db import repo
from db.models import Game
from engine.core import Names, State
from mailserver.common.kinds import game_kind

KEPT = 16
"""Loaded states kept (a few running games, each at its current turn)."""


@dataclass(frozen=True)
class LoadedState:
    """A game's state and what intake derives from it once per turn."""

    state: State
    names: Names
    """Rulers and places as the orders name them (``engine.names(state)``)."""


_cache: OrderedDict[tuple[str, str], LoadedState] = OrderedDict()
_lock = threading.Lock()


def loaded_state(kind: str, text: str) -> LoadedState:
    """The state of game kind ``kind`` stored as ``text`` (a snapshot's JSON), loaded
    once and then taken from the cache."""
    key = (kind, text)
    with _lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
    # Loaded outside the lock: two threads may both load a new turn once, harmlessly.
    engine = game_kind(kind).engine
    state = engine.state_from_json(json.loads(text))
    loaded = LoadedState(state, engine.names(state))
    with _lock:
        _cache[key] = loaded
        while len(_cache) > KEPT:
            _cache.popitem(last=False)
    return loaded


def current_state(session: Session, game: Game) -> LoadedState | None:
    """``game``'s state at its current turn (``None`` before turn 0), loaded once a turn."""
    return state_at(session, game.kind, game.id or 0, game.turn)


def state_at(session: Session, kind: str, game_id: int, turn: int) -> LoadedState | None:
    """The state of game ``game_id`` (of ``kind``) at ``turn``, as :func:`current_state`
    finds it (for a caller that holds the game's keys, not its row)."""
    text = repo.snapshot_text(session, game_id, turn)
    return None if text is None else loaded_state(kind, text)


def forget_all() -> None:
    """Empty the cache (for tests that count loads)."""
    with _lock:
        _cache.clear()
