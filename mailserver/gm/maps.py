"""``pbem gm map``: the GM loads a map file into a game whose kind takes one
(engine.mapfiles.MapFiles).

In setup the file becomes the game's map option, tried on the engine's setup as every
option is (:func:`mailserver.gm.editing.edit_game`). Once the game has started it is a
correction of the turn waiting for the GM's rulings, with its reason, logged by the kind
(:func:`mailserver.gm.rulings.correct_state`). The host reads nothing of the file.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlmodel import Session

from db.models import GameStatus
from mailserver.common.kinds import game_kind
from mailserver.gm.editing import GameEdit, edit_game
from mailserver.gm.lookup import GmError, locked_game
from mailserver.gm.rulings import correct_state


class MapLoaded(StrEnum):
    """How the map went in."""

    SETUP = "setup"
    """As the game's map option, before the start."""
    CORRECTION = "correction"
    """As a correction of the turn waiting for the GM's rulings."""


def load_map(
    session: Session, number: int, text: str, reason: str, *, lang: str, now: datetime
) -> MapLoaded:
    """Load the map file ``text`` into game ``number``; :class:`GmError` says why not
    (a kind without map files, a file the kind refuses, a game neither in setup nor
    waiting for rulings, a correction without a reason)."""
    game = locked_game(session, number)
    files = game_kind(game.kind).map_files
    if files is None:
        raise GmError("gm_error_no_map_files", number=number, kind=game.kind)
    if game.status == GameStatus.SETUP:
        edit_game(session, number, GameEdit(options={files.map_option: text}), now=now)
        return MapLoaded.SETUP
    taken = correct_state(session, number, files.map_correction(text), reason, lang=lang, now=now)
    if taken.refused:
        _, why = taken.refused[0]
        raise GmError("gm_error_map_refused", reason=why)
    return MapLoaded.CORRECTION
