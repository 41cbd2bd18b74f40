"""The turn run, exactly once (issue 5, items 3 and 4; host rules in docs/host-rules.md).

:func:`run_turn` locks the game row, re-reads the turn number, refuses a turn whose
snapshot exists, and then writes everything an evaluation causes in the caller's one
transaction: the new snapshot, the turn number and next deadline, NMR counts and drops
(1.5), stand-by takeovers (3.3), turn fees (1.4), delivered messages, and every mail
(printouts, takeover mails, the GM's summary, the Hall of Fame) as outbox rows with
dedup keys. It sends nothing itself.

Game settings of the host live in ``Game.options["host"]`` (the rest of ``options`` are
the engine's rule options): ``nmr_drop_after`` (default 2), ``gm_language`` (``de``),
and the record ``mass_nmr_turns`` / ``mass_nmr_released`` of the mass-NMR guard.

The inputs of an evaluation are reproducible from the database alone (see
:func:`replay_check`): the latest submission of each seat's occupant, minus the seats
whose turn fee was not covered (a 0-cent ``turn_fee`` ledger entry), and the articles and
GM notices delivered with the turn (``GameMessage.turn`` is set to the turn that printed
them).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session, col, select

from db import repo
from db.models import (
    Game,
    GameMessage,
    GameStatus,
    LedgerEntry,
    LedgerKind,
    MessageKind,
    Outbox,
    OutboxKind,
    Player,
    PlayerStatus,
    Submission,
)
from db.passwords import hash_password
from engine.core import NEUTRAL, Order, State, TurnResult, turn_rng, turn_seed
from mailserver.faults import crash_point
from mailserver.games import game_engine, order_language
from mailserver.life_texts import life_text, public_notice
from mailserver.printouts import (
    domain_of,
    enqueue_printout,
    gm_summary_body,
    hall_of_fame_body,
    held_secrets,
    mark_delivered,
    new_password,
    password_intro,
    player_timezone,
    printout_body,
)
from mailserver.schedule import next_deadline, reminder_times
from mailserver.texts import format_money, format_when

__all__ = [
    "TurnRun",
    "due_game_ids",
    "early_run_ready",
    "host_settings",
    "preview_turn",
    "printout_body",
    "replay_check",
    "rule_options",
    "run_turn",
    "send_reminders",
    "start_game_printouts",
]

HOST_KEY = "host"
DEFAULT_NMR_DROP_AFTER = 2
DEFAULT_LATE_AFTER = timedelta(minutes=15)
READERS = (PlayerStatus.ACTIVE, PlayerStatus.ELIMINATED)
"""Occupants who get printouts: players in the game and those out by the rules (readers)."""
_OUT_STATUS = {
    "defeated": PlayerStatus.ELIMINATED,
    "resigned": PlayerStatus.RESIGNED,
    "nmr": PlayerStatus.DROPPED,
}


# ------------------------------------------------------------------ settings


def host_settings(game: Game) -> dict[str, Any]:
    """The host's settings and records for this game (``options["host"]``), a copy."""
    settings = game.options.get(HOST_KEY, {})
    return dict(settings) if isinstance(settings, Mapping) else {}


def rule_options(game: Game) -> dict[str, Any]:
    """The engine's rule options of this game (``options`` without the host's part)."""
    return {k: v for k, v in game.options.items() if k != HOST_KEY}


def _set_host(game: Game, **values: Any) -> None:
    # JSON columns are replaced, never mutated in place (see db.models).
    game.options = {**game.options, HOST_KEY: {**host_settings(game), **values}}


def nmr_drop_after(game: Game) -> int:
    """NMRs in a row after which the occupant is dropped (1.5); 0: never."""
    return int(host_settings(game).get("nmr_drop_after", DEFAULT_NMR_DROP_AFTER))


def gm_language(game: Game) -> str:
    """The language of the GM's mails."""
    return str(host_settings(game).get("gm_language", "de"))


