"""The outbox: enqueuing mails (one, or a turn run's many in one statement), the
sender's claims with their lease and the owner's heartbeat, marking a mail sent or
failed (with backoff).
"""

from collections.abc import Mapping, Sequence
from datetime import datetime, timedelta
from functools import cache
from typing import Any, Required, TypedDict, Unpack

from sqlalchemy import Row, and_, bindparam, exists, or_, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlmodel import Session, col, select

from db.models import Outbox, OutboxKind, OutboxStatus, Server, make_message_id, utcnow
from db.repo.rows import (
    _clean_optional,
    _insert,
    _insert_if_absent,
    _insert_returning_id,
    _insert_unless_taken,
    _require_write_lock,
    _table,
    clean_text,
    saved,
)


class OutboxFields(TypedDict, total=False):
    """What a new outbox mail is made of (see :func:`enqueue_outbox`)."""

    to_address: Required[str]
    subject: Required[str]
    body: Required[str]
    kind: Required[OutboxKind]
    domain: str
    game_id: int | None
    player_id: int | None
    turn: int | None
    inbound_mail_id: int | None
    in_reply_to: str | None
    references: str | None
    auto_submitted: str | None
    dedup_key: str | None
    send_after: datetime | None
    attachments: list[Any] | None
    secret: str | None
    now: datetime | None


def outbox_values(**fields: Unpack[OutboxFields]) -> dict[str, Any]:
    """The column values of an outbox mail, not yet stored, with its Message-ID
    (``<hex@domain>``): see :func:`enqueue_outbox` for the fields,
    :func:`enqueue_outbox_many` to store several (plain values: a turn makes many, and
    building model objects only to turn them back into values was a tenth of a run)."""
    now = fields.get("now") or utcnow()
    return dict(
        message_id=make_message_id(fields.get("domain", "localhost")),
        to_address=fields["to_address"],
        subject=clean_text(fields["subject"]),
        body=clean_text(fields["body"]),
        kind=fields["kind"],
        game_id=fields.get("game_id"),
        player_id=fields.get("player_id"),
        turn=fields.get("turn"),
        inbound_mail_id=fields.get("inbound_mail_id"),
        in_reply_to=_clean_optional(fields.get("in_reply_to")),
        thread_references=_clean_optional(fields.get("references")),
        auto_submitted=fields.get("auto_submitted", "auto-generated"),
        dedup_key=fields.get("dedup_key"),
        attachments=fields.get("attachments") or None,
        secret=fields.get("secret"),
        next_attempt_at=fields.get("send_after") or now,
        created_at=now,
    )


def enqueue_outbox(session: Session, **fields: Unpack[OutboxFields]) -> Outbox:
    """Put a mail in the outbox; it gets its Message-ID (``<hex@domain>``) now.

    ``attachments`` are kept as given (``{"filename", "content_type", "data"}``, the data
    base64-encoded). ``secret`` is a password the body names only as
    ``PASSWORD_PLACEHOLDER``; it is kept until the mail is sent (then forgotten).
    ``auto_submitted`` defaults to ``auto-generated``.

    ``domain`` (default ``localhost``) should be the domain of the From address. With
    ``dedup_key`` the call is idempotent: a row with that key already there is returned
    instead of a second one. ``send_after`` delays the first attempt.
    """
    mail = Outbox(**outbox_values(**fields))
    if mail.dedup_key is not None:
        row, _ = _insert_if_absent(session, mail, "dedup_key")
        return row
    return _insert(session, mail)


def enqueue_outbox_id(session: Session, **fields: Unpack[OutboxFields]) -> int:
    """:func:`enqueue_outbox`, giving only the new row's id (with ``dedup_key``: the id of
    the row already there). No model object is built and none is added to the session:
    intake answers every mail this way, and the object was a third of storing it."""
    values = outbox_values(**fields)
    connection = session.connection()
    key = values["dedup_key"]
    if key is None:
        return int(connection.execute(_insert_returning_id(Outbox), values).scalar_one())
    stmt = _insert_unless_taken(connection.dialect.name, Outbox, "dedup_key")
    inserted = connection.execute(stmt, values).first()
    if inserted is not None:
        return int(inserted[0])
    table = _table(Outbox)
    return int(connection.execute(select(table.c.id).where(table.c.dedup_key == key)).scalar_one())


def enqueue_outbox_many(session: Session, mails: Sequence[Mapping[str, Any]]) -> list[int]:
    """Store ``mails`` (from :func:`outbox_values`, each with its own ``dedup_key``);
    their ids, in order.

    As :func:`enqueue_outbox` with ``dedup_key`` for each, but in one ``INSERT ... ON
    CONFLICT DO NOTHING RETURNING`` for all of them, and without reading the rows back:
    a turn run stores all its printouts in one round trip. A key already there (a retried
    run) keeps its row, whose id is looked up.
    """
    if not mails:
        return []
    keys = [mail["dedup_key"] for mail in mails]
    if None in keys or len(set(keys)) != len(keys):
        raise ValueError("enqueue_outbox_many needs a distinct dedup_key for every mail")
    table = _table(Outbox)
    connection = session.connection()
    stmt = _insert_outbox_many(connection.dialect.name)
    # Executemany, not one VALUES list: SQLAlchemy sends it as one statement all the same
    # ("insertmanyvalues") but compiles it once, where a VALUES list of n rows is
    # compiled anew for every call. RETURNING gives no promise about the order of the
    # rows: they are matched by key.
    ids: dict[str, int] = {key: id_ for id_, key in connection.execute(stmt, mails).all()}
    missing = [key for key in keys if key not in ids]
    if missing:
        found = select(table.c.id, table.c.dedup_key).where(table.c.dedup_key.in_(missing))
        ids.update({key: id_ for id_, key in session.execute(found).all()})
    return [ids[key] for key in keys if key is not None]


