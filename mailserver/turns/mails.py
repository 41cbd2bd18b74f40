"""The mails around a turn that are not its printouts: reminders, the start, a takeover.

Each goes into the outbox under a dedup key (reminders) or the printout key, inside the
caller's transaction; nothing is sent here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlmodel import Session, select

from db import repo
from db.models import Game, GameMessage, GameStatus, Outbox, OutboxKind, Player
from engine.core import State
from mailserver.common.catalog import say, wrap
from mailserver.common.formats import format_when
from mailserver.common.terms import TurnContext
from mailserver.outbound.notices import Addressee, notice
from mailserver.printouts.compose import (
    enqueue_printout,
    held_secrets,
    mark_delivered,
    password_intro,
    player_timezone,
    printout_body,
    printout_values,
)
from mailserver.printouts.dice import DiceView, dice_view
from mailserver.printouts.files import printout_files
from mailserver.turns.deadlines import reminder_times
from mailserver.turns.plan import plan_turn, state_of


def send_reminders(session: Session, game_id: int, ctx: TurnContext) -> list[int]:
    """Remind active players without orders for the pending turn; the new outbox ids.

    Of the reminder times that have passed (``game.reminder_hours`` before the deadline)
    only the latest is sent, once per seat: the key is
    ``reminder:<game>:<turn>:<hours>:<seat>``.
    """
    game = session.get(Game, game_id)
    if game is None:
        raise LookupError(f"no game with id {game_id}")
    now, deadline = ctx.now, game.next_deadline
    if game.status != GameStatus.RUNNING or game.held or deadline is None or deadline <= now:
        return []
    passed = [hours for hours, at in reminder_times(deadline, game.reminder_hours) if at <= now]
    if not passed:
        return []
    hours, turn = passed[-1], game.turn + 1
    plan = plan_turn(session, game, turn, 0)
    new_ids: list[int] = []
    for player in plan.active:
        if player.seat in plan.submissions:
            continue
        key = f"reminder:{game.number}:{turn}:{hours}:{player.seat}"
        if session.exec(select(Outbox.id).where(Outbox.dedup_key == key)).first() is not None:
            continue
        lang = player.language
        when = format_when(deadline, player_timezone(game, player), lang)
        row = notice(
            session,
            ctx,
            Addressee.seat(game, player),
            subject=say(lang, "reminder_subject", game=game.number, turn=turn),
            body=wrap(
                say(lang, "reminder_body", game=game.number, turn=turn, seat=player.seat, when=when)
                + "\n\n"
                + say(lang, "printout_footer")
            )
            + "\n",
            kind=OutboxKind.REMINDER,
            turn=turn,
            dedup_key=key,
        )
        new_ids.append(row.id or 0)
    return new_ids


def start_game_printouts(
    session: Session,
    game: Game,
    passwords: Mapping[int, str],
    ctx: TurnContext,
) -> list[int]:
    """The printouts of turn 0 with each player's password and order form; outbox ids."""
    state = state_of(session, game, 0)
    dice = dice_view(session, game, 0)
    return [
        _password_printout(
            session, game, player, (state, dice), passwords[player.seat], ctx, turn=0
        )
        for player in repo.current_players(session, game.id or 0)
    ]


def takeover_printout(
    session: Session,
    game: Game,
    player: Player,
    password: str,
    ctx: TurnContext,
) -> int:
    """The current printout for a new occupant, with his password and held secrets."""
    state = state_of(session, game, game.turn)
    secret = held_secrets(session, game.id or 0, player.seat, game.turn)
    seen = (state, dice_view(session, game, game.turn))
    outbox_id = _password_printout(
        session, game, player, seen, password, ctx, turn=game.turn, held=secret
    )
    mark_delivered(session, secret, game.turn, ctx.now)
    return outbox_id


def _password_printout(
    session: Session,
    game: Game,
    player: Player,
    seen: tuple[State, DiceView],
    password: str,
    ctx: TurnContext,
    *,
    turn: int,
    held: Sequence[GameMessage] | None = None,
) -> int:
    """A printout that gives ``player`` his password: at the start, or at a takeover
    (``held``: the secret messages kept for the seat); its outbox id. ``seen``: the
    state and the dice the printout shows."""
    state, dice = seen
    body = printout_body(
        session,
        game,
        player,
        state,
        ctx.terms,
        intro=password_intro(game, player, takeover=held is not None),
        secret_messages=held or (),
        dice=dice,
    )
    values = printout_values(
        game,
        player,
        turn,
        body,
        ctx,
        attachments=printout_files(game, player, state, turn, dice=dice),
        secret=password,
    )
    return enqueue_printout(session, values)