# ------------------------------------------------------------------ results


@dataclass
class TurnRun:
    """What :func:`run_turn` did.

    ``status``: ``done``, ``held`` (mass-NMR guard), ``not_due``, ``busy`` (another
    process holds the game), ``finished`` or ``paused``.
    """

    game_number: int
    turn: int
    status: str
    reason: str = ""
    outbox_ids: list[int] = field(default_factory=list)
    game_over: bool = False


@dataclass
class _Plan:
    """Who sent orders for ``turn`` and who did not, before anything is written."""

    turn: int
    active: list[Player]
    submissions: dict[int, Submission]
    """Seat -> the latest submission of the seat's active occupant."""
    broke: set[int]
    """Seats whose occupant cannot pay the turn fee (1.5: treated as NMR)."""

    @property
    def missing(self) -> set[int]:
        return {p.seat for p in self.active} - set(self.submissions)

    @property
    def executed(self) -> set[int]:
        return set(self.submissions) - self.broke

    @property
    def nmr(self) -> set[int]:
        return {p.seat for p in self.active} - self.executed

    @property
    def mass_nmr(self) -> bool:
        return bool(self.active) and 2 * len(self.missing) > len(self.active)

    def drops(self, limit: int) -> list[Player]:
        """Active occupants whose NMR this turn reaches the limit."""
        if limit <= 0:
            return []
        return [p for p in self.active if p.seat in self.nmr and p.nmr_count + 1 >= limit]


@dataclass(frozen=True)
class _Article:
    """A text for the Galactic Media: a player's article (``author``) or a GM notice."""

    author: int | None
    text: str


def _plan(session: Session, game: Game, turn: int, fee_cents: int) -> _Plan:
    active = [
        p for p in repo.current_players(session, game.id or 0) if p.status == PlayerStatus.ACTIVE
    ]
    latest = repo.latest_submissions(session, game.id or 0, turn)
    submissions = {
        p.seat: latest[p.seat]
        for p in active
        if p.seat in latest and latest[p.seat].player_id == p.id
    }
    broke = {p.seat for p in active if fee_cents > 0 and p.balance_cents < fee_cents}
    return _Plan(turn, active, submissions, broke)


def _press_query(game_id: int) -> Any:
    return (
        select(GameMessage)
        .where(
            GameMessage.game_id == game_id,
            col(GameMessage.kind).in_([MessageKind.PRESS, MessageKind.GM_NEWS]),
        )
        .order_by(col(GameMessage.id))
    )


def _pending_press(session: Session, game_id: int, turn: int) -> list[GameMessage]:
    stmt = _press_query(game_id).where(
        col(GameMessage.turn) <= turn, col(GameMessage.delivered).is_(False)
    )
    return list(session.exec(stmt).all())


def _printed_press(session: Session, game_id: int, turn: int) -> list[GameMessage]:
    stmt = _press_query(game_id).where(
        GameMessage.turn == turn, col(GameMessage.delivered).is_(True)
    )
    return list(session.exec(stmt).all())


def _articles(messages: Sequence[GameMessage]) -> list[_Article]:
    return [
        _Article(m.sender_seat if m.kind == MessageKind.PRESS else None, m.text) for m in messages
    ]


def _engine_orders(
    game: Game,
    state: State,
    submissions: Mapping[int, Submission],
    executed: set[int],
    articles: Sequence[_Article],
) -> dict[int, list[Order]]:
    """The engine's input: orders of the seats that execute, articles and GM notices.

    An article goes with its author's orders, so the engine signs it with the ruler's
    name (5.1); an author without executed orders has it printed under key 0 with the
    ruler's name added (the engine signs key 0 as the game master).
    """
    language = order_language(game.kind)
    orders: dict[int, list[Order]] = {
        seat: [language.order_from_json(o) for o in submissions[seat].orders]
        for seat in sorted(executed)
    }
    rulers = game_engine(game.kind).names(state).rulers
    neutral: list[Order] = []
    for article in articles:
        if article.author is not None and article.author in orders:
            orders[article.author].append(_press(language.order_from_json, article.text))
            continue
        text = article.text
        if article.author is not None:
            ruler = rulers.get(article.author) or str(article.author)
            text = f"{text.rstrip()}\n{life_text('de', 'article_by', ruler=ruler)}"
        neutral.append(_press(language.order_from_json, text))
    if neutral:
        orders[NEUTRAL] = neutral
    return orders