@cache
def _insert_outbox_many(dialect: str) -> Any:
    """``INSERT ... ON CONFLICT (dedup_key) DO NOTHING RETURNING id, dedup_key`` into the
    outbox, built once per database kind (every turn run stores its mails with it)."""
    module = postgresql if dialect == "postgresql" else sqlite
    table = _table(Outbox)
    stmt = module.insert(table).on_conflict_do_nothing(index_elements=["dedup_key"])
    return stmt.returning(table.c.id, table.c.dedup_key)


OUTBOX_LEASE = timedelta(minutes=10)
"""How long a claim holds without being renewed (a live sender renews its claims while
it sends them; a dead one's are free once its heartbeat is :data:`HEARTBEAT_GRACE` old)."""
HEARTBEAT_GRACE = timedelta(seconds=30)
"""A server whose heartbeat is older than this is taken for dead: its claims are free."""


class ClaimTerms(TypedDict, total=False):
    """The terms of an outbox claim (see :func:`claim_due_outbox_ids`)."""

    now: datetime | None
    limit: int
    lease: timedelta
    owner: int | None
    grace: timedelta


def claim_due_outbox(session: Session, **terms: Unpack[ClaimTerms]) -> list[Outbox]:
    """:func:`claim_due_outbox_ids`, and the claimed mails loaded."""
    claimed = claim_due_outbox_ids(session, **terms)
    return outbox_mails(session, [outbox_id for outbox_id, _ in claimed])


def claim_due_outbox_ids(
    session: Session,
    *,
    now: datetime | None = None,
    limit: int = 20,
    lease: timedelta = OUTBOX_LEASE,
    owner: int | None = None,
    grace: timedelta = HEARTBEAT_GRACE,
) -> list[tuple[int, str]]:
    """Claim up to ``limit`` pending mails that are due, oldest first; each claimed row's
    id and address.

    Each claimed row gets one more attempt counted, names ``owner`` (a :class:`Server`
    row's id; ``None``: nobody) and is not due again for ``lease``: commit at once, send
    outside the transaction, then :func:`mark_sent` or :func:`mark_failed`. Should the
    process die in between, the row is free again as soon as its owner's heartbeat is
    older than ``grace`` (or its server row gone), else after the lease, and goes out
    again under the same Message-ID. Rows locked by another process are skipped
    (PostgreSQL ``SKIP LOCKED``), so no row is handed out twice.

    Two plain statements: the sender needs no more than ids and addresses (its workers,
    or a reader after the commit, load the mails), and loading the rows would hold the
    write lock for what the claim does not use.
    """
    _require_write_lock(session)
    now = now or utcnow()
    terms = {"now": now, "alive_since": now - grace, "limit": limit}
    claimed = [(int(id_), str(to)) for id_, to in session.execute(_DUE_OUTBOX, terms).all()]
    if claimed:
        session.execute(
            _CLAIM_OUTBOX,
            {"ids": [id_ for id_, _ in claimed], "until": now + lease, "owner": owner},
        )
    return claimed


# The sender claims, reads and marks its mails with these, a lone acknowledgement as
# much as a printout burst: built once (building a statement, with its cache key, cost
# more than running it).
_OUTBOX = _table(Outbox)
_OWNER_ALIVE = exists().where(
    _table(Server).c.id == _OUTBOX.c.claimed_by,
    _table(Server).c.heartbeat_at >= bindparam("alive_since"),
)
_DUE_OUTBOX = (
    select(_OUTBOX.c.id, _OUTBOX.c.to_address)
    .where(
        _OUTBOX.c.status == OutboxStatus.PENDING,
        # Due, or claimed by a server whose heartbeat stopped (its claim is free).
        or_(
            _OUTBOX.c.next_attempt_at <= bindparam("now"),
            and_(_OUTBOX.c.claimed_by.is_not(None), ~_OWNER_ALIVE),
        ),
    )
    .order_by(_OUTBOX.c.next_attempt_at, _OUTBOX.c.id)
    .limit(bindparam("limit"))
    .with_for_update(skip_locked=True)
)
"""The pending mails that are due or whose owner is gone, oldest first, locked."""
_CLAIM_OUTBOX = (
    update(_OUTBOX)
    .where(_OUTBOX.c.id.in_(bindparam("ids", expanding=True)))
    .values(
        attempts=_OUTBOX.c.attempts + 1,
        next_attempt_at=bindparam("until"),
        claimed_by=bindparam("owner"),
    )
)


