"""The course of a running game in the GM's hands: deadlines, pause and resume, a held
turn, an evaluation now, the GM's reports of an adjudicated turn, and the preview.

Each works inside the caller's transaction, on the game's locked row where it changes
the game; the players are told of a new deadline by mail (in the outbox).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any

from sqlmodel import Session

from config.game_options import with_host
from db import repo
from db.models import Game, GameStatus, PlayerStatus
from mailserver.common.catalog import say, wrap
from mailserver.common.formats import format_when
from mailserver.common.terms import HostTerms, TurnContext
from mailserver.gm.lookup import GmError, game_numbered, locked_game, occupant
from mailserver.outbound.notices import Addressee, notice
from mailserver.outbound.smtp import Attachment
from mailserver.printouts.compose import player_timezone
from mailserver.turns.preview import Drafts, draft_turn
from mailserver.turns.run import TurnRun, publish_reports, run_turn


def set_deadline(
    session: Session, number: int, when: datetime, ctx: TurnContext, *, tell: bool = True
) -> Game:
    """Set the deadline of the pending turn (host rules, "Deadlines"); the players are
    told if ``tell`` and the game has started (in setup it is the first deadline)."""
    game = locked_game(session, number)
    if game.status == GameStatus.FINISHED:
        raise GmError("gm_error_game_over", number=number)
    if when <= ctx.now:
        raise GmError("gm_error_that_moment_has_passed")
    game.next_deadline = when
    repo.saved(session, game)
    if tell and game.status != GameStatus.SETUP:  # before the start nobody plays yet
        _notify_players(session, game, "deadline_set", ctx, turn=game.turn + 1, when=when)
    return game


def postpone(
    session: Session, number: int, delta: timedelta, ctx: TurnContext, *, tell: bool = True
) -> Game:
    """Move the pending deadline later by ``delta`` (host rules, "Deadlines": in
    emergencies, a day or two); the players are told if ``tell``."""
    game = locked_game(session, number)
    if game.next_deadline is None:
        raise GmError("gm_error_game_has_no_deadline", number=number)
    if delta <= timedelta(0):
        raise GmError("gm_error_postpone_means_later")
    game.next_deadline = max(game.next_deadline, ctx.now) + delta
    repo.saved(session, game)
    if tell:
        when = game.next_deadline
        _notify_players(session, game, "postponed", ctx, turn=game.turn + 1, when=when)
    return game


def pause(session: Session, number: int, *, now: datetime) -> Game:
    """Stop evaluations until :func:`resume`."""
    return _switch(
        session, number, GameStatus.RUNNING, GameStatus.PAUSED, "gm_error_game_not_running"
    )


def resume(session: Session, number: int, *, now: datetime) -> Game:
    """Let a paused game run again; a deadline that passed meanwhile runs the turn at once."""
    return _switch(
        session, number, GameStatus.PAUSED, GameStatus.RUNNING, "gm_error_game_not_paused"
    )


def _switch(
    session: Session, number: int, before: GameStatus, after: GameStatus, refusal: str
) -> Game:
    """The game's status from ``before`` to ``after``; the GmError ``refusal`` otherwise."""
    game = locked_game(session, number)
    if game.status != before:
        raise GmError(refusal, number=number)
    game.status = after
    return repo.saved(session, game)


def release_hold(session: Session, number: int, *, now: datetime) -> Game:
    """Let a turn held by the mass-NMR guard run (at the next tick of the scheduler)."""
    game = locked_game(session, number)
    if not game.held:
        raise GmError("gm_error_game_not_held", number=number)
    game.held, game.held_reason = False, None
    game.options = with_host(game.options, mass_nmr_released=game.turn + 1)
    return repo.saved(session, game)


def process_now(session: Session, number: int, ctx: TurnContext, *, force: bool = False) -> TurnRun:
    """Run the pending turn now, before the deadline and past a hold. While active seats
    still have sent no orders for it, only with ``force`` (the GM confirms that those
    seats miss the turn): else :class:`GmError` names them."""
    game = game_numbered(session, number)
    if not force:
        sent = repo.latest_submissions(session, game.id or 0, game.turn + 1)
        players = repo.current_players(session, game.id or 0)
        missing = [p for p in players if p.status == PlayerStatus.ACTIVE and p.seat not in sent]
        if missing:
            seats = ", ".join(f"{p.seat} ({p.address})" for p in missing)
            raise GmError("gm_error_run_missing", number=number, seats=seats, n=len(missing))
    return run_turn(session, game.id or 0, ctx, force=True)


def record_report(
    session: Session,
    number: int,
    seat: int,
    text: str,
    *,
    attachments: Sequence[Attachment] = (),
    now: datetime,
) -> None:
    """Keep the GM's report to ``seat`` for the turn waiting for reports (GM-adjudicated
    games); a second report to the same seat replaces the first."""
    game = locked_game(session, number)
    if game.status != GameStatus.ADJUDICATING:
        raise GmError("gm_error_game_not_waiting_reports", number=number)
    occupant(session, game, seat)
    if not text.strip():
        raise GmError("gm_error_report_empty")
    repo.store_gm_report(
        session,
        game_id=game.id or 0,
        turn=game.turn + 1,
        seat=seat,
        text=text,
        attachments=[a.to_json() for a in attachments],
        now=now,
    )


def publish(session: Session, number: int, ctx: TurnContext) -> TurnRun:
    """Send the GM's reports of the waiting turn as its printouts (GM-adjudicated)."""
    game = game_numbered(session, number)
    result = publish_reports(session, game.id or 0, ctx)
    if result.status != "done":
        raise GmError("gm_error_turn_cannot_published", turn=result.turn, reason=result.reason)
    return result


def preview(session: Session, number: int, terms: HostTerms) -> dict[int, str]:
    """The printouts the pending turn would give now (0: the GM's view); writes nothing."""
    return drafts(session, number, terms).printouts


def drafts(session: Session, number: int, terms: HostTerms) -> Drafts:
    """The printouts the pending turn would give now and the rulings it could not apply
    (:class:`~mailserver.turns.preview.Drafts`); writes nothing."""
    game = game_numbered(session, number)
    if game.status == GameStatus.SETUP:
        raise GmError("gm_error_game_has_not_started", number=number)
    return draft_turn(session, game.id or 0, terms)


def _notify_players(
    session: Session, game: Game, key: str, ctx: TurnContext, **values: Any
) -> list[int]:
    """A notice of the GM to every active player, in his language and time zone."""
    ids = []
    for player in repo.current_players(session, game.id or 0):
        if player.status != PlayerStatus.ACTIVE:
            continue
        lang = player.language
        when = values.get("when")
        shown = dict(values)
        if isinstance(when, datetime):
            shown["when"] = format_when(when, player_timezone(game, player), lang)
        row = notice(
            session,
            ctx,
            Addressee.seat(game, player),
            subject=say(lang, "notice_subject", game=game.number),
            body=wrap(
                say(lang, key, game=game.number, **shown) + "\n\n" + say(lang, "printout_footer")
            )
            + "\n",
            turn=game.turn + 1,
        )
        ids.append(row.id or 0)
    return ids
