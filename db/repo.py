"""Small repository functions for the mail server and the turn runner.

Every function takes a :class:`~sqlmodel.Session` and never commits: the caller owns the
transaction (normally :func:`db.session.transaction`). Functions that lock work for
exactly-once processing (``lock_game``, ``claim_due_outbox``,
``next_standby``) use ``SELECT ... FOR UPDATE [SKIP LOCKED]`` on PostgreSQL; SQLite has no
row locks, so there they require a transaction begun with ``BEGIN IMMEDIATE`` (the
database's single write lock does the serialising) and raise :class:`RuntimeError`
otherwise.

PostgreSQL text cannot hold NUL characters; the functions here that store text from
mails remove them (the raw bytes keep everything).
"""

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cache
from typing import Any, Required, Self, TypedDict, TypeVar, Unpack

from sqlalchemy import Row, Table, and_, bindparam, case, exists, func, insert, or_, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Mapped, make_transient_to_detached
from sqlalchemy.orm.attributes import manager_of_class, set_committed_value
from sqlmodel import Session, SQLModel, col, select

from db.models import (
    DiceSecret,
    Game,
    GameMessage,
    GmReport,
    GmRuling,
    HostSecret,
    InboundMail,
    InboundStatus,
    LedgerEntry,
    LedgerKind,
    MailboxState,
    MessageKind,
    Outbox,
    OutboxKind,
    OutboxStatus,
    Player,
    Server,
    Standby,
    StandbyStatus,
    Submission,
    TurnSnapshot,
    UnknownSenderReply,
    WebAccess,
    make_message_id,
    utcnow,
)
from db.session import holds_write_lock

ModelT = TypeVar("ModelT", bound=SQLModel)

MAX_MESSAGE_ID_LENGTH = 998
"""Longer Message-IDs (an RFC 5322 line) are replaced by the hash of the mail."""


# ------------------------------------------------------------------------ helpers


def normalise_address(address: str) -> str:
    """An address as stored and compared: surrounding blanks removed, lower case."""
    return address.strip().lower()


def clean_text(value: str) -> str:
    """``value`` without NUL characters, which PostgreSQL text cannot store."""
    return value.replace("\x00", "")


def _clean_optional(value: str | None) -> str | None:
    return None if value is None else clean_text(value)


def _table(model: type[SQLModel]) -> Table:
    table: Table = model.__table__  # type: ignore[attr-defined]
    return table


def _dialect_insert(session: Session, model: type[SQLModel]) -> Any:
    """``INSERT`` with ``ON CONFLICT`` support for the session's database."""
    name = session.get_bind().dialect.name
    module = postgresql if name == "postgresql" else sqlite
    return module.insert(_table(model))


@cache
def _insert_unless_taken(dialect: str, model: type[SQLModel], key: str) -> Any:
    """``INSERT ... ON CONFLICT (key) DO NOTHING RETURNING`` the primary key, for
    ``model``, built once per database kind (building a statement costs more than
    running it)."""
    module = postgresql if dialect == "postgresql" else sqlite
    table = _table(model)
    # RETURNING, not rowcount: PostgreSQL reports no rowcount with implicit RETURNING.
    stmt = module.insert(table).on_conflict_do_nothing(index_elements=[key])
    return stmt.returning(*table.primary_key.columns)


def _insert_if_absent(session: Session, obj: ModelT, key: str) -> tuple[ModelT, bool]:
    """Insert ``obj`` unless a row with the same unique ``key`` exists; return the row.

    ``INSERT ... ON CONFLICT DO NOTHING`` is race-free: on PostgreSQL a concurrent insert
    of the same key waits for the other transaction instead of failing.
    """
    model = type(obj)
    values = obj.model_dump(exclude={"id"})
    inserted = _inserted_key(session, model, values, key)
    if inserted is None:
        return _existing(session, model, key, values[key]), False
    # The row is what was inserted: no need to read it back.
    for column, value in zip(_table(model).primary_key.columns, inserted, strict=True):
        setattr(obj, column.key, value)
    return _persistent(session, obj), True


