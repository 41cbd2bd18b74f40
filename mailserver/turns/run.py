"""The turn run, exactly once (issue 5, items 3 and 4; host rules in docs/host-rules.md).

:func:`run_turn` locks the game row, re-reads the turn number, refuses a turn whose
snapshot exists, and then writes everything an evaluation causes in the caller's one
transaction: the new snapshot, the turn number and next deadline, NMR counts and drops,
stand-by takeovers, turn fees (docs/host-rules.md), delivered messages, and every mail
(printouts, takeover mails, the GM's summary, the Hall of Fame) as outbox rows with
dedup keys. It sends nothing itself.

The steps of an evaluated turn are the table of :mod:`mailserver.turns.phases`; the
evaluation itself is :func:`mailserver.turns.evaluate.evaluate`, the same for the run,
the replay check, the preview and the evaluation ahead. The host's settings of a game
live in ``Game.options["host"]`` (:mod:`config.game_options`). The mails around a turn
that are not its printouts (reminders, the start, a takeover) are in
:mod:`mailserver.turns.mails`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import timedelta

from sqlmodel import Session, select

from config.game_options import gm_language, host_settings
from db import repo
from db.models import Game, GameStatus, GmRuling
from engine.core import Ruling, TurnShape
from mailserver.common.catalog import say, wrap
from mailserver.common.kinds import game_kind
from mailserver.common.terms import TurnContext
from mailserver.outbound.notices import Addressee, notice
from mailserver.turns.ahead import TurnAhead
from mailserver.turns.inputs import TurnInputs, engine_orders
from mailserver.turns.phases import run_phases
from mailserver.turns.plan import TurnPlan, early_run_ready, plan_turn, state_of
from mailserver.turns.work import TurnWork

DEFAULT_LATE_AFTER = timedelta(minutes=15)


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


def run_turn(
    session: Session,
    game_id: int,
    ctx: TurnContext,
    *,
    force: bool = False,
    expected_turn: int | None = None,
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
    inputs are the run's own. ``ctx``: the moment of the run and the host's terms (the
    fee, the currency, the From address, the page links).
    """
    game = repo.lock_game(session, game_id, skip_locked=True)
    if game is None:
        row = session.exec(select(Game.number, Game.turn).where(Game.id == game_id)).first()
        if row is None:
            raise LookupError(f"no game with id {game_id}")
        return TurnRun(row[0], row[1] + 1, "busy", "another process is running this game")
    turn = game.turn + 1
    refusal = _refusal(session, game, ctx, force=force, expected_turn=expected_turn)
    if refusal is not None:
        return refusal
    plan = plan_turn(session, game, turn, ctx.terms.turn_fee_cents)
    host = host_settings(game.options)
    guard_off = force or host.get("mass_nmr_turns") or host.get("mass_nmr_released") == turn
    if plan.mass_nmr and not guard_off:
        return _hold(session, game, plan, ctx)
    if game_kind(game.kind).shape == TurnShape.GM_ADJUDICATED:
        return _send_dossier(session, game, plan, ctx)
    return _evaluated(TurnWork(session, game, plan, ctx, late_after, ahead=ahead))


def _evaluated(work: TurnWork) -> TurnRun:
    """The turn evaluated and everything it causes written: the phases in order."""
    run_phases(work)
    return TurnRun(
        work.game.number, work.turn, "done", "", work.outbox_ids, work.evaluated.game_over
    )