def outbox_mails(session: Session, outbox_ids: Sequence[int]) -> list[Outbox]:
    """The outbox rows of ``outbox_ids``, as stored now, in that order (a missing one is
    left out)."""
    stmt = select(Outbox).where(col(Outbox.id).in_(list(outbox_ids)))
    rows = session.exec(stmt.execution_options(populate_existing=True))
    by_id = {row.id: row for row in rows}
    return [by_id[id_] for id_ in outbox_ids if id_ in by_id]


_OUTBOX_MAIL_COLUMNS = (
    "id",
    "to_address",
    "subject",
    "body",
    "secret",
    "message_id",
    "in_reply_to",
    "thread_references",
    "auto_submitted",
    "created_at",
    "attachments",
)


_OUTBOX_ROWS = select(*(_OUTBOX.c[name] for name in _OUTBOX_MAIL_COLUMNS)).where(
    _OUTBOX.c.id.in_(bindparam("ids", expanding=True))
)


def outbox_rows(session: Session, outbox_ids: Sequence[int]) -> list[Row[Any]]:
    """What the mails of ``outbox_ids`` are made of (the columns of :func:`outbox_mails`
    a message is built from, as plain rows: no model objects for a mail about to be
    sent), in that order (a missing one is left out)."""
    found = session.execute(_OUTBOX_ROWS, {"ids": list(outbox_ids)})
    by_id = {row.id: row for row in found}
    return [by_id[id_] for id_ in outbox_ids if id_ in by_id]


def _lock_outbox(session: Session, outbox_id: int) -> Outbox:
    row = session.get(Outbox, outbox_id, with_for_update=True, populate_existing=True)
    if row is None:
        raise LookupError(f"no outbox row {outbox_id}")
    return row


def mark_sent(session: Session, outbox_id: int, *, now: datetime | None = None) -> bool:
    """Record that the SMTP server accepted the mail; call only after it did.

    Returns ``False`` (and changes nothing) when the row is no longer pending.
    """
    row = _lock_outbox(session, outbox_id)
    if row.status != OutboxStatus.PENDING:
        return False
    row.status = OutboxStatus.SENT
    row.sent_at = now or utcnow()
    row.last_error = None
    row.secret = None  # the password was in the mail; the database no longer needs it
    saved(session, row)
    return True


def mark_sent_many(
    session: Session, outbox_ids: Sequence[int], *, now: datetime | None = None
) -> int:
    """:func:`mark_sent` for many rows in one statement (executed for each row); how many
    were still pending.

    The sender marks the mails the relay accepted in groups: one transaction instead of
    one per mail keeps the write lock short while turn runs queue for it.
    """
    if not outbox_ids:
        return 0
    _require_write_lock(session)
    at = now or utcnow()
    result = session.connection().execute(
        _MARK_SENT, [{"mail": id_, "at": at} for id_ in outbox_ids]
    )
    return int(getattr(result, "rowcount", 0) or 0)


# One row by its key per parameter set (an executemany), not ``id IN (...) AND status =
# 'pending'``: for that SQLite chose the index on the status and went through every
# pending row, so that in a burst each group of marks cost more the more mails still
# waited (1.4 against 0.8 ms a commit of five marks with 1,800 waiting; docs/performance.md,
# "The marks of a burst").
_MARK_SENT = (
    update(_OUTBOX)
    .where(_OUTBOX.c.id == bindparam("mail"), _OUTBOX.c.status == OutboxStatus.PENDING)
    .values(status=OutboxStatus.SENT, sent_at=bindparam("at"), last_error=None, secret=None)
)


def retry_delay(attempts: int, *, base: timedelta, cap: timedelta) -> timedelta:
    """Exponential backoff: ``base`` after the first attempt, doubling, at most ``cap``."""
    delay = base
    for _ in range(attempts - 1):
        if delay >= cap:
            break
        delay *= 2
    return min(delay, cap)


def mark_failed(
    session: Session,
    outbox_id: int,
    error: str,
    *,
    permanent: bool = False,
    max_attempts: int = 10,
    base_delay: timedelta = timedelta(minutes=1),
    max_delay: timedelta = timedelta(hours=6),
    now: datetime | None = None,
) -> Outbox:
    """Record a failed attempt: retry later with backoff, or give up.

    Gives up (status ``failed``) on a ``permanent`` error (SMTP 5xx) or after
    ``max_attempts`` attempts. A row that is no longer pending is left as it is.
    """
    row = _lock_outbox(session, outbox_id)
    if row.status != OutboxStatus.PENDING:
        return row
    now = now or utcnow()
    row.last_error = clean_text(error)
    row.claimed_by = None  # no longer in anybody's hands: due again after the backoff
    if permanent or row.attempts >= max_attempts:
        row.status = OutboxStatus.FAILED
        row.secret = None  # never sent: the GM gives a new password with a takeover
    else:
        row.next_attempt_at = now + retry_delay(row.attempts, base=base_delay, cap=max_delay)
    return saved(session, row)
