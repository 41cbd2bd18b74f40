"""Optional extras of the private page: the map picture and the machine-readable report.

Two hooks the pages call for a seat and a turn (seat 0: the GM's view). Each returns
``None`` while it has nothing to offer: the page then shows no link to it. They are
called at most once per game, turn, seat (and language) in a process: the answer is
kept (``mailserver/web/app.py``), so they may take their time.
"""

from __future__ import annotations

from typing import Any

from db.models import Game
from engine.core import State


def render_map(game: Game, state: State, seat: int) -> bytes | None:
    """The PNG picture of what ``seat`` knows in ``state``; ``None``: no map."""
    return None


def report_json(game: Game, state: State, seat: int, lang: str) -> dict[str, Any] | None:
    """The machine-readable twin of ``seat``'s printout of ``state``; ``None``: none."""
    return None