def _press(from_json: Any, text: str) -> Order:
    order: Order = from_json({"kind": "press", "line": 0, "text": text})
    return order


def _canonical(data: Mapping[str, Any]) -> str:
    # The same form as db.repo.store_snapshot.
    return json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False)


def _state_of(session: Session, game: Game, turn: int) -> State:
    snapshot = repo.load_snapshot(session, game.id or 0, turn)
    if snapshot is None:
        raise LookupError(f"game {game.number} has no snapshot of turn {turn}")
    return game_engine(game.kind).state_from_json(snapshot.state_data())


def _languages(session: Session, game: Game) -> set[str]:
    return {p.language for p in repo.current_players(session, game.id or 0)}


# ------------------------------------------------------------------ deadlines


def following_deadline(game: Game, now: datetime) -> datetime | None:
    """The deadline after the turn that runs ``now``, from the game's schedule.

    The rhythm continues from the deadline that passed (a late run does not shift it);
    an early run starts the next period now. ``None`` when the GM sets every date.
    """
    every, at = game.schedule_every_days, game.schedule_time
    if every is None or at is None or every < 1:
        return None
    base = game.next_deadline if game.next_deadline and game.next_deadline <= now else now
    deadline = next_deadline(base, every_days=every, at=at, tz=game.timezone)
    while deadline <= now:
        deadline = next_deadline(deadline, every_days=every, at=at, tz=game.timezone)
    return deadline


def early_run_ready(session: Session, game: Game) -> bool:
    """Whether the game may run before its deadline: early runs allowed and every active
    player's orders for the pending turn are marked final."""
    if not game.early_run or game.status != GameStatus.RUNNING:
        return False
    plan = _plan(session, game, game.turn + 1, 0)
    return bool(plan.active) and all(
        p.seat in plan.submissions and plan.submissions[p.seat].final for p in plan.active
    )


def due_game_ids(session: Session, *, now: datetime) -> list[int]:
    """Running, not held games whose deadline has passed or that may run early."""
    stmt = (
        select(Game)
        .where(Game.status == GameStatus.RUNNING, col(Game.held).is_(False))
        .order_by(col(Game.next_deadline), col(Game.id))
    )
    due: list[int] = []
    for game in session.exec(stmt).all():
        passed = game.next_deadline is not None and game.next_deadline <= now
        if passed or early_run_ready(session, game):
            due.append(game.id or 0)
    return due


# ------------------------------------------------------------------ the turn run


def run_turn(
    session: Session,
    game_id: int,
    *,
    now: datetime,
    from_address: str,
    force: bool = False,
    expected_turn: int | None = None,
    turn_fee_cents: int = 0,
    currency: str = "EUR",
    late_after: timedelta = DEFAULT_LATE_AFTER,
) -> TurnRun:
    """Evaluate the game's pending turn exactly once, inside the caller's transaction.

    Refuses (``not_due``) when the deadline has not passed (unless ``force`` or an early
    run is allowed and ready), when ``expected_turn`` is given and the game has moved on,
    or when the snapshot of the pending turn exists already. ``busy`` when another
    process holds the game's row. The mass-NMR guard may hold the turn (``held``) unless
    ``force``. A run more than ``late_after`` past the deadline says so in every printout.
    """
    game = repo.lock_game(session, game_id, skip_locked=True)
    if game is None:
        row = session.exec(select(Game.number, Game.turn).where(Game.id == game_id)).first()
        if row is None:
            raise LookupError(f"no game with id {game_id}")
        return TurnRun(row[0], row[1] + 1, "busy", "another process is running this game")
    turn = game.turn + 1
    refusal = _refusal(session, game, now=now, force=force, expected_turn=expected_turn)
    if refusal is not None:
        return refusal
    plan = _plan(session, game, turn, turn_fee_cents)
    host = host_settings(game)
    guard_off = force or host.get("mass_nmr_turns") or host.get("mass_nmr_released") == turn
    if plan.mass_nmr and not guard_off:
        return _hold(session, game, plan, now=now, from_address=from_address)
    return _Evaluation(
        session,
        game,
        plan,
        now=now,
        from_address=from_address,
        fee=turn_fee_cents,
        currency=currency,
        late_after=late_after,
    ).run()


