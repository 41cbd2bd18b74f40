"""The three turn shapes on the test game kind (tests/toykind), through the real intake
and turn runner on SQLite and PostgreSQL: simultaneous, stepped, GM-adjudicated."""

from __future__ import annotations

import base64
from datetime import timedelta

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from db import repo
from db.models import GameStatus, LedgerEntry, LedgerKind, OutboxKind
from db.session import transaction
from mailserver.gm import operations as gm
from mailserver.inbound.intake import process_mail
from mailserver.outbound.smtp import Attachment
from mailserver.turns import run as turns
from mailserver.turns.evaluate import replay_check
from mailserver.turns.mails import send_reminders
from tests.factories import order_mail
from tests.life.helpers import CONFIG, GM, START, TERMS, address, create, game_of, outbox

pytestmark = pytest.mark.usefixtures("toy_kinds")


def start_toy(
    engine: Engine, kind: str, seats: int = 4, number: int = 500
) -> tuple[int, dict[int, str]]:
    with transaction(engine) as session:
        game = create(
            session,
            number,
            kind=kind,
            seats=[
                gm.SeatSpec(n, address(n), "de" if n % 2 else "en") for n in range(1, seats + 1)
            ],
            every_days=7,
            seed=99,
        )
        passwords = gm.start_game(session, number, TERMS.at(START))
        return game.id or 0, passwords


def mail(engine: Engine, seat: int, password: str, body: str, number: int = 500) -> str:
    """Mail ``body`` as the occupant of ``seat``; the acknowledgement's text."""
    text = f"Partie {number} Spieler {seat} Kennwort {password}\n{body}"
    with transaction(engine) as session:
        outcome = process_mail(session, order_mail(address(seat), text), config=CONFIG, now=START)
        answers = [o for o in outbox(session) if o.id in outcome.outbox_ids]
        (ack,) = [o for o in answers if o.kind in (OutboxKind.ACK, OutboxKind.NOTICE)]
        return ack.body


def run(engine: Engine, game_id: int, **kwargs: object) -> turns.TurnRun:
    with transaction(engine) as session:
        game = game_of(session, game_id)
        assert game.next_deadline is not None
        assert game.next_deadline is not None
        return turns.run_turn(session, game_id, TERMS.at(game.next_deadline), **kwargs)  # type: ignore[arg-type]


def scores(engine: Engine, game_id: int, turn: int) -> dict[str, int]:
    with Session(engine) as session:
        snapshot = repo.load_snapshot(session, game_id, turn)
        assert snapshot is not None
        return dict(snapshot.state_data()["scores"])


def test_simultaneous_turn_reads_every_seat_and_replays(db_engine: Engine) -> None:
    game_id, passwords = start_toy(db_engine, "toy", seats=3)
    ack = mail(db_engine, 1, passwords[1], "ADD 4\nADD 1\nArtikel\nHallo Galaxis\nEnde\n")
    assert "Addiere 4" in ack and "Artikel für die Zeitung" in ack
    mail(db_engine, 2, passwords[2], "ADD 7\n")
    assert run(db_engine, game_id).status == "done"
    assert scores(db_engine, game_id, 1) == {"1": 5, "2": 7, "3": 0}
    with Session(db_engine) as session:
        snapshot = repo.load_snapshot(session, game_id, 1)
        assert snapshot is not None and snapshot.inputs is not None
        assert set(snapshot.inputs["submissions"]) == {"1", "2"}
        assert snapshot.inputs["news"] == [{"author": 1, "text": "Hallo Galaxis"}]
        assert replay_check(session, game_id, 1)
        (printout,) = [
            o for o in outbox(session, OutboxKind.PRINTOUT, 1) if o.to_address == address(3)
        ]
        assert "Hallo Galaxis (Seat 1)" in printout.body


def test_the_replay_uses_what_the_run_read(db_engine: Engine) -> None:
    """A submission stored after the run (a late mail) does not change the replay."""
    game_id, passwords = start_toy(db_engine, "toy", seats=2)
    mail(db_engine, 1, passwords[1], "ADD 2\n")
    assert run(db_engine, game_id).status == "done"
    with transaction(db_engine) as session:
        player = next(p for p in repo.current_players(session, game_id) if p.seat == 2)
        repo.store_submission(
            session,
            player=player,
            turn=1,
            raw_text="ADD 9",
            orders=[{"kind": "add", "line": 1, "amount": 9}],
            errors=[],
            final=False,
            inbound_mail_id=None,
            now=START,
        )
    with Session(db_engine) as session:
        assert replay_check(session, game_id, 1)


def test_urgent_postage_is_the_games_rule(db_engine: Engine) -> None:
    _, passwords = start_toy(db_engine, "toy", seats=2)
    ack = mail(db_engine, 1, passwords[1], "Eildepesche an 2\nKommt!\nEnde\n")
    assert "Porto 0,50 EUR" in ack
    with Session(db_engine) as session:
        bookings = session.exec(
            select(LedgerEntry).where(LedgerEntry.kind == LedgerKind.POSTAGE)
        ).all()
        assert [b.amount_cents for b in bookings] == [-50]


