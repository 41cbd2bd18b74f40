"""A mail refused for its password: a misspelled keyword is named, and the orders are
checked all the same, plainly not stored."""

from __future__ import annotations

import difflib

from sqlalchemy import Engine
from sqlmodel import Session

from db import repo
from db.models import InboundMail, InboundStatus
from grammar.header_typos import CLOSE, HEADER_KEYWORDS, PASSWORD_WORDS, header_typos
from tests.factories import flat, order_mail
from tests.intake.helpers import ALICE, alices_game, feed, outbox


def test_a_misspelled_password_keyword_is_named_and_the_orders_checked(
    db_engine: Engine, db_session: Session
) -> None:
    game = alices_game(db_engine)
    raw = order_mail(ALICE, "Partie 227 Spieler 2 Kenwort sternenstaub\nHP=10\nBau 3 Schiffe")
    assert feed(db_engine, raw).status == InboundStatus.REJECTED
    assert repo.latest_submission(db_session, game, 2, 1) is None
    (answer,) = outbox(db_session)
    body = flat(answer.body)
    assert "Zeile 1: „Kenwort“ – meinten Sie „Kennwort“?" in body
    assert "Gelesen, aber NICHT gespeichert (1 Befehl):" in body
    assert "Zeile 3, Spalte 7: Bau 3 Schiffe" in body
    assert "Partie 227 · Spieler 2 · kein Kennwort" in body
    # The value after the misspelled keyword is the password: never repeated, never kept.
    assert "sternenstaub" not in answer.body
    stored = db_session.get(InboundMail, answer.inbound_mail_id)
    assert stored is not None and b"sternenstaub" not in stored.raw


def test_a_wrong_password_gets_the_echo_without_the_seat_s_position(
    db_engine: Engine, db_session: Session
) -> None:
    alices_game(db_engine)
    feed(db_engine, order_mail("mallory@example.org", "Partie 227 Spieler 2 Kennwort rate\nHP=10"))
    answer = outbox(db_session)[0]
    assert "Gelesen, aber NICHT gespeichert (1 Befehl):" in flat(answer.body)


def test_no_header_keyword_comes_close_to_a_password_keyword() -> None:
    # So they are passed over without comparing them, every mail.
    for word in HEADER_KEYWORDS:
        assert not difflib.get_close_matches(word, PASSWORD_WORDS, n=1, cutoff=CLOSE), word


def test_header_typos_only_in_header_lines() -> None:
    assert [t.keyword for t in header_typos("Partie 1 Spieler 2 Pasword x\nKenwort: y")] == [
        "Password",
        "Kennwort",
    ]
    assert header_typos("Partie 1 Spieler 2 Kennwort x\nErde: Passwörter sind toll") == []


def test_a_wrong_password_that_is_a_word_of_the_refusal_is_masked_only_where_echoed(
    db_engine: Engine, db_session: Session
) -> None:
    alices_game(db_engine)
    feed(db_engine, order_mail(ALICE, "Partie 227 Spieler 2 Kennwort falsch\nPresse: falsch"))
    body = flat(outbox(db_session)[0].body)
    assert "das Kennwort fehlt oder ist falsch." in body
    assert "„••••••“" in body.split("NICHT gespeichert")[1]
