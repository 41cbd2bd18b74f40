"""The GM's mistakes, and finding the game and seat a GM command names.

Every GM operation refuses what cannot be done with a :class:`GmError` that says why in
plain words; the lookups here raise it for a game or seat that is not there.
"""

from __future__ import annotations

from sqlmodel import Session

from db import repo
from db.models import Game, Player
from engine.catalogs import in_language
from mailserver.common.catalog import DEFAULT_LANGUAGE, say_for


class GmError(Exception):
    """A GM command that cannot be carried out; the message says why in plain words: the
    host catalog's text ``key`` in the GM's language (``str()`` gives the default
    language's). A value that is a mapping holds a word per language (a seat field's
    label) and is said in the GM's."""

    def __init__(self, key: str, /, **values: object) -> None:
        self.key, self.values = key, values
        super().__init__(self.message(DEFAULT_LANGUAGE))

    def message(self, lang: str, via: str = "mail") -> str:
        """The explanation in ``lang``, worded for where the GM is (``via``, see
        :func:`~mailserver.common.catalog.say_for`)."""
        values = {k: in_language(v, lang) for k, v in self.values.items()}
        return say_for(via, lang, self.key, **values)


def game_numbered(session: Session, number: int) -> Game:
    """The game ``number``; :class:`GmError` when there is none."""
    game = repo.get_game_by_number(session, number)
    if game is None:
        raise GmError("gm_error_there_no_game", number=number)
    return game


def locked_game(session: Session, number: int) -> Game:
    """The game ``number``, its row locked for this transaction (GM commands that change
    it run one at a time, and never beside its turn run)."""
    game = game_numbered(session, number)
    locked = repo.lock_game(session, game.id or 0)
    assert locked is not None  # it was just read in this transaction
    return locked


def occupant(session: Session, game: Game, seat: int) -> Player:
    """The current occupant of ``seat``; :class:`GmError` when the game has no such seat."""
    for player in repo.current_players(session, game.id or 0):
        if player.seat == seat:
            return player
    raise GmError("gm_error_game_has_no_player", number=game.number, seat=seat)
