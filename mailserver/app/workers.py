"""Worker processes for the server's pure work: turns evaluated ahead, mails flattened.

A deadline burst keeps one core busy with what needs the database (the turn runs'
writes, claiming and marking mail) and the SMTP conversation; evaluating turns, writing
printouts and flattening mails need neither, and Python runs only one thread at a time.
:class:`Workers` hands that work to processes of its own, so it runs on the machine's
other cores. A worker only reads the database (:func:`mailserver.turns.ahead.evaluate_ahead`)
and writes nothing anywhere: whatever it returns is checked or merely formatted by the
server, which still does every write in its own transactions. Exactly-once and crash
safety do not depend on it, and when a worker fails the server does the work itself.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from datetime import datetime
from multiprocessing import get_context
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.engine import make_url

from db import repo
from db.session import make_engine, reading
from engine.registry import kinds
from mailserver.common.kinds import load_kinds, order_language
from mailserver.common.logs import configure
from mailserver.outbound.outbox import OutboxMail
from mailserver.outbound.smtp import FlatMail
from mailserver.turns.ahead import TurnAhead, evaluate_ahead

log = logging.getLogger("pbem.workers")

MAX_AUTO = 4
"""At most this many workers when the count is left to the machine."""

FLATTEN_CHUNK = 10
"""Mails per flattening job: a batch is shared out over the workers in such pieces."""

GC_THRESHOLD = (10_000, 10, 10)
"""The cyclic collector's thresholds in a busy process. Python's default (a collection
every 700 new objects) made collections a third of a turn evaluated ahead; counted by
reference, nearly all of it is freed at once anyway."""


def quiet_collector() -> None:
    """Collect cyclic garbage less often, and never look again at what exists now (the
    modules, grammars and caches of a started process: a full pass over them took 63 ms
    under a burst of mail, with every thread stopped, and 7 ms once they were frozen)."""
    gc.set_threshold(*GC_THRESHOLD)
    gc.freeze()


def auto_count() -> int:
    """Worker processes for this machine: one fewer than its cores, at most :data:`MAX_AUTO`."""
    return max(0, min(MAX_AUTO, (os.cpu_count() or 1) - 1))


def shares_database(url: str) -> bool:
    """Whether another process can read the database at ``url`` (not SQLite in memory)."""
    parsed = make_url(url)
    return parsed.get_backend_name() != "sqlite" or parsed.database not in (None, "", ":memory:")


# ------------------------------------------------------------------ in the worker

_engine: Engine | None = None


def _start(database_url: str | None, game_kinds: list[str], log_format: str) -> None:
    """A worker's set-up: the game kinds the server knows, its logs, a read-only engine."""
    global _engine
    # Ctrl-C in a terminal reaches the whole process group: the server shuts its workers
    # down itself, after the work in hand.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_end_with_the_server, name="watch-server", daemon=True).start()
    configure(log_format, logging.WARNING)
    load_kinds(game_kinds)
    for kind in kinds():
        order_language(kind)  # the grammars, built once before the first turn needs them
    _engine = make_engine(database_url) if database_url else None
    quiet_collector()


def _end_with_the_server() -> None:
    """End this worker when the server process is gone. A server that is killed (a power
    cut, SIGKILL) never shuts its pool down, and its workers would wait for work forever."""
    server = multiprocessing.parent_process()
    if server is not None:
        server.join()
    os._exit(0)


def _pid() -> int:
    return os.getpid()


def _evaluate_ahead(game_id: int, turn_fee_cents: int, due_by: datetime | None) -> TurnAhead | None:
    if _engine is None:
        return None
    with reading(_engine) as session:
        return evaluate_ahead(session, game_id, turn_fee_cents=turn_fee_cents, due_by=due_by)


