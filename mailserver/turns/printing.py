"""Phases of a turn run that write its mails: the printouts, the GM's summary, the Hall of Fame.

Every printout goes to the occupants who read the game (and to those dropped this turn,
without secrets), with the host's notes to each; a stand-by who took a seat over gets
his password with it. The bodies come from :mod:`mailserver.printouts.compose`; the
texts made ahead (:mod:`mailserver.turns.ahead`) are taken where they fit. All go into
the outbox under their dedup keys, in the run's transaction.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import col, select

from config.game_options import gm_language, nmr_drop_after
from db import repo
from db.models import GameMessage, LedgerEntry, LedgerKind, OutboxKind, Player, PlayerStatus
from engine.core import NEUTRAL
from mailserver.common.catalog import say
from mailserver.common.formats import format_money, format_when
from mailserver.printouts.compose import (
    TurnFacts,
    gm_summary_body,
    held_secrets_of,
    mark_delivered,
    password_intro,
    player_timezone,
    printout_body,
    printout_values,
)
from mailserver.printouts.dice import DiceView, known_dice_view
from mailserver.printouts.files import printout_files
from mailserver.turns.final import every_occupant, game_over_event, hall_of_fame_key, seat_records
from mailserver.turns.plan import READERS
from mailserver.turns.work import TurnWork


@dataclass
class _Mail:
    """A printout to write once the new state and balances are known."""

    player: Player
    intro: list[str] = field(default_factory=list)
    secrets: bool = True
    password: str | None = None
    """A takeover's new password (goes in only when the mail is sent)."""


def printouts(work: TurnWork) -> None:
    """Every printout of the turn, and the secret messages they deliver."""
    session, game = work.session, work.game
    mails = _mails(work)
    # One query each for all the printouts, not one per player: the players read back
    # if fee bookings changed their balances, their postage and their secrets.
    ids = [mail.player.id or 0 for mail in mails]
    if work.fee > 0:
        session.exec(
            select(Player).where(col(Player.id).in_(ids)).execution_options(populate_existing=True)
        ).all()
    postage = repo.bookings_of_players(session, ids, turn=work.turn, kind=LedgerKind.POSTAGE)
    seats = [mail.player.seat for mail in mails if mail.secrets]
    held = held_secrets_of(session, game.id or 0, seats, work.turn) if seats else {}
    dice = known_dice_view(game, work.turn, work.next_secret, work.reveal)
    rows = []
    for mail in mails:
        secret = held.get(mail.player.seat, []) if mail.secrets else []
        rows.append(_printout(work, mail, secret, postage.get(mail.player.id or 0, []), dice))
        mark_delivered(session, secret, work.turn, work.ctx.now)
        work.delivered += len(secret)
    work.mails += rows


def store_mails(work: TurnWork) -> None:
    """The turn's mails written so far (the printouts, the GM's summary, the Hall of Fame)
    into the outbox, in one statement (idempotent per key, as enqueue_printout)."""
    work.outbox_ids += repo.enqueue_outbox_many(work.session, work.mails)
    work.mails = []


def _mails(work: TurnWork) -> list[_Mail]:
    """Who gets a printout: the readers, then those dropped this turn (their last one,
    without secrets); a stand-by who took over gets the takeover's intro and password."""
    mails: dict[int, _Mail] = {}
    for player in work.occupants():
        if player.status in READERS:
            mails[player.id or 0] = _Mail(player)
    for player in work.dropped:
        mails.setdefault(player.id or 0, _Mail(player, secrets=False))
    for newcomer, password in work.takeovers:
        mails[newcomer.id or 0].intro = password_intro(work.game, newcomer, takeover=True)
        mails[newcomer.id or 0].password = password
    return list(mails.values())


