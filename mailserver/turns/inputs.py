"""The engine's input for one evaluation, assembled in one place.

The turn run, the GM's preview, the evaluation ahead and the replay check all hand
:func:`mailserver.turns.evaluate.evaluate` a :class:`TurnInputs`. The run stores
:meth:`TurnInputs.record` with the snapshot, and the replay check reads that record back
(:func:`recorded_inputs`) instead of working out again who executed: the two can never
drift apart.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, bindparam, or_
from sqlmodel import Session, col, select

from db import repo
from db.models import (
    Game,
    GameMessage,
    GmReport,
    GmRuling,
    LedgerEntry,
    LedgerKind,
    MessageKind,
    Player,
    Submission,
)
from engine.core import NEUTRAL, Article, GameKind, Order, State, order_items
from mailserver.common.catalog import say
from mailserver.common.kinds import order_language
from mailserver.turns.sealing import SealedDice


@dataclass(frozen=True)
class NewsText:
    """A text for the newspaper: a player's article (``author``) or a notice (``None``)."""

    author: int | None
    text: str


@dataclass(frozen=True)
class TurnInputs:
    """What one evaluation reads besides the state: the executing seats' submissions
    (the latest of each seat's occupant, less the NMR and the unpaid) and the news; in a
    GM-adjudicated turn the GM's reports by seat, which take the engine's place, and
    (a kind whose GM rules, engine.core.Ruled) his rulings, in the order they came; the
    sealed dice's secret and digests when the turn has them."""

    submissions: Mapping[int, Submission]
    news: Sequence[NewsText]
    reports: Mapping[int, GmReport] | None = None
    dice: SealedDice | None = None
    """The secret and digests of a sealed turn; None: the turn's legacy dice."""
    rulings: Sequence[GmRuling] | None = None

    def record(self) -> dict[str, Any]:
        """The JSON kept with the snapshot: submission ids by seat, the news texts and
        the report ids by seat and the ruling ids in order (only in an adjudicated turn),
        the dice's secret and digests (only in a sealed turn)."""
        record: dict[str, Any] = {
            "submissions": {str(seat): s.id for seat, s in sorted(self.submissions.items())},
            "news": [{"author": n.author, "text": n.text} for n in self.news],
        }
        if self.reports is not None:
            record["reports"] = {str(seat): r.id for seat, r in sorted(self.reports.items())}
        if self.rulings is not None:
            record["rulings"] = [r.id for r in self.rulings]
        if self.dice is not None:
            record["dice"] = self.dice.record()
        return record


# The news statements of every turn run and evaluation ahead are built once, with
# parameters: building a statement cost more than running it (docs/performance.md).
_NEWS = (
    select(GameMessage)
    .where(
        GameMessage.game_id == bindparam("game_id"),
        col(GameMessage.kind).in_([MessageKind.PRESS, MessageKind.GM_NEWS]),
    )
    .order_by(col(GameMessage.id))
)
_PRINTED = and_(col(GameMessage.turn) == bindparam("turn"), col(GameMessage.delivered).is_(True))
_PENDING = and_(col(GameMessage.turn) <= bindparam("turn"), col(GameMessage.delivered).is_(False))
_PENDING_NEWS = _NEWS.where(_PENDING)
_PRINTED_NEWS = _NEWS.where(_PRINTED)
_NEWS_TO_PRINT = _NEWS.where(or_(_PRINTED, _PENDING))


def news_query(game_id: int) -> Any:
    """Articles and GM notices of a game, in the order they came in."""
    return _NEWS.params(game_id=game_id)


def pending_news(session: Session, game_id: int, turn: int) -> list[GameMessage]:
    """Articles and notices not yet printed that belong in the printouts of ``turn``."""
    return list(session.exec(_PENDING_NEWS, params={"game_id": game_id, "turn": turn}).all())


def printed_news(session: Session, game_id: int, turn: int) -> list[GameMessage]:
    """Articles and notices printed with ``turn``."""
    return list(session.exec(_PRINTED_NEWS, params={"game_id": game_id, "turn": turn}).all())


def news_to_print(session: Session, game_id: int, turn: int) -> list[GameMessage]:
    """What the run of ``turn`` prints, before it ran: :func:`printed_news` and
    :func:`pending_news` in one query (the run marks the pending ones printed)."""
    return list(session.exec(_NEWS_TO_PRINT, params={"game_id": game_id, "turn": turn}).all())


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
    reports = None
    if "reports" in record:
        report_ids = {int(seat): int(rid) for seat, rid in record["reports"].items()}
        found = session.exec(select(GmReport).where(col(GmReport.id).in_(report_ids.values())))
        by_report = {r.id: r for r in found}
        reports = {seat: by_report[rid] for seat, rid in report_ids.items()}
    rulings = None
    if "rulings" in record:
        ruling_ids = [int(rid) for rid in record["rulings"]]
        found_rulings = session.exec(select(GmRuling).where(col(GmRuling.id).in_(ruling_ids)))
        by_ruling = {r.id: r for r in found_rulings}
        rulings = [by_ruling[rid] for rid in ruling_ids]
    dice = SealedDice.from_record(record["dice"]) if "dice" in record else None
    submissions = {seat: by_id[sid] for seat, sid in ids.items()}
    return TurnInputs(submissions, news, reports, dice, rulings)


def derived_inputs(session: Session, game: Game, turn: int) -> TurnInputs:
    """The inputs of a turn stored before runs recorded them (schema 0001): the latest
    submission of each seat's occupant then, less the unpaid turn fees (a 0-cent
    ``turn_fee`` entry), and the news printed with the turn."""
    game_id = game.id or 0
    players = session.exec(select(Player).where(Player.game_id == game_id)).all()
    occupants = {
        p.seat: p
        for p in players
        if p.joined_turn <= turn and (p.left_turn is None or p.left_turn > turn)
    }
    latest = repo.latest_submissions(session, game_id, turn)
    unpaid = set(
        session.exec(
            select(LedgerEntry.player_id).where(
                LedgerEntry.game_id == game_id,
                LedgerEntry.turn == turn,
                LedgerEntry.kind == LedgerKind.TURN_FEE,
                LedgerEntry.amount_cents == 0,
            )
        ).all()
    )
    executing = {
        seat: s
        for seat, s in latest.items()
        if seat in occupants
        and s.player_id == occupants[seat].id
        and occupants[seat].id not in unpaid
    }
    return TurnInputs(executing, news_of(printed_news(session, game_id, turn)))


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