def _refusal(
    session: Session, game: Game, *, now: datetime, force: bool, expected_turn: int | None
) -> TurnRun | None:
    turn = game.turn + 1

    def refuse(status: str, reason: str) -> TurnRun:
        return TurnRun(game.number, turn, status, reason)

    if game.status == GameStatus.FINISHED:
        return refuse("finished", "the game is over")
    if game.status == GameStatus.PAUSED:
        return refuse("paused", "the game is paused")
    if game.status != GameStatus.RUNNING:
        return refuse("not_due", "the game has not started")
    if expected_turn is not None and game.turn != expected_turn:
        return refuse("not_due", f"turn {expected_turn + 1} is no longer pending")
    if repo.load_snapshot(session, game.id or 0, turn) is not None:
        return refuse("not_due", f"turn {turn} has been evaluated already")
    if force:
        return None
    if game.held:
        return refuse("held", game.held_reason or "held")
    passed = game.next_deadline is not None and game.next_deadline <= now
    if not passed and not early_run_ready(session, game):
        return refuse("not_due", "the deadline has not passed")
    return None


def _hold(
    session: Session, game: Game, plan: _Plan, *, now: datetime, from_address: str
) -> TurnRun:
    """Mass NMR never seen in this game: hold the turn and ask the GM (mail lost?)."""
    lang = gm_language(game)
    values = {"missing": len(plan.missing), "active": len(plan.active)}
    game.held, game.held_at = True, now
    game.held_reason = life_text(lang, "held_reason", **values)
    session.add(game)
    seats = ", ".join(str(s) for s in sorted(plan.missing))
    row = repo.enqueue_outbox(
        session,
        to_address=game.gm_address,
        subject=life_text(lang, "gm_held_subject", game=game.number, turn=plan.turn),
        body=life_text(
            lang, "gm_held_body", game=game.number, turn=plan.turn, seats=seats, **values
        )
        + "\n",
        kind=OutboxKind.NOTICE,
        domain=domain_of(from_address),
        game_id=game.id,
        turn=plan.turn,
        dedup_key=f"held:{game.number}:{plan.turn}",
        now=now,
    )
    session.flush()
    return TurnRun(game.number, plan.turn, "held", game.held_reason, [row.id or 0])


@dataclass
class _Mail:
    """A printout to write once the new state and balances are known."""

    player: Player
    notes: list[str] = field(default_factory=list)
    intro: list[str] = field(default_factory=list)
    secrets: bool = True


