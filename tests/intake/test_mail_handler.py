"""The service's mail handler (``mailserver.app.service.MailHandler``): a fetched mail's
record keeps where the mail lies on the server, whether intake settles the mail or fails
on it (then the mail is kept as an error, never lost)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import select

from db.models import InboundMail, InboundStatus, Player
from db.passwords import VERIFIED
from db.session import reading
from mailserver.app import service
from mailserver.app.service import MailHandler
from mailserver.inbound import read_ahead
from mailserver.inbound.imap import FetchedMail
from tests.factories import order_mail
from tests.intake.helpers import ALICE, CONFIG, alices_game

MAIL = FetchedMail(
    mailbox="INBOX",
    uidvalidity=7,
    uid=42,
    raw=order_mail("stranger@example.org", "Hallo", message_id="<m1@example.org>"),
)


def _only_record(engine: Engine) -> InboundMail:
    with reading(engine) as session:
        (record,) = session.exec(select(InboundMail)).all()
        return record


def test_a_processed_mail_is_recorded_with_its_place_on_the_server(db_engine: Engine) -> None:
    MailHandler(db_engine, CONFIG, wake=lambda: None).process(MAIL)
    record = _only_record(db_engine)
    assert record.status != InboundStatus.ERROR
    assert (record.mailbox, record.uidvalidity, record.uid) == ("INBOX", 7, 42)


def test_a_mail_intake_fails_on_is_kept_as_an_error_with_its_place(
    db_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing(*args: object, **kwargs: object) -> None:
        raise RuntimeError("intake broke")

    monkeypatch.setattr(service, "process_mail", failing)
    assert MailHandler(db_engine, CONFIG, wake=lambda: None).process(MAIL) is None
    record = _only_record(db_engine)
    assert record.status == InboundStatus.ERROR
    assert record.reason == "RuntimeError: intake broke"
    assert (record.mailbox, record.uidvalidity, record.uid) == ("INBOX", 7, 42)


def test_a_password_is_checked_beside_the_reading_and_kept_for_intake(
    db_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    alices_game(db_engine)
    VERIFIED.clear()
    checking: list[str] = []
    """The threads the password was checked in."""
    check_begun = threading.Event()
    overlapped: list[bool] = []
    real_read, real_verify = read_ahead._read_ahead, VERIFIED.verify

    def reading_orders(*args: Any) -> None:
        # Read only once the check has begun: it does, beside the reading.
        overlapped.append(check_begun.wait(10))
        real_read(*args)

    def verify(password: str, stored: str) -> bool:
        checking.append(threading.current_thread().name)
        check_begun.set()
        return real_verify(password, stored)

    monkeypatch.setattr(read_ahead, "_read_ahead", reading_orders)
    monkeypatch.setattr(VERIFIED, "verify", verify)
    raw = order_mail(ALICE, "Partie 227 Spieler 2 Kennwort sternenstaub\n2/15/1/21\n")
    handler = MailHandler(db_engine, CONFIG, wake=lambda: None)
    parsed = handler.preverify(FetchedMail("INBOX", 7, 43, raw))
    assert overlapped == [True] and checking[0].startswith("password")
    assert parsed.readings and VERIFIED.known("sternenstaub", _alices_hash(db_engine))
    handler.preverify(FetchedMail("INBOX", 7, 44, raw))
    assert len(checking) == 1  # known now: no second check


def _alices_hash(engine: Engine) -> str:
    with reading(engine) as session:
        return session.exec(select(Player.password_hash).where(Player.address == ALICE)).one()
