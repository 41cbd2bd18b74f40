"""The game's end: who held the seats, and the final report (Hall of Fame).

The run of the last turn mails the report to the GM (:mod:`mailserver.turns.printing`)
and stores the engine's ``game_over`` event with the snapshot; the pages of a finished
game make the report from that stored event and state (:func:`stored_final_report`),
without evaluating anything.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from db import repo
from db.models import Game, Player
from engine.core import Event, SeatRecord
from mailserver.common.kinds import game_kind
from mailserver.turns.evaluate import recorded_events


def hall_of_fame_key(game: Game) -> str:
    """The outbox dedup key of the final report mailed to the GM: one per game."""
    return f"hall-of-fame:{game.number}"


def every_occupant(session: Session, game: Game) -> list[Player]:
    """Every occupant the game has had, in the order they joined."""
    stmt = select(Player).where(Player.game_id == game.id).order_by(col(Player.id))
    return list(session.exec(stmt).all())


def seat_records(players: Sequence[Player]) -> list[SeatRecord]:
    """Every occupant a game has had, as the final report names them."""
    return [
        SeatRecord(
            seat=p.seat,
            address=p.address,
            status="replaced" if not p.is_current and p.status == "active" else str(p.status),
            left_turn=p.left_turn,
        )
        for p in players
    ]


def game_over_event(events: Sequence[Event]) -> Event | None:
    """The event that ended the game, if one of ``events`` did."""
    return next((e for e in events if e.kind == "game_over"), None)


def stored_final_report(
    session: Session, game: Game, seats: Sequence[SeatRecord], lang: str
) -> str | None:
    """The final report of a finished game in ``lang``, made from what the run of its
    last turn stored: the state and the ``game_over`` event. ``None`` when the snapshot
    keeps no such event (a game not over, or one finished before schema 0005)."""
    snapshot = repo.load_snapshot(session, game.id or 0, game.turn)
    if snapshot is None or snapshot.events is None:
        return None
    event = game_over_event(recorded_events(snapshot.events))
    if event is None:
        return None
    engine = game_kind(game.kind).engine
    return engine.final_report(engine.state_from_json(snapshot.state_data()), event, seats, lang)
