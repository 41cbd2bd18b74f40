"""Orders in an attached text file are read when the body holds none, and the
acknowledgement says so."""

from __future__ import annotations

from email.message import EmailMessage

from sqlalchemy import Engine
from sqlmodel import Session

from db import repo
from db.models import InboundStatus
from tests.factories import flat
from tests.intake.helpers import ALICE, alices_game, feed, outbox

HEADER = "Partie 227 Spieler 2 Kennwort sternenstaub"


def _with_file(body: str, file_text: str, name: str = "befehle.txt") -> bytes:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = ALICE, "ashes@example.org", "Befehle"
    msg.set_content(body)
    msg.add_attachment(file_text, subtype="plain", filename=name)
    return bytes(msg)


def test_orders_in_an_attached_file_are_read_and_the_answer_says_so(
    db_engine: Engine, db_session: Session
) -> None:
    game = alices_game(db_engine)
    outcome = feed(db_engine, _with_file(HEADER + "\nBefehle im Anhang.\n", "HP=10\n"))
    assert outcome.status == InboundStatus.PROCESSED
    stored = repo.latest_submission(db_session, game, 2, 1)
    assert stored is not None and stored.orders and stored.raw_text == "HP=10"
    body = flat(outbox(db_session)[0].body)
    assert "gelesen wurde die angehängte Datei „befehle.txt“" in body
    assert "Verstanden (1 Befehl)" in body


def test_a_file_with_header_and_orders_is_read_under_an_empty_body(
    db_engine: Engine, db_session: Session
) -> None:
    game = alices_game(db_engine)
    outcome = feed(db_engine, _with_file("", HEADER + "\nHP=10\n"))
    assert outcome.status == InboundStatus.PROCESSED
    assert repo.latest_submission(db_session, game, 2, 1) is not None


def test_the_body_s_orders_win_over_an_attached_file(
    db_engine: Engine, db_session: Session
) -> None:
    game = alices_game(db_engine)
    feed(db_engine, _with_file(HEADER + "\nHP=10\n", "HP=11\n"))
    stored = repo.latest_submission(db_session, game, 2, 1)
    assert stored is not None and "11" not in str(stored.orders)
    assert "angehängte" not in outbox(db_session)[0].body
