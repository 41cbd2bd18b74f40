"""The service's mail handler (``mailserver.app.service.MailHandler``): a fetched mail's
record keeps where the mail lies on the server, whether intake settles the mail or fails
on it (then the mail is kept as an error, never lost)."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from sqlalchemy import Engine, event
from sqlmodel import select

from db.models import Game, InboundMail, InboundStatus, Player
from db.passwords import VERIFIED
from db.session import reading, transaction
from mailserver.app import service
from mailserver.app.service import MailHandler
from mailserver.inbound import read_ahead
from mailserver.inbound.handover import FetchedMail
from tests.factories import order_mail
from tests.intake.helpers import ALICE, CONFIG, GM_HEADER, alices_game, gm_game

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


def _alices_orders(uid: int, text: str = "2/15/1/21\n") -> FetchedMail:
    raw = order_mail(ALICE, f"Partie 227 Spieler 2 Kennwort sternenstaub\n{text}")
    return FetchedMail("INBOX", 7, uid, raw)


def test_orders_in_a_game_without_early_runs_ask_for_no_scheduler_pass(db_engine: Engine) -> None:
    alices_game(db_engine)
    handler = MailHandler(db_engine, CONFIG, wake=lambda: None)
    assert handler.process(_alices_orders(43)) is None
    assert handler.process(_alices_orders(44, "Fertig\n")) is None
    assert _statuses(db_engine) == [InboundStatus.PROCESSED] * 2


def test_orders_in_a_game_that_runs_early_ask_for_the_schedulers_pass(db_engine: Engine) -> None:
    game_id = alices_game(db_engine)
    with transaction(db_engine) as session:
        game = session.get(Game, game_id)
        assert game is not None
        game.early_run = True
        session.add(game)
    handler = MailHandler(db_engine, CONFIG, wake=lambda: None)
    assert handler.process(_alices_orders(43, "Fertig\n")) == game_id


def test_a_gm_command_asks_for_the_schedulers_pass(db_engine: Engine) -> None:
    gm_game(db_engine, ALICE, "bob@example.org", seed=3)
    handler = MailHandler(db_engine, CONFIG, wake=lambda: None)
    raw = order_mail("gm@example.org", GM_HEADER + "Start\n")
    game_id = handler.process(FetchedMail("INBOX", 7, 43, raw))
    with reading(db_engine) as session:
        assert game_id == session.exec(select(Game.id).where(Game.number == 88)).one()


def _statuses(engine: Engine) -> list[InboundStatus]:
    with reading(engine) as session:
        return list(session.exec(select(InboundMail.status).order_by(InboundMail.id)))


def test_a_group_of_mails_is_one_transaction_where_a_mail_intake_fails_on_spoils_no_other(
    db_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    alices_game(db_engine)
    real = service.process_mail
    commits: list[int] = []
    event.listen(db_engine, "commit", lambda connection: commits.append(1))

    def failing_on_44(session: Any, raw: bytes, **kwargs: Any) -> Any:
        if kwargs["uid"] == 44:
            session.add(InboundMail(raw=raw, message_id="<half-done@example.org>"))
            session.flush()  # half done when it fails: the savepoint takes it back
            raise RuntimeError("intake broke")
        return real(session, raw, **kwargs)

    monkeypatch.setattr(service, "process_mail", failing_on_44)
    handler = MailHandler(db_engine, CONFIG, wake=lambda: None)
    mails = [_alices_orders(43), _alices_orders(44, "Fertig\n"), _alices_orders(45, "3/1/1/1\n")]
    assert handler.process_many(mails, [None, None, None]) == []
    assert len(commits) == 1
    with reading(db_engine) as session:
        rows = session.exec(select(InboundMail).order_by(InboundMail.id)).all()
    assert [(r.uid, r.status) for r in rows] == [
        (43, InboundStatus.PROCESSED),
        (44, InboundStatus.ERROR),
        (45, InboundStatus.PROCESSED),
    ]
    assert "<half-done@example.org>" not in {r.message_id for r in rows}
    assert rows[1].reason == "RuntimeError: intake broke"


async def test_many_reads_what_was_not_read_ahead_and_wakes_the_sender_once(
    db_engine: Engine,
) -> None:
    alices_game(db_engine)
    woken: list[int] = []
    handler = MailHandler(db_engine, CONFIG, wake=lambda: woken.append(1))
    mails = [_alices_orders(43), _alices_orders(44, "Fertig\n")]
    handler.prefetch(mails[1])
    await handler.many(mails)
    assert woken == [1]
    assert _statuses(db_engine) == [InboundStatus.PROCESSED] * 2
