"""The refusals of intake that no password lifts: a mail not to be answered or read,
a game or seat that takes no orders, an order text too long to read.

Each is a step of intake (see :mod:`mailserver.inbound.intake`): ``None`` lets the mail
on, an outcome ends its intake there. Cheap before expensive: none of them reads more
than it must.
"""

from __future__ import annotations

import hashlib
from datetime import timedelta

from db import repo
from db.models import Game, GameStatus, InboundStatus, PlayerStatus
from mailserver.inbound.authenticate import warn_registered
from mailserver.inbound.context import Intake, IntakeOutcome, Mail, Seat
from mailserver.inbound.identify import players_of, unknown_sender
from mailserver.inbound.parsed import ParsedMail
from mailserver.inbound.router import automatic_reason


def content_hash(parsed: ParsedMail) -> str:
    """What identifies a mail's sender and text (the same mail sent again)."""
    return hashlib.sha256(f"{parsed.headers.sender}\0{parsed.body.text}".encode()).hexdigest()


def automatic(intake: Intake, mail: Mail) -> IntakeOutcome | None:
    """An automatic mail is never answered: that is how mail loops start (RFC 3834)."""
    reason = automatic_reason(mail.parsed.headers)
    if reason is None:
        return None
    return intake.finish(mail, InboundStatus.IGNORED_AUTOMATIC, reason)


def too_big(intake: Intake, mail: Mail) -> IntakeOutcome | None:
    """A mail over the size limit: one answer to a known player, nothing else."""
    if not mail.parsed.too_big:
        return None
    players = players_of(intake.session, mail.sender)
    if not players:
        return unknown_sender(intake, mail)
    game = intake.session.get(Game, players[0].game_id)
    size = mail.parsed.size // 1000
    intake.reply(
        mail,
        "reject_too_big",
        players[0].language,
        game,
        game.number if game else "?",
        size=size,
        limit=intake.config.max_mail_bytes // 1000,
    )
    return intake.finish(mail, InboundStatus.REJECTED, f"too big ({size} kB)", game)


def answered_before(intake: Intake, mail: Mail) -> IntakeOutcome | None:
    """The same text again (a client resending, a naive vacation responder): it was
    answered once, and that answer stands."""
    earlier = repo.same_mail_answered(
        intake.session,
        mail.sender,
        content_hash(mail.parsed),
        before=mail.record.id or 0,
        since=intake.now - timedelta(days=1),
    )
    if earlier is None:
        return None
    return intake.finish(mail, InboundStatus.DUPLICATE, f"same text as mail {earlier}")


def not_taking_orders(intake: Intake, mail: Mail, seat: Seat) -> IntakeOutcome | None:
    """An authenticated player's mail (by password, or by a page's secret link): taken
    if the game and the player still take orders; the registered address is told of a
    mail for the seat from elsewhere."""
    game, player = seat.game, seat.player
    lang = player.language
    if game.status == GameStatus.FINISHED:
        intake.reply(mail, "reject_finished", lang, game, game.number)
        return intake.finish(mail, InboundStatus.REJECTED, "game finished", game, player)
    if game.status == GameStatus.ADJUDICATING:
        intake.reply(mail, "reject_adjudicating", lang, game, game.number, turn=game.turn + 1)
        return intake.finish(mail, InboundStatus.REJECTED, "GM adjudicating", game, player)
    if player.status != PlayerStatus.ACTIVE:
        intake.reply(mail, "reject_out", lang, game, game.number)
        return intake.finish(mail, InboundStatus.REJECTED, "player out", game, player)
    if mail.sender != player.address:
        warn_registered(intake, mail, seat, "warn_other_address")
    return None


def too_long(intake: Intake, mail: Mail, seat: Seat) -> IntakeOutcome | None:
    """An order text over the limits is not read (no honest mail is this long)."""
    config, text = intake.config, mail.body.text
    line_count = text.count("\n") + 1
    if len(text) <= config.max_text_chars and line_count <= config.max_order_lines:
        return None
    game, player = seat.game, seat.player
    intake.reply(
        mail,
        "reject_too_long",
        player.language,
        game,
        game.number,
        lines=line_count,
        chars=len(text),
        max_lines=config.max_order_lines,
        max_chars=config.max_text_chars,
    )
    return intake.finish(mail, InboundStatus.REJECTED, "too long", game, player)
