"""The turn run, exactly once (issue 5, items 3 and 4; host rules in docs/host-rules.md).

:func:`run_turn` locks the game row, re-reads the turn number, refuses a turn whose
snapshot exists, and then writes everything an evaluation causes in the caller's one
transaction: the new snapshot, the turn number and next deadline, NMR counts and drops,
stand-by takeovers, turn fees (docs/host-rules.md), delivered messages, and every mail
(printouts, takeover mails, the GM's summary, the Hall of Fame) as outbox rows with
dedup keys. It sends nothing itself.

The host's settings of a game live in ``Game.options["host"]`` (:mod:`config.game_options`).

The engine's input is assembled in one place (:mod:`mailserver.turns.inputs`) for the run,
the preview and the replay check; the run records it with the snapshot, so
:func:`replay_check` re-runs a turn on exactly what it read. The mails around a turn
that are not its printouts (reminders, the start, a takeover) are in
:mod:`mailserver.turns.mails`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cached_property
from typing import Any

from sqlmodel import Session, col, select

from config.game_options import gm_language, host_settings, nmr_drop_after, with_host
from db import repo
from db.models import (
    Game,
    GameMessage,
    GameStatus,
    GmReport,
    LedgerEntry,
    LedgerKind,
    MessageKind,
    OutboxKind,
    Player,
    PlayerStatus,
    Submission,
)
from db.passwords import hash_password
from engine.core import (
    NEUTRAL,
    SeatRecord,
    State,
    TurnResult,
    TurnShape,
    turn_dice,
    turn_seed,
)
from mailserver.common.catalog import public_notice, say, wrap
from mailserver.common.faults import crash_point
from mailserver.common.formats import format_money, format_when
from mailserver.common.kinds import game_kind
from mailserver.printouts.compose import (
    domain_of,
    gm_summary_body,
    held_secrets,
    held_secrets_of,
    mark_delivered,
    new_password,
    password_intro,
    player_timezone,
    printout_body,
    printout_values,
)
from mailserver.printouts.files import made_files, printout_files
from mailserver.turns.ahead import TurnAhead, canonical_state
from mailserver.turns.deadlines import next_deadline
from mailserver.turns.inputs import (
    NewsText,
    TurnInputs,
    engine_orders,
    news_of,
    news_to_print,
    pending_news,
    printed_news,
    recorded_inputs,
)

__all__ = [
    "TurnAhead",
    "TurnPlan",
    "TurnRun",
    "early_run_ready",
    "evaluate_ahead",
    "plan_turn",
    "preview_turn",
    "publish_reports",
    "replay_check",
    "run_turn",
    "state_of",
]

DEFAULT_LATE_AFTER = timedelta(minutes=15)
READERS = (PlayerStatus.ACTIVE, PlayerStatus.ELIMINATED)
"""Occupants who get printouts: players in the game and those out by the rules (readers)."""
_OUT_STATUS = {
    "defeated": PlayerStatus.ELIMINATED,
    "resigned": PlayerStatus.RESIGNED,
    "nmr": PlayerStatus.DROPPED,
}


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
class TurnPlan:
    """Who sent orders for ``turn`` and who did not, before anything is written."""

    turn: int
    active: list[Player]
    submissions: dict[int, Submission]
    """Seat -> the latest submission of the seat's active occupant."""
    broke: set[int]
    """Seats whose occupant cannot pay the turn fee (treated as NMR, host rules "Fees")."""

    @property
    def missing(self) -> set[int]:
        return {p.seat for p in self.active} - set(self.submissions)

    @property
    def executed(self) -> set[int]:
        return set(self.submissions) - self.broke

    @property
    def executing(self) -> dict[int, Submission]:
        """The submissions the engine reads: seat -> orders."""
        return {seat: self.submissions[seat] for seat in sorted(self.executed)}

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


