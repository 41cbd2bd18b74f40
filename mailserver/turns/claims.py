"""A server's claim on a turn, from before its evaluation ahead until its run commits.

Every server on one PostgreSQL database fires every game's deadline. The run locks the
game's row, so a turn runs once; but each server evaluated the turn ahead in its worker
before asking for that lock, and the loser threw its evaluation away (2 to 26 of 30 turns
in a burst of two servers, docs/performance.md, "A game claimed before its evaluation").
Now a server claims the game first (:func:`db.repo.claim_turn`, an advisory lock of a
transaction of its own) and holds the claim through the evaluation, the wait for its
turn lock and the run; the other server finds the game claimed at once and goes on to
its next game, and one that finds the turn run already (its deadline moved on) asks
neither its worker nor a run. A killed holder's connection dies with it and the
database gives its claims back: the game's deadline fires again at the other server's
next resync, which then runs the turn.

SQLite serves one server process: there nothing is claimed and nothing is asked of the
database.
"""

from __future__ import annotations

import asyncio
from datetime import datetime

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

    async def take(
        self, game_id: int, due_by: datetime | None = None
    ) -> tuple[repo.ClaimOutcome, TurnClaim]:
        """The claim on ``game_id``'s turn and what :func:`db.repo.claim_turn` found
        (``due_by`` as there); the claim holds nothing unless that is ``claimed``."""
        if self._database is None:
            return "claimed", TurnClaim(None)
        if self._pool is None:  # made here, in the event loop's thread: once
            self._pool = make_engine(
                self._database.url, pool_size=self._size, max_overflow=self._size
            )
        return await asyncio.to_thread(self._take, self._pool, game_id, due_by)

    @staticmethod
    def _take(
        pool: Engine, game_id: int, due_by: datetime | None
    ) -> tuple[repo.ClaimOutcome, TurnClaim]:
        session = Session(pool)
        try:
            found = repo.claim_turn(session, game_id, due_by)
        except BaseException:
            session.close()
            raise
        if found == "claimed":
            return found, TurnClaim(session)
        session.close()
        return found, TurnClaim(None)

    def close(self) -> None:
        """Close the claims' connections (every claim given back before)."""
        if self._pool is not None:
            self._pool.dispose()
            self._pool = None
