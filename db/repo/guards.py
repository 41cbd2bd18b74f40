"""The counts intake's guards ask before answering a mail: answers sent to an address,
the same mail answered already, mails refused (the guessing guard).
"""

from datetime import datetime

from sqlalchemy import bindparam, func, or_
from sqlmodel import Session, col, select

from db.models import Game, InboundMail, InboundStatus, Outbox, Submission


def answers_since(session: Session, address: str, *, game_id: int | None, since: datetime) -> int:
    """How many answers to received mails went (or wait to go) to ``address`` since
    ``since``, for ``game_id`` (``None``: mails of no known game)."""
    stmt = (
        select(func.count())
        .select_from(Outbox)
        .where(
            Outbox.to_address == address,
            col(Outbox.inbound_mail_id).is_not(None),
            col(Outbox.created_at) >= since,
        )
    )
    stmt = stmt.where(
        col(Outbox.game_id).is_(None) if game_id is None else Outbox.game_id == game_id
    )
    return int(session.exec(stmt).one())


def outbox_key_taken(session: Session, key: str) -> bool:
    """Whether a mail with the dedup key ``key`` is in the outbox already."""
    return session.exec(select(Outbox.id).where(Outbox.dedup_key == key)).first() is not None


_LAST_MAIL_OF = (
    select(InboundMail.id, InboundMail.content_hash)
    .where(
        InboundMail.sender == bindparam("sender"),
        col(InboundMail.id) < bindparam("before"),
        col(InboundMail.received_at) >= bindparam("since"),
        InboundMail.status != InboundStatus.DUPLICATE,  # copies dropped unanswered
    )
    .order_by(col(InboundMail.id).desc())
    .limit(1)
)


def same_mail_answered(
    session: Session, sender: str, content_hash: str, *, before: int, since: datetime
) -> int | None:
    """The id of the mail ``sender`` sent last before mail ``before`` (since ``since``)
    if it had the same text, was answered, and nothing has happened since that a second
    answer could tell: it was refused, or its orders are for a turn still pending."""
    params = {"sender": sender, "before": before, "since": since}
    last = session.connection().execute(_LAST_MAIL_OF, params).first()
    if last is None:
        return None
    last_id, last_hash = last
    if last_id is None or last_hash != content_hash:
        return None
    if session.exec(select(Outbox.id).where(Outbox.inbound_mail_id == last_id)).first() is None:
        return None
    submission = session.exec(
        select(Submission).where(Submission.inbound_mail_id == last_id)
    ).first()
    if submission is not None:
        game = session.get(Game, submission.game_id)
        if game is None or game.turn + 1 != submission.turn:
            return None  # a turn has run since: the same orders are new orders
    return int(last_id)


_REFUSALS = (
    select(func.count())
    .select_from(InboundMail)
    .where(
        InboundMail.game_id == bindparam("game_id"),
        InboundMail.reason == bindparam("reason"),
        col(InboundMail.received_at) >= bindparam("since"),
    )
)
_REFUSALS_OF_GM = _REFUSALS.where(col(InboundMail.player_id).is_(None))
_REFUSALS_OF_PLAYER = _REFUSALS.where(InboundMail.player_id == bindparam("player_id"))
_FROM_SENDER = col(InboundMail.sender) == bindparam("sender")
_NOT_FROM = or_(col(InboundMail.sender).is_(None), col(InboundMail.sender) != bindparam("owner"))


def refusals_since(
    session: Session,
    *,
    game_id: int,
    player_id: int | None,
    reason: str,
    since: datetime,
    sender: str | None = None,
    not_sender: str | None = None,
) -> int:
    """Mails for ``game_id`` (and the seat's occupant ``player_id``; ``None``: the GM)
    refused with ``reason`` since ``since`` (the guessing guard counts wrong passwords).

    ``sender``: only those from this address (one sender's own tries); ``not_sender``:
    only those from any other address (the strangers' tries, beside the owner's)."""
    params: dict[str, object] = {"game_id": game_id, "reason": reason, "since": since}
    stmt = _REFUSALS_OF_GM
    if player_id is not None:
        params["player_id"] = player_id
        stmt = _REFUSALS_OF_PLAYER
    if sender is not None:
        params["sender"] = sender
        stmt = stmt.where(_FROM_SENDER)
    if not_sender is not None:
        params["owner"] = not_sender
        stmt = stmt.where(_NOT_FROM)
    return int(session.exec(stmt, params=params).one())
