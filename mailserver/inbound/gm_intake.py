"""A mail of a game's GM: its commands run only with the GM password.

The commands themselves are the gm wing's (:func:`mailserver.gm.mail.handle_gm_mail`);
here the mail is placed, the password checked (strangers against their lock first, see
:mod:`mailserver.inbound.authenticate`) and the GM's registered address told of a GM
mail from elsewhere.
"""

from __future__ import annotations

from sqlmodel import select

from config.game_options import gm_language
from db import repo
from db.models import Game, InboundStatus, OutboxKind
from engine.catalogs import FALLBACK
from grammar.gm import GmHeader
from mailserver.common.catalog import say
from mailserver.gm import mail as gm_mail
from mailserver.gm import operations as gm
from mailserver.inbound.authenticate import WRONG_PASSWORD, guessing, own_tries
from mailserver.inbound.context import Intake, IntakeOutcome, Mail, Outgoing
from mailserver.inbound.identify import HEADER_OUT_OF_RANGE, players_of, unknown_sender
from mailserver.inbound.router import attachments_of


def gm_command(intake: Intake, mail: Mail, header: GmHeader) -> IntakeOutcome:
    """A mail whose header names the GM: commands run only with the GM password."""
    number = header.game or 0
    game = repo.get_game_by_number(intake.session, number)
    if game is None:
        if not players_of(intake.session, mail.sender) and not _is_a_gm(intake, mail.sender):
            return unknown_sender(intake, mail)
        lang = header.language or "de"
        if header.fault is not None:
            # "Partie 99999999999999999999 Spielleiter …": the number is the reason.
            reason = header.fault.get(lang) or header.fault[FALLBACK]
            intake.reply(mail, "reject_gm_header", lang, None, "?", reason=reason)
            return intake.finish(mail, InboundStatus.REJECTED, HEADER_OUT_OF_RANGE)
        intake.reply(mail, "reject_game", lang, None, number)
        return intake.finish(mail, InboundStatus.REJECTED, f"no game {number}")
    lang = gm_language(game.options, header.language)
    owner = mail.sender == game.gm_address
    if not owner and (locked := guessing(intake, mail, game, None, lang)) is not None:
        return locked  # strangers locked out; the GM's own address never is
    try:
        gm.verify_gm(intake.session, number, header.password or "", mail.parsed.rehashed)
    except gm.GmError:
        if owner and (throttled := own_tries(intake, mail, game, None, lang)) is not None:
            return throttled
        intake.reply(mail, "reject_gm_password", lang, game, number)
        if mail.sender != game.gm_address:
            _warn_gm(intake, mail, game, lang, "warn_gm_password")
        return intake.finish(mail, InboundStatus.REJECTED, WRONG_PASSWORD, game)
    if mail.sender != game.gm_address:
        _warn_gm(intake, mail, game, lang, "warn_gm_other_address")
    result = gm_mail.handle_gm_mail(
        intake.session,
        game,
        mail.body.text,
        mail.body.subject or None,
        intake.config.terms.at(intake.now),
        sender=mail.sender,
        attachments=attachments_of(mail.parsed.message),
    )
    intake.outbox_ids += result.outbox_ids
    # "Partie löschen" removed a game in setup: the reply and the record go without it.
    still = intake.session.get(Game, game.id) if game.id is not None else None
    intake.send(
        mail,
        Outgoing(
            to=mail.sender,
            subject=result.subject,
            body=result.reply,
            kind=OutboxKind.NOTICE,
            game=still,
        ),
    )
    return intake.finish(
        mail, InboundStatus.PROCESSED, f"GM: {result.done} done, {result.failed} failed", still
    )


def _is_a_gm(intake: Intake, address: str) -> bool:
    return (
        address != ""
        and intake.session.exec(select(Game.id).where(Game.gm_address == address).limit(1)).first()
        is not None
    )


def _warn_gm(intake: Intake, mail: Mail, game: Game, lang: str, key: str) -> None:
    """Tell the GM's registered address about a GM mail from elsewhere, at most once
    an hour for each kind of warning (a guesser cannot flood the GM)."""
    hour = int(intake.now.timestamp()) // 3600
    intake.warn(
        game.gm_address,
        lang,
        game,
        say(lang, key, game=game.number, sender=mail.sender or "?"),
        key=f"warn-gm:{game.number}:{key}:{hour}",
    )
