"""What the players send for a turn: order submissions (the latest one counts) and
their messages (articles, secret messages) waiting for the printouts.
"""

from collections.abc import Sequence
from datetime import datetime
from typing import Any, Required, TypedDict, Unpack

from sqlalchemy import Row, bindparam, func, or_
from sqlmodel import Session, col, select

from db.models import GameMessage, MessageKind, Player, Submission, utcnow
from db.repo.rows import _insert_returning_id, _persistent, _table, clean_text


class SubmissionFields(TypedDict, total=False):
    """What a new submission is made of (see :func:`store_submission`)."""

    player: Required[Player]
    turn: Required[int]
    raw_text: Required[str]
    orders: Required[Sequence[Any]]
    errors: Required[Sequence[Any]]
    final: bool
    inbound_mail_id: int | None
    now: datetime | None


def store_submission(session: Session, **fields: Unpack[SubmissionFields]) -> Submission:
    """Keep one order submission of ``player`` for ``turn`` (all are kept).

    ``orders`` and ``errors`` are JSON-able lists (``ParseResult.to_json()`` parts).
    """
    values = _submission_values(**fields)
    submission = Submission(**values)
    submission.id = _insert_submission(session, values)
    return _persistent(session, submission)


def add_submission(session: Session, **fields: Unpack[SubmissionFields]) -> int:
    """:func:`store_submission`, giving only the new row's id: no model object is built
    (intake stores one submission per order mail and does not read it back)."""
    return _insert_submission(session, _submission_values(**fields))


def _submission_values(**fields: Unpack[SubmissionFields]) -> dict[str, Any]:
    """The columns of a new submission (see :func:`store_submission`)."""
    player = fields["player"]
    if player.id is None:
        raise ValueError("the player has no id yet: flush it first")
    return {
        "game_id": player.game_id,
        "player_id": player.id,
        "seat": player.seat,
        "turn": fields["turn"],
        "raw_text": clean_text(fields["raw_text"]),
        "orders": list(fields["orders"]),
        "errors": list(fields["errors"]),
        "final": fields.get("final", False),
        "inbound_mail_id": fields.get("inbound_mail_id"),
        "created_at": fields.get("now") or utcnow(),
    }


def _insert_submission(session: Session, values: dict[str, Any]) -> int:
    """One ``INSERT ... RETURNING id`` of a submission's ``values``."""
    stmt = _insert_returning_id(Submission)
    return int(session.connection().execute(stmt, values).scalar_one())


_LATEST_SUBMISSION = (
    select(Submission)
    .where(
        Submission.game_id == bindparam("game_id"),
        Submission.seat == bindparam("seat"),
        Submission.turn == bindparam("turn"),
    )
    .order_by(col(Submission.id).desc())
    .limit(1)
)


def latest_submission(session: Session, game_id: int, seat: int, turn: int) -> Submission | None:
    """The submission that counts for (game, seat, turn): the latest stored one."""
    params = {"game_id": game_id, "seat": seat, "turn": turn}
    return session.exec(_LATEST_SUBMISSION, params=params).first()


_LATEST_ORDERS = (
    select(_table(Submission).c.orders)
    .where(
        _table(Submission).c.game_id == bindparam("game_id"),
        _table(Submission).c.seat == bindparam("seat"),
        _table(Submission).c.turn == bindparam("turn"),
    )
    .order_by(_table(Submission).c.id.desc())
    .limit(1)
)


def latest_orders(session: Session, game_id: int, seat: int, turn: int) -> list[Any] | None:
    """The stored orders (JSON) of :func:`latest_submission`, ``None`` when there is none:
    one column read by the session's connection, no model row (intake reads this for
    every order mail)."""
    params = {"game_id": game_id, "seat": seat, "turn": turn}
    found = session.connection().execute(_LATEST_ORDERS, params).first()
    return None if found is None else list(found[0])


# A turn's plan (the run's and the evaluation ahead's) reads these: built once.
_LATEST_SUBMISSIONS = select(Submission).where(
    col(Submission.id).in_(
        select(func.max(Submission.id))
        .where(Submission.game_id == bindparam("game_id"), Submission.turn == bindparam("turn"))
        .group_by(col(Submission.seat))
    )
)


def latest_submissions(session: Session, game_id: int, turn: int) -> dict[int, Submission]:
    """The submission that counts for every seat that sent one for ``turn``, by seat."""
    found = session.exec(_LATEST_SUBMISSIONS, params={"game_id": game_id, "turn": turn})
    return {s.seat: s for s in found.all()}


_WAITING = (
    select(GameMessage.addressee_seat, GameMessage.text)
    .where(
        GameMessage.game_id == bindparam("game_id"),
        GameMessage.sender_seat == bindparam("seat"),
        GameMessage.turn == bindparam("turn"),
        col(GameMessage.kind).in_([MessageKind.PRESS, MessageKind.SECRET]),
        col(GameMessage.delivered).is_(False),
    )
    .order_by(col(GameMessage.id))
)
_WAITING_EXCEPT = _WAITING.where(
    or_(
        col(GameMessage.inbound_mail_id).is_(None),
        col(GameMessage.inbound_mail_id) != bindparam("except_mail"),
    )
)


def waiting_messages(
    session: Session, game_id: int, seat: int, turn: int, *, except_mail: int | None
) -> list[Row[Any]]:
    """Articles and secret messages ``seat`` sent for ``turn`` that wait for the printouts,
    except those of mail ``except_mail``: their ``addressee_seat`` and ``text``, as plain
    rows (intake asks this for every order mail; mostly there are none)."""
    if session.new:
        session.flush()  # messages stored in this transaction count (as with autoflush)
    params = {"game_id": game_id, "seat": seat, "turn": turn}
    stmt = _WAITING
    if except_mail is not None:
        params["except_mail"] = except_mail
        stmt = _WAITING_EXCEPT
    return list(session.connection().execute(stmt, params).all())


def messages_sent(session: Session, game_id: int, seat: int, turn: int, kind: MessageKind) -> int:
    """Messages of ``kind`` that ``seat`` sent for ``turn`` (the printouts next)."""
    stmt = (
        select(func.count())
        .select_from(GameMessage)
        .where(
            GameMessage.game_id == game_id,
            GameMessage.kind == kind,
            GameMessage.sender_seat == seat,
            GameMessage.turn == turn,
        )
    )
    return int(session.exec(stmt).one())
