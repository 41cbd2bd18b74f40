"""An acknowledgement speaks the language of the seat's setting, else of the mail
(the rule in docs/host-rules.md)."""

from __future__ import annotations

from sqlalchemy import Engine
from sqlmodel import Session

from grammar.mail_language import mail_language
from tests.factories import flat, order_mail
from tests.intake.helpers import ALICE, alices_game, feed, outbox

ENGLISH = "Game 227 Player 2 Password sternenstaub\nHP=10\nFinal"
GERMAN = "Partie 227 Spieler 2 Kennwort sternenstaub\nHP=10\nFertig"


def test_a_mail_in_english_is_answered_in_english_by_a_seat_of_the_default_language(
    db_engine: Engine, db_session: Session
) -> None:
    alices_game(db_engine)
    feed(db_engine, order_mail(ALICE, ENGLISH, subject="orders"))
    (answer,) = outbox(db_session)
    assert answer.subject.startswith("Orders received")
    body = flat(answer.body)
    assert "Understood (2 orders)" in body and "Verstanden" not in body


def test_a_seat_set_to_english_is_answered_in_english_whatever_it_writes(
    db_engine: Engine, db_session: Session
) -> None:
    alices_game(db_engine, language="en")
    feed(db_engine, order_mail(ALICE, GERMAN))
    (answer,) = outbox(db_session)
    assert answer.subject.startswith("Orders received")


def test_a_mail_in_german_is_answered_in_german(db_engine: Engine, db_session: Session) -> None:
    alices_game(db_engine)
    feed(db_engine, order_mail(ALICE, GERMAN))
    (answer,) = outbox(db_session)
    assert answer.subject.startswith("Befehle erhalten")


def test_the_mail_language_is_the_majority_of_its_keywords() -> None:
    assert mail_language(["Game ", "Player ", "Password", "Build", "Final"]) == "en"
    assert mail_language(["Partie ", "Spieler ", "Kennwort", "HP"]) == "de"
    assert mail_language(["HP", "W189B3R"]) is None
    assert mail_language(["Game", "Spieler"]) is None
