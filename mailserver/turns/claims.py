"""A server's claim on a turn, from before its evaluation ahead until its run commits.

Every server on one PostgreSQL database fires every game's deadline. The run locks the
game's row, so a turn runs once; but each server evaluated the turn ahead in its worker
before asking for that lock, and the loser threw its evaluation away (5 to 15 of 30 in a
burst of two servers, docs/performance.md, "More than one server"). Now a server claims
the game first (:func:`db.repo.claim_turn`, an advisory lock of a transaction of its own)
and holds the claim through the evaluation, the wait for its turn lock and the run; the
other server finds the game claimed at once and goes on to its next game. A killed
holder's connection dies with it and the database gives its claims back: the game's
deadline fires again at the other server's next resync, which then runs the turn.

SQLite serves one server process: there nothing is claimed and nothing is asked of the
database.
"""

from __future__ import annotations

import asyncio

from sqlalchemy import Engine
from sqlmodel import Session

from db import repo
from db.session import is_sqlite, make_engine


class TurnClaim:
    """One game's claim, held until :meth:`release` (idempotent)."""

    def __init__(self, session: Session | None) -> None:
        self._session = session

    def release(self) -> None:
        """Give the claim back: its transaction rolled back, its connection to the pool.
        Called after the run's commit, so that whoever claims the game next sees the
        turn run."""
        session, self._session = self._session, None
        if session is not None:
            session.close()


class TurnClaims:
    """Claims taken from ``engine``'s database through a pool of their own, at most
    ``size`` at once (the scheduler's slots): held claims never take the connections the
    mail and the turn runs need."""

    def __init__(self, engine: Engine, size: int) -> None:
        self._database = None if is_sqlite(engine) else engine
        self._size = size
        self._pool: Engine | None = None

    async def take(self, game_id: int) -> TurnClaim | None:
        """The claim on ``game_id``'s turn, or None when another server holds it."""
        if self._database is None:
            return TurnClaim(None)
        if self._pool is None:  # made here, in the event loop's thread: once
            self._pool = make_engine(
                self._database.url, pool_size=self._size, max_overflow=self._size
            )
        return await asyncio.to_thread(self._take, self._pool, game_id)

    @staticmethod
    def _take(pool: Engine, game_id: int) -> TurnClaim | None:
        session = Session(pool)
        try:
            if repo.claim_turn(session, game_id):
                return TurnClaim(session)
        except BaseException:
            session.close()
            raise
        session.close()
        return None

    def close(self) -> None:
        """Close the claims' connections (every claim given back before)."""
        if self._pool is not None:
            self._pool.dispose()
            self._pool = None