class _Evaluation:
    """One evaluation's writes (see :func:`run_turn`)."""

    def __init__(
        self,
        session: Session,
        game: Game,
        plan: _Plan,
        *,
        now: datetime,
        from_address: str,
        fee: int,
        currency: str,
        late_after: timedelta,
    ) -> None:
        self.session, self.game, self.plan = session, game, plan
        self.now, self.from_address = now, from_address
        self.fee, self.currency, self.late_after = fee, currency, late_after
        self.turn = plan.turn
        self.before = _state_of(session, game, game.turn)
        self.dropped: list[Player] = []
        self.takeovers: list[tuple[Player, str]] = []
        self.vacant: list[int] = []
        self.out: list[tuple[int, str]] = []
        self.outbox_ids: list[int] = []

    def run(self) -> TurnRun:
        session, game = self.session, self.game
        late = game.next_deadline is not None and self.now - game.next_deadline > self.late_after
        deadline_was = game.next_deadline
        game.held, game.held_reason, game.held_at = False, None, None
        pending = _pending_press(session, game.id or 0, self.turn)
        mark_delivered(session, pending, self.turn, self.now)
        self.count_nmr_and_drop()
        session.flush()
        articles = _articles(_printed_press(session, game.id or 0, self.turn))
        orders = _engine_orders(
            game, self.before, self.plan.submissions, self.plan.executed, articles
        )
        engine = game_engine(game.kind)
        result = engine.run_turn(self.before, orders, turn_rng(game.seed, self.turn))
        repo.store_snapshot(
            session,
            game_id=game.id or 0,
            turn=self.turn,
            state=result.state.to_json(),
            seed=turn_seed(game.seed, self.turn),
        )
        self.apply_events(result)
        self.book_fees()
        if self.plan.mass_nmr:
            _set_host(
                game, mass_nmr_turns=[*host_settings(game).get("mass_nmr_turns", []), self.turn]
            )
        game.turn = self.turn
        if result.game_over:
            game.status, game.finished_at, game.next_deadline = GameStatus.FINISHED, self.now, None
        else:
            game.next_deadline = following_deadline(game, self.now)
        session.add(game)
        session.flush()
        delivered = self.printouts(result, late=late, deadline_was=deadline_was)
        self.gm_mails(result, delivered)
        session.flush()
        crash_point("turn-before-commit")
        return TurnRun(game.number, self.turn, "done", "", self.outbox_ids, result.game_over)

    # -- NMR (1.5) and stand-by (3.3)
    def count_nmr_and_drop(self) -> None:
        limit = nmr_drop_after(self.game)
        drops = {p.seat for p in self.plan.drops(limit)}
        for player in self.plan.active:
            player.nmr_count = player.nmr_count + 1 if player.seat in self.plan.nmr else 0
            self.session.add(player)
        for player in self.plan.active:
            if player.seat in drops:
                self.drop(player)

    def drop(self, player: Player) -> None:
        session, game = self.session, self.game
        player.status = PlayerStatus.DROPPED
        player.left_turn, player.left_at = self.turn + 1, self.now
        session.add(player)
        session.flush()
        self.dropped.append(player)
        ruler = game_engine(game.kind).names(self.before).rulers.get(player.seat) or "?"
        parts: list[tuple[str, Mapping[str, object]]] = [
            ("news_dropped", {"seat": player.seat, "ruler": ruler, "count": player.nmr_count})
        ]
        standby = repo.next_standby_for_game(session, game)
        if standby is None:
            self.vacant.append(player.seat)
            parts.append(("news_vacant", {"seat": player.seat}))
        else:
            password = new_password()
            newcomer = repo.replace_player(
                session,
                player,
                address=standby.address,
                password_hash=hash_password(password),
                turn=self.turn + 1,
                language=standby.language,
                standby=standby,
                now=self.now,
            )
            self.takeovers.append((newcomer, password))
            parts.append(("news_takeover", {"seat": player.seat}))
        languages = _languages(session, game) | {player.language}
        session.add(
            GameMessage(
                game_id=game.id or 0,
                kind=MessageKind.GM_NEWS,
                text=public_notice(languages, parts),
                turn=self.turn,
                delivered=True,
                delivered_at=self.now,
                created_at=self.now,
            )
        )

    def apply_events(self, result: TurnResult) -> None:
        seats = {p.seat: p for p in repo.current_players(self.session, self.game.id or 0)}
        for event in result.events:
            if event.kind != "player_out":
                continue
            reason = str(event.data.get("reason", ""))
            self.out.append((event.player, reason))
            player = seats.get(event.player)
            if player is None or player.status != PlayerStatus.ACTIVE:
                continue
            player.status = _OUT_STATUS.get(reason, PlayerStatus.ELIMINATED)
            player.left_turn, player.left_at = self.turn + 1, self.now
            self.session.add(player)

    def book_fees(self) -> None:
        """1.4: every occupant still in pays the fee; one who cannot was treated as NMR."""
        if self.fee <= 0:
            return
        dropped = {p.id for p in self.dropped}
        for player in self.plan.active:
            if player.id in dropped:
                continue
            broke = player.seat in self.plan.broke
            repo.book(
                self.session,
                player_id=player.id or 0,
                amount_cents=0 if broke else -self.fee,
                kind=LedgerKind.TURN_FEE,
                turn=self.turn,
                note="not covered" if broke else f"turn {self.turn}",
                now=self.now,
            )

    # -- mails
    def printouts(self, result: TurnResult, *, late: bool, deadline_was: datetime | None) -> int:
        """Every printout of the turn; returns the number of secret messages delivered."""
        session, game = self.session, self.game
        mails: dict[int, _Mail] = {}
        for player in repo.current_players(session, game.id or 0):
            if player.status in READERS:
                mails[player.id or 0] = _Mail(player)
        for player in self.dropped:
            mails.setdefault(player.id or 0, _Mail(player, secrets=False))
        for newcomer, password in self.takeovers:
            mails[newcomer.id or 0].intro = password_intro(game, newcomer, password, takeover=True)
        limit = nmr_drop_after(game)
        delivered = 0
        for mail in mails.values():
            session.refresh(mail.player)
            player, lang = mail.player, mail.player.language
            if late and deadline_was is not None:
                tz = player_timezone(game, player)
                mail.notes.append(
                    life_text(
                        lang,
                        "late",
                        deadline=format_when(deadline_was, tz, lang),
                        ran=format_when(self.now, tz, lang),
                    )
                )
            if player.seat in self.plan.broke and player.joined_turn <= self.turn:
                mail.notes.append(
                    life_text(
                        lang,
                        "broke",
                        balance=format_money(player.balance_cents, self.currency),
                        fee=format_money(self.fee, self.currency),
                        turn=self.turn,
                    )
                )
            if player.status == PlayerStatus.DROPPED:
                mail.notes.append(
                    life_text(lang, "dropped", count=player.nmr_count, game=game.number)
                )
            elif player.seat in self.plan.missing and player.joined_turn <= self.turn and limit:
                mail.notes.append(life_text(lang, "nmr_warning", turn=self.turn, limit=limit))
            if result.game_over:
                mail.notes.append(life_text(lang, "final"))
            secret = (
                held_secrets(session, game.id or 0, player.seat, self.turn) if mail.secrets else []
            )
            body = printout_body(
                session,
                game,
                player,
                result.state,
                now=self.now,
                extra_notes=mail.notes,
                intro=mail.intro,
                secret_messages=secret,
                currency=self.currency,
                show_deadline=not result.game_over and player.status == PlayerStatus.ACTIVE,
            )
            mark_delivered(session, secret, self.turn, self.now)
            delivered += len(secret)
            self.outbox_ids.append(
                enqueue_printout(
                    session,
                    game,
                    player,
                    self.turn,
                    body,
                    now=self.now,
                    from_address=self.from_address,
                )
            )
        return delivered

    def gm_mails(self, result: TurnResult, delivered: int) -> None:
        session, game = self.session, self.game
        lang = gm_language(game)
        body = gm_summary_body(
            game,
            result.state,
            lang,
            now=self.now,
            executed=self.plan.executed,
            missing=self.plan.missing,
            broke=self.plan.broke,
            dropped=[(p.seat, p.nmr_count) for p in self.dropped],
            takeovers=[(p.seat, p.address) for p, _ in self.takeovers],
            vacant=self.vacant,
            out=self.out,
            secrets_delivered=delivered,
            fees=(len(self.plan.active) - len(self.dropped) - len(self.plan.broke), self.fee)
            if self.fee > 0
            else None,
            currency=self.currency,
        )
        self._gm_mail(
            life_text(lang, "gm_summary_subject", game=game.number, turn=self.turn),
            body,
            f"gm-summary:{game.number}:{self.turn}",
        )
        if result.game_over:
            players = list(
                session.exec(
                    select(Player).where(Player.game_id == game.id).order_by(col(Player.id))
                ).all()
            )
            event = next(e for e in result.events if e.kind == "game_over")
            self._gm_mail(
                life_text(lang, "hof_subject", game=game.number),
                hall_of_fame_body(game, result.state, event, players, lang),
                f"hall-of-fame:{game.number}",
            )

    def _gm_mail(self, subject: str, body: str, key: str) -> None:
        row = repo.enqueue_outbox(
            self.session,
            to_address=self.game.gm_address,
            subject=subject,
            body=body,
            kind=OutboxKind.NOTICE,
            domain=domain_of(self.from_address),
            game_id=self.game.id,
            turn=self.turn,
            dedup_key=key,
            now=self.now,
        )
        self.outbox_ids.append(row.id or 0)


