"""What the GM puts in the players' mail: news for the newspaper, secret messages, and a
printout mailed again.

News and secrets are kept as messages of the game and go out with the next printouts
(host rules); nothing is mailed at once but a printout sent again.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from sqlmodel import Session, select

from db import repo
from db.models import PASSWORD_PLACEHOLDER, Game, GameMessage, MessageKind, Outbox, OutboxKind
from mailserver.common.catalog import public_notice, say
from mailserver.common.kinds import game_kind
from mailserver.common.terms import TurnContext
from mailserver.gm.lookup import GmError, game_numbered, occupant
from mailserver.outbound.notices import Addressee, notice
from mailserver.printouts.compose import (
    enqueue_printout,
    printout_body,
    printout_key,
    printout_values,
)
from mailserver.printouts.dice import dice_view
from mailserver.printouts.files import printout_files


def news_message(
    session: Session,
    game: Game,
    parts: Sequence[tuple[str, Mapping[str, object]]],
    *,
    now: datetime,
) -> GameMessage:
    """A notice of the host for the next newspaper, in every language of the game
    (``parts``: catalog keys and their values)."""
    languages = {p.language for p in repo.current_players(session, game.id or 0)}
    notice = public_notice(languages, parts)
    return repo.saved(session, _for_next_printouts(game, MessageKind.GM_NEWS, notice, now))


def _for_next_printouts(game: Game, kind: MessageKind, text: str, now: datetime) -> GameMessage:
    """A message of ``game`` that goes out with its next printouts, not yet stored."""
    return GameMessage(
        game_id=game.id or 0,
        kind=kind,
        text=repo.clean_text(text.strip("\n")),
        turn=game.turn + 1,
        created_at=now,
    )


def publish_news(session: Session, number: int, text: str, *, now: datetime) -> GameMessage:
    """A notice of the GM for the newspaper of the next printouts."""
    game = game_numbered(session, number)
    if not text.strip():
        raise GmError("gm_error_news_item_empty")
    return repo.saved(session, _for_next_printouts(game, MessageKind.GM_NEWS, text, now))


def forward_secret(
    session: Session,
    number: int,
    to_seat: int,
    text: str,
    *,
    from_seat: int | None,
    now: datetime,
) -> GameMessage:
    """A secret message for ``to_seat``, delivered with the next printout (host rules);
    ``from_seat`` names the sender (``None``: the GM forwards it without a sender)."""
    game = game_numbered(session, number)
    occupant(session, game, to_seat)
    if from_seat is not None:
        occupant(session, game, from_seat)
    if not text.strip():
        raise GmError("gm_error_message_empty")
    secret = _for_next_printouts(game, MessageKind.SECRET, text, now)
    secret.sender_seat, secret.addressee_seat = from_seat, to_seat
    return repo.saved(session, secret)


def resend_printout(
    session: Session,
    number: int,
    seat: int,
    ctx: TurnContext,
    *,
    turn: int | None = None,
) -> int:
    """Mail the printout of ``turn`` (default: the latest) to the seat's occupant again:
    the mail he was sent, files and all (a password it gave is not repeated); a turn
    before his time is composed anew, with its files."""
    game = game_numbered(session, number)
    player = occupant(session, game, seat)
    turn = game.turn if turn is None else turn
    original = session.exec(
        select(Outbox).where(Outbox.dedup_key == printout_key(game, turn, player))
    ).first()
    if original is not None:
        again = notice(
            session,
            ctx,
            Addressee.seat(game, player),
            subject=original.subject,
            body=original.body.replace(
                PASSWORD_PLACEHOLDER, say(player.language, "resend_password_withheld")
            ),
            kind=OutboxKind.PRINTOUT,
            turn=turn,
            attachments=original.attachments,
        )
        return again.id or 0
    snapshot = repo.load_snapshot(session, game.id or 0, turn)
    if snapshot is None:
        raise GmError("gm_error_there_no_turn", turn=turn)
    state = game_kind(game.kind).engine.state_from_json(snapshot.state_data())
    dice = dice_view(session, game, turn)
    body = printout_body(
        session, game, player, state, ctx.terms, show_deadline=turn == game.turn, dice=dice
    )
    files = printout_files(game, player, state, turn, dice=dice)
    values = printout_values(game, player, turn, body, ctx, dedup=False, attachments=files)
    return enqueue_printout(session, values)