def _notes(work: TurnWork, player: Player) -> list[str]:
    """The host's notes to ``player``: a late run, a fee not covered, a drop or an NMR
    warning (host rules), the end of the game."""
    lang, turn, plan = player.language, work.turn, work.plan
    notes = []
    if work.late_for is not None:
        tz = player_timezone(work.game, player)
        deadline = format_when(work.late_for, tz, lang)
        notes.append(say(lang, "late", deadline=deadline, ran=format_when(work.ctx.now, tz, lang)))
    if player.seat in plan.broke and player.joined_turn <= turn:
        currency = work.ctx.terms.currency
        balance = format_money(player.balance_cents, currency)
        fee = format_money(work.fee, currency)
        notes.append(say(lang, "broke", balance=balance, fee=fee, turn=turn))
    limit = nmr_drop_after(work.game.options)
    if player.status == PlayerStatus.DROPPED:
        notes.append(say(lang, "dropped", count=player.nmr_count, game=work.game.number))
    elif player.seat in plan.missing and player.joined_turn <= turn and limit:
        notes.append(say(lang, "nmr_warning", turn=turn, limit=limit))
    if work.evaluated.game_over:
        notes.append(say(lang, "final"))
    return notes


def _printout(
    work: TurnWork,
    mail: _Mail,
    secret: Sequence[GameMessage],
    postage: Sequence[LedgerEntry],
    dice: DiceView,
) -> dict[str, Any]:
    """One printout mail's values: the body with its notes, secrets and dice, the GM's
    report (an adjudicated turn) and the printout's files as attachments."""
    game, player, result = work.game, mail.player, work.evaluated
    made = (player.seat, player.language)
    body = printout_body(
        work.session,
        game,
        player,
        result.state,
        work.ctx.terms,
        extra_notes=_notes(work, player),
        intro=mail.intro,
        secret_messages=secret,
        show_deadline=not result.game_over and player.status == PlayerStatus.ACTIVE,
        postage=postage,
        view=work.ahead.texts.get(made) if work.ahead else None,
        dice=dice,
    )
    report = (work.reports or {}).get(player.seat)
    ahead = work.ahead.files.get(made) if work.ahead else None
    files = printout_files(game, player, result.state, work.turn, ahead, dice)
    return printout_values(
        game,
        player,
        work.turn,
        body,
        work.ctx,
        attachments=[*(report.attachments if report else ()), *files],
        secret=mail.password,
    )


def gm_summary(work: TurnWork) -> None:
    """The GM's mail after the turn: what the run did and the GM's view of the new state."""
    game, plan = work.game, work.plan
    lang = gm_language(game.options)
    charged = len(plan.active) - len(work.dropped) - len(plan.broke)
    facts = TurnFacts(
        executed=plan.executed,
        missing=plan.missing,
        broke=plan.broke,
        dropped=[(p.seat, p.nmr_count) for p in work.dropped],
        takeovers=[(p.seat, p.address) for p, _ in work.takeovers],
        vacant=work.vacant,
        out=work.out,
        secrets_delivered=work.delivered,
        fees=(charged, work.fee) if work.fee > 0 else None,
    )
    view = work.ahead.texts.get((NEUTRAL, lang)) if work.ahead else None
    body = gm_summary_body(game, work.evaluated.state, lang, work.ctx, facts, view)
    subject = say(lang, "gm_summary_subject", game=game.number, turn=work.turn)
    _gm_mail(work, subject, body, f"gm-summary:{game.number}:{work.turn}")


def hall_of_fame(work: TurnWork) -> None:
    """At the game's end, the final report to the GM, with every occupant's address."""
    event = game_over_event(work.evaluated.events)
    if event is None:
        return
    game = work.game
    lang = gm_language(game.options)
    seats = seat_records(every_occupant(work.session, game))
    body = work.kind.engine.final_report(work.evaluated.state, event, seats, lang)
    _gm_mail(work, say(lang, "hof_subject", game=game.number), body, hall_of_fame_key(game))


def _gm_mail(work: TurnWork, subject: str, body: str, key: str) -> None:
    row = repo.outbox_values(
        to_address=work.game.gm_address,
        subject=subject,
        body=body,
        kind=OutboxKind.NOTICE,
        domain=work.ctx.terms.domain,
        game_id=work.game.id,
        turn=work.turn,
        dedup_key=key,
        now=work.ctx.now,
    )
    work.mails.append(row)
