"""What the intake tests share: the intake's settings, a mail fed through it in a
transaction of its own, and the outbox in order."""

from __future__ import annotations

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from db.models import Outbox
from db.session import transaction
from mailserver.common.terms import HostTerms
from mailserver.inbound.intake import IntakeConfig, IntakeOutcome, process_mail

CONFIG = IntakeConfig(HostTerms(from_address="ashes@example.org"))
"""The intake's settings here: the host's From address, every other term its default."""


def feed(engine: Engine, raw: bytes, config: IntakeConfig = CONFIG) -> IntakeOutcome:
    """``raw`` through the intake, in a transaction of its own."""
    with transaction(engine) as session:
        return process_mail(session, raw, config=config)


def outbox(session: Session) -> list[Outbox]:
    """Every mail in the outbox, oldest first."""
    return list(session.exec(select(Outbox).order_by(col(Outbox.id))))
