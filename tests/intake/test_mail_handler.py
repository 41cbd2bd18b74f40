"""The service's mail handler (``mailserver.app.service.MailHandler``): a fetched mail's
record keeps where the mail lies on the server, whether intake settles the mail or fails
on it (then the mail is kept as an error, never lost)."""

from __future__ import annotations

import pytest
from sqlalchemy import Engine
from sqlmodel import select

from db.models import InboundMail, InboundStatus
from db.session import reading
from mailserver.app import service
from mailserver.app.service import MailHandler
from mailserver.inbound.imap import FetchedMail
from tests.factories import order_mail
from tests.intake.helpers import CONFIG

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
