"""A mail without orders is no submission: nothing is stored, the orders sent before
stand, and the GM's status does not show the seat as having sent orders."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import Engine
from sqlmodel import Session

from db import repo
from mailserver.gm.status import status
from tests.factories import flat, order_mail
from tests.intake.helpers import ALICE, alices_game, feed, outbox

HEADER = "Partie 227 Spieler 2 Kennwort sternenstaub\n"


def test_a_mail_without_orders_is_not_stored_nor_counted(
    db_engine: Engine, db_session: Session
) -> None:
    game = alices_game(db_engine)
    feed(db_engine, order_mail(ALICE, HEADER + "Bitte sehen Sie den Anhang.\nGruß, Alice"))
    assert repo.latest_submission(db_session, game, 2, 1) is None
    (answer,) = outbox(db_session)
    assert "nichts wurde gespeichert" in flat(answer.body)
    assert answer.subject.startswith("Keine Befehle gefunden – Partie 227")
    view = status(db_session, 227, now=datetime.now(UTC))
    assert "Befehle da" not in view and "keine Befehle" in view


def test_a_mail_without_orders_leaves_the_orders_sent_before(
    db_engine: Engine, db_session: Session
) -> None:
    game = alices_game(db_engine)
    feed(db_engine, order_mail(ALICE, HEADER + "HP=10"))
    feed(db_engine, order_mail(ALICE, HEADER + "Hallo, hier kommt nichts."))
    kept = repo.latest_submission(db_session, game, 2, 1)
    assert kept is not None and kept.orders
    assert "Befehle da" in status(db_session, 227, now=datetime.now(UTC))
