"""Outbox claims name their server; a live server's claims hold while it renews them, a
dead one's are free at once (db/servers.py, repo.claim_due_outbox_ids). Every moment is
given, none read from the clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import Engine
from sqlmodel import col, select

from db import repo, servers
from db.models import Outbox, OutboxKind, OutboxStatus, Server
from db.session import transaction
from tests.factories import enqueue_mails

T0 = datetime(2030, 1, 1, 12, 0, tzinfo=UTC)
LEASE = timedelta(minutes=10)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def enqueue(engine: Engine, count: int) -> list[int]:
    ids = enqueue_mails(
        engine, ["a@x.org"] * count, subject="Mail {n}", body="{n}\n", kind=OutboxKind.NOTICE
    )
    with transaction(engine) as session:  # due from T0 on
        for row in repo.outbox_mails(session, ids):
            row.next_attempt_at = T0
            session.add(row)
    return ids


def register(engine: Engine, pid: int, when: datetime = T0) -> int:
    with transaction(engine) as session:
        return servers.register_server(session, host="h1", pid=pid, now=when)


def claim(engine: Engine, owner: int | None, when: datetime) -> list[int]:
    with transaction(engine) as session:
        claimed = repo.claim_due_outbox_ids(session, now=when, limit=100, lease=LEASE, owner=owner)
        return [outbox_id for outbox_id, _ in claimed]


def beat(engine: Engine, server_id: int, when: datetime, holding: list[int]) -> bool:
    with transaction(engine) as session:
        return servers.heartbeat(session, server_id, now=when, holding=holding, lease=LEASE)


def test_a_claim_names_its_owner(db_engine: Engine) -> None:
    ids = enqueue(db_engine, 3)
    first = register(db_engine, 101)
    assert claim(db_engine, first, at(1)) == ids
    with transaction(db_engine) as session:
        assert {row.claimed_by for row in repo.outbox_mails(session, ids)} == {first}


def test_a_live_servers_claims_outlast_the_lease_while_it_renews_them(db_engine: Engine) -> None:
    ids = enqueue(db_engine, 4)
    first, second = register(db_engine, 101), register(db_engine, 102)
    assert claim(db_engine, first, at(1)) == ids
    # A relay slower than the lease: the sender still holds two of them when it ends.
    elapsed = 0.0
    while elapsed < LEASE.total_seconds() + 60:
        elapsed += 5
        assert beat(db_engine, first, at(elapsed), ids[2:])
        beat(db_engine, second, at(elapsed), [])
    assert claim(db_engine, second, at(elapsed)) == ids[:2]  # the others' leases ran out


def test_a_dead_servers_claims_are_free_once_its_heartbeat_is_older_than_the_grace(
    db_engine: Engine,
) -> None:
    ids = enqueue(db_engine, 3)
    dead, alive = register(db_engine, 101), register(db_engine, 102)
    assert claim(db_engine, dead, at(1)) == ids
    grace = repo.HEARTBEAT_GRACE.total_seconds()
    beat(db_engine, alive, at(grace), [])
    assert claim(db_engine, alive, at(grace)) == []  # the dead one beat at 0: not yet
    beat(db_engine, alive, at(grace + 2), [])
    assert claim(db_engine, alive, at(grace + 2)) == ids  # long before the 10-minute lease


def test_the_claims_of_a_server_whose_row_is_gone_are_free_at_once(db_engine: Engine) -> None:
    ids = enqueue(db_engine, 2)
    dead = register(db_engine, 101)
    assert claim(db_engine, dead, at(1)) == ids
    with transaction(db_engine) as session:
        assert servers.bury_dead(session, host="h1", alive=lambda pid: pid != 101) == [dead]
    restarted = register(db_engine, 103, at(2))
    assert claim(db_engine, restarted, at(2)) == ids


def test_only_dead_processes_of_the_same_machine_are_buried_and_never_the_caller(
    db_engine: Engine,
) -> None:
    mine = register(db_engine, 101)
    with transaction(db_engine) as session:
        servers.register_server(session, host="h2", pid=102, now=T0)  # another machine
        live = servers.register_server(session, host="h1", pid=103, now=T0)
        assert servers.bury_dead(session, host="h1", alive=lambda pid: pid == 103, keep=mine) == []
    with transaction(db_engine) as session:
        left = sorted((row.host, row.pid) for row in session.exec(select(Server)).all())
    assert left == [("h1", 101), ("h1", 103), ("h2", 102)]
    assert live != mine


def test_a_clean_stop_gives_its_claims_back_and_removes_its_row(db_engine: Engine) -> None:
    ids = enqueue(db_engine, 3)
    first, second = register(db_engine, 101), register(db_engine, 102)
    claim(db_engine, first, at(1))
    with transaction(db_engine) as session:
        assert servers.unregister_server(session, first, now=at(2)) == 3
    assert claim(db_engine, second, at(2)) == ids
    assert not beat(db_engine, first, at(3), [])  # its row is gone


def test_a_failed_mail_waits_out_its_backoff_even_when_its_server_dies(db_engine: Engine) -> None:
    [mail] = enqueue(db_engine, 1)
    dead, alive = register(db_engine, 101), register(db_engine, 102)
    assert claim(db_engine, dead, at(1)) == [mail]
    with transaction(db_engine) as session:
        row = repo.mark_failed(session, mail, "451 later", base_delay=timedelta(hours=1), now=at(2))
        assert row.claimed_by is None and row.status == OutboxStatus.PENDING
    beat(db_engine, alive, at(120), [])
    assert claim(db_engine, alive, at(120)) == []  # the owner is dead, the backoff holds
    assert claim(db_engine, alive, at(3700)) == [mail]


def test_released_claims_are_due_again_for_anyone_at_the_given_moment(db_engine: Engine) -> None:
    ids = enqueue(db_engine, 2)
    first, second = register(db_engine, 101), register(db_engine, 102)
    claim(db_engine, first, at(1))
    with transaction(db_engine) as session:
        servers.release_claims(session, first, ids[:1], due=at(10))
        rows = session.exec(select(Outbox).order_by(col(Outbox.id))).all()
        assert [row.claimed_by for row in rows] == [None, first]
    beat(db_engine, first, at(10), ids[1:])
    assert claim(db_engine, second, at(10)) == ids[:1]
