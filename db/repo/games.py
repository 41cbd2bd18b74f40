"""Games and their seats: a game by number, the seats of an address, locking a game
for its turn run (and claiming it before), a new occupant for a seat, the standby list.
"""

from dataclasses import dataclass
from datetime import datetime
from typing import Literal, Self

from sqlalchemy import Integer, bindparam, func
from sqlmodel import Session, col, select

from db.models import Game, GameStatus, Player, Standby, StandbyStatus, utcnow
from db.repo.rows import _require_write_lock, _table, normalise_address, saved

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


def kinds_in_play(session: Session) -> list[str]:
    """The kinds of the games not finished, each once, by name."""
    unfinished = col(Game.status) != GameStatus.FINISHED
    return sorted(session.exec(select(Game.kind).where(unfinished).distinct()))


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


ClaimOutcome = Literal["claimed", "taken", "not_due"]
"""What :func:`claim_turn` found: the claim is this transaction's; another transaction
holds it; or the turn cannot be due (nothing claimed that is worth holding)."""


def claim_turn(session: Session, game_id: int, due_by: datetime | None = None) -> ClaimOutcome:
    """Claim the game's pending turn for this server until ``session``'s transaction
    ends: ``claimed``, or ``taken`` when another transaction holds the claim (it is not
    waited for). With ``due_by``, ``not_due`` when a run at that moment would refuse the
    turn as not due whatever it finds: the game not running or held, its deadline not
    passed and no early runs (read in the same statement: most games a server finds
    already run by another are seen so, with no evaluation and no run asked for).

    Taken before the turn is evaluated ahead, where the row lock (:func:`lock_game`)
    would be held too long: a row lock held through an evaluation would hold up the
    game's mails. Another server that finds the turn claimed goes on to another game
    instead of evaluating the same turn for nothing (docs/performance.md, "More than one
    server"). It decides nothing else: the run still locks the game's row and checks its
    turn.

    PostgreSQL: a transaction-level advisory lock, given back at the commit or rollback,
    and by the database when the holder's connection dies (a killed server blocks
    nothing). SQLite: always ``claimed`` without a statement; it serves one server
    process.
    """
    if session.get_bind().dialect.name == "sqlite":
        return "claimed"
    row = session.execute(_CLAIM_TURN, {"space": _TURN_CLAIMS, "game_id": game_id}).first()
    if row is None or not row.claimed:
        return "taken"
    if due_by is None:  # a forced run: the run itself decides
        return "claimed"
    if row.status != GameStatus.RUNNING or row.held:
        return "not_due"
    passed = row.next_deadline is not None and row.next_deadline <= due_by
    # Whether an early run is ready is the worker's and the run's question.
    return "claimed" if passed or row.early_run else "not_due"


# The first key of the turn claims' advisory locks ("pbem" in ASCII), the game's id the
# second: other users of advisory locks on the database pick other first keys.
_TURN_CLAIMS = 0x7062656D
_CLAIM_TURN = select(
    # Both keys int4: the two-key form of the lock (the one-key form takes a bigint).
    func.pg_try_advisory_xact_lock(
        bindparam("space", type_=Integer), bindparam("game_id", type_=Integer)
    ).label("claimed"),
    *(_table(Game).c[name] for name in ("status", "held", "early_run", "next_deadline")),
).where(Game.id == bindparam("game_id"))


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
