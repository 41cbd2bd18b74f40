"""Inbound mails as the poller took them in: their unique key, their outcome, the
retention of their text; the mailboxes' UID marks; the rate of the unknown-sender
reply.
"""

import hashlib
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from sqlalchemy import bindparam, case, func, update
from sqlalchemy.orm.attributes import set_committed_value
from sqlmodel import Session, col

from db.models import (
    InboundMail,
    InboundStatus,
    MailboxState,
    UnknownSenderReply,
    utcnow,
)
from db.repo.rows import (
    _clean_optional,
    _dialect_insert,
    _existing,
    _inserted_key,
    _persistent,
    _row_object,
    _table,
    normalise_address,
)

MAX_MESSAGE_ID_LENGTH = 998
"""Longer Message-IDs (an RFC 5322 line) are replaced by the hash of the mail."""


def inbound_key(message_id: str | None, raw: bytes) -> str:
    """The unique key of an inbound mail: its Message-ID, else ``sha256:<hex of raw>``.

    A missing, blank, over-long or control-character-laden Message-ID falls back to the
    hash, so a malformed header can never make the insert fail.
    """
    if message_id is not None:
        message_id = message_id.strip()
        if message_id and len(message_id) <= MAX_MESSAGE_ID_LENGTH and message_id.isprintable():
            return message_id
    return "sha256:" + hashlib.sha256(raw).hexdigest()


def record_inbound_mail(
    session: Session,
    *,
    raw: bytes,
    message_id: str | None,
    mailbox: str | None = None,
    uidvalidity: int | None = None,
    uid: int | None = None,
    sender: str | None = None,
    subject: str | None = None,
    received_at: datetime | None = None,
    stored: bytes | None = None,
    content_hash: str | None = None,
) -> tuple[InboundMail, bool]:
    """Record a mail idempotently; returns the row and whether it is new.

    ``message_id`` is the header as found (``None`` if absent; then the hash of ``raw``
    is the key). ``stored`` is what is kept of the mail (default: ``raw`` whole),
    ``content_hash`` identifies its sender and text (identical mails). A mail seen before
    is not stored again: the existing row comes back with ``False`` and must not be acted
    on. A new row has status ``received``; set the outcome in the same transaction.
    """
    values = {
        **_inbound_defaults(),
        "message_id": inbound_key(message_id, raw),
        "raw": raw if stored is None else stored,
        "content_hash": content_hash,
        "mailbox": mailbox,
        "uidvalidity": uidvalidity,
        "uid": uid,
        "sender": _clean_optional(sender),
        "subject": _clean_optional(subject),
        "received_at": received_at or utcnow(),
    }
    inserted = _inserted_key(session, InboundMail, values, "message_id")
    if inserted is None:
        return _existing(session, InboundMail, "message_id", values["message_id"]), False
    return _persistent(session, _row_object(InboundMail, {"id": inserted.id, **values})), True


@cache
def _inbound_defaults() -> dict[str, Any]:
    """Every column of a new inbound mail as the model's defaults make it (the outcome
    intake sets later, the rest given by :func:`record_inbound_mail`): taken from the
    model once, not made for every mail."""
    return InboundMail(message_id="", raw=b"").model_dump(exclude={"id"})


_SET_OUTCOME = (
    update(_table(InboundMail))
    .where(_table(InboundMail).c.id == bindparam("mail_id"))
    .values(
        status=bindparam("status"),
        reason=bindparam("reason"),
        game_id=bindparam("game_id"),
        player_id=bindparam("player_id"),
    )
)


def set_inbound_outcome(
    session: Session,
    mail: InboundMail,
    status: InboundStatus,
    reason: str | None,
    *,
    game_id: int | None,
    player_id: int | None,
) -> None:
    """Record what became of ``mail`` (a stored row): written at once by one ``UPDATE``,
    and ``mail`` shows it without being left to the session's flush (a unit of work for
    one row was a tenth of intake's transaction)."""
    outcome = {"status": status, "reason": reason, "game_id": game_id, "player_id": player_id}
    session.connection().execute(_SET_OUTCOME, {"mail_id": mail.id, **outcome})
    for name, value in outcome.items():
        set_committed_value(mail, name, value)


def expire_inbound_mail(session: Session, *, before: datetime) -> int:
    """Drop the stored text of mails received before ``before`` (the retention period);
    their record (key, sender, outcome) stays, so a copy is still recognised. How many."""
    result = session.execute(
        update(InboundMail)
        .where(col(InboundMail.received_at) < before, func.length(InboundMail.raw) > 0)
        .values(raw=b"")
    )
    return int(getattr(result, "rowcount", 0) or 0)


def get_mailbox_state(session: Session, mailbox: str) -> MailboxState | None:
    """The stored UIDVALIDITY and highest processed UID of ``mailbox``, if any."""
    return session.get(MailboxState, mailbox, populate_existing=True)


def set_mailbox_state(
    session: Session, mailbox: str, *, uidvalidity: int, last_uid: int, now: datetime | None = None
) -> MailboxState:
    """Record the highest processed UID of ``mailbox`` (an upsert).

    Under the same UIDVALIDITY the UID never goes back; a new UIDVALIDITY replaces both.
    """
    table = _table(MailboxState)
    stmt = _dialect_insert(session, MailboxState).values(
        mailbox=mailbox, uidvalidity=uidvalidity, last_uid=last_uid, updated_at=now or utcnow()
    )
    keep_old = (table.c.uidvalidity == stmt.excluded.uidvalidity) & (
        table.c.last_uid > stmt.excluded.last_uid
    )
    session.execute(
        stmt.on_conflict_do_update(
            index_elements=["mailbox"],
            set_={
                "uidvalidity": stmt.excluded.uidvalidity,
                "last_uid": case((keep_old, table.c.last_uid), else_=stmt.excluded.last_uid),
                "updated_at": stmt.excluded.updated_at,
            },
        )
    )
    state = session.get(MailboxState, mailbox, populate_existing=True)
    assert state is not None  # just written in this transaction
    return state


def unknown_sender_reply_due(
    session: Session, address: str, *, hours: int, now: datetime | None = None
) -> bool:
    """Whether ``address`` may get the "unknown sender" explanation now; if so, record it.

    At most one per address per ``hours`` (``Settings.unknown_sender_reply_hours``). One
    atomic upsert, so two processes cannot both say yes.
    """
    now = now or utcnow()
    table = _table(UnknownSenderReply)
    stmt = _dialect_insert(session, UnknownSenderReply).values(
        address=normalise_address(address), last_sent_at=now, count=1
    )
    stmt = stmt.on_conflict_do_update(
        index_elements=["address"],
        set_={"last_sent_at": stmt.excluded.last_sent_at, "count": table.c.count + 1},
        where=table.c.last_sent_at <= now - timedelta(hours=hours),
    )
    return session.execute(stmt.returning(table.c.address)).first() is not None
