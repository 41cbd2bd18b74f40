"""The outbox sender over the real SMTP relay into Dovecot, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from sqlalchemy import Engine
from sqlmodel import col, select

from config.settings import SmtpSettings
from db import repo
from db.models import Outbox, OutboxKind, OutboxStatus
from db.session import transaction
from mailserver.outbox import OutboxSender, RetryPolicy
from mailserver.smtp import SmtpTransport
from tests.mailstack import MailStack


def enqueue(engine: Engine, to: str, count: int) -> list[int]:
    with transaction(engine) as session:
        return [
            repo.enqueue_outbox(
                session,
                to_address=to,
                subject=f"Mail {n}",
                body=f"Nummer {n}\n",
                kind=OutboxKind.NOTICE,
                domain="example.org",
            ).id
            or 0
            for n in range(count)
        ]


def statuses(engine: Engine) -> list[OutboxStatus]:
    with transaction(engine) as session:
        return [row.status for row in session.exec(select(Outbox).order_by(col(Outbox.id)))]


def sender_for(stack: MailStack, engine: Engine) -> OutboxSender:
    settings = SmtpSettings(host="127.0.0.1", port=stack.smtp_port, from_address="host@x.org")
    retry = RetryPolicy(unavailable_base=timedelta(milliseconds=200))
    return OutboxSender(engine, SmtpTransport(settings), settings, batch=7, retry=retry)


async def test_every_mail_is_sent_once_and_marked_after_acceptance(
    db_engine: Engine, mailstack: MailStack
) -> None:
    user = mailstack.new_user("outbox")
    enqueue(db_engine, user.address, 30)
    sender = sender_for(mailstack, db_engine)
    while await sender.drain_once():
        pass
    await sender.transport.close()
    assert statuses(db_engine) == [OutboxStatus.SENT] * 30
    subjects = sorted(m["Subject"] for m in mailstack.fetch_all(user.address, user.password))
    assert subjects == sorted(f"Mail {n}" for n in range(30))


async def test_mails_wait_while_the_relay_is_down_and_go_out_once_it_is_back(
    db_engine: Engine, private_mailstack: MailStack
) -> None:
    stack = private_mailstack
    user = stack.new_user("waiting")
    enqueue(db_engine, user.address, 10)
    stack.smtp_down()
    sender = sender_for(stack, db_engine)
    assert await sender.drain_once() == 0
    assert statuses(db_engine) == [OutboxStatus.PENDING] * 10
    stack.smtp_up()
    task = asyncio.create_task(sender.run())
    try:
        for _ in range(200):
            if statuses(db_engine) == [OutboxStatus.SENT] * 10:
                break
            await asyncio.sleep(0.05)
    finally:
        sender.stop()
        await task
    assert statuses(db_engine) == [OutboxStatus.SENT] * 10
    assert len(stack.fetch_all(user.address, user.password)) == 10


async def test_several_connections_send_every_mail_once_batch_after_batch(
    db_engine: Engine, mailstack: MailStack
) -> None:
    user = mailstack.new_user("parallel")
    enqueue(db_engine, user.address, 30)
    settings = SmtpSettings(
        host="127.0.0.1", port=mailstack.smtp_port, from_address="host@x.org", connections=3
    )
    transports = [SmtpTransport(settings) for _ in range(settings.connections)]
    sender = OutboxSender(db_engine, transports, settings, batch=7)
    # drain() claims the next batch while one is sent, until a batch is not full.
    assert await sender.drain() == 30
    for transport in transports:
        await transport.close()
    assert statuses(db_engine) == [OutboxStatus.SENT] * 30
    subjects = sorted(m["Subject"] for m in mailstack.fetch_all(user.address, user.password))
    assert subjects == sorted(f"Mail {n}" for n in range(30))
