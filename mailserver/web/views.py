"""What the pages show, read from the database: plain data for the templates.

Nothing here writes. What a page may show is decided here, not in the templates: the
public view holds nothing a printout alone says (seats, whether they sent orders, never
what; the newspaper as the players and the GM wrote it), a seat's view adds only that
seat's own printouts, the GM's view adds the mails of the turn (their headers and
status, never a body).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TypeVar

from sqlmodel import Session, col, select

from db import repo
from db.models import (
    Game,
    GameMessage,
    GameStatus,
    InboundMail,
    MessageKind,
    Outbox,
    Player,
    PlayerStatus,
)
from engine.core import PrefilledOrders, SeatRecord, State
from mailserver.common.kinds import game_kind, newspaper
from mailserver.printouts.dice import dice_view
from mailserver.turns.final import (
    every_occupant,
    hall_of_fame_key,
    seat_records,
    stored_final_report,
)
from mailserver.turns.inputs import news_query
from mailserver.turns.plan import state_of

SHOWN_MAILS = 200
"""Inbound and outgoing mails the GM page lists (the newest)."""
HIDDEN = "–"
"""Stands for an address on the pages: the final report names no player's address."""


@dataclass(frozen=True)
class SeatRow:
    """A seat on the public page: never what it ordered, only whether."""

    seat: int
    status: str
    sent: bool
    """The occupant has sent orders for the coming turn."""
    final: bool
    late: int
    """Deadlines missed in a row (NMR); 0: on time."""


@dataclass(frozen=True)
class NewsItem:
    """An article (``by_gm`` false) or a notice of the GM, as written."""

    text: str
    by_gm: bool


@dataclass(frozen=True)
class Edition:
    """The newspaper of one turn."""

    turn: int
    items: list[NewsItem]


@dataclass
class PublicView:
    """The public page of a game."""

    game: Game
    title: str
    paper: str
    status: str
    turn: int
    deadline: datetime | None
    seats: list[SeatRow]
    editions: list[Edition]
    final_report: str | None = None
    dice_seal: str | None = None
    """The seal of the coming turn's dice (docs/dice.md, "Seal"): public before its
    orders come in; ``None`` when there is none (a finished or unsealed game)."""


@dataclass
class MailRow:
    """A mail of the turn on the GM page: header data and status, never the body."""

    when: datetime
    direction: str
    """``in`` or ``out``."""
    address: str
    subject: str
    kind: str
    status: str
    note: str = ""


@dataclass
class GmView:
    """The GM page: the public view plus what only the GM may see."""

    public: PublicView
    held: bool
    held_reason: str
    mails: list[MailRow] = field(default_factory=list)
    players: list[Player] = field(default_factory=list)


def listed_games(session: Session) -> list[Game]:
    """The games of the index: running (and paused, adjudicating) first, then finished."""
    games = session.exec(
        select(Game).where(col(Game.status) != GameStatus.SETUP).order_by(col(Game.number))
    ).all()
    return sorted(games, key=lambda g: g.status == GameStatus.FINISHED)


def seat_rows(session: Session, game: Game) -> list[SeatRow]:
    """Every seat: status, orders sent for the coming turn (by its occupant), NMRs."""
    latest = repo.latest_submissions(session, game.id or 0, game.turn + 1)
    rows = []
    for player in sorted(repo.current_players(session, game.id or 0), key=lambda p: p.seat):
        mine = latest.get(player.seat)
        sent = mine is not None and mine.player_id == player.id
        rows.append(
            SeatRow(
                seat=player.seat,
                status=str(player.status),
                sent=sent,
                final=bool(sent and mine is not None and mine.final),
                late=player.nmr_count if player.status == PlayerStatus.ACTIVE else 0,
            )
        )
    return rows


def editions(session: Session, game: Game) -> list[Edition]:
    """The newspaper of every turn, newest first: the articles and the GM's notices
    printed with it, as written (the printouts sign them; the page does not, so that it
    shows nothing a printout alone says)."""
    printed = session.exec(
        news_query(game.id or 0).where(col(GameMessage.delivered).is_(True))
    ).all()
    by_turn: dict[int, list[NewsItem]] = {}
    for message in printed:
        by_turn.setdefault(message.turn, []).append(
            NewsItem(message.text, message.kind == MessageKind.GM_NEWS)
        )
    return [Edition(turn, by_turn[turn]) for turn in sorted(by_turn, reverse=True)]


def public_view(session: Session, game: Game, lang: str) -> PublicView:
    """The public page's data (``lang``: the final report's language)."""
    kind = game_kind(game.kind)
    view = PublicView(
        game=game,
        title=kind.title,
        paper=newspaper(game, lang),
        status=str(game.status),
        turn=game.turn,
        deadline=game.next_deadline if game.status != GameStatus.FINISHED else None,
        seats=seat_rows(session, game),
        editions=editions(session, game),
        dice_seal=dice_view(session, game, game.turn).next_seal,
    )
    if game.status == GameStatus.FINISHED:
        view.final_report = final_report(session, game, lang)
    return view


