"""The phases of a turn run, in order: a table of named steps, each a small function.

As the order of processing in Eressea's ``laws.c``, the run of a turn is one ordered
list (:data:`PHASES`); each step takes the :class:`~mailserver.turns.work.TurnWork` and
leaves its findings there for the steps after it. The order is the host's rules: the
news of the turn and the NMR drops (with their notices) come before the evaluation that
prints them; the snapshot is stored before anything depends on the new state; the
printouts come last, when balances and the next deadline are known. Everything is
written in the run's one transaction (:func:`mailserver.turns.run.run_turn`).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from config.game_options import host_settings, with_host
from db import repo
from db.models import Game, GameStatus, LedgerKind
from engine.core import turn_seed
from mailserver.common.faults import crash_point
from mailserver.printouts.compose import mark_delivered
from mailserver.turns import nmr, printing
from mailserver.turns.deadlines import next_deadline
from mailserver.turns.evaluate import canonical_state, evaluate, events_record
from mailserver.turns.inputs import TurnInputs, news_of, news_to_print
from mailserver.turns.sealing import draw_secret, keep_reveal, sealed_inputs
from mailserver.turns.work import TurnWork

Phase = Callable[[TurnWork], None]


def open_turn(work: TurnWork) -> None:
    """Note whether the run is late for its deadline (the printouts say so) and lift a
    hold: the turn runs now."""
    game = work.game
    deadline = game.next_deadline
    if deadline is not None and work.ctx.now - deadline > work.late_after:
        work.late_for = deadline
    game.held, game.held_reason, game.held_at = False, None, None


def print_news(work: TurnWork) -> None:
    """The articles and notices waiting for this turn go out with its printouts (with
    those printed with it already: the evaluation reads them all, in one query)."""
    work.news = news_to_print(work.session, work.game.id or 0, work.turn)
    pending = [message for message in work.news if not message.delivered]
    mark_delivered(work.session, pending, work.turn, work.ctx.now)


def evaluate_turn(work: TurnWork) -> None:
    """The evaluation (:func:`mailserver.turns.evaluate.evaluate`) on the executing
    orders and the news printed with the turn (drop notices included); the turn
    evaluated ahead is taken instead when it was made from exactly these inputs."""
    game = work.game
    news = news_of(work.news)
    dice = sealed_inputs(work.session, game.id or 0, work.plan)
    inputs = TurnInputs(work.plan.executing, news, work.reports, dice, work.rulings)
    work.record = inputs.record()
    seed = turn_seed(game.seed, work.turn)
    if work.ahead is not None and not work.ahead.fits(game.id or 0, work.turn, seed, work.record):
        work.ahead = None  # made from other inputs (an order came in since): unused
    if work.ahead is not None:
        work.result, work.state_text = work.ahead.result, work.ahead.state_text
        return
    work.result = evaluate(game, work.turn, work.before, inputs)
    work.state_text = canonical_state(work.result.state)


def store_snapshot(work: TurnWork) -> None:
    """The new state with what the evaluation read and the events it gave (a second
    snapshot of the turn violates the unique constraint: a turn is stored once)."""
    repo.store_snapshot(
        work.session,
        game_id=work.game.id or 0,
        turn=work.turn,
        state=work.state_text,
        seed=turn_seed(work.game.seed, work.turn),
        inputs=work.record,
        events=events_record(work.evaluated.events),
    )


def reveal_and_seal(work: TurnWork) -> None:
    """docs/dice.md, "Reveal" and "Seal": the turn's reveal is kept for its printouts,
    and the secret of the next turn drawn now, so that they carry its seal; a finished
    game has no next turn."""
    game_id, result = work.game.id or 0, work.evaluated
    work.reveal = keep_reveal(
        work.session, game_id, work.game.number, work.turn, work.record, result.rolls
    )
    if not result.game_over:
        work.next_secret = draw_secret(work.session, game_id, work.turn + 1)


def book_fees(work: TurnWork) -> None:
    """Host rules, "Fees": every occupant still in pays the fee; one who cannot was
    treated as NMR (a 0-cent booking records it)."""
    if work.fee <= 0:
        return
    dropped = {p.id for p in work.dropped}
    for player in work.plan.active:
        if player.id in dropped:
            continue
        broke = player.seat in work.plan.broke
        repo.book(
            work.session,
            player_id=player.id or 0,
            amount_cents=0 if broke else -work.fee,
            kind=LedgerKind.TURN_FEE,
            turn=work.turn,
            note="not covered" if broke else f"turn {work.turn}",
            now=work.ctx.now,
        )


def remember_mass_nmr(work: TurnWork) -> None:
    """A turn that ran despite a mass NMR is remembered: the guard holds a game only the
    first time (host rules, "NMR and leaving the game")."""
    if work.plan.mass_nmr:
        game = work.game
        turns_held = [*host_settings(game.options).get("mass_nmr_turns", []), work.turn]
        game.options = with_host(game.options, mass_nmr_turns=turns_held)


def advance_game(work: TurnWork) -> None:
    """The game is at the new turn: finished, or waiting for the next deadline."""
    game, now = work.game, work.ctx.now
    game.turn = work.turn
    if work.evaluated.game_over:
        game.status, game.finished_at, game.next_deadline = GameStatus.FINISHED, now, None
    else:
        game.next_deadline = following_deadline(game, now)
    repo.saved(work.session, game)


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


PHASES: tuple[tuple[str, Phase], ...] = (
    ("open the turn", open_turn),
    ("print the news", print_news),
    ("count NMR and drop", nmr.count_nmr_and_drop),
    ("evaluate", evaluate_turn),
    ("store the snapshot", store_snapshot),
    ("reveal the dice, seal the next", reveal_and_seal),
    ("players out", nmr.players_out),
    ("turn fees", book_fees),
    ("remember a mass NMR", remember_mass_nmr),
    ("advance the game", advance_game),
    ("printouts", printing.printouts),
    ("the GM's summary", printing.gm_summary),
    ("the Hall of Fame", printing.hall_of_fame),
    ("store the mails", printing.store_mails),
)
"""The phases of a turn run, in the order they run."""


def run_phases(work: TurnWork) -> None:
    """Every phase of :data:`PHASES` in order; an error names the phase it came from."""
    for name, phase in PHASES:
        try:
            phase(work)
        except Exception as exc:
            exc.add_note(f"in the phase {name!r} of turn {work.turn} of game {work.game.number}")
            raise
    work.session.flush()
    crash_point("turn-before-commit")
