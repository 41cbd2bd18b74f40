"""Mail intake against a real database (SQLite and PostgreSQL): one mail, one transaction."""

from __future__ import annotations

from datetime import UTC, datetime
from random import Random
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from db import repo
from db.models import (
    GameMessage,
    GameStatus,
    InboundMail,
    InboundStatus,
    MessageKind,
    OutboxKind,
)
from db.session import transaction
from tests.factories import flat, make_game, order_mail
from tests.intake.helpers import feed, gm_game, outbox

ALICE, BOB, CAROL = "alice@example.org", "bob@example.org", "carol@example.org"
DEADLINE = datetime(2026, 12, 7, 17, 0, tzinfo=UTC)


@pytest.fixture
def game(db_engine: Engine) -> int:
    with transaction(db_engine) as session:
        game = make_game(
            session,
            players=[(2, ALICE, "sternenstaub"), (3, BOB, "mondlicht"), (5, CAROL, "x")],
            next_deadline=DEADLINE,
            # The postage of an Eildepesche is the game's rule (config.game_options).
            options={"host": {"urgent_postage": 80}},
        )
        return game.id or 0


def test_orders_are_stored_and_acknowledged_with_echo_and_deadline(
    db_engine: Engine, db_session: Session, game: int
) -> None:
    raw = order_mail(ALICE, "Partie 227 Spieler 2 Kennwort sternenstaub\n2/15/1/21\nCrabb: 1 PDU")
    outcome = feed(db_engine, raw)
    assert outcome.status == InboundStatus.PROCESSED
    submission = repo.latest_submission(db_session, game, 2, 1)
    assert submission is not None
    assert submission.orders == [
        {"line": 2, "kind": "flight", "from": 2, "fi": 15, "tr": 1, "to": 21}
    ]
    assert submission.errors[0]["line"] == 3
    (ack,) = outbox(db_session)
    assert ack.kind == OutboxKind.ACK and ack.to_address == ALICE
    assert ack.auto_submitted == "auto-replied" and ack.in_reply_to
    assert "Flug: 15 FI, 1 TR von 2 (Crab) nach 21 (Beyond)" in ack.body
    assert "Zeile 3, Spalte 1: Crabb: 1 PDU" in ack.body
    assert "Mo., 07.12.2026, 18:00 Uhr MEZ" in ack.body
    assert "sternenstaub" not in ack.body


def test_resubmission_replaces_and_shows_the_difference(
    db_engine: Engine, db_session: Session, game: int
) -> None:
    feed(
        db_engine, order_mail(ALICE, "Partie 227 Spieler 2 Kennwort sternenstaub\n2/15/1/21\nHP=10")
    )
    feed(db_engine, order_mail(ALICE, "Partie 227 Spieler 2 Kennwort sternenstaub\nHP=10\nPV 5=0"))
    submission = repo.latest_submission(db_session, game, 2, 1)
    assert submission is not None
    assert [o["kind"] for o in submission.orders] == ["homeplanet", "pv"]
    second_ack = outbox(db_session)[-1].body
    assert "ersetzen Ihre früheren Befehle" in second_ack
    assert "neu:      PV zu Spieler 5 = 0 (Krieg)" in second_ack
    assert "entfällt: Flug: 15 FI, 1 TR von 2 (Crab) nach 21 (Beyond)" in second_ack


def test_the_same_mail_twice_is_processed_once(
    db_engine: Engine, db_session: Session, game: int
) -> None:
    raw = order_mail(ALICE, "Partie 227 Spieler 2 Kennwort sternenstaub\n2/15/1/21")
    assert feed(db_engine, raw).status == InboundStatus.PROCESSED
    assert feed(db_engine, raw).status == InboundStatus.DUPLICATE
    assert len(outbox(db_session)) == 1
    assert len(list(db_session.exec(select(InboundMail)))) == 1


