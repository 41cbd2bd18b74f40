"""The database tables (SQLModel).

Conventions:

* every timestamp is a timezone-aware UTC :class:`~datetime.datetime` (:class:`UtcDateTime`);
  naive datetimes are refused when written;
* enums are stored as plain strings (``VARCHAR(32)``, no database enum type and no CHECK),
  so a new value needs no migration;
* money is in integer cents; seeds are unsigned 64-bit integers (:class:`UInt64`);
* text that arrives from outside (addresses, subjects, bodies) is ``TEXT``, never a bounded
  ``VARCHAR``: an over-long header must not make an insert fail on PostgreSQL;
* JSON columns are replaced, not mutated in place (SQLAlchemy does not track in-place
  changes of a plain ``JSON`` column).

Turn numbering: ``Game.turn`` is the number of the latest evaluated turn (0 = the start
position). Everything collected for the next evaluation (order submissions, messages,
printouts) carries ``turn = game.turn + 1``; the snapshot of turn *t* is the state after
evaluation *t*.

A seat (``Player.seat``, 1..N) can change hands: every occupant is a ``Player`` row and
exactly one row per (game, seat) has ``is_current`` set (a partial unique index guards it).
"""

import enum
import json
import uuid
from datetime import UTC, datetime, time
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Dialect,
    Index,
    LargeBinary,
    String,
    Text,
    Time,
    TypeDecorator,
    UniqueConstraint,
    text,
)
from sqlalchemy import DateTime as SaDateTime
from sqlalchemy import Enum as SaEnum
from sqlmodel import Field, SQLModel

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
# Named constraints let Alembic's SQLite batch mode (table copy) find them again.
SQLModel.metadata.naming_convention = NAMING_CONVENTION

ENUM_LENGTH = 32


def utcnow() -> datetime:
    """The current time, timezone-aware, in UTC."""
    return datetime.now(UTC)


PASSWORD_PLACEHOLDER = "\ue000password\ue000"
"""Stands for ``Outbox.secret`` in a stored body (a private-use character on each side)."""


def make_message_id(domain: str = "localhost") -> str:
    """A new globally unique Message-ID header value, ``<hex@domain>``."""
    return f"<{uuid.uuid4().hex}@{domain}>"


class UtcDateTime(TypeDecorator[datetime]):
    """An aware datetime, stored in UTC and always returned with ``tzinfo=UTC``.

    PostgreSQL keeps it as ``timestamptz``; SQLite has no time zones, so the UTC wall time
    is stored without an offset (its fixed text format also sorts chronologically).
    """

    impl = SaDateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.utcoffset() is None:
            raise ValueError("naive datetime: use an aware datetime (e.g. db.models.utcnow())")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.utcoffset() is None:
            return value.replace(tzinfo=UTC)
        return value.astimezone(UTC)


class UInt64(TypeDecorator[int]):
    """An unsigned 64-bit integer (a seed, see ``engine.core.turn_seed``) as decimal text.

    Neither SQLite nor PostgreSQL has an unsigned 64-bit column; ``BIGINT`` stops at 2**63.
    """

    impl = String(20)
    cache_ok = True

    def process_bind_param(self, value: int | None, dialect: Dialect) -> str | None:
        if value is None:
            return None
        if not 0 <= value < 2**64:
            raise ValueError(f"not an unsigned 64-bit integer: {value}")
        return str(value)

    def process_result_value(self, value: str | None, dialect: Dialect) -> int | None:
        return None if value is None else int(value)


def _enum(cls: type[enum.StrEnum]) -> SaEnum:
    # Plain VARCHAR storing the values; no CHECK so that new members need no migration.
    return SaEnum(
        cls,
        native_enum=False,
        create_constraint=False,
        length=ENUM_LENGTH,
        values_callable=lambda members: [m.value for m in members],
        validate_strings=True,
    )


# --------------------------------------------------------------------------- enums


class GameStatus(enum.StrEnum):
    SETUP = "setup"
    RUNNING = "running"
    PAUSED = "paused"
    FINISHED = "finished"
    ADJUDICATING = "adjudicating"
    """A GM-adjudicated turn is past its deadline: the GM has the dossier and the turn
    waits for his reports (engine.core.TurnShape.GM_ADJUDICATED)."""


class PlayerStatus(enum.StrEnum):
    ACTIVE = "active"
    DROPPED = "dropped"
    """Left the game after two turns in a row without orders (rulebook 1.5)."""
    RESIGNED = "resigned"
    ELIMINATED = "eliminated"
    """Out by the rules (no planets left) but still a reader of the game."""


