"""This process as a sending server: a row with a heartbeat (``db/servers.py``).

The sender's claims name the row. Every :data:`HEARTBEAT_SECONDS` the row's heartbeat
is renewed together with the lease of the mails in hand (claimed, not yet marked), so a
relay slower than the lease never lets another claim take a mail that is still queued
here. A server that dies stops beating: another one takes its claims once the heartbeat
is ``repo.HEARTBEAT_GRACE`` old, and a server on the same machine at once, since it
sees that the dead one's process is gone (so does a restarted server, at its start).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
import threading
from collections.abc import Iterable
from datetime import timedelta

from sqlalchemy import Engine

from db import repo, servers
from db.models import utcnow
from db.session import transaction

log = logging.getLogger("pbem.outbox")

HEARTBEAT_SECONDS = 5.0
"""How often the heartbeat is renewed (well inside ``repo.HEARTBEAT_GRACE``)."""
RELEASE_DELAY = timedelta(seconds=5)
"""Mails given back after a failed pass are due again this much later."""


def process_alive(pid: int) -> bool:
    """Whether process ``pid`` runs on this machine (another than this one: a row with
    this process's own pid is a former process that had the same number)."""
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process
    return True


class Liveness:
    """The server row of this process, its heartbeat and the mails it holds."""

    def __init__(
        self,
        engine: Engine,
        *,
        every: float = HEARTBEAT_SECONDS,
        lease: timedelta = repo.OUTBOX_LEASE,
    ) -> None:
        self.engine = engine
        self.every = every
        self.lease = lease
        self.host = socket.gethostname()
        self.server_id: int | None = None
        """The row's id once registered (the owner the claims name); None before."""
        self._holding: set[int] = set()
        self._lock = threading.Lock()
        self._task: asyncio.Task[None] | None = None

    # -- the mails in hand ---------------------------------------------------------------

    def hold(self, outbox_ids: Iterable[int]) -> None:
        """Claimed mails: their lease is renewed with every heartbeat until let go."""
        with self._lock:
            self._holding.update(outbox_ids)

    def let_go(self, outbox_ids: Iterable[int]) -> None:
        """Mails marked (sent, failed) or gone: no longer renewed."""
        with self._lock:
            self._holding.difference_update(outbox_ids)

    def holding(self) -> list[int]:
        """The mails in hand now."""
        with self._lock:
            return sorted(self._holding)

    # -- the row -------------------------------------------------------------------------

    def register(self) -> int:
        """A new row for this process (the rows of dead processes on this machine are
        removed first, their claims free at once); its id."""
        with transaction(self.engine) as session:
            dead = servers.bury_dead(session, host=self.host, alive=process_alive)
            self.server_id = servers.register_server(
                session, host=self.host, pid=os.getpid(), now=utcnow()
            )
        if dead:
            log.info("took over the claims of dead server(s) %s", dead)
        return self.server_id

    def beat(self) -> None:
        """Renew the heartbeat and the lease of the mails in hand; remove the rows of
        dead processes on this machine. A row found gone (another server took this one
        for dead) is registered anew, and so is one never registered (the database was
        away at the start)."""
        if self.server_id is None:
            self.register()
            return
        with transaction(self.engine) as session:
            alive = servers.heartbeat(
                session, self.server_id, now=utcnow(), holding=self.holding(), lease=self.lease
            )
            dead = servers.bury_dead(
                session, host=self.host, alive=process_alive, keep=self.server_id
            )
        if dead:
            log.info("took over the claims of dead server(s) %s", dead)
        if not alive:
            log.warning("server row %d was taken for dead; registering anew", self.server_id)
            self.register()

    def release(self) -> None:
        """Give back the mails in hand (a failed pass): due again shortly, for anyone."""
        held = self.holding()
        if self.server_id is None or not held:
            return
        with transaction(self.engine) as session:
            servers.release_claims(session, self.server_id, held, due=utcnow() + RELEASE_DELAY)
        self.let_go(held)

    def unregister(self) -> None:
        """A clean stop: the mails still claimed are given back, the row removed."""
        if self.server_id is None:
            return
        with transaction(self.engine) as session:
            given = servers.unregister_server(session, self.server_id, now=utcnow())
        if given:
            log.info("gave back %d claimed mails", given)
        self.server_id = None

    # -- in the event loop ---------------------------------------------------------------

    async def start(self) -> None:
        """Register and beat in the background until :meth:`stop`. Without the database
        the sender still starts: its claims name nobody (free after the lease) until a
        heartbeat registers the row."""
        try:
            await asyncio.to_thread(self.register)
        except Exception:
            log.exception("registering the server row failed; trying again with the heartbeat")
        self._task = asyncio.ensure_future(self._beating())

    async def stop(self) -> None:
        """Stop beating and unregister (without the database the row goes stale and its
        claims are free after the grace)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        try:
            await asyncio.to_thread(self.unregister)
        except Exception:
            log.exception("removing the server row failed")

    async def _beating(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await asyncio.to_thread(self.beat)
            except Exception:  # the database may be briefly away: beat again next time
                log.exception("outbox heartbeat failed")
