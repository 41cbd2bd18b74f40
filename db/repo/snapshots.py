"""What a turn run keeps of each turn: the snapshot of the state after it (with what
the evaluation read and the engine's events), and its sealed dice (secret and
reveal).
"""

import json
from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import bindparam, update
from sqlmodel import Session, col, select

from db.models import DiceSecret, TurnSnapshot, utcnow
from db.repo.rows import _insert_values, _table


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