def plan_turn(
    session: Session,
    game: Game,
    turn: int,
    fee_cents: int,
    players: Sequence[Player] | None = None,
) -> TurnPlan:
    """Who sent orders for ``turn`` (the latest submission of each active occupant) and
    who cannot pay the turn fee. In a stepped game only the seats the step waits for
    count as active. ``players``: the game's current players, when the caller has them."""
    if players is None:
        players = repo.current_players(session, game.id or 0)
    active = [p for p in players if p.status == PlayerStatus.ACTIVE]
    kind = game_kind(game.kind)
    if kind.shape == TurnShape.STEPPED:
        # Only the seats this step waits for send orders; the others are not NMR.
        awaiting = kind.stepped.awaiting(state_of(session, game, turn - 1))
        active = [p for p in active if p.seat in awaiting]
    latest = repo.latest_submissions(session, game.id or 0, turn)
    submissions = {
        p.seat: latest[p.seat]
        for p in active
        if p.seat in latest and latest[p.seat].player_id == p.id
    }
    broke = {p.seat for p in active if fee_cents > 0 and p.balance_cents < fee_cents}
    return TurnPlan(turn, active, submissions, broke)


def state_of(session: Session, game: Game, turn: int) -> State:
    """The game's state after ``turn``, from its snapshot."""
    snapshot = repo.load_snapshot(session, game.id or 0, turn)
    if snapshot is None:
        raise LookupError(f"game {game.number} has no snapshot of turn {turn}")
    return game_kind(game.kind).engine.state_from_json(snapshot.state_data())


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
    plan = plan_turn(session, game, game.turn + 1, 0)
    return bool(plan.active) and all(
        p.seat in plan.submissions and plan.submissions[p.seat].final for p in plan.active
    )


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
    ahead: TurnAhead | None = None,
) -> TurnRun:
    """Evaluate the game's pending turn exactly once, inside the caller's transaction.

    Refuses (``not_due``) when the deadline has not passed (unless ``force`` or an early
    run is allowed and ready), when ``expected_turn`` is given and the game has moved on,
    or when the snapshot of the pending turn exists already. ``busy`` when another
    process holds the game's row. The mass-NMR guard may hold the turn (``held``) unless
    ``force``. A run more than ``late_after`` past the deadline says so in every printout.
    ``ahead``: the turn evaluated ahead (:mod:`mailserver.turns.ahead`), taken when its
    inputs are the run's own.
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
    plan = plan_turn(session, game, turn, turn_fee_cents)
    host = host_settings(game.options)
    guard_off = force or host.get("mass_nmr_turns") or host.get("mass_nmr_released") == turn
    if plan.mass_nmr and not guard_off:
        return _hold(session, game, plan, now=now, from_address=from_address)
    if game_kind(game.kind).shape == TurnShape.GM_ADJUDICATED:
        return _send_dossier(session, game, plan, now=now, from_address=from_address)
    return _Evaluation(
        session,
        game,
        plan,
        now=now,
        from_address=from_address,
        fee=turn_fee_cents,
        currency=currency,
        late_after=late_after,
        ahead=ahead,
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
        # Said of the turn the caller meant, not of the one pending now.
        missed = expected_turn + 1
        return TurnRun(game.number, missed, "not_due", f"turn {missed} is no longer pending")
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
    session: Session, game: Game, plan: TurnPlan, *, now: datetime, from_address: str
) -> TurnRun:
    """Mass NMR never seen in this game: hold the turn and ask the GM (mail lost?)."""
    lang = gm_language(game.options)
    values = {"missing": len(plan.missing), "active": len(plan.active)}
    game.held, game.held_at = True, now
    game.held_reason = say(lang, "held_reason", **values)
    session.add(game)
    seats = ", ".join(str(s) for s in sorted(plan.missing))
    row = repo.enqueue_outbox(
        session,
        to_address=game.gm_address,
        subject=say(lang, "gm_held_subject", game=game.number, turn=plan.turn),
        body=wrap(
            say(lang, "gm_held_body", game=game.number, turn=plan.turn, seats=seats, **values)
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


def _send_dossier(
    session: Session, game: Game, plan: TurnPlan, *, now: datetime, from_address: str
) -> TurnRun:
    """A GM-adjudicated turn at its deadline: the checked orders of every seat go to the
    GM as one dossier, and the turn waits (``adjudicating``) for the GM's reports."""
    kind = game_kind(game.kind)
    lang = gm_language(game.options)
    before = state_of(session, game, game.turn)
    orders = engine_orders(kind, before, TurnInputs(plan.executing, []))
    body = kind.adjudicated.dossier(before, orders, lang)
    missing = ", ".join(str(s) for s in sorted(plan.nmr)) or "-"
    row = repo.enqueue_outbox(
        session,
        to_address=game.gm_address,
        subject=say(lang, "dossier_subject", game=game.number, turn=plan.turn),
        body=wrap(say(lang, "dossier_intro", game=game.number, turn=plan.turn, missing=missing))
        + "\n\n"
        + body.rstrip("\n")
        + "\n",
        kind=OutboxKind.NOTICE,
        domain=domain_of(from_address),
        game_id=game.id,
        turn=plan.turn,
        dedup_key=f"dossier:{game.number}:{plan.turn}",
        now=now,
    )
    game.status = GameStatus.ADJUDICATING
    session.add(game)
    session.flush()
    return TurnRun(game.number, plan.turn, "adjudicating", "", [row.id or 0])


