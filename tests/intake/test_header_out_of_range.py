"""A header line whose game or player number is out of range: the answer's first reason
is that number, not a missing password (the line was lost whole, password and all, and
the player was told "das Kennwort fehlt oder ist falsch" for the right one). A seat out
of range is said with the range of the game's kind (1 to 8 in Ashes), which its rules
publish: nothing in the answer says more about the game's seats, and the password of the
lost line is masked like any other."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from db.models import Game, InboundMail, InboundStatus
from db.session import transaction
from tests.factories import flat, order_mail
from tests.intake.helpers import ALICE, alices_game, feed, gm_game, outbox

HUGE = "99999999999999999999"


def _refusal(engine: Engine, session: Session, sender: str, text: str, secret: str) -> str:
    """The one answer to a mail ``text`` from ``sender``, refused (flattened); the password
    ``secret`` of its lost header line masked in the answer and the stored copy."""
    assert feed(engine, order_mail(sender, text)).status == InboundStatus.REJECTED
    (answer,) = outbox(session)
    assert secret not in answer.body
    stored = session.get(InboundMail, answer.inbound_mail_id)
    assert stored is not None and secret.encode() not in stored.raw
    return flat(answer.body)


@pytest.mark.parametrize(
    ("header", "reason"),
    [
        (f"Partie 227 Spieler {HUGE} Kennwort sternenstaub", "Die Spielernummer muss zwischen"),
        (f"Partie {HUGE} Spieler 2 Kennwort sternenstaub", "Die Partienummer muss zwischen"),
    ],
)
def test_a_number_out_of_range_is_the_first_reason_in_german(
    db_engine: Engine, db_session: Session, header: str, reason: str
) -> None:
    alices_game(db_engine)
    body = _refusal(db_engine, db_session, ALICE, header + "\nHP=10", "sternenstaub")
    assert body.startswith(
        "Ihre Mail wurde NICHT angenommen: die Kopfzeile in Zeile 1 ist fehlerhaft. " + reason
    )
    assert "Kennwort fehlt" not in body and "kein Kennwort" not in body


def test_a_number_out_of_range_is_the_first_reason_in_english(
    db_engine: Engine, db_session: Session
) -> None:
    alices_game(db_engine, language="en")
    text = f"Game 227 Player {HUGE} Password sternenstaub\nHP=10"
    body = _refusal(db_engine, db_session, ALICE, text, "sternenstaub")
    assert body.startswith(
        "Your mail was NOT accepted: the header line on line 1 is wrong. "
        f"The player number must be between 1 and 8, not {HUGE}."
    )
    assert "password is missing" not in body and "no password" not in body


@pytest.mark.parametrize(("kind", "seats"), [("ashes", 8), ("starweb", 15), ("wdw", 3)])
def test_a_seat_out_of_range_is_said_with_the_range_of_the_game_s_kind(
    db_engine: Engine, db_session: Session, kind: str, seats: int
) -> None:
    game_id = alices_game(db_engine)
    with transaction(db_engine) as session:  # the refusal comes before the game's state
        game = session.get(Game, game_id)
        assert game is not None
        game.kind = kind
    text = f"Partie 227 Spieler {HUGE} Kennwort sternenstaub\nFertig"
    body = _refusal(db_engine, db_session, ALICE, text, "sternenstaub")
    assert f"Die Spielernummer muss zwischen 1 und {seats} liegen, nicht {HUGE}." in body
    assert "und 99 " not in body


def test_a_game_number_out_of_range_beside_a_seat_out_of_range_names_the_game(
    db_engine: Engine, db_session: Session
) -> None:
    alices_game(db_engine)
    text = f"Partie {HUGE} Spieler {HUGE} Kennwort sternenstaub\nHP=10"
    body = _refusal(db_engine, db_session, ALICE, text, "sternenstaub")
    assert "Die Partienummer muss zwischen 1 und 999999 liegen" in body


def test_a_stranger_with_a_number_out_of_range_is_still_a_stranger(
    db_engine: Engine, db_session: Session
) -> None:
    alices_game(db_engine)
    raw = order_mail("mallory@example.org", f"Partie 227 Spieler {HUGE} Kennwort rate\nHP=10")
    assert feed(db_engine, raw).status == InboundStatus.UNKNOWN_SENDER
    assert "Spielernummer" not in "".join(a.body for a in outbox(db_session))


@pytest.mark.parametrize(
    ("header", "start"),
    [
        (
            f"Partie {HUGE} Spielleiter Kennwort spielleiter-x",
            "Ihre Mail wurde NICHT angenommen: die Kopfzeile ist fehlerhaft. "
            "Die Partienummer muss zwischen 1 und",
        ),
        (
            f"Game {HUGE} GM Password spielleiter-x",
            "Your mail was NOT accepted: the header line is wrong. "
            "The game number must be between 1 and",
        ),
    ],
)
def test_a_gm_header_with_a_game_number_out_of_range_names_it(
    db_engine: Engine, db_session: Session, header: str, start: str
) -> None:
    gm_game(db_engine, ALICE, "bob@example.org")
    text = header + "\nStatus"
    assert _refusal(db_engine, db_session, "gm@example.org", text, "spielleiter-x").startswith(
        start
    )


def test_a_stranger_s_gm_header_out_of_range_is_still_a_stranger(
    db_engine: Engine, db_session: Session
) -> None:
    gm_game(db_engine, ALICE, "bob@example.org")
    raw = order_mail("mallory@example.org", f"Partie {HUGE} Spielleiter Kennwort rate\nStatus")
    assert feed(db_engine, raw).status == InboundStatus.UNKNOWN_SENDER
    assert "Partienummer" not in "".join(a.body for a in outbox(db_session))


@pytest.mark.parametrize(
    ("language", "subject", "body", "start"),
    [
        (
            "de",
            f"Partie {HUGE}",
            "HP=10",
            "Ihre Mail wurde NICHT angenommen: der Betreff ist fehlerhaft. "
            f"Die Partienummer muss zwischen 1 und 999999 liegen, nicht {HUGE}.",
        ),
        (
            "en",
            "Game 1000000 Player 2 Password sternenstaub",
            "HP=10",
            "Your mail was NOT accepted: the Subject is wrong. "
            "The game number must be between 1 and 999999, not 1000000.",
        ),
        (
            "de",
            f"Partie {HUGE}",
            "Spieler 2 Kennwort sternenstaub\nHP=10",
            "Ihre Mail wurde NICHT angenommen: der Betreff ist fehlerhaft. Die Partienummer",
        ),
    ],
)
def test_a_game_number_out_of_range_in_the_subject_alone_is_refused_as_in_the_body(
    db_engine: Engine, db_session: Session, language: str, subject: str, body: str, start: str
) -> None:
    alices_game(db_engine, language=language)
    raw = order_mail(ALICE, body, subject=subject)
    assert feed(db_engine, raw).status == InboundStatus.REJECTED
    (answer,) = outbox(db_session)
    assert flat(answer.body).startswith(start)
    assert "sternenstaub" not in answer.body + answer.subject


def test_a_game_number_out_of_range_in_the_subject_beside_a_good_one_is_no_fault(
    db_engine: Engine, db_session: Session
) -> None:
    alices_game(db_engine)
    raw = order_mail(ALICE, "Partie 227 Spieler 2 Kennwort sternenstaub\nHP=10", subject=HUGE)
    assert feed(db_engine, raw).status != InboundStatus.REJECTED


def test_a_gm_s_subject_with_a_game_number_out_of_range_is_refused_naming_it(
    db_engine: Engine, db_session: Session
) -> None:
    gm_game(db_engine, ALICE, "bob@example.org")
    raw = order_mail("gm@example.org", "Status", subject=f"Partie {HUGE} Spielleiter Kennwort x")
    assert feed(db_engine, raw).status == InboundStatus.REJECTED
    (answer,) = outbox(db_session)
    assert "Die Partienummer muss zwischen 1 und 999999 liegen" in flat(answer.body)


def test_a_subject_out_of_range_from_a_stranger_or_a_robot_gets_no_refusal(
    db_engine: Engine, db_session: Session
) -> None:
    alices_game(db_engine)
    for hp in range(3):
        raw = order_mail("mallory@example.org", f"HP={hp}", subject=f"Partie {HUGE}")
        assert feed(db_engine, raw).status == InboundStatus.UNKNOWN_SENDER
    robot = order_mail(
        ALICE, "HP=10", subject=f"Partie {HUGE}", headers={"Auto-Submitted": "auto-replied"}
    )
    assert feed(db_engine, robot).status != InboundStatus.REJECTED
    answers = outbox(db_session)
    assert len(answers) <= 1  # the stranger's one notice a period, nothing to the robot
    assert all(a.to_address == "mallory@example.org" for a in answers)
    assert "Partienummer" not in "".join(a.body for a in answers)