# ------------------------------------------------------------------ read-only views


def preview_turn(
    session: Session, game_id: int, *, now: datetime, turn_fee_cents: int = 0
) -> dict[int, str]:
    """What the pending turn would give now: seat -> printout text (0: the GM's view).

    Writes nothing: the engine runs on the stored state with the orders and messages
    there are; drops are shown in the Galactic Media without a stand-by's takeover.
    """
    game = session.get(Game, game_id)
    if game is None:
        raise LookupError(f"no game with id {game_id}")
    turn = game.turn + 1
    plan = _plan(session, game, turn, turn_fee_cents)
    before = _state_of(session, game, game.turn)
    engine = game_engine(game.kind)
    rulers = engine.names(before).rulers
    articles = _articles(_pending_press(session, game_id, turn))
    languages = _languages(session, game)
    for player in plan.drops(nmr_drop_after(game)):
        values = {"seat": player.seat, "ruler": rulers.get(player.seat) or "?"}
        notice = public_notice(
            languages, [("news_dropped", {**values, "count": player.nmr_count + 1})]
        )
        articles.append(_Article(None, notice))
    orders = _engine_orders(game, before, plan.submissions, plan.executed, articles)
    result = engine.run_turn(before, orders, turn_rng(game.seed, turn))
    views = {NEUTRAL: engine.printout(result.state, NEUTRAL, gm_language(game))}
    for player in repo.current_players(session, game_id):
        if player.status in READERS:
            views[player.seat] = printout_body(
                session,
                game,
                player,
                result.state,
                now=now,
                secret_messages=held_secrets(session, game_id, player.seat, turn),
                show_deadline=False,
            )
    return views


