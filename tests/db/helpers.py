"""Small builders for the database tests."""

import secrets

from sqlmodel import Session

from db.models import Game, GameStatus, Player
from db.passwords import hash_password

# Hashing is deliberately slow; the tests share one hash.
PASSWORD = "geheim"
PASSWORD_HASH = hash_password(PASSWORD)


def add_game(session: Session, *, status: GameStatus = GameStatus.RUNNING, turn: int = 0) -> Game:
    """A game with a random number, flushed (it has an id)."""
    game = Game(
        kind="ashes",
        number=secrets.randbelow(10**9),
        seed=secrets.randbits(64),
        status=status,
        turn=turn,
        gm_address="gm@example.org",
        gm_password_hash=PASSWORD_HASH,
    )
    session.add(game)
    session.flush()
    return game


def add_player(session: Session, game: Game, seat: int, address: str | None = None) -> Player:
    """The current occupant of ``seat``, flushed."""
    assert game.id is not None
    player = Player(
        game_id=game.id,
        seat=seat,
        address=address or f"player{seat}@example.org",
        password_hash=PASSWORD_HASH,
        ruler_name=f"Ruler {seat}",
    )
    session.add(player)
    session.flush()
    return player