def _flatten_outbox(
    outbox_ids: Sequence[int], from_addr: str, from_name: str
) -> list[tuple[int, FlatMail | str]]:
    """The outbox mails of ``outbox_ids`` read, built and flattened, or why one cannot be
    built (an address that cannot go on an SMTP line)."""
    if _engine is None:
        raise RuntimeError("this worker reads no database")
    with reading(_engine) as session:
        # Plain rows of the columns a mail is made of: no model objects (as the sender's
        # own small batches, OutboxSender._build).
        mails = [OutboxMail.of(row) for row in repo.outbox_rows(session, outbox_ids)]
    done: list[tuple[int, FlatMail | str]] = []
    for mail in mails:
        try:
            done.append((mail.id, mail.flat(from_addr, from_name)))
        except ValueError as exc:
            done.append((mail.id, str(exc) or type(exc).__name__))
    return done


# ------------------------------------------------------------------ in the server


class Workers:
    """A pool of ``count`` worker processes (none: every method declines, returning None,
    and the caller does the work itself).

    Started in the background (:meth:`start`) so that a worker's imports never hold up
    the server; a pool that breaks (a worker killed) is given up with one log line and the
    server goes on alone.
    """

    def __init__(
        self,
        count: int,
        database_url: str,
        *,
        game_kinds: Sequence[str] = (),
        log_format: str = "json",
    ) -> None:
        self.count = count
        self.reads_database = shares_database(database_url)
        self._pool: Executor | None = None
        if count > 0:
            self._pool = ProcessPoolExecutor(
                count,
                mp_context=get_context("spawn"),  # the server has threads: no fork
                initializer=_start,
                initargs=(
                    database_url if self.reads_database else None,
                    list(game_kinds),
                    log_format,
                ),
            )

    @property
    def active(self) -> bool:
        """Whether work goes to worker processes."""
        return self._pool is not None

    async def start(self) -> None:
        """Start every worker now (they import the game kinds: about a second each)."""
        if self._pool is None:
            log.info("0 worker processes: the server does all the work itself")
            return
        started = time.monotonic()
        pids = await asyncio.gather(*(self._run(_pid) for _ in range(self.count)))
        log.info(
            "%d worker processes ready after %.1f s (pids %s)",
            len(set(pids)),
            time.monotonic() - started,
            ", ".join(str(pid) for pid in sorted(set(pids))),
        )

    async def evaluate_ahead(
        self, game_id: int, turn_fee_cents: int, due_by: datetime | None = None
    ) -> TurnAhead | None:
        """The game's pending turn evaluated ahead in a worker, or None (no workers, a
        database they cannot read, a failure, which is logged, or with ``due_by`` a turn
        not due then: :func:`mailserver.turns.ahead.evaluate_ahead`)."""
        if self._pool is None or not self.reads_database:
            return None
        try:
            ahead: TurnAhead | None = await self._run(
                _evaluate_ahead, game_id, turn_fee_cents, due_by
            )
            return ahead
        except BrokenProcessPool:
            return None
        except Exception:
            log.exception("game id %d: evaluating ahead failed; the turn run does it", game_id)
            return None

    async def flatten_outbox(
        self, outbox_ids: Sequence[int], from_addr: str, from_name: str
    ) -> dict[int, FlatMail | str] | None:
        """The outbox mails of ``outbox_ids`` read, built and flattened by the workers
        (the server sends them no more than the ids), by id; None when the workers
        cannot (none, a database they cannot read, a worker died)."""
        if self._pool is None or not self.reads_database:
            return None
        ids = list(outbox_ids)
        chunks = [ids[i : i + FLATTEN_CHUNK] for i in range(0, len(ids), FLATTEN_CHUNK)]
        try:
            parts = await asyncio.gather(
                *(self._run(_flatten_outbox, chunk, from_addr, from_name) for chunk in chunks)
            )
        except BrokenProcessPool:
            return None
        return {outbox_id: flat for part in parts for outbox_id, flat in part}

    async def _run(self, func: Any, *args: Any) -> Any:
        pool = self._pool
        if pool is None:
            raise BrokenProcessPool("the workers are gone")
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, func, *args)
        except BrokenProcessPool:
            if self._pool is pool:
                log.error("a worker process died; the server does the work itself from now on")
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise

    def close(self) -> None:
        """Stop the workers after the work in hand."""
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
