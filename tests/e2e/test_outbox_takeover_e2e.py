"""A server killed in the middle of a burst of mail leaves claimed mails behind; the next
server takes them over at once instead of after the claims' lease (10 minutes), and the
mails accepted before the kill but not yet marked go out again under the same
Message-ID (docs/host-rules.md, "Delivery")."""

from __future__ import annotations

import signal
import time
from collections import defaultdict
from pathlib import Path

import pytest
from sqlmodel import Session, col, func, select

from db.models import Outbox, OutboxKind, OutboxStatus
from tests.e2e.conftest import ServerFactory
from tests.e2e.server import ServerProcess
from tests.factories import enqueue_mails
from tests.mailstack import MailStack, MailUser

pytestmark = pytest.mark.timeout(240)

MAILS = 300
TAKEOVER_SECONDS = 30.0
BATCH = 50
"""The sender's batch: at most this many mails of a killed server go out twice."""


def count(session: Session, *conditions: object) -> int:
    return int(session.exec(select(func.count()).select_from(Outbox).where(*conditions)).one())


def sent(session: Session) -> int:
    return count(session, col(Outbox.status) == OutboxStatus.SENT)


def stranded(session: Session) -> int:
    """Mails claimed by a server and not sent."""
    return count(
        session, col(Outbox.status) == OutboxStatus.PENDING, col(Outbox.claimed_by).is_not(None)
    )


def burst(server: ServerProcess, user: MailUser) -> None:
    enqueue_mails(
        server.engine,
        [user.address] * MAILS,
        subject="Burst {n}",
        body="Nummer {n}\n",
        kind=OutboxKind.NOTICE,
    )


def kill_mid_burst(server: ServerProcess) -> int:
    """Kill the server once some of the burst is out; the mails it left claimed."""
    server.wait_for_db(lambda s: sent(s) >= 40, timeout=60, what="40 mails sent")
    assert server.kill() == -signal.SIGKILL
    left = server.query(stranded)
    assert left > 0, "the kill came after the burst: nothing was stranded"
    return left


def assert_every_mail_arrived(stack: MailStack, user: MailUser) -> None:
    """Each mail of the burst at least once, copies with the same Message-ID, and at most
    a batch of copies."""
    ids: dict[str, set[str]] = defaultdict(set)
    copies = 0
    for message in stack.fetch_all(user.address, user.password):
        subject = str(message["Subject"])
        copies += subject in ids
        ids[subject].add(str(message["Message-ID"]))
    assert sorted(ids) == sorted(f"Burst {n}" for n in range(MAILS))
    assert all(len(found) == 1 for found in ids.values())
    assert copies <= BATCH


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_sigkill_during_a_burst_then_a_restart_sends_every_stranded_mail_within_30_s(
    server_factory: ServerFactory, mailstack: MailStack, backend: str
) -> None:
    server = server_factory(backend=backend)
    user = mailstack.new_user("burst-")
    burst(server, user)
    server.start()
    kill_mid_burst(server)

    restarted = time.monotonic()
    server.start()
    server.wait_for_db(lambda s: sent(s) == MAILS, timeout=TAKEOVER_SECONDS, what="all sent")
    assert time.monotonic() - restarted <= TAKEOVER_SECONDS
    assert server.count_log("took over the claims of dead server") == 1
    assert_every_mail_arrived(mailstack, user)
    assert server.terminate() == 0


def test_a_running_second_server_takes_over_a_killed_ones_claims(
    server_factory: ServerFactory, mailstack: MailStack, tmp_path: Path
) -> None:
    first = server_factory(backend="postgresql")
    user = mailstack.new_user("burst-")
    with ServerProcess(
        mailstack, first.database_url, tmp_path / "second", mailbox=first.mailbox
    ) as second:
        first.start()
        second.start()  # a second host on the same database, both sending
        burst(first, user)
        kill_mid_burst(first)
        killed = time.monotonic()
        second.wait_for_db(lambda s: sent(s) == MAILS, timeout=TAKEOVER_SECONDS, what="all sent")
        assert time.monotonic() - killed <= TAKEOVER_SECONDS
        second.wait_for_log("took over the claims of dead server")
        assert_every_mail_arrived(mailstack, user)
        assert second.terminate() == 0
