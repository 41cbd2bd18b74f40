"""The GM's reports to the seats and rulings on a turn."""

from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy.orm import Mapped
from sqlmodel import Session, col, select

from db.models import GmReport, GmRuling
from db.repo.rows import clean_text, saved


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