def replay_check(session: Session, game_id: int, turn: int) -> bool:
    """Whether re-running ``turn`` from snapshot ``turn - 1`` with the stored inputs gives
    the stored snapshot of ``turn``, byte for byte (and the same seed)."""
    game = session.get(Game, game_id)
    if game is None:
        raise LookupError(f"no game with id {game_id}")
    stored = repo.load_snapshot(session, game_id, turn)
    if stored is None:
        raise LookupError(f"game {game.number} has no snapshot of turn {turn}")
    before = _state_of(session, game, turn - 1)
    players = session.exec(select(Player).where(Player.game_id == game_id)).all()
    occupants = {
        p.seat: p
        for p in players
        if p.joined_turn <= turn and (p.left_turn is None or p.left_turn > turn)
    }
    latest = repo.latest_submissions(session, game_id, turn)
    submissions = {
        seat: s
        for seat, s in latest.items()
        if seat in occupants and s.player_id == occupants[seat].id
    }
    unpaid = session.exec(
        select(LedgerEntry.player_id).where(
            LedgerEntry.game_id == game_id,
            LedgerEntry.turn == turn,
            LedgerEntry.kind == LedgerKind.TURN_FEE,
            LedgerEntry.amount_cents == 0,
        )
    ).all()
    broke = {p.seat for p in occupants.values() if p.id in set(unpaid)}
    articles = _articles(_printed_press(session, game_id, turn))
    orders = _engine_orders(game, before, submissions, set(submissions) - broke, articles)
    result = game_engine(game.kind).run_turn(before, orders, turn_rng(game.seed, turn))
    return stored.seed == turn_seed(game.seed, turn) and (
        _canonical(result.state.to_json()) == stored.state
    )