def test_stepped_turns_wait_for_the_seats_the_state_names(db_engine: Engine) -> None:
    game_id, passwords = start_toy(db_engine, "toy-stepped", seats=4)
    # Step 1 waits for the odd seats: seat 2's orders are kept but not carried out.
    ack = mail(db_engine, 2, passwords[2], "ADD 5\n")
    assert "does not wait for your orders" in ack and "odd seats" in ack
    mail(db_engine, 1, passwords[1], "ADD 3\n")
    with transaction(db_engine) as session:
        deadline = game_of(session, game_id).next_deadline
        assert deadline is not None
        reminded = send_reminders(session, game_id, TERMS.at(deadline - timedelta(hours=1)))
        to = {o.to_address for o in outbox(session, OutboxKind.REMINDER)}
    assert len(reminded) == 1 and to == {address(3)}
    assert run(db_engine, game_id).status == "done"
    assert scores(db_engine, game_id, 1) == {"1": 3, "2": 0, "3": 0, "4": 0}
    with Session(db_engine) as session:
        nmr = {p.seat: p.nmr_count for p in repo.current_players(session, game_id)}
        assert nmr == {1: 0, 2: 0, 3: 1, 4: 0}
    # Step 2 waits for the even seats; its seed is the step's own.
    mail(db_engine, 2, passwords[2], "ADD 5\n")
    mail(db_engine, 4, passwords[4], "ADD 1\n")
    assert run(db_engine, game_id).status == "done"
    assert scores(db_engine, game_id, 2) == {"1": 3, "2": 5, "3": 0, "4": 1}
    with Session(db_engine) as session:
        nmr = {p.seat: p.nmr_count for p in repo.current_players(session, game_id)}
        assert nmr == {1: 0, 2: 0, 3: 1, 4: 0}
        assert replay_check(session, game_id, 1) and replay_check(session, game_id, 2)


def test_gm_adjudicated_turn_waits_for_the_reports(db_engine: Engine) -> None:
    game_id, passwords = start_toy(db_engine, "toy-gm", seats=2)
    ack = mail(db_engine, 1, passwords[1], "ADD 3\nArtikel\nNeuigkeiten\nEnde\n")
    assert "keine Zeitung" in ack
    assert run(db_engine, game_id).status == "adjudicating"
    with Session(db_engine) as session:
        game = game_of(session, game_id)
        assert game.status == GameStatus.ADJUDICATING and game.turn == 0
        (dossier,) = [o for o in outbox(session, OutboxKind.NOTICE, 1) if o.to_address == GM]
        assert "Seat 1: Addiere 3" in dossier.body and "Seat 2: -" in dossier.body
    # Orders are refused while the GM adjudicates; the deadline does not run again.
    assert "the game master is adjudicating" in mail(db_engine, 2, passwords[2], "ADD 1\n")
    assert run(db_engine, game_id, force=True).status == "not_due"
    map_png = Attachment("map-1.png", "image/png", b"\x89PNG fake")
    with transaction(db_engine) as session:
        gm.record_report(
            session, 500, 1, "Seat 1 gains a castle.", attachments=[map_png], now=START
        )
        with pytest.raises(gm.GmError, match="nicht freigeben"):
            gm.publish(session, 500, TERMS.at(START))
    with transaction(db_engine) as session:
        gm.record_report(session, 500, 2, "Seat 2 waits.", now=START)
        gm.record_report(session, 500, 2, "Seat 2 waits, better.", now=START)
        result = gm.publish(session, 500, TERMS.at(START))
    assert result.status == "done"
    with Session(db_engine) as session:
        game = game_of(session, game_id)
        assert game.status == GameStatus.RUNNING and game.turn == 1
        printouts = {o.to_address: o for o in outbox(session, OutboxKind.PRINTOUT, 1)}
        assert "Seat 1 gains a castle." in printouts[address(1)].body
        assert "Seat 2 waits, better." in printouts[address(2)].body
        assert "castle" not in printouts[address(2)].body
        (attached,) = printouts[address(1)].attachments or []
        assert base64.b64decode(attached["data"]) == b"\x89PNG fake"
        assert printouts[address(2)].attachments is None
        assert replay_check(session, game_id, 1)
    with transaction(db_engine) as session, pytest.raises(gm.GmError):
        gm.publish(session, 500, TERMS.at(START))


def test_seat_fields_are_checked_at_creation(db_engine: Engine) -> None:
    with transaction(db_engine) as session, pytest.raises(gm.GmError, match="kein Feld"):
        create(
            session,
            501,
            kind="toy",
            seats=[
                gm.SeatSpec(1, address(1), fields={"character": "Pirat"}),
                gm.SeatSpec(2, address(2)),
            ],
        )
    with transaction(db_engine) as session, pytest.raises(gm.GmError, match="2 bis 6"):
        create(session, 502, kind="toy", seats=[gm.SeatSpec(1, address(1))])