def _inserted_key(
    session: Session, model: type[SQLModel], values: Mapping[str, Any], key: str
) -> Row[Any] | None:
    """The primary key of the row of ``model`` inserted from ``values``; ``None`` when a
    row with the same unique ``key`` exists (see :func:`_insert_if_absent`)."""
    stmt = _insert_unless_taken(session.get_bind().dialect.name, model, key)
    # A Core statement: the session would only pass it on to its connection.
    return session.connection().execute(stmt, values).first()


def _existing(session: Session, model: type[ModelT], key: str, value: object) -> ModelT:
    """The row of ``model`` whose unique ``key`` is ``value``, read afresh."""
    found = select(model).where(getattr(model, key) == value)
    return session.exec(found.execution_options(populate_existing=True)).one()


def _row_object(model: type[ModelT], values: Mapping[str, Any]) -> ModelT:
    """A model object of a row stored with ``values`` (every column), made as the ORM makes
    a loaded row: without the model's ``__init__`` (a fifth of storing an inbound mail)."""
    obj: ModelT = manager_of_class(model).new_instance()
    for name, value in values.items():
        set_committed_value(obj, name, value)
    return obj


def _insert(session: Session, obj: ModelT) -> ModelT:
    """Insert ``obj`` (without an id) at once and return it, in the session with its id.

    One ``INSERT ... RETURNING id``, instead of the unit of work's flush: a flush is much
    of a short transaction's time (intake stores several rows per mail). The rows
    ``obj`` refers to must be stored already.
    """
    values = obj.model_dump(exclude={"id"})
    stmt = _insert_returning_id(type(obj))
    obj.id = session.connection().execute(stmt, values).scalar_one()
    return _persistent(session, obj)


@cache
def _insert_returning_id(model: type[SQLModel]) -> Any:
    """``INSERT ... RETURNING id`` for ``model``, built once."""
    table = _table(model)
    return insert(table).returning(table.c.id)


def _insert_values(session: Session, model: type[SQLModel], **values: Any) -> None:
    """Insert one row of ``model`` from plain ``values`` (every column but the id) at
    once, for a caller that needs no model object of it."""
    session.connection().execute(_insert_plain(model), values)


@cache
def _insert_plain(model: type[SQLModel]) -> Any:
    """``INSERT`` for ``model``, built once."""
    return insert(_table(model))


def _persistent(session: Session, obj: ModelT) -> ModelT:
    """``obj``, just inserted with its id set, as a loaded row of ``session``: later
    changes to it are flushed as an ``UPDATE``."""
    make_transient_to_detached(obj)
    session.add(obj)
    return obj


def saved(session: Session, row: ModelT) -> ModelT:
    """``row`` added to ``session`` and flushed (a new row has its id now)."""
    session.add(row)
    session.flush()
    return row


def _require_write_lock(session: Session) -> None:
    if not holds_write_lock(session.connection()):
        raise RuntimeError(
            "on SQLite this needs a transaction begun with BEGIN IMMEDIATE: "
            "use db.session.transaction(engine)"
        )


# ------------------------------------------------------------------ inbound mail


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


# ------------------------------------------------------------------ games, players


# The statements intake runs for every mail are built once, with parameters: building
# one costs more than running it (SQLAlchemy's statement objects and cache keys).
_GAME_BY_NUMBER = select(Game).where(Game.number == bindparam("number"))
_CURRENT_PLAYERS = (
    select(Player)
    .where(Player.game_id == bindparam("game_id"), col(Player.is_current).is_(True))
    .order_by(col(Player.seat))
)