def final_report(session: Session, game: Game, lang: str) -> str | None:
    """The game's final report (Hall of Fame) without addresses, or ``None``.

    Made from what the run of the last turn stored, the state and the ``game_over``
    event (:func:`mailserver.turns.final.stored_final_report`): nothing is evaluated
    again. A game that finished before the events were stored (schema 0005) shows the
    report its GM was mailed then, in the GM's language, with every address hidden.
    """
    players = every_occupant(session, game)
    seats = [SeatRecord(r.seat, HIDDEN, r.status, r.left_turn) for r in seat_records(players)]
    report = stored_final_report(session, game, seats, lang)
    return report if report is not None else _mailed_report(session, game, players)


def _mailed_report(session: Session, game: Game, players: Sequence[Player]) -> str | None:
    """The Hall of Fame mailed to the GM at the game's end, every address hidden."""
    key = hall_of_fame_key(game)
    report = session.exec(select(Outbox.body).where(Outbox.dedup_key == key)).first()
    if report is None:
        return None
    # The longest first: an address inside another one must not leave a piece behind.
    for address in sorted({p.address for p in players}, key=len, reverse=True):
        report = report.replace(address, HIDDEN)
    return report


def current_state(session: Session, game: Game, turn: int | None = None) -> State | None:
    """The state after ``turn`` (default: the latest); ``None`` if there is none."""
    turn = game.turn if turn is None else turn
    if turn < 0 or turn > game.turn or repo.load_snapshot(session, game.id or 0, turn) is None:
        return None
    return state_of(session, game, turn)


def ruler(game: Game, state: State | None, seat: int, lang: str) -> str:
    """The name ``seat`` plays under in ``state`` as the game names its rulers (a realm,
    a code name; "" when it names none, and for the GM): the seat's own page says whose
    it is, as its printout does — its own name only, never another seat's."""
    if state is None or seat == 0:
        return ""
    return game_kind(game.kind).engine.names(state, lang).rulers.get(seat, "")


def printout(session: Session, game: Game, seat: int, turn: int, lang: str) -> str | None:
    """``seat``'s printout of ``turn`` (seat 0: the GM's full view), rendered again from
    the stored snapshot by the game's engine: the text the mail carried at its heart,
    without the host's notes, secret messages or password around it, with its dice (the
    next seal and the seat's reveal, docs/dice.md)."""
    state = current_state(session, game, turn)
    if state is None:
        return None
    text = game_kind(game.kind).engine.printout(state, seat, lang)
    dice = dice_view(session, game, turn).lines(seat, lang)
    return text if not dice else text.rstrip("\n") + "\n\n" + "\n".join(dice) + "\n"


def order_text(session: Session, game: Game, player: Player, lang: str) -> tuple[str, str]:
    """What the order form of ``player``'s page starts with, and whence (``stored``,
    ``form`` or ``""``): the orders he has sent for the coming turn as they were stored
    (passwords masked), else the prefilled order form of his latest printout (if the game
    kind has one), else nothing."""
    mine = repo.latest_submissions(session, game.id or 0, game.turn + 1).get(player.seat)
    if mine is not None and mine.player_id == player.id:
        return mine.raw_text, "stored"
    engine = game_kind(game.kind).engine
    state = current_state(session, game)
    if state is None or not isinstance(engine, PrefilledOrders):
        return "", ""
    form = engine.order_form(state, player.seat, lang)
    return form, "form" if form else ""


def gm_view(session: Session, game: Game, lang: str) -> GmView:
    """The GM page's data: status, the held turn, the mails since the last evaluation."""
    view = GmView(
        public=public_view(session, game, lang),
        held=game.held,
        held_reason=game.held_reason or "",
        players=sorted(repo.current_players(session, game.id or 0), key=lambda p: p.seat),
    )
    snapshot = repo.load_snapshot(session, game.id or 0, game.turn)
    since = snapshot.created_at if snapshot is not None else game.created_at
    rows = [
        MailRow(
            m.received_at,
            "in",
            m.sender or "",
            m.subject or ("(web)" if m.mailbox == "web" else ""),
            m.mailbox or "",
            str(m.status),
            m.reason or "",
        )
        for m in _newest(session, InboundMail, InboundMail.received_at, since, game)
    ]
    rows += [
        MailRow(
            m.created_at,
            "out",
            m.to_address,
            m.subject,
            str(m.kind),
            str(m.status),
            m.last_error or "",
        )
        for m in _newest(session, Outbox, Outbox.created_at, since, game)
    ]
    view.mails = sorted(rows, key=lambda r: r.when, reverse=True)
    return view


Mail = TypeVar("Mail", InboundMail, Outbox)


def _newest(
    session: Session, table: type[Mail], moment: datetime, since: datetime, game: Game
) -> Sequence[Mail]:
    """The newest ``SHOWN_MAILS`` rows of ``table`` for ``game`` whose ``moment`` (a column
    of ``table``) is ``since`` or later."""
    return session.exec(
        select(table)
        .where(table.game_id == game.id, col(moment) >= since)
        .order_by(col(table.id).desc())
        .limit(SHOWN_MAILS)
    ).all()