def publish_reports(
    session: Session,
    game_id: int,
    *,
    now: datetime,
    from_address: str,
    turn_fee_cents: int = 0,
    currency: str = "EUR",
) -> TurnRun:
    """Send the GM's reports of an adjudicated turn as its printouts, exactly once.

    Refused (``not_due``) unless the game waits for reports and every seat that plays
    has one. The new state, NMR bookkeeping and every printout (with the report's
    attachments) are written in the caller's transaction, as for an evaluated turn.
    """
    game = repo.lock_game(session, game_id)
    if game is None:
        raise LookupError(f"no game with id {game_id}")
    turn = game.turn + 1
    if game.status != GameStatus.ADJUDICATING:
        return TurnRun(game.number, turn, "not_due", "the game does not wait for reports")
    plan = plan_turn(session, game, turn, turn_fee_cents)
    reports = {r.seat: r for r in repo.gm_reports(session, game.id or 0, turn)}
    missing = sorted(p.seat for p in plan.active if p.seat not in reports)
    if missing:
        seats = ", ".join(str(s) for s in missing)
        return TurnRun(game.number, turn, "not_due", f"no report for seats {seats}")
    game.status = GameStatus.RUNNING
    return _Evaluation(
        session,
        game,
        plan,
        now=now,
        from_address=from_address,
        fee=turn_fee_cents,
        currency=currency,
        late_after=timedelta.max,
        reports=reports,
    ).run()


@dataclass
class _Mail:
    """A printout to write once the new state and balances are known."""

    player: Player
    notes: list[str] = field(default_factory=list)
    intro: list[str] = field(default_factory=list)
    secrets: bool = True
    password: str | None = None
    """A takeover's new password (goes in only when the mail is sent)."""


