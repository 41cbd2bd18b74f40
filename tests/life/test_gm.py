"""The GM's operations on a real database (SQLite and PostgreSQL)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, func, select

from db.models import GameStatus, Outbox, OutboxKind, PlayerStatus, TurnSnapshot
from db.session import transaction
from mailserver.gm import operations as gm
from tests.life import helpers as life


def count_rows(session: Session, model: type[Outbox] | type[TurnSnapshot]) -> int:
    return session.exec(select(func.count()).select_from(model)).one()


def test_create_refuses_bad_setups_and_keeps_host_options_apart(db_engine: Engine) -> None:
    game_id, _ = life.create_and_start(db_engine, options={"nmr_drop_after": 3, "op_cost": 5})
    with transaction(db_engine) as session:
        game = life.game_of(session, game_id)
        assert game.options == {"op_cost": 5, "nmr_out_after": 0, "host": {"nmr_drop_after": 3}}
        assert game.status == GameStatus.RUNNING and game.next_deadline is not None
        with pytest.raises(gm.GmError, match="vergeben"):
            life.create(session, 227, gm_address="x@y", password="passwort-123")
        with pytest.raises(gm.GmError, match="Unbekannte Regeloption"):
            life.create(
                session, 228, gm_address="x@y", password="passwort-123", options={"bogus": 1}
            )
        with pytest.raises(gm.GmError, match="Unbekannte Spielart"):
            life.create(
                session, 229, kind="chess", seats=[], gm_address="x@y", password="passwort-123"
            )
        with pytest.raises(gm.GmError, match="schon gestartet"):
            gm.start_game(session, 227, life.TERMS.at(life.START))
        assert gm.verify_gm(session, 227, "spielleiter").id == game_id
        with pytest.raises(gm.GmError, match="Falsches"):
            gm.verify_gm(session, 227, "wrong")


def test_deadline_postpone_pause_resume(db_engine: Engine) -> None:
    game_id, passwords = life.create_and_start(db_engine)
    for seat in range(1, 5):
        life.send_orders(db_engine, game_id, seat, passwords[seat], now=life.START)
    due = life.deadline(db_engine, game_id)
    with transaction(db_engine) as session:
        game = gm.postpone(session, 227, timedelta(days=2), life.TERMS.at(life.START))
        assert game.next_deadline == due + timedelta(days=2)
        notices = life.outbox(session, OutboxKind.NOTICE)
        assert all(m.player_id is not None for m in notices)
        assert len(notices) == 4 and "verschoben auf" in notices[0].body
        assert "postponed to" in notices[1].body
        with pytest.raises(gm.GmError):
            gm.set_deadline(
                session, 227, life.START - timedelta(days=1), life.TERMS.at(life.START), tell=False
            )
        gm.pause(session, 227, now=life.START)
    assert life.run(db_engine, game_id, due + timedelta(days=3)).status == "paused"
    with transaction(db_engine) as session:
        gm.resume(session, 227, now=life.START)
    assert life.run(db_engine, game_id, due + timedelta(days=3)).status == "done"


def test_process_now_and_preview(db_engine: Engine) -> None:
    game_id, passwords = life.create_and_start(db_engine, seats=2)
    life.send_orders(db_engine, game_id, 1, passwords[1], now=life.START)
    with transaction(db_engine) as session:
        gm.publish_news(session, 227, "Der Spielleiter grüßt.", now=life.START)
        before = count_rows(session, Outbox)
        views = gm.preview(session, 227, life.TERMS)
        assert set(views) == {0, 1, 2}
        assert "Der Spielleiter grüßt." in views[1]
        assert "Gesamtübersicht des Spielleiters" in views[0]
        assert count_rows(session, Outbox) == before
        assert count_rows(session, TurnSnapshot) == 1
        # Seat 2 sent nothing: named, and the turn waits until the GM says so.
        with pytest.raises(gm.GmError, match="Spieler 2 "):
            gm.process_now(session, 227, life.TERMS.at(life.START))
        result = gm.process_now(session, 227, life.TERMS.at(life.START), force=True)
        assert result.status == "done"
    with Session(db_engine) as session:
        printout = life.outbox(session, OutboxKind.PRINTOUT, 1)[0].body
        # What the preview showed is what the turn gave.
        assert printout.split("=" * 78)[0] == views[1].split("=" * 78)[0]


def test_replace_from_standby_skips_someone_already_playing(db_engine: Engine) -> None:
    game_id, _ = life.create_and_start(db_engine)
    with transaction(db_engine) as session:
        gm.add_standby(session, life.address(2), now=life.START)  # plays in this game already
        gm.add_standby(session, "Fresh@Example.org", language="en", now=life.START + timedelta(1))
        gm.forward_secret(session, 227, 3, "Für den Nachfolger.", from_seat=1, now=life.START)
        dropped = gm.drop_player(session, 227, 3, life.TERMS.at(life.START), tell=False)
        assert dropped.status == PlayerStatus.DROPPED
        new, password = gm.replace_player(session, 227, 3, life.TERMS.at(life.START))
        assert new.address == "fresh@example.org" and new.language == "en"
        mail = life.outbox(session, OutboxKind.PRINTOUT)[-1]
        assert mail.to_address == "fresh@example.org"
        assert f"Your password: {password}" in life.mailed(mail) and password not in mail.body
        # The secret is for the next printout (5.2), which the newcomer gets.
        assert "Für den Nachfolger." not in mail.body
        assert life.occupant(session, game_id, 3).id == new.id
        with pytest.raises(gm.GmError, match="leer"):
            gm.replace_player(session, 227, 4, life.TERMS.at(life.START))
        assert gm.process_now(session, 227, life.TERMS.at(life.START), force=True).status == "done"
        (turn1,) = [
            m for m in life.outbox(session, OutboxKind.PRINTOUT, 1) if m.player_id == new.id
        ]
        assert "From Player A (player 1):" in turn1.body and "Für den Nachfolger." in turn1.body
        news = "Position 3 wird von einem neuen Spieler übernommen."
        assert all(news in m.body for m in life.outbox(session, OutboxKind.PRINTOUT, 1))


def test_dropped_seat_stays_vacant_and_status_tells_who_is_late(db_engine: Engine) -> None:
    game_id, passwords = life.create_and_start(db_engine)
    with transaction(db_engine) as session:
        gm.drop_player(session, 227, 4, life.TERMS.at(life.START), tell=False)
    life.send_orders(db_engine, game_id, 1, passwords[1], now=life.START)
    life.send_orders(db_engine, game_id, 2, passwords[2], now=life.START)
    with Session(db_engine) as session:
        text = gm.status(session, 227, now=life.START)
        assert "Spieler 1 player1@example.org [spielt] Befehle da" in text
        assert "Spieler 3 player3@example.org [spielt] keine Befehle (0 NMR in Folge)" in text
        assert "Spieler 4 player4@example.org [ausgeschieden]" in text
    assert life.run(db_engine, game_id, life.deadline(db_engine, game_id)).status == "done"
    with transaction(db_engine) as session:
        recipients = {m.to_address for m in life.outbox(session, OutboxKind.PRINTOUT, 1)}
        assert recipients == {life.address(1), life.address(2), life.address(3)}
        assert "player4" not in "".join(recipients)
        row = gm.resend_printout(session, 227, 2, life.TERMS.at(life.START))
        again = session.get(Outbox, row)
        assert again is not None and again.to_address == life.address(2) and again.turn == 1
