"""The outbox sender over the real SMTP relay into Dovecot, on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from datetime import timedelta

import pytest
from sqlalchemy import Engine
from sqlmodel import col, select

from config.settings import SmtpSettings
from db import repo
from db.models import PASSWORD_PLACEHOLDER, Outbox, OutboxKind, OutboxStatus
from db.session import transaction
from mailserver.app.workers import Workers
from mailserver.outbound.outbox import SMALL_BATCH, OutboxSender, RetryPolicy, _GroupCommit
from mailserver.outbound.smtp import FlatMail, SmtpTransport
from tests.factories import enqueue_mails
from tests.mailstack import MailStack


def enqueue(engine: Engine, to: str, count: int) -> list[int]:
    return enqueue_mails(
        engine, [to] * count, subject="Mail {n}", body="Nummer {n}\n", kind=OutboxKind.NOTICE
    )


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


async def test_a_relay_that_is_down_is_said_once_in_words_not_at_every_pass(
    db_engine: Engine, private_mailstack: MailStack, caplog: pytest.LogCaptureFixture
) -> None:
    stack = private_mailstack
    enqueue(db_engine, stack.new_user("quiet").address, 2)
    stack.smtp_down()
    sender = sender_for(stack, db_engine)
    try:
        with caplog.at_level(logging.DEBUG, logger="pbem.outbox"):
            for _ in range(3):
                assert await sender.drain_once() == 0
                await asyncio.sleep(0.5)  # the mails are due again (retry after 200 ms)
    finally:
        stack.smtp_up()
    said = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(said) == 1, [r.getMessage() for r in said]
    assert "cannot reach the SMTP relay at 127.0.0.1:" in said[0].getMessage()
    assert "is the mail server running?" in said[0].getMessage()
    assert any("still unavailable" in r.getMessage() for r in caplog.records)


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


async def test_with_workers_every_mail_is_sent_once(
    db_engine: Engine, db_url: str, mailstack: MailStack
) -> None:
    user = mailstack.new_user("workers")
    ids = enqueue(db_engine, user.address, 30)
    with transaction(db_engine) as session:  # a takeover's password goes in only when sent
        row = session.get(Outbox, ids[3])
        assert row is not None
        row.body, row.secret = f"Kennwort: {PASSWORD_PLACEHOLDER}\n", "geheim-42"
        session.add(row)
    settings = SmtpSettings(host="127.0.0.1", port=mailstack.smtp_port, from_address="host@x.org")
    workers = Workers(2, db_url)
    try:
        sender = OutboxSender(
            db_engine, SmtpTransport(settings), settings, batch=7, workers=workers
        )
        assert await sender.drain() == 30
        await sender.transport.close()
    finally:
        workers.close()
    assert statuses(db_engine) == [OutboxStatus.SENT] * 30
    received = mailstack.fetch_all(user.address, user.password)
    assert sorted(m["Subject"] for m in received) == sorted(f"Mail {n}" for n in range(30))
    [secret] = [m for m in received if m["Subject"] == "Mail 3"]
    assert "Kennwort: geheim-42" in secret.get_content()
    with transaction(db_engine) as session:  # the password is forgotten once sent
        assert (session.get(Outbox, ids[3]) or Outbox()).secret is None


class AskedBuilders:
    """Workers that note which mails they were asked to build, and decline."""

    def __init__(self) -> None:
        self.asked: list[list[int]] = []

    async def flatten_outbox(
        self, outbox_ids: Sequence[int], from_addr: str, from_name: str
    ) -> dict[int, FlatMail | str] | None:
        self.asked.append(list(outbox_ids))
        return None


async def test_a_small_batch_is_built_without_the_workers_a_larger_one_by_them(
    db_engine: Engine, mailstack: MailStack
) -> None:
    user = mailstack.new_user("small")
    settings = SmtpSettings(host="127.0.0.1", port=mailstack.smtp_port, from_address="host@x.org")
    builders = AskedBuilders()
    sender = OutboxSender(db_engine, SmtpTransport(settings), settings, batch=7, workers=builders)
    enqueue(db_engine, user.address, 1)
    assert await sender.drain() == 1  # a lone acknowledgement: no round trip to a worker
    assert builders.asked == []
    ids = enqueue(db_engine, user.address, SMALL_BATCH + 5)
    assert await sender.drain() == SMALL_BATCH + 5
    await sender.transport.close()
    assert builders.asked == [ids[:7]]  # the full batch; the rest, small, built here
    assert statuses(db_engine) == [OutboxStatus.SENT] * (SMALL_BATCH + 6)
    assert len(mailstack.fetch_all(user.address, user.password)) == SMALL_BATCH + 6


def test_claiming_ids_counts_an_attempt_and_leases_the_rows(db_engine: Engine) -> None:
    ids = enqueue(db_engine, "a@x.org", 5)
    with transaction(db_engine) as session:
        claimed = repo.claim_due_outbox_ids(session, limit=3)
        assert claimed == [(i, "a@x.org") for i in ids[:3]]
    with transaction(db_engine) as session:
        rest = repo.claim_due_outbox_ids(session, limit=10)
        assert [i for i, _ in rest] == ids[3:]  # the claimed ones are leased
        rows = repo.outbox_mails(session, [ids[4], ids[0], 10**6])
        assert [r.id for r in rows] == [ids[4], ids[0]]
        assert [r.attempts for r in rows] == [1, 1]
        assert repo.claim_due_outbox_ids(session, limit=10) == []


async def test_the_marks_of_many_mails_go_in_a_few_commits(
    db_engine: Engine, mailstack: MailStack, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A pause longer than the batch takes: the count of commits does not hang on the
    # machine's speed (the end of the batch commits at once).
    monkeypatch.setattr(_GroupCommit, "pause", 60.0)
    user = mailstack.new_user("marks")
    enqueue(db_engine, user.address, 30)
    settings = SmtpSettings(host="127.0.0.1", port=mailstack.smtp_port, from_address="host@x.org")
    sender = OutboxSender(db_engine, SmtpTransport(settings), settings, batch=50)
    commits: list[list[int]] = []
    mark = sender._sent_many

    def counted(ids: list[int]) -> None:
        commits.append(ids)
        mark(ids)

    sender._sent_many = counted  # type: ignore[method-assign]
    assert await sender.drain() == 30
    await sender.transport.close()
    assert statuses(db_engine) == [OutboxStatus.SENT] * 30
    assert sorted(i for ids in commits for i in ids) == sorted(
        set(i for ids in commits for i in ids)
    )
    assert sum(len(ids) for ids in commits) == 30
    assert len(commits) == 1  # all the batch's marks in one commit, not one per mail