class _Evaluation:
    """One evaluation's writes (see :func:`run_turn`)."""

    def __init__(
        self,
        session: Session,
        game: Game,
        plan: TurnPlan,
        *,
        now: datetime,
        from_address: str,
        fee: int,
        currency: str,
        late_after: timedelta,
        reports: Mapping[int, GmReport] | None = None,
        ahead: TurnAhead | None = None,
    ) -> None:
        self.session, self.game, self.plan = session, game, plan
        self.reports = reports
        """The GM's reports of an adjudicated turn (they replace the evaluation)."""
        self.now, self.from_address = now, from_address
        self.fee, self.currency, self.late_after = fee, currency, late_after
        self.turn = plan.turn
        self.kind = game_kind(game.kind)
        self.ahead = ahead
        """The turn evaluated ahead; None unless it fits this run's inputs."""
        self.dropped: list[Player] = []
        self.takeovers: list[tuple[Player, str]] = []
        self.vacant: list[int] = []
        self.out: list[tuple[int, str]] = []
        self.outbox_ids: list[int] = []

    @cached_property
    def before(self) -> State:
        """The state the turn starts from (not read when the turn was evaluated ahead)."""
        return state_of(self.session, self.game, self.game.turn)

    def run(self) -> TurnRun:
        session, game = self.session, self.game
        late = game.next_deadline is not None and self.now - game.next_deadline > self.late_after
        deadline_was = game.next_deadline
        game.held, game.held_reason, game.held_at = False, None, None
        pending = pending_news(session, game.id or 0, self.turn)
        mark_delivered(session, pending, self.turn, self.now)
        self.count_nmr_and_drop()
        session.flush()
        inputs = TurnInputs(
            self.plan.executing, news_of(printed_news(session, game.id or 0, self.turn))
        )
        record = inputs.record()
        seed = turn_seed(game.seed, self.turn)
        if self.ahead is not None and not (
            self.reports is None and self.ahead.fits(game.id or 0, self.turn, seed, record)
        ):
            self.ahead = None  # made from other inputs (an order came in since): unused
        if self.ahead is not None:
            result, state_text = self.ahead.result, self.ahead.state_text
        elif self.reports is None:
            orders = engine_orders(self.kind, self.before, inputs)
            result = self.kind.engine.run_turn(self.before, orders, turn_dice(game.seed, self.turn))
            state_text = canonical_state(result.state)
        else:
            texts = {seat: r.text for seat, r in self.reports.items()}
            result = self.kind.adjudicated.apply_reports(self.before, texts)
            record["reports"] = {str(seat): r.id for seat, r in sorted(self.reports.items())}
            state_text = canonical_state(result.state)
        repo.store_snapshot(
            session,
            game_id=game.id or 0,
            turn=self.turn,
            state=state_text,
            seed=seed,
            inputs=record,
        )
        self.apply_events(result)
        self.book_fees()
        if self.plan.mass_nmr:
            turns_held = [*host_settings(game.options).get("mass_nmr_turns", []), self.turn]
            game.options = with_host(game.options, mass_nmr_turns=turns_held)
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

    # -- NMR and stand-by (host rules, "NMR and leaving the game")
    def count_nmr_and_drop(self) -> None:
        limit = nmr_drop_after(self.game.options)
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
        ruler = self.kind.engine.names(self.before).rulers.get(player.seat) or "?"
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
        outs = [event for event in result.events if event.kind == "player_out"]
        if not outs:
            return
        seats = {p.seat: p for p in repo.current_players(self.session, self.game.id or 0)}
        for event in outs:
            reason = str(event.data.get("reason", ""))
            self.out.append((event.player, reason))
            player = seats.get(event.player)
            if player is None or player.status != PlayerStatus.ACTIVE:
                continue
            player.status = _OUT_STATUS.get(reason, PlayerStatus.ELIMINATED)
            player.left_turn, player.left_at = self.turn + 1, self.now
            self.session.add(player)

    def book_fees(self) -> None:
        """Host rules, "Fees": every occupant still in pays the fee; one who cannot was
        treated as NMR."""
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
            mails[newcomer.id or 0].intro = password_intro(game, newcomer, takeover=True)
            mails[newcomer.id or 0].password = password
        limit = nmr_drop_after(game.options)
        delivered = 0
        rows: list[dict[str, Any]] = []
        # One query each for all the printouts, not one per player: the players read
        # back if fee bookings changed their balances, their postage and their secrets.
        ids = [mail.player.id or 0 for mail in mails.values()]
        if self.fee > 0:
            session.exec(
                select(Player)
                .where(col(Player.id).in_(ids))
                .execution_options(populate_existing=True)
            ).all()
        postage = repo.bookings_of_players(session, ids, turn=self.turn, kind=LedgerKind.POSTAGE)
        seats = [mail.player.seat for mail in mails.values() if mail.secrets]
        held = held_secrets_of(session, game.id or 0, seats, self.turn) if seats else {}
        for mail in mails.values():
            player, lang = mail.player, mail.player.language
            if late and deadline_was is not None:
                tz = player_timezone(game, player)
                mail.notes.append(
                    say(
                        lang,
                        "late",
                        deadline=format_when(deadline_was, tz, lang),
                        ran=format_when(self.now, tz, lang),
                    )
                )
            if player.seat in self.plan.broke and player.joined_turn <= self.turn:
                mail.notes.append(
                    say(
                        lang,
                        "broke",
                        balance=format_money(player.balance_cents, self.currency),
                        fee=format_money(self.fee, self.currency),
                        turn=self.turn,
                    )
                )
            if player.status == PlayerStatus.DROPPED:
                mail.notes.append(say(lang, "dropped", count=player.nmr_count, game=game.number))
            elif player.seat in self.plan.missing and player.joined_turn <= self.turn and limit:
                mail.notes.append(say(lang, "nmr_warning", turn=self.turn, limit=limit))
            if result.game_over:
                mail.notes.append(say(lang, "final"))
            secret = held.get(player.seat, []) if mail.secrets else []
            made = (player.seat, lang)
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
                postage=postage.get(player.id or 0, []),
                view=self.ahead.texts.get(made) if self.ahead else None,
            )
            mark_delivered(session, secret, self.turn, self.now)
            delivered += len(secret)
            report = (self.reports or {}).get(player.seat)
            rows.append(
                printout_values(
                    game,
                    player,
                    self.turn,
                    body,
                    now=self.now,
                    from_address=self.from_address,
                    attachments=[
                        *(report.attachments if report else ()),
                        *printout_files(
                            game,
                            player,
                            result.state,
                            self.turn,
                            self.ahead.files.get(made) if self.ahead else None,
                        ),
                    ],
                    secret=mail.password,
                )
            )
        # All printouts in one statement (idempotent per key, as enqueue_printout).
        self.outbox_ids += repo.enqueue_outbox_many(session, rows)
        return delivered

    def gm_mails(self, result: TurnResult, delivered: int) -> None:
        session, game = self.session, self.game
        lang = gm_language(game.options)
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
            view=self.ahead.texts.get((NEUTRAL, lang)) if self.ahead else None,
        )
        self._gm_mail(
            say(lang, "gm_summary_subject", game=game.number, turn=self.turn),
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
                say(lang, "hof_subject", game=game.number),
                self.kind.engine.final_report(result.state, event, seat_records(players), lang),
                f"hall-of-fame:{game.number}",
            )

    def _gm_mail(self, subject: str, body: str, key: str) -> None:
        row = repo.outbox_values(
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
        # As the printouts: only the id is needed, so the row is not read back.
        self.outbox_ids += repo.enqueue_outbox_many(self.session, [row])


# ------------------------------------------------------------------ read-only views


def preview_turn(
    session: Session, game_id: int, *, now: datetime, turn_fee_cents: int = 0
) -> dict[int, str]:
    """What the pending turn would give now: seat -> printout text (0: the GM's view).

    Writes nothing: the engine runs on the stored state with the orders and messages
    there are; drops are shown in the newspaper without a stand-by's takeover.
    """
    game = session.get(Game, game_id)
    if game is None:
        raise LookupError(f"no game with id {game_id}")
    turn = game.turn + 1
    plan = plan_turn(session, game, turn, turn_fee_cents)
    before = state_of(session, game, game.turn)
    kind = game_kind(game.kind)
    rulers = kind.engine.names(before).rulers
    news = news_of(pending_news(session, game_id, turn))
    languages = _languages(session, game)
    for player in plan.drops(nmr_drop_after(game.options)):
        values = {"seat": player.seat, "ruler": rulers.get(player.seat) or "?"}
        notice = public_notice(
            languages, [("news_dropped", {**values, "count": player.nmr_count + 1})]
        )
        news.append(NewsText(None, notice))
    orders = engine_orders(kind, before, TurnInputs(plan.executing, news))
    result = kind.engine.run_turn(before, orders, turn_dice(game.seed, turn))
    views = {NEUTRAL: kind.engine.printout(result.state, NEUTRAL, gm_language(game.options))}
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


def evaluate_ahead(session: Session, game_id: int, *, turn_fee_cents: int = 0) -> TurnAhead | None:
    """The game's pending turn as a run would evaluate it now, or None when a run would
    not simply evaluate it (not running, GM-adjudicated, a seat about to be dropped).

    Reads only; never writes. The inputs are assembled as :func:`mailserver.turns.run.run_turn`
    assembles them: the latest submission of each active occupant and the news that goes
    out with the turn (a takeover's notices are not foreseen: a drop means no evaluation
    ahead).
    """
    game = session.get(Game, game_id)
    if game is None or game.status != GameStatus.RUNNING:
        return None
    kind = game_kind(game.kind)
    if kind.shape == TurnShape.GM_ADJUDICATED:
        return None
    turn = game.turn + 1
    players = repo.current_players(session, game_id)
    plan = plan_turn(session, game, turn, turn_fee_cents, players)
    if plan.drops(nmr_drop_after(game.options)):
        return None
    before = state_of(session, game, game.turn)
    inputs = TurnInputs(plan.executing, news_of(news_to_print(session, game_id, turn)))
    orders = engine_orders(kind, before, inputs)
    result = kind.engine.run_turn(before, orders, turn_dice(game.seed, turn))
    ahead = TurnAhead(
        game_id=game_id,
        turn=turn,
        seed=turn_seed(game.seed, turn),
        record=inputs.record(),
        result=result,
        state_text=canonical_state(result.state),
    )
    readers = [p for p in players if p.status in READERS]
    gm_lang = gm_language(game.options)
    ahead.texts[(NEUTRAL, gm_lang)] = kind.engine.printout(result.state, NEUTRAL, gm_lang)
    for player in readers:
        made = (player.seat, player.language)
        ahead.texts[made] = kind.engine.printout(result.state, player.seat, player.language)
        ahead.files[made] = made_files(game, player, result.state)
    return ahead


def replay_check(session: Session, game_id: int, turn: int) -> bool:
    """Whether re-running ``turn`` from snapshot ``turn - 1`` with the inputs the run
    recorded gives the stored snapshot of ``turn``, byte for byte (and the same seed)."""
    game = session.get(Game, game_id)
    if game is None:
        raise LookupError(f"no game with id {game_id}")
    stored = repo.load_snapshot(session, game_id, turn)
    if stored is None:
        raise LookupError(f"game {game.number} has no snapshot of turn {turn}")
    before = state_of(session, game, turn - 1)
    inputs = (
        recorded_inputs(session, stored.inputs)
        if stored.inputs is not None
        else _derived_inputs(session, game, turn)
    )
    kind = game_kind(game.kind)
    reports = (stored.inputs or {}).get("reports")
    if reports is not None:
        texts = {int(seat): repo.gm_report_text(session, int(rid)) for seat, rid in reports.items()}
        result = kind.adjudicated.apply_reports(before, texts)
    else:
        orders = engine_orders(kind, before, inputs)
        result = kind.engine.run_turn(before, orders, turn_dice(game.seed, turn))
    return stored.seed == turn_seed(game.seed, turn) and (
        canonical_state(result.state) == stored.state
    )


def _derived_inputs(session: Session, game: Game, turn: int) -> TurnInputs:
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
