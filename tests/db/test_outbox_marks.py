"""Marking sent mails in groups (``repo.mark_sent_many``): what it changes, and that each
mark finds its row by its key however many mails still wait."""

from __future__ import annotations

from sqlalchemy import Engine, create_engine
from sqlmodel import SQLModel, col, select

from db import repo
from db.models import Outbox, OutboxKind, OutboxStatus, utcnow
from db.repo.outbox import _MARK_SENT
from db.session import transaction
from tests.factories import enqueue_mails


def test_marking_many_sends_the_pending_ones_and_leaves_a_failed_one_as_it_was(
    db_engine: Engine,
) -> None:
    ids = enqueue_mails(
        db_engine, ["a@x.org"] * 4, subject="Mail {n}", body="{n}\n", kind=OutboxKind.NOTICE
    )
    with transaction(db_engine) as session:
        repo.mark_failed(session, ids[1], "550 no such user", permanent=True)
    now = utcnow()
    with transaction(db_engine) as session:
        assert repo.mark_sent_many(session, [ids[0], ids[1], ids[3]], now=now) == 2
    with transaction(db_engine) as session:
        rows = session.exec(select(Outbox).order_by(col(Outbox.id))).all()
    assert [row.status for row in rows] == [
        OutboxStatus.SENT,
        OutboxStatus.FAILED,
        OutboxStatus.PENDING,
        OutboxStatus.SENT,
    ]
    assert [row.sent_at is not None for row in rows] == [True, False, False, True]
    assert rows[1].last_error == "550 no such user"


def test_a_mark_finds_its_row_by_key_not_by_going_through_the_pending_mails() -> None:
    # Before, the marks asked for ``id IN (...) AND status = 'pending'`` and SQLite went
    # through the index of the status, every mail still waiting, for each group of marks:
    # in a burst the marks cost more the longer the queue.
    engine = create_engine("sqlite://")
    SQLModel.metadata.create_all(engine)
    with engine.connect() as connection:
        compiled = _MARK_SENT.compile(dialect=engine.dialect)
        nulls = (None,) * len(compiled.positiontup or ())
        plan = connection.exec_driver_sql(f"EXPLAIN QUERY PLAN {compiled}", nulls)
        details = [str(row[-1]) for row in plan]
    assert any("INTEGER PRIMARY KEY" in detail for detail in details), details
    assert not any("status" in detail for detail in details), details
