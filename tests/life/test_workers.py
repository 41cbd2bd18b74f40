"""Worker processes (mailserver.app.workers): real processes, a real database file."""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import Engine

from db import repo
from db.models import OutboxKind
from db.session import reading
from mailserver.app.workers import Workers, auto_count, shares_database
from mailserver.outbound.outbox import OutboxMail
from mailserver.outbound.smtp import FlatMail, flatten
from mailserver.turns.ahead import evaluate_ahead
from tests.factories import enqueue_mails
from tests.life.helpers import START, create_and_start, send_orders

pytestmark = pytest.mark.timeout(120)
ROOT = Path(__file__).resolve().parents[2]
SQLITE = pytest.mark.parametrize("db_url", ["sqlite"], indirect=True)


def stored_mails(engine: Engine, count: int, bad: str) -> list[int]:
    """``count`` outbox mails and one more to ``bad``; their ids."""
    return enqueue_mails(
        engine,
        [*["p@example.org"] * count, bad],
        subject="Partie 227 Runde {n}: Auswertung für Spieler 1",
        body="Grüße  \n" * 50,
        kind=OutboxKind.PRINTOUT,
        auto_submitted=None,
        now=datetime(2026, 12, 1, tzinfo=UTC),
    )


def test_the_worker_count_and_which_databases_they_can_read() -> None:
    assert 0 <= auto_count() <= 4
    assert auto_count() == min(4, (os.cpu_count() or 1) - 1)
    assert shares_database("sqlite:////tmp/x.sqlite3")
    assert shares_database("postgresql://u:p@localhost/db")
    assert not shares_database("sqlite://")
    assert not shares_database("sqlite:///:memory:")


@pytest.mark.slow  # worker processes
@SQLITE
async def test_workers_evaluate_ahead_and_flatten_as_the_server_would(
    db_engine: Engine, db_url: str
) -> None:
    game_id, passwords = create_and_start(db_engine)
    for seat, password in passwords.items():
        send_orders(db_engine, game_id, seat, password, now=START)
    workers = Workers(2, db_url)
    try:
        await workers.start()
        ahead = await workers.evaluate_ahead(game_id, 0)
        with reading(db_engine) as session:
            here = evaluate_ahead(session, game_id)
        assert ahead is not None and here is not None
        assert (ahead.record, ahead.state_text, ahead.texts) == (
            here.record,
            here.state_text,
            here.texts,
        )
        ids = stored_mails(db_engine, 25, bad="bad\r\naddress")
        flat = await workers.flatten_outbox(ids, "ashes@example.org", "PBEM Spielleitung")
        assert flat is not None and sorted(flat) == sorted(ids)
        assert isinstance(flat[ids[-1]], str) and flat[ids[-1]]  # why the address is refused
        with reading(db_engine) as session:
            rows = repo.outbox_mails(session, ids[:-1])
        for row in rows:
            made = flat[row.id or 0]
            assert isinstance(made, FlatMail)
            message = OutboxMail.of(row).message("ashes@example.org", "PBEM Spielleitung")
            assert made.message_id == message["Message-ID"]
            assert made.data == flatten(message).data  # a plain text: no random boundary
    finally:
        workers.close()


@pytest.mark.slow  # a worker process, killed
@SQLITE
async def test_a_killed_worker_leaves_the_server_doing_the_work_itself(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    workers = Workers(1, db_url)
    try:
        await workers.start()
        [pid] = {await workers._run(os.getpid) for _ in range(3)}
        os.kill(pid, signal.SIGKILL)
        with caplog.at_level(logging.ERROR, logger="pbem.workers"):
            assert await workers.flatten_outbox([1], "a@example.org", "A") is None
        assert not workers.active
        assert "died" in caplog.text
        assert await workers.evaluate_ahead(1, 0) is None
    finally:
        workers.close()


@SQLITE
async def test_no_workers_means_the_caller_does_the_work(db_url: str) -> None:
    workers = Workers(0, db_url)
    await workers.start()
    assert not workers.active
    assert await workers.flatten_outbox([1], "a@example.org", "A") is None
    assert await workers.evaluate_ahead(1, 0) is None
    workers.close()


SERVER_CODE = """
import asyncio, os, sys
from mailserver.app.workers import Workers

async def main() -> None:
    workers = Workers(1, sys.argv[1])
    await workers.start()
    print(await workers._run(os.getpid), flush=True)
    await asyncio.sleep(3600)

if __name__ == "__main__":
    asyncio.run(main())
"""


@pytest.mark.slow  # a server process with its worker, killed
def test_workers_end_when_the_server_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "server.py"
    script.write_text(SERVER_CODE)
    server = subprocess.Popen(
        [sys.executable, str(script), f"sqlite:///{tmp_path / 'db.sqlite3'}"],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        worker = int(server.stdout.readline())
        os.kill(worker, 0)  # alive
        server.kill()  # as a power cut: no shutdown of the pool
        server.wait(10)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and _alive(worker):
            time.sleep(0.05)
        assert not _alive(worker)
    finally:
        server.kill()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (ended, not yet reaped by init) counts as ended.
    with open(f"/proc/{pid}/stat") as stat:
        return stat.read().split(")")[-1].split()[0] != "Z"
