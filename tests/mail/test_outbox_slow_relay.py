"""A relay slower than the claims' lease: the sender renews the lease of the mails it
still holds with its heartbeat, so its next claim never takes a mail that is queued
behind a slow one, and nothing goes out twice (mailserver/outbound/liveness.py)."""

from __future__ import annotations

import asyncio
import collections
from datetime import timedelta

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP as SmtpServer
from aiosmtpd.smtp import Envelope, Session
from sqlalchemy import Engine
from sqlmodel import col, select

from config.settings import SmtpSettings
from db.models import Outbox, OutboxKind, OutboxStatus, Server
from db.session import transaction
from mailserver.app.localmail.dovecot import free_port
from mailserver.outbound.outbox import OutboxSender
from mailserver.outbound.smtp import SmtpTransport
from tests.factories import enqueue_mails

pytestmark = [
    pytest.mark.slow(reason="a relay that takes real time over each mail"),
    pytest.mark.timeout(120),
]

MAILS = 24
BATCH = 8
LEASE = timedelta(seconds=1)
RELAY_SECONDS = 0.2
"""Per mail: a batch takes 1.6 s, longer than the lease."""


class SlowSink:
    """An SMTP relay that takes its time over every mail and counts the Message-IDs."""

    def __init__(self) -> None:
        self.received: collections.Counter[str] = collections.Counter()

    async def handle_DATA(self, server: SmtpServer, session: Session, envelope: Envelope) -> str:
        await asyncio.sleep(RELAY_SECONDS)
        content = envelope.original_content or envelope.content
        assert isinstance(content, bytes)
        for line in content.split(b"\r\n"):
            if line.lower().startswith(b"message-id:"):
                self.received[line.split(b":", 1)[1].strip().decode()] += 1
        return "250 OK"


def statuses(engine: Engine) -> list[OutboxStatus]:
    with transaction(engine) as session:
        return [row.status for row in session.exec(select(Outbox).order_by(col(Outbox.id)))]


async def test_a_relay_slower_than_the_lease_gets_every_mail_once(db_engine: Engine) -> None:
    enqueue_mails(
        db_engine, ["p@x.org"] * MAILS, subject="Mail {n}", body="{n}\n", kind=OutboxKind.NOTICE
    )
    sink = SlowSink()
    controller = Controller(sink, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        settings = SmtpSettings(host="127.0.0.1", port=controller.port, from_address="h@x.org")
        sender = OutboxSender(
            db_engine,
            SmtpTransport(settings),
            settings,
            batch=BATCH,
            lease=LEASE,
            heartbeat_seconds=0.2,
            idle_seconds=0.1,
        )
        running = asyncio.create_task(sender.run())
        try:
            for _ in range(600):
                if statuses(db_engine) == [OutboxStatus.SENT] * MAILS:
                    break
                await asyncio.sleep(0.05)
            await asyncio.sleep(3 * LEASE.total_seconds())  # any second claim would fire now
        finally:
            sender.stop()
            await running
    finally:
        controller.stop()
    assert statuses(db_engine) == [OutboxStatus.SENT] * MAILS
    assert len(sink.received) == MAILS
    assert [mid for mid, count in sink.received.items() if count > 1] == []
    with transaction(db_engine) as session:
        assert session.exec(select(Server)).all() == []  # a clean stop removes its row
