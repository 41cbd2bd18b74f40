"""What a player is told about a mail the host did not take as he meant it: orders for a
turn already evaluated are read for him but plainly not stored."""

from __future__ import annotations

from sqlalchemy import Engine
from sqlmodel import Session

from db import repo
from db.models import InboundStatus
from db.session import transaction
from tests.factories import flat, make_game, order_mail
from tests.intake.helpers import ALICE, alices_game, feed, outbox


def test_orders_for_a_turn_already_evaluated_are_refused_in_subject_and_echo(
    db_engine: Engine, db_session: Session
) -> None:
    game = alices_game(db_engine, turn=3)
    raw = order_mail(ALICE, "Partie 227 Spieler 2 Kennwort sternenstaub Runde 3\nHP=10")
    assert feed(db_engine, raw).status == InboundStatus.REJECTED
    assert repo.latest_submission(db_session, game, 2, 3) is None
    (answer,) = outbox(db_session)
    assert answer.subject.startswith("Befehle NICHT angenommen – Partie 227, Spieler 2")
    assert "Runde 3 ist vorbei" in answer.subject
    body = flat(answer.body)
    assert "Gelesen, aber NICHT gespeichert (1 Befehl):" in body
    assert "Verstanden" not in body and "erhalten" not in answer.subject
    # The deadline it names is the coming turn's, not the one that is over.
    assert "ZAT) für Runde 4" in body and "ZAT) für Runde 3" not in body


def test_final_promises_an_early_run_only_in_a_game_that_has_them(
    db_engine: Engine, db_session: Session
) -> None:
    with transaction(db_engine) as session:
        make_game(session, players=[(2, ALICE, "sternenstaub")])
        early = make_game(session, 228, players=[(2, ALICE, "sternenstaub")])
        early.early_run = True
    for number in (227, 228):
        feed(
            db_engine, order_mail(ALICE, f"Partie {number} Spieler 2 Kennwort sternenstaub\nFertig")
        )
    late, soon = (flat(a.body) for a in outbox(db_session))
    assert "erst zum ZAT" in late and "vor dem ZAT" not in late
    assert "darf vor dem ZAT laufen, sobald alle fertig sind" in soon
