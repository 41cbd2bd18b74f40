"""A mail over the size limit with orders in its text (a photo attached, a forwarded
printout): its text is read and its orders stored, the attachments are left and named
in the acknowledgement; a mail over the limit whose start holds no text is refused."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import make_msgid

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from db import repo
from db.models import InboundMail, InboundStatus, Outbox
from db.session import transaction
from mailserver.common.terms import HostTerms
from mailserver.inbound.intake import IntakeConfig, process_mail
from mailserver.inbound.parsed import parse_mail
from tests.factories import flat, make_game

LIMIT = 200_000
CONFIG = IntakeConfig(HostTerms(from_address="ashes@example.org"), max_mail_bytes=LIMIT)
ALICE, PASSWORD = "alice@example.org", "sternenstaub"


def photo_mail(*, gm: bool = False) -> bytes:
    """Orders in the text, then a 1 MB photo: five times the limit."""
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = ALICE, "ashes@example.org", "Befehle"
    msg["Message-ID"] = make_msgid(domain="x.example")
    header = (
        "Partie 227 Spielleiter Kennwort x" if gm else f"Partie 227 Spieler 2 Kennwort {PASSWORD}"
    )
    msg.set_content(f"{header}\nHP=10\n")
    msg.add_attachment(b"\xff\xd8" * 500_000, "image", "jpeg", filename="urlaub.jpg")
    return bytes(msg)


def test_the_text_of_a_mail_over_the_limit_is_read_from_its_first_bytes() -> None:
    raw = photo_mail()
    parsed = parse_mail(raw[:LIMIT], config=CONFIG, size=len(raw))  # what the poller fetched
    assert parsed.cut and not parsed.too_big
    assert "HP=10" in parsed.body.text
    assert parsed.skipped == ("urlaub.jpg",)


def test_orders_beside_a_big_attachment_are_stored_and_the_attachment_named(
    db_engine: Engine,
) -> None:
    with transaction(db_engine) as session:
        game = repo_game(session)
    raw = photo_mail()
    with transaction(db_engine) as session:
        outcome = process_mail(session, raw[:LIMIT], config=CONFIG, size=len(raw))
    assert outcome.status == InboundStatus.PROCESSED, outcome.reason
    with Session(db_engine) as session:
        submission = repo.latest_submission(session, game, 2, 1)
        assert submission is not None and submission.orders
        (ack,) = session.exec(select(Outbox).order_by(col(Outbox.id))).all()
        assert "urlaub.jpg" in flat(ack.body) and f"{len(raw) // 1000} kB" in flat(ack.body)
        row = session.get(InboundMail, outcome.inbound_id)
        assert row is not None and len(row.raw) < 10_000  # the text, not the photo


def test_a_gm_mail_over_the_limit_is_refused_unread(db_engine: Engine) -> None:
    with transaction(db_engine) as session:
        repo_game(session)
    raw = photo_mail(gm=True)
    with transaction(db_engine) as session:
        outcome = process_mail(session, raw[:LIMIT], config=CONFIG, size=len(raw))
    # A GM's commands may need their attachments whole: not read in part.
    assert outcome.status == InboundStatus.REJECTED and outcome.reason.startswith("too big")


def repo_game(session: Session) -> int:
    made = make_game(session, players=[(2, ALICE, PASSWORD)], gm_address="gm@example.org")
    return made.id or 0


def test_a_text_the_cut_goes_through_is_not_read_in_part() -> None:
    # A photo first, then orders that run past the limit: half the orders are no orders.
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = ALICE, "ashes@example.org", "Befehle"
    msg.make_mixed()
    msg.add_attachment(b"\xff" * 120_000, "image", "jpeg", filename="vorher.jpg")
    msg.add_attachment(f"Partie 227 Spieler 2 Kennwort {PASSWORD}\n" + "HP=1\n" * 40_000)
    raw = bytes(msg)
    start = raw[:LIMIT]
    assert b"HP=1" in start and len(raw) > LIMIT  # the cut goes through the text
    parsed = parse_mail(start, config=CONFIG, size=len(raw))
    assert parsed.too_big and "HP=1" not in parsed.body.text


def test_a_single_part_mail_over_the_limit_is_not_read_in_part() -> None:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = ALICE, "ashes@example.org", "Befehle"
    msg.set_content(f"Partie 227 Spieler 2 Kennwort {PASSWORD}\n" + "HP=1\n" * 60_000)
    raw = bytes(msg)
    parsed = parse_mail(raw[:LIMIT], config=CONFIG, size=len(raw))
    assert parsed.too_big and "HP=1" not in parsed.body.text
