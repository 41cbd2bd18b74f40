"""The sender's server row: registered over the rows of dead processes of this machine,
beating with the lease of the mails in hand, registered anew when taken for dead
(mailserver/outbound/liveness.py)."""

from __future__ import annotations

import os
import socket
from datetime import timedelta

from sqlalchemy import Engine
from sqlmodel import select

from db import repo, servers
from db.models import Outbox, OutboxKind, Server, utcnow
from db.session import transaction
from mailserver.outbound.liveness import Liveness, process_alive
from tests.factories import enqueue_mails

NO_SUCH_PID = 2**22 + 12345
"""Above Linux's largest pid: no process has it."""


def rows(engine: Engine) -> list[Server]:
    with transaction(engine) as session:
        return list(session.exec(select(Server)).all())


def test_a_pid_is_alive_unless_gone_or_this_processes_own() -> None:
    assert process_alive(os.getppid())
    assert not process_alive(NO_SUCH_PID)
    assert not process_alive(os.getpid())  # a former process that had this number


def test_registering_removes_the_rows_of_dead_processes_on_this_machine(db_engine: Engine) -> None:
    with transaction(db_engine) as session:
        servers.register_server(session, host=socket.gethostname(), pid=NO_SUCH_PID, now=utcnow())
        servers.register_server(session, host="elsewhere", pid=NO_SUCH_PID, now=utcnow())
    liveness = Liveness(db_engine)
    mine = liveness.register()
    assert sorted((row.host == "elsewhere", row.id == mine) for row in rows(db_engine)) == [
        (False, True),
        (True, False),
    ]


def test_a_heartbeat_renews_the_lease_of_the_mails_in_hand_only(db_engine: Engine) -> None:
    ids = enqueue_mails(db_engine, ["a@x.org"] * 2, subject="{n}", body="-", kind=OutboxKind.ACK)
    liveness = Liveness(db_engine, lease=timedelta(hours=5))
    owner = liveness.register()
    with transaction(db_engine) as session:
        repo.claim_due_outbox_ids(session, owner=owner, lease=timedelta(seconds=1))
    liveness.hold(ids[:1])
    liveness.beat()
    with transaction(db_engine) as session:
        held, other = (session.get(Outbox, outbox_id) for outbox_id in ids)
        assert held is not None and other is not None
        assert held.next_attempt_at > utcnow() + timedelta(hours=4)
        assert other.next_attempt_at < utcnow() + timedelta(minutes=1)


def test_a_server_taken_for_dead_registers_anew(db_engine: Engine) -> None:
    liveness = Liveness(db_engine)
    first = liveness.register()
    with transaction(db_engine) as session:
        servers.unregister_server(session, first, now=utcnow())
    liveness.beat()
    assert liveness.server_id not in (None, first)
    assert [row.id for row in rows(db_engine)] == [liveness.server_id]


def test_a_clean_stop_leaves_no_row(db_engine: Engine) -> None:
    liveness = Liveness(db_engine)
    liveness.register()
    liveness.unregister()
    assert rows(db_engine) == [] and liveness.server_id is None