def test_wrong_password_is_refused_and_the_registered_address_told(
    db_engine: Engine, db_session: Session, game: int
) -> None:
    raw = order_mail("mallory@evil.example", "Partie 227 Spieler 2 Kennwort rate\n2/15/1/21")
    assert feed(db_engine, raw).status == InboundStatus.REJECTED
    assert repo.latest_submission(db_session, game, 2, 1) is None
    mails = {m.to_address: m for m in outbox(db_session)}
    assert "NICHT angenommen" in mails["mallory@evil.example"].body
    assert "mallory@evil.example" in mails[ALICE].body and "NICHT" in mails[ALICE].body
    assert "rate" not in mails["mallory@evil.example"].body


def test_right_password_from_another_address_is_accepted_and_reported(
    db_engine: Engine, db_session: Session, game: int
) -> None:
    raw = order_mail("alice@work.example", "Partie 227 Spieler 2 Kennwort sternenstaub\nHP=10")
    assert feed(db_engine, raw).status == InboundStatus.PROCESSED
    kinds = {(m.to_address, m.kind) for m in outbox(db_session)}
    assert kinds == {("alice@work.example", OutboxKind.ACK), (ALICE, OutboxKind.NOTICE)}


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto-Submitted": "auto-replied"},
        {"Precedence": "bulk"},
        {"List-Id": "<ashes.lists.example>"},
        {"Return-Path": "<>"},
        {"X-Autoreply": "yes"},
    ],
)
def test_automatic_mail_is_never_answered(
    db_engine: Engine, db_session: Session, game: int, headers: dict[str, str]
) -> None:
    raw = order_mail(ALICE, "Partie 227 Spieler 2 Kennwort sternenstaub\nHP=10", headers=headers)
    assert feed(db_engine, raw).status == InboundStatus.IGNORED_AUTOMATIC
    assert outbox(db_session) == []
    vacation = order_mail(ALICE, "Ich bin im Urlaub.", subject="Abwesenheitsnotiz: Befehle")
    assert feed(db_engine, vacation).status == InboundStatus.IGNORED_AUTOMATIC
    bounce = order_mail("MAILER-DAEMON@mx.example", "Delivery failed")
    assert feed(db_engine, bounce).status == InboundStatus.IGNORED_AUTOMATIC
    assert outbox(db_session) == []


def test_unknown_sender_gets_one_explanation_per_day(
    db_engine: Engine, db_session: Session, game: int
) -> None:
    for n in range(3):
        outcome = feed(db_engine, order_mail("stranger@example.net", f"Hallo, spielt ihr? {n}"))
        assert outcome.status == InboundStatus.UNKNOWN_SENDER
    (mail,) = outbox(db_session)
    assert mail.kind == OutboxKind.UNKNOWN_SENDER and mail.to_address == "stranger@example.net"


def test_messages_press_secret_urgent_and_gm(
    db_engine: Engine, db_session: Session, game: int
) -> None:
    body = (
        "Partie 227 Spieler 2 Kennwort sternenstaub\n"
        "Artikel: Crab grüßt die Galaxis.\n"
        "Geheimnachricht an 3: Der Pakt gilt.\n"
        "Eildepesche an 5\nFlieht!\nEnde\n"
        "An SL: Ich bin im Urlaub.\n"
    )
    outcome = feed(db_engine, order_mail(ALICE, body))
    assert outcome.status == InboundStatus.PROCESSED
    messages = {m.kind: m for m in db_session.exec(select(GameMessage))}
    assert set(messages) == {
        MessageKind.PRESS,
        MessageKind.SECRET,
        MessageKind.URGENT,
        MessageKind.GM_MESSAGE,
    }
    assert not messages[MessageKind.SECRET].delivered and messages[MessageKind.SECRET].turn == 1
    assert messages[MessageKind.URGENT].delivered
    mails = outbox(db_session)
    urgent = next(m for m in mails if m.kind == OutboxKind.URGENT)
    assert urgent.to_address == CAROL and "Herrscher 2" in urgent.body and "Flieht!" in urgent.body
    assert ALICE not in urgent.body
    gm = next(m for m in mails if m.kind == OutboxKind.GM_FORWARD)
    assert gm.to_address == "gm@example.org" and "Ich bin im Urlaub." in gm.body
    ack = next(m for m in mails if m.kind == OutboxKind.ACK)
    assert "Porto 0,80 EUR gebucht" in ack.body
    assert "Der Pakt gilt." not in "".join(m.body for m in mails if m.to_address == BOB)
    # No orders in this mail: nothing was stored as a submission.
    assert repo.latest_submission(db_session, game, 2, 1) is None
    player = next(p for p in repo.current_players(db_session, game) if p.seat == 2)
    assert player.balance_cents == -80