_SEAT_OF_NUMBERS = (
    Game.number == bindparam("number"),
    Player.seat == bindparam("seat"),
    col(Player.is_current).is_(True),
)
"""Game ``number`` and the current occupant of its ``seat`` (joined by the game's id)."""
_SEAT_BY_NUMBERS = (
    select(Game, Player).join(Player, col(Player.game_id) == col(Game.id)).where(*_SEAT_OF_NUMBERS)
)
_SEAT_KEYS_BY_NUMBERS = (
    select(
        *(_table(Game).c[name] for name in ("id", "kind", "turn")),
        *(_table(Player).c[name] for name in ("seat", "language", "address", "password_hash")),
    )
    .join(Player, col(Player.game_id) == col(Game.id))
    .where(*_SEAT_OF_NUMBERS)
)


def seat_by_numbers(session: Session, number: int, seat: int) -> tuple[Game, Player] | None:
    """Game ``number`` and the current occupant of its ``seat``, in one query; ``None``
    when there is no such game or no such seat."""
    found = session.exec(_SEAT_BY_NUMBERS, params={"number": number, "seat": seat}).first()
    return None if found is None else (found[0], found[1])


@dataclass(frozen=True)
class SeatKeys:
    """What intake's read-ahead needs of a seat and its game, as plain values."""

    game_id: int
    kind: str
    turn: int
    """The game's latest turn."""
    seat: int
    language: str
    address: str
    password_hash: str

    @classmethod
    def of(cls, game: Game, player: Player) -> Self:
        """The keys of a seat loaded as model rows."""
        return cls(
            game.id or 0,
            game.kind,
            game.turn,
            player.seat,
            player.language,
            player.address,
            player.password_hash,
        )


def seat_keys_by_numbers(session: Session, number: int, seat: int) -> SeatKeys | None:
    """The seat :func:`seat_by_numbers` finds, as plain values read by the session's
    connection: no model rows built (a third of the cost, for the read-ahead, which
    changes nothing)."""
    params = {"number": number, "seat": seat}
    found = session.connection().execute(_SEAT_KEYS_BY_NUMBERS, params).first()
    return None if found is None else SeatKeys(*found)


def get_game_by_number(session: Session, number: int) -> Game | None:
    """The game with this game number."""
    return session.exec(_GAME_BY_NUMBER, params={"number": number}).first()


def lock_game(session: Session, game_id: int, *, skip_locked: bool = False) -> Game | None:
    """Lock the game's row until the end of the transaction and return it, freshly read.

    The turn runner then checks ``game.turn`` (another process may have evaluated it in
    the meantime) before running a turn. PostgreSQL: ``SELECT ... FOR UPDATE``; with
    ``skip_locked`` a game locked elsewhere gives ``None`` instead of waiting. SQLite: the
    transaction's write lock already excludes every other writer, so this only re-reads
    (``skip_locked`` has no effect: other writers wait on the busy timeout instead).
    ``None`` also when no such game exists.
    """
    _require_write_lock(session)
    stmt = _LOCK_GAME_SKIP_LOCKED if skip_locked else _LOCK_GAME
    return session.exec(stmt, params={"game_id": game_id}).first()


# Built once: every turn run locks its game (building a statement cost more than running it).
_LOCK_GAME = (
    select(Game)
    .where(Game.id == bindparam("game_id"))
    .with_for_update()
    .execution_options(populate_existing=True)
)
_LOCK_GAME_SKIP_LOCKED = _LOCK_GAME.with_for_update(skip_locked=True)


_SEATS_OF_ADDRESS = select(Player).where(
    Player.address == bindparam("address"), col(Player.is_current).is_(True)
)


def seats_of_address(session: Session, address: str) -> list[Player]:
    """The seats ``address`` currently holds, in any game."""
    return list(session.exec(_SEATS_OF_ADDRESS, params={"address": address}).all())


def current_players(session: Session, game_id: int) -> list[Player]:
    """The current occupant of every seat of the game (any status), by seat."""
    return list(session.exec(_CURRENT_PLAYERS, params={"game_id": game_id}).all())


