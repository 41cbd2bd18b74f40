"""Mail intake: one received mail in, everything it causes out — in one transaction.

:func:`process_mail` records the raw mail (idempotently, by Message-ID or a hash of the
bytes), then takes it through the steps below until one settles it: whether it may be
answered at all, whose it is, the password, whether the seat takes orders, and finally
the acknowledgement, which stores orders and messages. Every answer goes to the outbox.
The caller commits; only then is the mail flagged on the IMAP side. A crash anywhere
before the commit leaves no trace, so the mail is simply processed again.

This module is intake's front door: the host, the web pages and the tests use the names
in ``__all__``.
"""

from __future__ import annotations

import email.utils
from collections.abc import Callable
from datetime import datetime
from email.message import EmailMessage

from sqlmodel import Session

from db import repo
from db.models import Game, InboundStatus, Player, make_message_id, utcnow
from grammar.gm import GmHeader
from mailserver.inbound.acks import acknowledge
from mailserver.inbound.authenticate import locked_out, wrong_password
from mailserver.inbound.context import Intake, IntakeOutcome, Mail, Seat
from mailserver.inbound.gm_intake import gm_command
from mailserver.inbound.identify import identify
from mailserver.inbound.intake_config import IntakeConfig
from mailserver.inbound.parsed import ParsedMail, parse_mail
from mailserver.inbound.read_ahead import preverify
from mailserver.inbound.refusals import (
    answered_before,
    automatic,
    content_hash,
    not_taking_orders,
    too_big,
    too_long,
)

__all__ = [
    "WEB_MAILBOX",
    "IntakeConfig",
    "IntakeOutcome",
    "ParsedMail",
    "parse_mail",
    "preverify",
    "process_mail",
    "process_web_orders",
]

Screen = Callable[[Intake, Mail], IntakeOutcome | None]
"""A step before the mail is placed: ``None`` lets it on, an outcome ends its intake."""
SeatStep = Callable[[Intake, Mail, Seat], IntakeOutcome | None]
"""A step for the seat the mail speaks for, likewise."""

SCREENS: tuple[Screen, ...] = (automatic, too_big, answered_before)
"""Not answered (an automatic mail), not read (too big), answered once (the same text)."""
PASSWORD: tuple[SeatStep, ...] = (locked_out, wrong_password)
"""A mail's own authentication (a page's orders come with its secret link instead)."""
ADMISSION: tuple[SeatStep, ...] = (not_taking_orders, too_long)
"""An authenticated mail: the game and the seat take orders, the text is readable."""


def process_mail(
    session: Session,
    raw: bytes,
    *,
    config: IntakeConfig,
    mailbox: str | None = None,
    uidvalidity: int | None = None,
    uid: int | None = None,
    now: datetime | None = None,
    size: int | None = None,
    parsed: ParsedMail | None = None,
) -> IntakeOutcome:
    """Process one received mail inside the caller's transaction (see the module doc).

    ``size`` is the mail's size when ``raw`` is only its start (the poller fetches the
    first ``max_mail_bytes`` of a larger mail). ``parsed`` is :func:`parse_mail` of ``raw`` (with
    the same ``size``) when the caller has it: no need to take the mail apart again
    while holding the write lock."""
    parsed = parsed or parse_mail(raw, config=config, size=size)
    # Masked from the start, whatever becomes of the mail (a copy sent again, an
    # automatic reply, a mail too big: their passwords are not kept either).
    intake = Intake(session, config, now or utcnow(), secrets=parsed.secrets)
    sender, body = parsed.headers.sender, parsed.body
    record, is_new = repo.record_inbound_mail(
        session,
        raw=raw,
        stored=intake.stored_copy(raw, body),
        content_hash=None if parsed.too_big else content_hash(parsed),
        message_id=body.message_id,
        mailbox=mailbox,
        uidvalidity=uidvalidity,
        uid=uid,
        sender=sender or None,
        subject=intake.masked(body.subject) or None,
        received_at=intake.now,
    )
    if not is_new:
        # The first copy was committed together with everything it caused.
        return IntakeOutcome(InboundStatus.DUPLICATE, "seen before", record.id)
    return _steps(intake, Mail(record, parsed, sender))


def _steps(intake: Intake, mail: Mail) -> IntakeOutcome:
    """A recorded mail through the steps of intake, until one settles it."""
    for screen in SCREENS:
        if (outcome := screen(intake, mail)) is not None:
            return outcome
    header = mail.parsed.header
    if isinstance(header, GmHeader):
        return gm_command(intake, mail, header)
    seat = identify(intake, mail, header)
    if isinstance(seat, IntakeOutcome):
        return seat
    return _seat_steps(intake, mail, seat, (*PASSWORD, *ADMISSION))


def _seat_steps(
    intake: Intake, mail: Mail, seat: Seat, steps: tuple[SeatStep, ...]
) -> IntakeOutcome:
    """``steps`` for the seat the mail speaks for; the acknowledgement if it passes."""
    for step in steps:
        if (outcome := step(intake, mail, seat)) is not None:
            return outcome
    return acknowledge(intake, mail, seat)


WEB_MAILBOX = "web"
"""The ``InboundMail.mailbox`` of orders sent from a player's web page."""


def process_web_orders(
    session: Session,
    game: Game,
    player: Player,
    text: str,
    *,
    config: IntakeConfig,
    now: datetime | None = None,
) -> IntakeOutcome:
    """Orders sent from ``player``'s private web page, taken like a mail of his.

    The page's secret link has authenticated the player, so the password step is
    skipped; everything else is the mail's path: the text is recorded as a mail from the
    registered address (mailbox ``web``, no Subject), cleaned and read by the same
    grammar, stored as the same kind of submission, and acknowledged by mail. A password
    typed into the form is masked like one in a mail.
    """
    now = now or utcnow()
    message = EmailMessage()
    message["From"] = player.address
    message["To"] = config.terms.from_address
    message["Date"] = email.utils.format_datetime(now)
    message["Message-ID"] = make_message_id(config.terms.domain)
    message.set_content(text)
    raw = message.as_bytes()
    parsed = parse_mail(raw, config=config)
    intake = Intake(session, config, now, secrets=parsed.secrets, via_web=True)
    record, _ = repo.record_inbound_mail(
        session,
        raw=raw,
        stored=intake.stored_copy(raw, parsed.body),
        message_id=str(message["Message-ID"]),
        mailbox=WEB_MAILBOX,
        sender=player.address,
        received_at=now,
    )
    mail = Mail(record, parsed, sender=player.address)
    return _seat_steps(intake, mail, Seat(game, player), ADMISSION)
