"""The engine's input for one evaluation, assembled in one place.

The turn run, the GM's preview and the replay check all hand the engine what
:func:`engine_orders` makes of a :class:`TurnInputs`. The run stores
:meth:`TurnInputs.record` with the snapshot, and the replay check reads that record back
(:func:`recorded_inputs`) instead of working out again who executed: the two can never
drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, or_
from sqlmodel import Session, col, select

from db.models import GameMessage, MessageKind, Submission
from engine.core import NEUTRAL, Article, GameKind, Order, State, order_items
from mailserver.common.catalog import say
from mailserver.common.kinds import order_language


@dataclass(frozen=True)
class NewsText:
    """A text for the newspaper: a player's article (``author``) or a notice (``None``)."""

    author: int | None
    text: str


@dataclass(frozen=True)
class TurnInputs:
    """What one evaluation reads besides the state: the executing seats' submissions
    (the latest of each seat's occupant, less the NMR and the unpaid) and the news."""

    submissions: Mapping[int, Submission]
    news: Sequence[NewsText]

    def record(self) -> dict[str, Any]:
        """The JSON kept with the snapshot: submission ids by seat and the news texts."""
        return {
            "submissions": {str(seat): s.id for seat, s in sorted(self.submissions.items())},
            "news": [{"author": n.author, "text": n.text} for n in self.news],
        }


def news_query(game_id: int) -> Any:
    """Articles and GM notices of a game, in the order they came in."""
    return (
        select(GameMessage)
        .where(
            GameMessage.game_id == game_id,
            col(GameMessage.kind).in_([MessageKind.PRESS, MessageKind.GM_NEWS]),
        )
        .order_by(col(GameMessage.id))
    )


def pending_news(session: Session, game_id: int, turn: int) -> list[GameMessage]:
    """Articles and notices not yet printed that belong in the printouts of ``turn``."""
    stmt = news_query(game_id).where(
        col(GameMessage.turn) <= turn, col(GameMessage.delivered).is_(False)
    )
    return list(session.exec(stmt).all())


def printed_news(session: Session, game_id: int, turn: int) -> list[GameMessage]:
    """Articles and notices printed with ``turn``."""
    stmt = news_query(game_id).where(GameMessage.turn == turn, col(GameMessage.delivered).is_(True))
    return list(session.exec(stmt).all())


def news_to_print(session: Session, game_id: int, turn: int) -> list[GameMessage]:
    """What the run of ``turn`` prints, before it ran: :func:`printed_news` and
    :func:`pending_news` in one query (the run marks the pending ones printed)."""
    printed = and_(col(GameMessage.turn) == turn, col(GameMessage.delivered).is_(True))
    pending = and_(col(GameMessage.turn) <= turn, col(GameMessage.delivered).is_(False))
    return list(session.exec(news_query(game_id).where(or_(printed, pending))).all())


def news_of(messages: Sequence[GameMessage]) -> list[NewsText]:
    """The newspaper texts of stored messages."""
    return [
        NewsText(m.sender_seat if m.kind == MessageKind.PRESS else None, m.text) for m in messages
    ]


def recorded_inputs(session: Session, record: Mapping[str, Any]) -> TurnInputs:
    """The inputs a run recorded with its snapshot (see :meth:`TurnInputs.record`)."""
    ids = {int(seat): int(sid) for seat, sid in record.get("submissions", {}).items()}
    rows = session.exec(select(Submission).where(col(Submission.id).in_(list(ids.values()))))
    by_id = {s.id: s for s in rows}
    news = [NewsText(n.get("author"), str(n["text"])) for n in record.get("news", [])]
    return TurnInputs({seat: by_id[sid] for seat, sid in ids.items()}, news)


def engine_orders(kind: GameKind, state: State, inputs: TurnInputs) -> dict[int, list[Order]]:
    """The engine's input: orders of the seats that execute, then the news.

    An article goes with its author's orders, so the engine signs it with the ruler's
    name; an author without executed orders has it printed under key 0 (NEUTRAL) with the
    ruler's name added.
    """
    language = order_language(kind)
    orders: dict[int, list[Order]] = {
        seat: [language.order_from_json(o) for o in order_items(inputs.submissions[seat].orders)]
        for seat in sorted(inputs.submissions)
    }
    rulers = kind.engine.names(state).rulers
    neutral: list[Order] = []
    for item in inputs.news:
        if item.author is not None and item.author in orders:
            orders[item.author].append(Article(text=item.text))
            continue
        text = item.text
        if item.author is not None:
            ruler = rulers.get(item.author) or str(item.author)
            text = f"{text.rstrip()}\n{say('de', 'article_by', ruler=ruler)}"
        neutral.append(Article(text=text))
    if neutral:
        orders[NEUTRAL] = neutral
    return orders
