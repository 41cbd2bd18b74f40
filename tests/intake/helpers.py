"""What the intake tests share: the intake's settings, a mail fed through it in a
transaction of its own, the outbox in order, and a game with a GM to mail."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from db.models import Outbox, utcnow
from db.session import transaction
from mailserver.common.terms import HostTerms
from mailserver.gm import operations as gm
from mailserver.inbound.intake import IntakeConfig, IntakeOutcome, process_mail
from tests.factories import make_game

CONFIG = IntakeConfig(HostTerms(from_address="ashes@example.org"))
"""The intake's settings here: the host's From address, every other term its default."""

ALICE = "alice@example.org"
"""The player of :func:`alices_game`."""


def alices_game(engine: Engine, **settings: Any) -> int:
    """Game 227 (:func:`tests.factories.make_game`, ``settings`` as it takes them) with
    alice@example.org in seat 2, password sternenstaub, committed; the game's id."""
    with transaction(engine) as session:
        return make_game(session, players=[(2, ALICE, "sternenstaub")], **settings).id or 0


def feed(engine: Engine, raw: bytes, config: IntakeConfig = CONFIG) -> IntakeOutcome:
    """``raw`` through the intake, in a transaction of its own."""
    with transaction(engine) as session:
        return process_mail(session, raw, config=config)


def outbox(session: Session) -> list[Outbox]:
    """Every mail in the outbox, oldest first."""
    return list(session.exec(select(Outbox).order_by(col(Outbox.id))))


GM_HEADER = "Partie 88 Spielleiter Kennwort spielleiter-x\n"
"""The first line of a mail from the GM of :func:`gm_game`."""


def gm_game(engine: Engine, *addresses: str, number: int = 88, **settings: Any) -> None:
    """Game 88 of Ashes (GM gm@example.org, password spielleiter-x), not yet started:
    seat n for the n-th of ``addresses``; ``settings`` as :func:`create_game` takes them."""
    with transaction(engine) as session:
        gm.create_game(
            session,
            kind="ashes",
            number=number,
            gm_address="gm@example.org",
            gm_password="spielleiter-x",
            seats=[gm.SeatSpec(seat, address) for seat, address in enumerate(addresses, 1)],
            now=utcnow(),
            **settings,
        )