def replace_player(
    session: Session,
    old: Player,
    *,
    address: str,
    password_hash: str,
    turn: int,
    language: str = "de",
    timezone: str | None = None,
    standby: Standby | None = None,
    now: datetime | None = None,
) -> Player:
    """Give ``old``'s seat to a new occupant; ``old`` stays as history (``is_current`` off).

    ``old.status`` is kept (dropped, resigned ...). ``turn`` is the first turn the new
    occupant plays. When the newcomer came from the standby list, pass the entry: it is
    marked assigned.
    """
    now = now or utcnow()
    old.is_current = False
    if old.left_turn is None:
        old.left_turn = turn
    if old.left_at is None:
        old.left_at = now
    # The partial unique index allows one current occupant per seat: retire first.
    saved(session, old)
    new = saved(
        session,
        Player(
            game_id=old.game_id,
            seat=old.seat,
            address=normalise_address(address),
            password_hash=password_hash,
            language=language,
            timezone=timezone,
            joined_turn=turn,
            created_at=now,
        ),
    )
    if standby is not None:
        standby.status = StandbyStatus.ASSIGNED
        standby.assigned_player_id = new.id
        standby.assigned_at = now
        saved(session, standby)
    return new


def next_standby(session: Session, *, kind: str | None = None) -> Standby | None:
    """Lock and return the longest-waiting standby entry for a game of ``kind``.

    Entries without a preferred kind match every kind. Entries locked by another process
    are skipped (PostgreSQL ``SKIP LOCKED``).
    """
    _require_write_lock(session)
    stmt = select(Standby).where(Standby.status == StandbyStatus.WAITING)
    if kind is not None:
        stmt = stmt.where(
            (col(Standby.preferred_kind) == kind) | col(Standby.preferred_kind).is_(None)
        )
    stmt = (
        stmt.order_by(col(Standby.created_at), col(Standby.id))
        .limit(1)
        .with_for_update(skip_locked=True)
        .execution_options(populate_existing=True)
    )
    return session.exec(stmt).first()


def next_standby_for_game(session: Session, game: Game) -> Standby | None:
    """Lock and return the standby entry that gets a vacant seat of ``game`` (rulebook 3.3).

    The top of the list (longest waiting) for the game's kind who does not already play
    in that game (as the current occupant of a seat). Entries locked by another process
    are skipped (PostgreSQL ``SKIP LOCKED``).
    """
    _require_write_lock(session)
    playing = select(Player.address).where(
        Player.game_id == game.id, col(Player.is_current).is_(True)
    )
    stmt = (
        select(Standby)
        .where(
            Standby.status == StandbyStatus.WAITING,
            (col(Standby.preferred_kind) == game.kind) | col(Standby.preferred_kind).is_(None),
            col(Standby.address).not_in(playing),
        )
        .order_by(col(Standby.created_at), col(Standby.id))
        .limit(1)
        .with_for_update(skip_locked=True)
        .execution_options(populate_existing=True)
    )
    return session.exec(stmt).first()


# ---------------------------------------------------------- orders and messages


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


# ------------------------------------------------------------------------ outbox


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
    """:func:`mark_sent` for many rows in one statement; how many were still pending.

    The sender marks the mails the relay accepted in groups: one round trip instead of
    one per mail keeps the write lock short while turn runs queue for it.
    """
    if not outbox_ids:
        return 0
    _require_write_lock(session)
    params = {"ids": list(outbox_ids), "at": now or utcnow()}
    result = session.connection().execute(_MARK_SENT, params)
    return int(getattr(result, "rowcount", 0) or 0)