def test_orders_for_a_later_turn_are_kept_for_it(
    db_engine: Engine, db_session: Session, game: int
) -> None:
    feed(db_engine, order_mail(ALICE, "Partie 227 Spieler 2 Kennwort sternenstaub Runde 3\nHP=10"))
    assert repo.latest_submission(db_session, game, 2, 1) is None
    assert repo.latest_submission(db_session, game, 2, 3) is not None


def test_password_only_mail_of_a_stranger_for_a_missing_game(
    db_engine: Engine, db_session: Session, game: int
) -> None:
    outcome = feed(db_engine, order_mail(ALICE, "Partie 999 Spieler 2 Kennwort x\nHP=10"))
    assert outcome.status == InboundStatus.REJECTED
    assert "Partie 999 gibt es" in outbox(db_session)[0].body


@pytest.fixture
def running_game(db_engine: Engine, game: int) -> int:
    """The game with its turn-0 snapshot, in which Crab was renamed and player 2 crowned."""
    from engine.ashes.kind import ASHES
    from engine.core import PlayerSetup, Setup

    engine = ASHES.engine
    setup = Setup(game=227, players=[PlayerSetup(n) for n in range(1, 6)])
    data: dict[str, Any] = engine.new_game(setup, Random(1)).to_json()
    next(p for p in data["planets"] if p["number"] == 2)["name"] = "Krebsnebel"
    next(p for p in data["players"] if p["number"] == 2)["ruler"] = "Kaiserin Ada"
    with transaction(db_engine) as session:
        repo.store_snapshot(session, game_id=game, turn=0, state=data, seed=227)
    return game


def test_orders_may_use_the_games_current_planet_names(
    db_engine: Engine, db_session: Session, running_game: int
) -> None:
    raw = order_mail(ALICE, "Partie 227 Spieler 2 Kennwort sternenstaub\nKrebsnebel: 1 PDU")
    assert feed(db_engine, raw).status == InboundStatus.PROCESSED
    submission = repo.latest_submission(db_session, running_game, 2, 1)
    assert submission is not None and submission.errors == []
    assert submission.orders[0]["planet"] == 2
    assert "2 (Krebsnebel)" in outbox(db_session)[-1].body


def test_urgent_dispatch_is_signed_with_the_ruler_name_of_the_state(
    db_engine: Engine, db_session: Session, running_game: int
) -> None:
    raw = order_mail(
        ALICE, "Partie 227 Spieler 2 Kennwort sternenstaub\nEildepesche an 3\nHilfe!\nEnde"
    )
    feed(db_engine, raw)
    (urgent,) = [m for m in outbox(db_session) if m.kind == OutboxKind.URGENT]
    assert "Kaiserin Ada" in urgent.subject + urgent.body
    assert ALICE not in urgent.subject + urgent.body


