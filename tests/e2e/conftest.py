"""Fixtures for end-to-end tests: the real service as a process (see tests/e2e/server.py)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tests.dbfixtures import temporary_database
from tests.e2e.server import Seat, ServerProcess, create_game
from tests.mailstack import MailStack, MailUser

ServerFactory = Callable[..., ServerProcess]

DEADLINE = datetime(2026, 12, 7, 17, 0, tzinfo=UTC)
"""The next deadline of the games the tests make (a Monday, 18:00 in Germany)."""


@pytest.fixture
def server_factory(mailstack: MailStack, tmp_path: Path) -> Iterator[ServerFactory]:
    """Make :class:`ServerProcess` objects on a fresh database each; killed after the test.

    ``make(backend="sqlite"|"postgresql", stack=None, **kwargs)``: ``stack`` defaults to
    the session's mail stack, ``kwargs`` go to :class:`ServerProcess` (``settings``,
    ``env``, ``mailbox``). The server is not started.
    """
    with contextlib.ExitStack() as cleanup:
        made = 0

        def make(
            *, backend: str = "sqlite", stack: MailStack | None = None, **kwargs: Any
        ) -> ServerProcess:
            nonlocal made
            made += 1
            workdir = tmp_path / f"server{made}"
            workdir.mkdir()
            url = cleanup.enter_context(temporary_database(backend, workdir))
            server = ServerProcess(stack or mailstack, url, workdir, **kwargs)
            cleanup.callback(server.close)  # runs before the database is dropped
            return server

        yield make


@pytest.fixture
def server(server_factory: ServerFactory) -> ServerProcess:
    """A server on SQLite and the session's mail stack (not started)."""
    return server_factory()


@dataclass(frozen=True)
class OwnGame:
    """A game of a test's own on a running server."""

    server: ServerProcess
    players: dict[int, Seat]
    """The players by seat (fresh stack users)."""
    gm: MailUser
    """The GM's mailbox."""

    @property
    def alice(self) -> Seat:
        """Seat 2, the player a test sends as unless it needs more."""
        return self.players[2]


@pytest.fixture
def started(server: ServerProcess) -> OwnGame:
    """A running server (SQLite) of the test's own with game 227: players 2, 3 and 5, a
    deadline."""
    gm = server.stack.new_user("gm")
    players = create_game(server, gm=gm, next_deadline=DEADLINE)
    server.start()
    return OwnGame(server, players, gm)