class InboundStatus(enum.StrEnum):
    RECEIVED = "received"
    """Recorded, not yet handled; the handler sets the outcome in the same transaction."""
    PROCESSED = "processed"
    IGNORED_AUTOMATIC = "ignored_automatic"
    REJECTED = "rejected"
    UNKNOWN_SENDER = "unknown_sender"
    DUPLICATE = "duplicate"
    ERROR = "error"


class MessageKind(enum.StrEnum):
    PRESS = "press"
    """An article for the newspaper of every printout."""
    SECRET = "secret"
    """A secret message to one player, delivered with the next printout."""
    URGENT = "urgent"
    """An urgent dispatch (Eildepesche), mailed at once; postage is charged."""
    GM_MESSAGE = "gm_message"
    """A player's message to the GM."""
    GM_NEWS = "gm_news"
    """A notice of the GM for every printout."""


class OutboxKind(enum.StrEnum):
    ACK = "ack"
    PRINTOUT = "printout"
    URGENT = "urgent"
    REMINDER = "reminder"
    GM_FORWARD = "gm_forward"
    NOTICE = "notice"
    UNKNOWN_SENDER = "unknown_sender"


class OutboxStatus(enum.StrEnum):
    PENDING = "pending"
    SENT = "sent"
    FAILED = "failed"
    """Given up: a permanent SMTP error or too many attempts."""


class LedgerKind(enum.StrEnum):
    TURN_FEE = "turn_fee"
    POSTAGE = "postage"
    DEPOSIT = "deposit"
    BONUS = "bonus"
    REFUND = "refund"


class StandbyStatus(enum.StrEnum):
    WAITING = "waiting"
    ASSIGNED = "assigned"
    WITHDRAWN = "withdrawn"


# -------------------------------------------------------------------------- tables


class Game(SQLModel, table=True):
    """One game of one kind, with its GM, schedule and the number of its latest turn."""

    __tablename__ = "game"
    __table_args__ = (Index("ix_game_status_next_deadline", "status", "next_deadline"),)

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(sa_type=String(32))
    """The game kind: the name of an ``engine.core.GameKind`` in the registry."""
    number: int = Field(sa_column_kwargs={"unique": True})
    """The game number players write in their mails; unique over all kinds."""
    name: str | None = Field(default=None, sa_type=Text)
    title: str | None = Field(default=None, sa_type=Text)
    """The game's title as its GM names it (``None``: none); ``name`` is the scenario."""
    status: GameStatus = Field(default=GameStatus.SETUP, sa_type=_enum(GameStatus))
    turn: int = 0
    """The latest evaluated turn (0: the start position)."""
    seed: int = Field(sa_type=UInt64)
    options: dict[str, Any] = Field(default_factory=dict, sa_type=JSON)
    """Rule options of this game (JSON object)."""
    gm_address: str = Field(sa_type=Text)
    gm_password_hash: str = Field(sa_type=Text)
    schedule_every_days: int | None = None
    """Deadlines every this many days; ``None``: the GM sets each deadline."""
    schedule_time: time | None = Field(default=None, sa_type=Time)
    """Local wall-clock time of a scheduled deadline, in ``timezone``."""
    timezone: str = Field(default="Europe/Berlin", sa_type=String(64))
    next_deadline: datetime | None = Field(default=None, sa_type=UtcDateTime)
    reminder_hours: list[int] = Field(default_factory=lambda: [48, 12], sa_type=JSON)
    """Reminders go out this many hours before the deadline."""
    early_run: bool = False
    """Evaluate before the deadline once every active player marked the orders final."""
    held: bool = False
    """The pending turn is held for the GM (not evaluated until released)."""
    held_reason: str | None = Field(default=None, sa_type=Text)
    held_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    started_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    finished_at: datetime | None = Field(default=None, sa_type=UtcDateTime)