def test_final_marks_the_submission_and_alone_keeps_the_earlier_orders(
    db_engine: Engine, db_session: Session, game: int
) -> None:
    header = "Partie 227 Spieler 2 Kennwort sternenstaub\n"
    feed(db_engine, order_mail(ALICE, header + "HP=10\nPV 5=0"))
    first = repo.latest_submission(db_session, game, 2, 1)
    assert first is not None and not first.final
    db_session.rollback()  # end the read snapshot
    feed(db_engine, order_mail(ALICE, header + "Fertig"))
    second = repo.latest_submission(db_session, game, 2, 1)
    assert second is not None and second.id != first.id and second.final
    assert [o["kind"] for o in second.orders] == ["homeplanet", "pv", "final"]
    ack = outbox(db_session)[-1].body
    assert "endgültig" in ack
    assert "entfällt" not in ack and "ersetzen" not in ack


def test_a_gm_mail_with_the_gm_password_starts_the_game_and_is_answered(
    db_engine: Engine, db_session: Session
) -> None:
    gm_game(db_engine, ALICE, BOB, seed=3)
    raw = order_mail(
        "gm@example.org", "Partie 88 Spielleiter Kennwort spielleiter-x\nStart\nStatus"
    )
    outcome = feed(db_engine, raw)
    assert outcome.status == InboundStatus.PROCESSED and outcome.game_id is not None
    game = repo.get_game_by_number(db_session, 88)
    assert game is not None and game.status == GameStatus.RUNNING
    mails = outbox(db_session)
    reply = next(m for m in mails if m.to_address == "gm@example.org")
    assert reply.in_reply_to and "spielleiter-x" not in reply.body
    assert {m.to_address for m in mails if m.kind == OutboxKind.PRINTOUT} == {ALICE, BOB}


def test_a_gm_mail_with_a_wrong_password_does_nothing_and_the_gm_is_told(
    db_engine: Engine, db_session: Session
) -> None:
    gm_game(db_engine, ALICE, BOB, seed=3)
    raw = order_mail(CAROL, "Partie 88 Spielleiter Kennwort falsch\nStart")
    assert feed(db_engine, raw).status == InboundStatus.REJECTED
    game = repo.get_game_by_number(db_session, 88)
    assert game is not None and game.status == GameStatus.SETUP
    mails = outbox(db_session)
    assert [m.to_address for m in mails] == [CAROL, "gm@example.org"]
    assert "NICHT ausgeführt" in mails[0].body and CAROL in mails[1].body


def test_renaming_a_planet_not_owned_takes_effect_on_conquest(
    db_engine: Engine, db_session: Session, running_game: int
) -> None:
    """Ashes 6.3.3: a rename of a planet not owned is kept for when it is conquered;
    player 2 owns 2 and 10, not 34."""
    raw = order_mail(ALICE, "Partie 227 Spieler 2 Kennwort sternenstaub\n34 = Neuland\n10 = Heim")
    assert feed(db_engine, raw).status == InboundStatus.PROCESSED
    ack = flat(outbox(db_session)[-1].body)
    assert "soll „Neuland“ heißen, sobald Sie ihn in dieser Runde erobern (6.3.3)" in ack
    assert "heißt jetzt „Heim“" in ack


def test_the_acknowledgement_forecasts_the_orders_together(
    db_engine: Engine, db_session: Session, running_game: int
) -> None:
    """Two flights from one orbit need more ships than are there (player 2
    has 15 FI and 3 TR over Krebsnebel): the second is cut, and each says what it does."""
    raw = order_mail(
        ALICE,
        "Partie 227 Spieler 2 Kennwort sternenstaub\n2/10/0/21\n2/10/0/10\nKrebsnebel: 2 PDU",
    )
    assert feed(db_engine, raw).status == InboundStatus.PROCESSED
    ack = flat(outbox(db_session)[-1].body)
    assert "nach 21 (Beyond) → Ankunft in Runde 1" in ack
    assert (
        "nach 10 (Outpost) → 5 FI, 0 TR, Ankunft in Runde 1 — Warnung: Flug 2 -> 10: nur 5 FI "
        "und 0 TR im Orbit, diese gestartet." in ack
    )
    assert "Bau auf 2 (Krebsnebel): 2 PDU → A 240 → 210" in ack
