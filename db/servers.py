"""The servers that send outbox mail, each a row with a heartbeat: who may take over
whose claims (``repo.claim_due_outbox_ids``). A claim names its server; while that
server renews its heartbeat (and the lease of the mails it is sending) nobody else
sends them, and once the heartbeat is older than ``repo.HEARTBEAT_GRACE`` or the row is
gone, any server takes them at once.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from datetime import datetime, timedelta

from sqlalchemy import Update, delete, update
from sqlmodel import Session, col, select

from db.models import Outbox, OutboxStatus, Server


def register_server(session: Session, *, host: str, pid: int, now: datetime) -> int:
    """A new server row for this process; its id (the owner its claims name)."""
    row = Server(host=host, pid=pid, started_at=now, heartbeat_at=now)
    session.add(row)
    session.flush()
    assert row.id is not None
    return row.id


def heartbeat(
    session: Session,
    server_id: int,
    *,
    now: datetime,
    holding: Collection[int] = (),
    lease: timedelta,
) -> bool:
    """Renew ``server_id``'s heartbeat and the lease of the mails it is sending
    (``holding``: claimed by it, not yet marked). False when its row is gone: another
    server took it for dead, and its claims are no longer its own."""
    beat = session.execute(
        update(Server).where(col(Server.id) == server_id).values(heartbeat_at=now)
    )
    if not getattr(beat, "rowcount", 0):
        return False
    if holding:
        session.execute(_held(server_id, holding).values(next_attempt_at=now + lease))
    return True


def bury_dead(
    session: Session, *, host: str, alive: Callable[[int], bool], keep: int | None = None
) -> list[int]:
    """Remove the rows of servers on ``host`` whose process is gone (``alive(pid)``
    false; never ``keep``, the caller's own): their claims are free at once, without
    waiting out the grace. The ids removed."""
    rows = session.exec(select(Server).where(Server.host == host)).all()
    dead = [row.id for row in rows if row.id not in (None, keep) and not alive(row.pid)]
    if dead:
        session.execute(delete(Server).where(col(Server.id).in_(dead)))
    return dead


def unregister_server(session: Session, server_id: int, *, now: datetime) -> int:
    """A clean stop: the mails still claimed by ``server_id`` are given back (due at
    ``now``) and its row removed. How many were given back."""
    released = session.execute(
        update(Outbox)
        .where(col(Outbox.claimed_by) == server_id, col(Outbox.status) == OutboxStatus.PENDING)
        .values(claimed_by=None, next_attempt_at=now)
        .execution_options(synchronize_session=False)
    )
    session.execute(delete(Server).where(col(Server.id) == server_id))
    return int(getattr(released, "rowcount", 0) or 0)


def release_claims(
    session: Session, server_id: int, outbox_ids: Collection[int], *, due: datetime
) -> None:
    """Give back claimed mails this server will not send now (a failed pass): due again
    at ``due``, for any server."""
    if not outbox_ids:
        return
    session.execute(_held(server_id, outbox_ids).values(claimed_by=None, next_attempt_at=due))


def _held(server_id: int, outbox_ids: Collection[int]) -> Update:
    """An update of those of ``outbox_ids`` still pending and held by ``server_id``."""
    return (
        update(Outbox)
        .where(
            col(Outbox.id).in_(list(outbox_ids)),
            col(Outbox.claimed_by) == server_id,
            col(Outbox.status) == OutboxStatus.PENDING,
        )
        .execution_options(synchronize_session=False)
    )