class Player(SQLModel, table=True):
    """One occupant of a seat in a game (replaced occupants keep their row)."""

    __tablename__ = "player"
    __table_args__ = (
        Index(
            "uq_player_current_seat",
            "game_id",
            "seat",
            unique=True,
            sqlite_where=text("is_current"),
            postgresql_where=text("is_current"),
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    seat: int
    """The player number in the game (1..N)."""
    is_current: bool = True
    """This row is the seat's occupant now (whatever its status)."""
    status: PlayerStatus = Field(default=PlayerStatus.ACTIVE, sa_type=_enum(PlayerStatus))
    address: str = Field(sa_type=Text, index=True)
    """The registered address, normalised (see ``db.repo.normalise_address``)."""
    password_hash: str = Field(sa_type=Text)
    """``db.passwords.hash_password`` output; the clear text is never stored."""
    ruler_name: str | None = Field(default=None, sa_type=Text)
    seat_fields: dict[str, Any] | None = Field(default=None, sa_type=JSON)
    """The values of the game kind's per-seat fields (``engine.core.SeatField``)."""
    printout_files: dict[str, bool] | None = Field(default=None, sa_type=JSON)
    """The player's own choice of the files his printouts carry (``{"map": false}``;
    absent: as the game has it)."""
    bounced_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    """When a mail to this address was last refused for good by the relay."""
    language: str = Field(default="de", sa_type=String(8))
    timezone: str | None = Field(default=None, sa_type=String(64))
    nmr_count: int = 0
    """Turns in a row without orders."""
    balance_cents: int = 0
    """Cached sum of the ledger; only ``db.repo.book`` changes it."""
    joined_turn: int = 0
    left_turn: int | None = None
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    left_at: datetime | None = Field(default=None, sa_type=UtcDateTime)


class InboundMail(SQLModel, table=True):
    """Every mail the poller took in, raw, under a unique key (see ``db.repo.inbound_key``)."""

    __tablename__ = "inbound_mail"
    __table_args__ = (Index("ix_inbound_mail_mailbox_uid", "mailbox", "uidvalidity", "uid"),)

    id: int | None = Field(default=None, primary_key=True)
    message_id: str = Field(sa_type=Text, sa_column_kwargs={"unique": True})
    """The Message-ID, or ``sha256:<hex of the raw bytes>`` when it has none."""
    raw: bytes = Field(sa_type=LargeBinary)
    mailbox: str | None = Field(default=None, sa_type=Text)
    uidvalidity: int | None = Field(default=None, sa_type=BigInteger)
    uid: int | None = Field(default=None, sa_type=BigInteger)
    sender: str | None = Field(default=None, sa_type=Text)
    subject: str | None = Field(default=None, sa_type=Text)
    content_hash: str | None = Field(default=None, sa_type=String(64), index=True)
    """SHA-256 of the sender and the order text: the same mail sent again is answered once."""
    received_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    status: InboundStatus = Field(default=InboundStatus.RECEIVED, sa_type=_enum(InboundStatus))
    reason: str | None = Field(default=None, sa_type=Text)
    game_id: int | None = Field(default=None, foreign_key="game.id", index=True)
    player_id: int | None = Field(default=None, foreign_key="player.id", index=True)


class MailboxState(SQLModel, table=True):
    """Per IMAP mailbox: its UIDVALIDITY and the highest UID processed."""

    __tablename__ = "mailbox_state"

    mailbox: str = Field(sa_type=Text, primary_key=True)
    uidvalidity: int = Field(sa_type=BigInteger)
    last_uid: int = Field(default=0, sa_type=BigInteger)
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)


class Submission(SQLModel, table=True):
    """One order submission; every one is kept, the latest per (game, seat, turn) counts."""

    __tablename__ = "submission"
    __table_args__ = (Index("ix_submission_game_turn_seat", "game_id", "turn", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    player_id: int = Field(foreign_key="player.id", index=True)
    seat: int
    turn: int
    """The evaluation these orders are for (``game.turn + 1`` when sent)."""
    raw_text: str = Field(sa_type=Text)
    orders: list[Any] = Field(default_factory=list, sa_type=JSON)
    errors: list[Any] = Field(default_factory=list, sa_type=JSON)
    final: bool = False
    """The player marked these orders final (allows an early run)."""
    inbound_mail_id: int | None = Field(default=None, foreign_key="inbound_mail.id", index=True)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)


class GameMessage(SQLModel, table=True):
    """Press articles, secret messages, urgent dispatches and messages to or from the GM."""

    __tablename__ = "game_message"
    __table_args__ = (Index("ix_game_message_game_turn", "game_id", "turn"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    kind: MessageKind = Field(sa_type=_enum(MessageKind))
    sender_seat: int | None = None
    """``None``: the GM."""
    sender_player_id: int | None = Field(default=None, foreign_key="player.id", index=True)
    addressee_seat: int | None = None
    """``None``: everybody (press, GM news) or the GM (``gm_message``)."""
    text: str = Field(sa_type=Text)
    turn: int
    """The turn whose printout carries it."""
    delivered: bool = False
    delivered_at: datetime | None = Field(default=None, sa_type=UtcDateTime)
    inbound_mail_id: int | None = Field(default=None, foreign_key="inbound_mail.id", index=True)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)


class DiceSecret(SQLModel, table=True):
    """The secret of one turn's sealed dice (docs/dice.md, "Seal"): drawn before the turn
    opens, its SHA-256 printed as the seal, itself revealed with the turn's printouts."""

    __tablename__ = "dice_secret"
    __table_args__ = (UniqueConstraint("game_id", "turn"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    turn: int
    secret: str
    reveal: dict[str, Any] | None = Field(default=None, sa_type=JSON)
    """The turn's whole reveal once it ran (``engine.dice.Reveal.to_json``, every roll):
    the printouts, pages and re-sends of the turn show each seat its part of it."""
    created: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)


class TurnSnapshot(SQLModel, table=True):
    """The engine's state after a turn, as JSON text; one per (game, turn)."""

    __tablename__ = "turn_snapshot"
    __table_args__ = (UniqueConstraint("game_id", "turn"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    turn: int
    state: str = Field(sa_type=Text)
    """``State.to_json()`` serialised canonically (sorted keys)."""
    seed: int = Field(sa_type=UInt64)
    """The seed the evaluation producing this state ran with."""
    inputs: dict[str, Any] | None = Field(default=None, sa_type=JSON)
    """What the evaluation read (``mailserver.turns.inputs.TurnInputs.record``), so a
    replay uses exactly that; ``None`` for turn 0."""
    events: list[Any] | None = Field(default=None, sa_type=JSON)
    """The engine's events of the turn (``mailserver.turns.evaluate.events_record``): a
    finished game's pages make its final report from the ``game_over`` event kept here.
    ``None`` for turn 0 and for turns stored before schema 0005."""
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)

    def state_data(self) -> dict[str, Any]:
        """The stored state as a JSON object (for ``Game.state_from_json``)."""
        data: dict[str, Any] = json.loads(self.state)
        return data


class GmReport(SQLModel, table=True):
    """The GM's report to one seat for a GM-adjudicated turn (its printout to be)."""

    __tablename__ = "gm_report"
    __table_args__ = (UniqueConstraint("game_id", "turn", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    turn: int
    seat: int
    text: str = Field(sa_type=Text)
    attachments: list[Any] = Field(default_factory=list, sa_type=JSON)
    """``{"filename", "content_type", "data"}`` with the data base64-encoded."""
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)


class GmRuling(SQLModel, table=True):
    """One of the GM's rulings on a GM-adjudicated turn, an input of the turn
    (engine.core.Ruling): the open item it answers, a correction or the game's end.
    A later ruling on the same item replaces the earlier one; corrections add up."""

    __tablename__ = "gm_ruling"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    turn: int
    item: str = Field(sa_type=Text)
    text: str = Field(sa_type=Text)
    reason: str = Field(default="", sa_type=Text)
    """Why (a correction's reason, for the log)."""
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    given_by: str | None = Field(default=None, sa_type=Text)
    """The address of the GM who gave it (None: kept before this was recorded)."""
    given_via: str | None = Field(default=None, sa_type=Text)
    """How it came: ``mail``, ``web`` (the GM's workbench) or ``cli`` (``pbem gm``)."""


class Outbox(SQLModel, table=True):
    """Every mail the host sends; the sender only ever sends what is here."""

    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_status_next_attempt_at", "status", "next_attempt_at"),)

    id: int | None = Field(default=None, primary_key=True)
    message_id: str = Field(
        default_factory=make_message_id, sa_type=String(255), sa_column_kwargs={"unique": True}
    )
    """The Message-ID header, fixed at insert so a resend after a crash is recognisable."""
    to_address: str = Field(sa_type=Text)
    subject: str = Field(sa_type=Text)
    body: str = Field(sa_type=Text)
    in_reply_to: str | None = Field(default=None, sa_type=Text)
    thread_references: str | None = Field(default=None, sa_type=Text)
    """The ``References`` header value."""
    auto_submitted: str | None = Field(default="auto-generated", sa_type=String(32))
    kind: OutboxKind = Field(sa_type=_enum(OutboxKind))
    game_id: int | None = Field(default=None, foreign_key="game.id", index=True)
    player_id: int | None = Field(default=None, foreign_key="player.id", index=True)
    turn: int | None = None
    inbound_mail_id: int | None = Field(default=None, foreign_key="inbound_mail.id", index=True)
    """The mail this one answers."""
    dedup_key: str | None = Field(
        default=None, sa_type=String(255), sa_column_kwargs={"unique": True}
    )
    """Optional idempotency key, e.g. ``reminder:<game>:<turn>:<hours>:<seat>``."""
    attachments: list[Any] | None = Field(default=None, sa_type=JSON)
    """Files sent with the mail: ``{"filename", "content_type", "data"}`` (base64)."""
    secret: str | None = Field(default=None, sa_type=Text)
    """A password the body names only as :data:`PASSWORD_PLACEHOLDER`: put in when the
    mail is sent and then forgotten, so no stored body keeps it."""
    status: OutboxStatus = Field(default=OutboxStatus.PENDING, sa_type=_enum(OutboxStatus))
    attempts: int = 0
    next_attempt_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    """When the mail is due; while it is claimed, the end of its lease."""
    claimed_by: int | None = Field(default=None, index=True)
    """The :class:`Server` sending it now (``None``: nobody): free at once when that
    server is gone (its heartbeat stale), not only when the lease ends."""
    last_error: str | None = Field(default=None, sa_type=Text)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    sent_at: datetime | None = Field(default=None, sa_type=UtcDateTime)


class Server(SQLModel, table=True):
    """A running server process that sends outbox mail, alive while it renews
    :attr:`heartbeat_at` (every few seconds, ``mailserver/outbound/liveness.py``). The
    mails it claimed (``Outbox.claimed_by``) are free as soon as its heartbeat is stale
    or its row is gone; a clean stop removes the row and gives its claims back."""

    __tablename__ = "server"
    # Never an id used before (SQLite would reuse a deleted row's): a dead server's
    # claims must not pass to a newer one by its number.
    __table_args__ = {"sqlite_autoincrement": True}

    id: int | None = Field(default=None, primary_key=True)
    host: str = Field(sa_type=Text)
    """The machine's name: a server there may tell a dead process by its pid."""
    pid: int
    started_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    heartbeat_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)


class LedgerEntry(SQLModel, table=True):
    """A booking on a player's account (rulebook 1.4); charges are negative."""

    __tablename__ = "ledger_entry"

    id: int | None = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="player.id", index=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    amount_cents: int
    kind: LedgerKind = Field(sa_type=_enum(LedgerKind))
    turn: int | None = None
    note: str = Field(default="", sa_type=Text)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)


class Standby(SQLModel, table=True):
    """The standby list: people waiting to take over a seat."""

    __tablename__ = "standby"
    __table_args__ = (Index("ix_standby_status_created_at", "status", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    address: str = Field(sa_type=Text)
    name: str | None = Field(default=None, sa_type=Text)
    language: str = Field(default="de", sa_type=String(8))
    preferred_kind: str | None = Field(default=None, sa_type=String(32))
    """A game kind, or ``None`` for any."""
    status: StandbyStatus = Field(default=StandbyStatus.WAITING, sa_type=_enum(StandbyStatus))
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
    """The position in the list: the earliest waits longest."""
    assigned_player_id: int | None = Field(default=None, foreign_key="player.id")
    assigned_at: datetime | None = Field(default=None, sa_type=UtcDateTime)


class UnknownSenderReply(SQLModel, table=True):
    """When an unknown address last got the explanation (rate limit)."""

    __tablename__ = "unknown_sender_reply"

    address: str = Field(sa_type=Text, primary_key=True)
    last_sent_at: datetime = Field(sa_type=UtcDateTime)
    count: int = 1


class WebAccess(SQLModel, table=True):
    """A seat's secret web link (seat 0: the GM's): which generation of it is valid.

    The link itself is never stored: it is derived from the server's key, the game, the
    seat, the seat's occupant and :attr:`generation` (``mailserver/common/tokens.py``). No
    row: generation 1, not revoked. Renewing counts up; revoking refuses every link of
    the seat until it is renewed.
    """

    __tablename__ = "web_access"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id")
    seat: int
    generation: int = 1
    revoked: bool = False
    updated_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)


class HostSecret(SQLModel, table=True):
    """A key of the host generated once and shared by every process on the database
    (the web links' key when the settings give none)."""

    __tablename__ = "host_secret"

    name: str = Field(sa_type=String(64), primary_key=True)
    value: str = Field(sa_type=Text)
    created_at: datetime = Field(default_factory=utcnow, sa_type=UtcDateTime)
