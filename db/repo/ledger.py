"""The ledger: bookings on a player's account and the balance they add up to."""

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import bindparam, func, update
from sqlmodel import Session, col, select

from db.models import LedgerEntry, LedgerKind, Player, utcnow
from db.repo.rows import clean_text, saved


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