# ------------------------------------------------------------------ other mails


def send_reminders(
    session: Session, game_id: int, *, now: datetime, from_address: str
) -> list[int]:
    """Remind active players without orders for the pending turn; the new outbox ids.

    Of the reminder times that have passed (``game.reminder_hours`` before the deadline)
    only the latest is sent, once per seat: the key is
    ``reminder:<game>:<turn>:<hours>:<seat>``.
    """
    game = session.get(Game, game_id)
    if game is None:
        raise LookupError(f"no game with id {game_id}")
    deadline = game.next_deadline
    if game.status != GameStatus.RUNNING or game.held or deadline is None or deadline <= now:
        return []
    passed = [hours for hours, at in reminder_times(deadline, game.reminder_hours) if at <= now]
    if not passed:
        return []
    hours, turn = passed[-1], game.turn + 1
    plan = _plan(session, game, turn, 0)
    new_ids: list[int] = []
    for player in plan.active:
        if player.seat in plan.submissions:
            continue
        key = f"reminder:{game.number}:{turn}:{hours}:{player.seat}"
        if session.exec(select(Outbox.id).where(Outbox.dedup_key == key)).first() is not None:
            continue
        lang = player.language
        when = format_when(deadline, player_timezone(game, player), lang)
        row = repo.enqueue_outbox(
            session,
            to_address=player.address,
            subject=life_text(lang, "reminder_subject", game=game.number, turn=turn),
            body=life_text(
                lang, "reminder_body", game=game.number, turn=turn, seat=player.seat, when=when
            )
            + "\n\n"
            + life_text(lang, "footer")
            + "\n",
            kind=OutboxKind.REMINDER,
            domain=domain_of(from_address),
            game_id=game.id,
            player_id=player.id,
            turn=turn,
            dedup_key=key,
            now=now,
        )
        new_ids.append(row.id or 0)
    return new_ids


def start_game_printouts(
    session: Session,
    game: Game,
    passwords: Mapping[int, str],
    *,
    now: datetime,
    from_address: str,
    currency: str = "EUR",
) -> list[int]:
    """The printouts of turn 0 with each player's password and order form; outbox ids."""
    state = _state_of(session, game, 0)
    ids: list[int] = []
    for player in repo.current_players(session, game.id or 0):
        body = printout_body(
            session,
            game,
            player,
            state,
            now=now,
            intro=password_intro(game, player, passwords[player.seat], takeover=False),
            currency=currency,
        )
        ids.append(
            enqueue_printout(session, game, player, 0, body, now=now, from_address=from_address)
        )
    return ids


def takeover_printout(
    session: Session,
    game: Game,
    player: Player,
    password: str,
    *,
    now: datetime,
    from_address: str,
    currency: str = "EUR",
) -> int:
    """The current printout for a new occupant, with his password and held secrets."""
    state = _state_of(session, game, game.turn)
    secret = held_secrets(session, game.id or 0, player.seat, game.turn)
    body = printout_body(
        session,
        game,
        player,
        state,
        now=now,
        intro=password_intro(game, player, password, takeover=True),
        secret_messages=secret,
        currency=currency,
    )
    mark_delivered(session, secret, game.turn, now)
    return enqueue_printout(
        session, game, player, game.turn, body, now=now, from_address=from_address
    )
