"""The GM's mistakes, and finding the game and seat a GM command names.

Every GM operation refuses what cannot be done with a :class:`GmError` that says why in
plain words; the lookups here raise it for a game or seat that is not there.
"""

from __future__ import annotations

from sqlmodel import Session

from db import repo
from db.models import Game, Player


class GmError(Exception):
    """A GM command that cannot be carried out; the message says why in plain words, in
    German and English (``str()`` gives the German one)."""

    def __init__(self, de: str, en: str | None = None) -> None:
        super().__init__(de)
        self.messages = {"de": de, "en": en if en is not None else de}

    def message(self, lang: str) -> str:
        """The explanation in ``lang`` (German for anything but English)."""
        return self.messages["en" if lang == "en" else "de"]


def game_numbered(session: Session, number: int) -> Game:
    """The game ``number``; :class:`GmError` when there is none."""
    game = repo.get_game_by_number(session, number)
    if game is None:
        raise GmError(f"Es gibt keine Partie {number}.", f"There is no game {number}.")
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
    raise GmError(
        f"Partie {game.number} hat keinen Spieler {seat}.",
        f"Game {game.number} has no player {seat}.",
    )