def _refusal(
    session: Session, game: Game, ctx: TurnContext, *, force: bool, expected_turn: int | None
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
    if repo.snapshot_taken(session, game.id or 0, turn):
        return refuse("not_due", f"turn {turn} has been evaluated already")
    if force:
        return None
    if game.held:
        return refuse("held", game.held_reason or "held")
    passed = game.next_deadline is not None and game.next_deadline <= ctx.now
    if not passed and not early_run_ready(session, game):
        return refuse("not_due", "the deadline has not passed")
    return None


def _hold(session: Session, game: Game, plan: TurnPlan, ctx: TurnContext) -> TurnRun:
    """Mass NMR never seen in this game: hold the turn and ask the GM (mail lost?)."""
    lang = gm_language(game.options)
    values = {"missing": len(plan.missing), "active": len(plan.active)}
    game.held, game.held_at = True, ctx.now
    game.held_reason = say(lang, "held_reason", **values)
    session.add(game)
    seats = ", ".join(str(s) for s in sorted(plan.missing))
    row = notice(
        session,
        ctx,
        Addressee.gm(game),
        subject=say(lang, "gm_held_subject", game=game.number, turn=plan.turn),
        body=wrap(
            say(lang, "gm_held_body", game=game.number, turn=plan.turn, seats=seats, **values)
        )
        + "\n",
        turn=plan.turn,
        dedup_key=f"held:{game.number}:{plan.turn}",
    )
    session.flush()
    return TurnRun(game.number, plan.turn, "held", game.held_reason, [row.id or 0])


def _send_dossier(session: Session, game: Game, plan: TurnPlan, ctx: TurnContext) -> TurnRun:
    """A GM-adjudicated turn at its deadline: the checked orders of every seat go to the
    GM as one dossier, and the turn waits (``adjudicating``) for the GM's reports."""
    lang = gm_language(game.options)
    row = notice(
        session,
        ctx,
        Addressee.gm(game),
        subject=say(lang, "dossier_subject", game=game.number, turn=plan.turn),
        body=dossier_text(session, game, plan, lang),
        turn=plan.turn,
        dedup_key=f"dossier:{game.number}:{plan.turn}",
    )
    game.status = GameStatus.ADJUDICATING
    repo.saved(session, game)
    return TurnRun(game.number, plan.turn, "adjudicating", "", [row.id or 0])


def dossier_text(session: Session, game: Game, plan: TurnPlan, lang: str) -> str:
    """The dossier of the planned turn as it is mailed to the GM: a word on what to do,
    then the kind's text of every seat's checked orders (the GM's web page shows it too)."""
    kind = game_kind(game.kind)
    before = state_of(session, game, game.turn)
    orders = engine_orders(kind, before, TurnInputs(plan.executing, []))
    body = kind.adjudicated.dossier(before, orders, lang)
    seats = ", ".join(str(s) for s in sorted(plan.nmr))
    # An empty list in words, not as a sign the GM has to guess at.
    missing = (
        say(lang, "dossier_missing", seats=seats) if seats else say(lang, "dossier_missing_none")
    )
    intro = "dossier_intro_rulings" if kind.ruled is not None else "dossier_intro"
    said = say(lang, intro, game=game.number, turn=plan.turn, missing=missing)
    return wrap(said) + "\n\n" + body.rstrip("\n") + "\n"


def publish_reports(session: Session, game_id: int, ctx: TurnContext) -> TurnRun:
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
    plan = plan_turn(session, game, turn, ctx.terms.turn_fee_cents)
    reports = {r.seat: r for r in repo.gm_reports(session, game.id or 0, turn)}
    rulings = None
    if game_kind(game.kind).ruled is not None:
        # The engine drafts every printout: the GM's reports only add to them, but
        # nothing may be left open.
        rulings = repo.gm_rulings(session, game.id or 0, turn)
        still_open = open_items(session, game, plan, rulings, gm_language(game.options))
        if still_open:
            return TurnRun(game.number, turn, "not_due", "; ".join(still_open))
    else:
        missing = sorted(p.seat for p in plan.active if p.seat not in reports)
        if missing:
            seats = ", ".join(str(s) for s in missing)
            return TurnRun(game.number, turn, "not_due", f"no report for seats {seats}")
    game.status = GameStatus.RUNNING
    # The GM's reports are never late: the turn waited for them, not for a deadline.
    work = TurnWork(session, game, plan, ctx, timedelta.max, reports=reports, rulings=rulings)
    return _evaluated(work)


def open_items(
    session: Session, game: Game, plan: TurnPlan, rulings: Sequence[GmRuling], lang: str
) -> list[str]:
    """The items of the waiting turn still without a ruling (a kind whose GM rules)."""
    kind = game_kind(game.kind)
    ruled = kind.ruled
    if ruled is None:
        return []
    before = state_of(session, game, game.turn)
    orders = engine_orders(kind, before, TurnInputs(plan.executing, []))
    return ruled.open_items(
        before, orders, [Ruling(r.item, r.text, r.reason) for r in rulings], lang
    )