_MARK_SENT = (
    update(_OUTBOX)
    .where(
        _OUTBOX.c.id.in_(bindparam("ids", expanding=True)),
        _OUTBOX.c.status == OutboxStatus.PENDING,
    )
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


# --------------------------------------------------------------------- snapshots


def store_snapshot(
    session: Session,
    *,
    game_id: int,
    turn: int,
    state: Mapping[str, Any] | str,
    seed: int,
    inputs: Mapping[str, Any] | None = None,
    events: Sequence[Any] | None = None,
) -> None:
    """Store the state after ``turn`` (``State.to_json()``) as canonical JSON text, with
    the record of what the evaluation read (``inputs``) and of the engine's events
    (``events``). A ``str`` is taken as that canonical text already (a turn evaluated
    ahead made it).

    A second snapshot of the same turn violates the unique constraint: a turn is stored
    once.
    """
    text = (
        state
        if isinstance(state, str)
        else json.dumps(state, sort_keys=True, separators=(",", ":"), allow_nan=False)
    )
    # One INSERT of plain values at once: no flush of the unit of work, and no model
    # object made of the whole state only to be dumped back (a turn run stores one).
    _insert_values(
        session,
        TurnSnapshot,
        game_id=game_id,
        turn=turn,
        state=text,
        seed=seed,
        inputs=dict(inputs) if inputs is not None else None,
        events=list(events) if events is not None else None,
        created_at=utcnow(),
    )


_SNAPSHOT_TAKEN = select(_table(TurnSnapshot).c.id).where(
    _table(TurnSnapshot).c.game_id == bindparam("game_id"),
    _table(TurnSnapshot).c.turn == bindparam("turn"),
)


def snapshot_taken(session: Session, game_id: int, turn: int) -> bool:
    """Whether the snapshot of ``turn`` is stored (every turn run asks before it runs:
    one prepared statement, nothing loaded)."""
    found = session.execute(_SNAPSHOT_TAKEN, {"game_id": game_id, "turn": turn}).first()
    return found is not None


def load_snapshot(session: Session, game_id: int, turn: int | None = None) -> TurnSnapshot | None:
    """The snapshot of ``turn``, or the latest one when ``turn`` is ``None``."""
    stmt = select(TurnSnapshot).where(TurnSnapshot.game_id == game_id)
    if turn is not None:
        stmt = stmt.where(TurnSnapshot.turn == turn)
    return session.exec(stmt.order_by(col(TurnSnapshot.turn).desc()).limit(1)).first()


def store_dice_secret(session: Session, game_id: int, turn: int, secret: str) -> None:
    """Keep the secret of ``turn``'s dice (a second one for the turn violates the unique
    constraint: a seal, once printed, is never replaced)."""
    _insert_values(
        session,
        DiceSecret,
        game_id=game_id,
        turn=turn,
        secret=secret,
        reveal=None,
        created=utcnow(),
    )


# Built once: every turn run reads and writes these.
_OF_DICE_TURN = (
    _table(DiceSecret).c.game_id == bindparam("of_game"),
    _table(DiceSecret).c.turn == bindparam("of_turn"),
)
_DICE_SECRET = select(_table(DiceSecret).c.secret).where(*_OF_DICE_TURN)
_DICE_REVEAL = select(_table(DiceSecret).c.reveal).where(*_OF_DICE_TURN)
_STORE_DICE_REVEAL = (
    update(_table(DiceSecret)).where(*_OF_DICE_TURN).values(reveal=bindparam("reveal"))
)


def dice_secret(session: Session, game_id: int, turn: int) -> str | None:
    """The secret of ``turn``'s dice; None for a turn sealed before games had them."""
    params = {"of_game": game_id, "of_turn": turn}
    found = session.connection().execute(_DICE_SECRET, params).scalar()
    return None if found is None else str(found)


def store_dice_reveal(session: Session, game_id: int, turn: int, reveal: dict[str, Any]) -> None:
    """Keep the whole reveal of ``turn`` (every roll) with its secret (one ``UPDATE``, the
    row not read: LookupError when the turn has no secret)."""
    params = {"of_game": game_id, "of_turn": turn, "reveal": reveal}
    # Through the session's connection: a statement bound to parameters the ORM does
    # not know (the row is not loaded, nothing to synchronise).
    updated = session.connection().execute(_STORE_DICE_REVEAL, params)
    if not getattr(updated, "rowcount", 0):
        raise LookupError(f"no dice secret of turn {turn} of game {game_id}")


def dice_reveal(session: Session, game_id: int, turn: int) -> Mapping[str, Any] | None:
    """The whole reveal of ``turn``; None for a turn without sealed dice or not yet run."""
    found = session.execute(_DICE_REVEAL, {"of_game": game_id, "of_turn": turn}).scalar()
    return None if found is None else dict(found)


_SNAPSHOT_TEXT = select(TurnSnapshot.state).where(
    TurnSnapshot.game_id == bindparam("game_id"), TurnSnapshot.turn == bindparam("turn")
)


def snapshot_text(session: Session, game_id: int, turn: int) -> str | None:
    """The stored state (JSON text) of ``turn``'s snapshot, without the rest of the row
    (intake needs only this, and a loaded state cached by it)."""
    params = {"game_id": game_id, "turn": turn}
    return session.connection().execute(_SNAPSHOT_TEXT, params).scalar()


# ------------------------------------------------------------------ mail safety


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


def bookings(session: Session, player_id: int, *, turn: int, kind: LedgerKind) -> list[LedgerEntry]:
    """The ``kind`` bookings of a player's account for ``turn``."""
    stmt = (
        select(LedgerEntry)
        .where(
            LedgerEntry.player_id == player_id,
            LedgerEntry.turn == turn,
            LedgerEntry.kind == kind,
        )
        .order_by(col(LedgerEntry.id))
    )
    return list(session.exec(stmt).all())


# A turn run's printouts read them: built once (an expanding parameter for the players).
_BOOKINGS_OF_PLAYERS = (
    select(LedgerEntry)
    .where(
        col(LedgerEntry.player_id).in_(bindparam("player_ids", expanding=True)),
        LedgerEntry.turn == bindparam("turn"),
        LedgerEntry.kind == bindparam("kind"),
    )
    .order_by(col(LedgerEntry.id))
)


def bookings_of_players(
    session: Session, player_ids: Sequence[int], *, turn: int, kind: LedgerKind
) -> dict[int, list[LedgerEntry]]:
    """:func:`bookings` of several players in one query, by player id (none: absent)."""
    values = {"player_ids": list(player_ids), "turn": turn, "kind": kind}
    found: dict[int, list[LedgerEntry]] = {}
    for entry in session.exec(_BOOKINGS_OF_PLAYERS, params=values):
        found.setdefault(entry.player_id, []).append(entry)
    return found


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


# ------------------------------------------------------------------- GM reports


def store_gm_report(
    session: Session,
    *,
    game_id: int,
    turn: int,
    seat: int,
    text: str,
    attachments: list[Any],
    now: datetime,
) -> GmReport:
    """Keep the GM's report to ``seat`` for ``turn``; a later one replaces it."""
    report = session.exec(
        select(GmReport).where(
            GmReport.game_id == game_id, GmReport.turn == turn, GmReport.seat == seat
        )
    ).first()
    if report is None:
        report = GmReport(game_id=game_id, turn=turn, seat=seat, text="", created_at=now)
    report.text, report.attachments, report.created_at = clean_text(text), attachments, now
    return saved(session, report)


def gm_reports(session: Session, game_id: int, turn: int) -> list[GmReport]:
    """The GM's reports for ``turn``, by seat."""
    return _of_turn(session, GmReport, game_id, turn, col(GmReport.seat))


def store_gm_ruling(
    session: Session,
    *,
    game_id: int,
    turn: int,
    item: str,
    text: str,
    reason: str = "",
    now: datetime,
    adds: bool,
    given_by: str | None = None,
    given_via: str | None = None,
) -> GmRuling:
    """Keep one of the GM's rulings on ``turn``: a later ruling on the same item replaces
    the earlier one, unless it ``adds`` (a correction: each is kept, in order);
    ``given_by`` and ``given_via``: who gave it, and how it came."""
    if not adds:
        for old in session.exec(
            select(GmRuling).where(
                GmRuling.game_id == game_id, GmRuling.turn == turn, GmRuling.item == item
            )
        ).all():
            session.delete(old)
    return saved(
        session,
        GmRuling(
            game_id=game_id,
            turn=turn,
            item=item,
            text=clean_text(text),
            reason=clean_text(reason),
            created_at=now,
            given_by=given_by,
            given_via=given_via,
        ),
    )


def gm_rulings(session: Session, game_id: int, turn: int) -> list[GmRuling]:
    """The GM's rulings on ``turn``, in the order they came in."""
    return _of_turn(session, GmRuling, game_id, turn, col(GmRuling.id))


_TurnRowT = TypeVar("_TurnRowT", GmReport, GmRuling)


def _of_turn(
    session: Session, model: type[_TurnRowT], game_id: int, turn: int, order: Mapped[Any]
) -> list[_TurnRowT]:
    # The GM's rows of one turn of one game (reports, rulings), in ``order``.
    stmt = select(model).where(model.game_id == game_id, model.turn == turn).order_by(order)
    return list(session.exec(stmt).all())


# ------------------------------------------------------------------------ ledger


def book(
    session: Session,
    *,
    player_id: int,
    amount_cents: int,
    kind: LedgerKind,
    turn: int | None = None,
    note: str = "",
    now: datetime | None = None,
) -> LedgerEntry:
    """Book ``amount_cents`` (negative: a charge) and update the player's cached balance.

    The balance changes by an atomic ``UPDATE ... SET balance = balance + amount`` in the
    same transaction as the entry, so concurrent bookings cannot lose one another.
    """
    game_id = session.execute(
        update(Player)
        .where(col(Player.id) == player_id)
        .values(balance_cents=col(Player.balance_cents) + amount_cents)
        .returning(col(Player.game_id))
    ).scalar_one()
    entry = LedgerEntry(
        player_id=player_id,
        game_id=game_id,
        amount_cents=amount_cents,
        kind=kind,
        turn=turn,
        note=clean_text(note),
        created_at=now or utcnow(),
    )
    return saved(session, entry)


def ledger_balance(session: Session, player_id: int) -> int:
    """The balance computed from the ledger (equals ``Player.balance_cents``)."""
    total = session.exec(
        select(func.coalesce(func.sum(LedgerEntry.amount_cents), 0)).where(
            LedgerEntry.player_id == player_id
        )
    ).one()
    return int(total)


# --------------------------------------------------------------------------- web links


def host_secret(session: Session, name: str, make: Callable[[], str]) -> str:
    """The host's key ``name``, made with ``make()`` the first time (race-free: two
    processes starting together end up with the same key)."""
    row, _ = _insert_if_absent(session, HostSecret(name=name, value=make()), "name")
    return row.value


def web_access(session: Session, game_id: int, seat: int) -> WebAccess:
    """The state of a seat's web link (not stored until the GM changes it)."""
    stmt = select(WebAccess).where(WebAccess.game_id == game_id, WebAccess.seat == seat)
    found = session.exec(stmt).first()
    return found if found is not None else WebAccess(game_id=game_id, seat=seat)


def set_web_access(
    session: Session, game_id: int, seat: int, *, renew: bool, revoke: bool, now: datetime
) -> WebAccess:
    """Renew (a new generation, not revoked) or revoke a seat's web link; the new state."""
    row = web_access(session, game_id, seat)
    if renew:
        row.generation += 1
        row.revoked = False
    if revoke:
        row.revoked = True
    row.updated_at = now
    return saved(session, row)
