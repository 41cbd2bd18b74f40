"""GM mails on a real database (SQLite and PostgreSQL): commands run, replies, outbox rows."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from db.models import (
    Game,
    GameMessage,
    GameStatus,
    MessageKind,
    Outbox,
    OutboxKind,
    Player,
    PlayerStatus,
    Standby,
)
from db.session import transaction
from mailserver.common.terms import HostTerms
from mailserver.gm import operations as gm
from mailserver.gm.mail import handle_gm_mail, is_gm_mail

NOW = datetime(2026, 11, 2, 12, 0, tzinfo=UTC)
SERVER = "pbem@example.org"
GM_ADDRESS = "gm@example.org"
HEADER = "Partie 227 Spielleiter Kennwort geheim-spielleiter\n"


def _outbox(session: Session) -> list[Outbox]:
    session.rollback()  # a new read transaction: see what the mails committed
    return list(session.exec(select(Outbox).order_by(col(Outbox.id))).all())


def _game(session: Session) -> Game:
    session.rollback()
    game = session.exec(select(Game).where(Game.number == 227)).one()
    session.refresh(game)
    return game


def _mail(engine: Engine, text: str, *, now: datetime = NOW, subject: str | None = None) -> str:
    """Run a GM mail as the intake does (one transaction, committed); the reply body."""
    with transaction(engine) as session:
        game = gm.verify_gm(session, 227, "geheim-spielleiter")
        ctx = HostTerms(from_address=SERVER).at(now)
        result = handle_gm_mail(session, game, text, subject, ctx, sender=GM_ADDRESS)
    return result.reply


def create_game_227(engine: Engine) -> None:
    """Game 227 of Ashes (4 seats, p1@… to p4@…, GM password geheim-spielleiter)."""
    with transaction(engine) as session:
        gm.create_game(
            session,
            kind="ashes",
            number=227,
            gm_address=GM_ADDRESS,
            gm_password="geheim-spielleiter",
            seats=[gm.SeatSpec(seat, f"p{seat}@example.org") for seat in range(1, 5)],
            seed=7,
            now=NOW,
        )


def start_game_227(engine: Engine) -> Engine:
    """Game 227 created and started by GM mail."""
    create_game_227(engine)
    _mail(engine, HEADER + "Start")
    return engine


@pytest.fixture
def engine(db_engine: Engine) -> Iterator[Engine]:
    """A database with game 227 of Ashes (4 seats), not yet started."""
    create_game_227(db_engine)
    yield db_engine


@pytest.fixture
def running(engine: Engine) -> Engine:
    """Game 227 started by mail."""
    _mail(engine, HEADER + "Start")
    return engine


def test_is_gm_mail_tells_gm_from_player() -> None:
    assert is_gm_mail(HEADER + "Status", None)
    assert not is_gm_mail("Partie 227 Spieler 2 Kennwort x\nHP = 20", "Befehle")


def test_start_by_mail(engine: Engine, db_session: Session) -> None:
    reply = _mail(engine, HEADER + "Start\nStatus")
    game = _game(db_session)
    assert game.status == GameStatus.RUNNING and game.turn == 0
    assert game.next_deadline is not None and game.next_deadline > NOW
    printouts = [m for m in _outbox(db_session) if m.kind == OutboxKind.PRINTOUT]
    assert sorted(m.to_address for m in printouts) == [f"p{s}@example.org" for s in range(1, 5)]
    assert "Zeile 2: Start\n  → Partie gestartet: 4 Spieler" in reply
    assert "Zeile 3: Status" in reply
    assert "2 Befehle ausgeführt, 0 mit Fehler." in reply


def test_every_command_runs_and_bad_lines_are_reported(
    running: Engine, db_session: Session
) -> None:
    before = len(_outbox(db_session))
    reply = _mail(
        running,
        HEADER
        + "ZAT 01.12.2026 18:00\n"  # 2
        + "Verschiebn 2 Tage\n"  # 3: misspelled
        + "Ersatz 9\n"  # 4: no such seat
        + "Nachricht\n"  # 5
        + "Der Krieg beginnt.\n"
        + "Ende\n"
        + "Geheim an 2 von 1\n"  # 8
        + "Treffen bei Crab.\n"
        + "Ende\n"
        + "Stand-by anna@example.org en Anna\n"  # 11
        + "Status\n",  # 12
    )
    game = _game(db_session)
    # 18:00 in Berlin in winter is 17:00 UTC.
    assert game.next_deadline == datetime(2026, 12, 1, 17, 0, tzinfo=UTC)
    messages = list(db_session.exec(select(GameMessage).order_by(col(GameMessage.id))).all())
    news = [m for m in messages if m.kind == MessageKind.GM_NEWS]
    assert [m.text for m in news] == ["Der Krieg beginnt."]
    (secret,) = [m for m in messages if m.kind == MessageKind.SECRET]
    assert (secret.addressee_seat, secret.sender_seat, secret.text, secret.turn) == (
        2,
        1,
        "Treffen bei Crab.",
        1,
    )
    (standby,) = db_session.exec(select(Standby)).all()
    assert (standby.address, standby.language, standby.name) == ("anna@example.org", "en", "Anna")
    # The deadline was announced to the four players.
    notices = [m for m in _outbox(db_session)[before:] if m.kind == OutboxKind.NOTICE]
    assert sorted(m.to_address for m in notices) == [f"p{s}@example.org" for s in range(1, 5)]
    assert "Zeile 2: ZAT 01.12.2026 18:00\n  → Abgabeschluss für Runde 1: " in reply
    assert "Zeile 3: Verschiebn 2 Tage\n  FEHLER (Spalte 1, „Verschiebn“): " in reply
    assert "Meinten Sie „Verschieben“?" in reply
    assert "Zeile 4: Ersatz 9\n  FEHLER: Partie 227 hat keinen Spieler 9." in reply
    assert "Zeile 5: Nachricht: Der Krieg beginnt.\n  → Die Nachricht erscheint" in reply
    assert "Zeile 8: Geheim an 2 von 1: Treffen bei Crab.\n  → Die Geheimnachricht" in reply
    assert "Zeile 12: Status\n  → " in reply
    assert "5 Befehle ausgeführt, 2 mit Fehler." in reply
    # Lines appear in mail order.
    positions = [reply.index(f"Zeile {n}:") for n in (2, 3, 4, 5, 8, 11, 12)]
    assert positions == sorted(positions)


def test_english_header_gets_an_english_reply(running: Engine) -> None:
    reply = _mail(
        running, "Game 227 GM Password geheim-spielleiter\nPostpone 2 days\nDrop 9\nStatus"
    )
    assert "Line 2: Postpone 2 days\n  → Deadline of turn 1: " in reply
    assert "Line 3: Drop 9\n  ERROR: Game 227 has no player 9." in reply
    assert "2 commands done, 1 failed." in reply


def test_postpone_moves_the_deadline(running: Engine, db_session: Session) -> None:
    deadline = _game(db_session).next_deadline
    assert deadline is not None
    _mail(running, HEADER + "Verschieben 36h")
    assert _game(db_session).next_deadline == deadline + timedelta(hours=36)


def test_deadline_in_the_past_is_refused(running: Engine, db_session: Session) -> None:
    deadline = _game(db_session).next_deadline
    reply = _mail(running, HEADER + "ZAT 01.01.2026 18:00")
    assert "liegt in der Vergangenheit" in reply
    assert _game(db_session).next_deadline == deadline


def test_deadline_in_the_spring_gap_is_moved_and_the_gm_told(
    running: Engine, db_session: Session
) -> None:
    reply = _mail(running, HEADER + "ZAT 28.03.2027 02:30")
    # 02:30 is skipped on 28 March 2027 in Berlin: 03:30 CEST, 01:30 UTC.
    assert _game(db_session).next_deadline == datetime(2027, 3, 28, 1, 30, tzinfo=UTC)
    assert "02:30 Uhr gibt es am 28.03.2027 in Europe/Berlin nicht" in reply
    assert "Sommerzeit" in reply
    assert "gibt es am" not in _mail(running, HEADER + "ZAT 29.03.2027 02:30")


def test_a_failed_command_does_not_undo_the_others(running: Engine, db_session: Session) -> None:
    reply = _mail(running, HEADER + "Pause\nPause\nWeiter\nFreigeben\nPause")
    # Pause ok, Pause fails (already paused), Weiter ok, Freigeben fails (not held), Pause ok.
    assert _game(db_session).status == GameStatus.PAUSED
    assert reply.count("FEHLER") == 2
    assert "3 Befehle ausgeführt, 2 mit Fehler." in reply


def test_process_now_and_resend(running: Engine, db_session: Session) -> None:
    before = len(_outbox(db_session))
    reply = _mail(running, HEADER + "Auswerten trotzdem\nAuswertung erneut 2\nStatus")
    game = _game(db_session)
    assert game.turn == 1
    new = _outbox(db_session)[before:]
    printouts = [m for m in new if m.kind == OutboxKind.PRINTOUT]
    # Four printouts of turn 1, then seat 2's once more.
    assert [m.turn for m in printouts] == [1, 1, 1, 1, 1]
    assert printouts[-1].to_address == "p2@example.org"
    first = next(m for m in printouts if m.to_address == "p2@example.org")
    assert printouts[-1].subject == first.subject and printouts[-1].id != first.id
    assert "Zeile 2: Auswerten trotzdem (auch wenn Befehle fehlen)\n  → Runde 1 ist" in reply
    assert "Zeile 3: Auswertung erneut 2\n  → Die Auswertung von Runde 1 für Spieler 2" in reply


def test_preview_goes_to_the_gm_only(running: Engine, db_session: Session) -> None:
    before = len(_outbox(db_session))
    reply = _mail(running, HEADER + "Vorschau")
    new = _outbox(db_session)[before:]
    assert new and {m.to_address for m in new} == {GM_ADDRESS}
    assert all(m.body.startswith("VORSCHAU") for m in new)
    assert _game(db_session).turn == 0  # nothing evaluated
    assert f"{len(new)} Ausdrucke gehen als eigene Mails an {GM_ADDRESS}" in reply


def test_replace_from_the_standby_list(running: Engine, db_session: Session) -> None:
    reply = _mail(running, HEADER + "Standby anna@example.org en\nErsatz 3\nErsatz 4")
    players = db_session.exec(select(Player).where(Player.seat == 3).order_by(col(Player.id))).all()
    assert [(p.address, p.is_current) for p in players] == [
        ("p3@example.org", False),
        ("anna@example.org", True),
    ]
    assert players[1].language == "en"
    assert "Position 3 übernimmt anna@example.org (en)" in reply
    assert "Zeile 4: Ersatz 4\n  FEHLER: Die Stand-by-Liste ist leer." in reply
    takeover = [m for m in _outbox(db_session) if m.to_address == "anna@example.org"]
    assert len(takeover) == 1 and takeover[0].kind == OutboxKind.PRINTOUT


def test_replace_and_drop_by_address(running: Engine, db_session: Session) -> None:
    _mail(running, HEADER + "Ersatz 1 durch bob@example.org\nAusscheiden 2")
    current = {
        p.seat: p
        for p in db_session.exec(select(Player).where(col(Player.is_current).is_(True))).all()
    }
    assert current[1].address == "bob@example.org"
    assert current[2].status == PlayerStatus.DROPPED


def test_header_naming_another_game_does_nothing(running: Engine, db_session: Session) -> None:
    before = len(_outbox(db_session))
    reply = _mail(running, "Pause", subject="Partie 228 SL")
    assert "nennt Partie 228" in reply
    assert _game(db_session).status == GameStatus.RUNNING
    assert len(_outbox(db_session)) == before


def test_mail_without_commands_says_how(running: Engine) -> None:
    reply = _mail(running, HEADER + "\nViele Grüße\nMarkus\n")
    assert "kein Befehl gefunden" in reply


def test_a_report_takes_the_attachments_named_for_its_seat() -> None:
    from mailserver.gm.mail import files_for_seat
    from mailserver.outbound.smtp import Attachment

    files = [
        Attachment(name, "image/png", b"x")
        for name in ("3-karte.png", "spieler3.pdf", "Player_3 map.png", "13-karte.png", "karte.png")
    ]
    assert [f.filename for f in files_for_seat(files, 3)] == [
        "3-karte.png",
        "spieler3.pdf",
        "Player_3 map.png",
    ]
    assert [f.filename for f in files_for_seat(files, 13)] == ["13-karte.png"]


def test_process_now_with_orders_missing_names_the_seats_and_waits(
    running: Engine, db_session: Session
) -> None:
    reply = _mail(running, HEADER + "Auswerten")
    assert _game(db_session).turn == 0
    assert "fehlen noch Befehle von Spieler 1 (" in reply and "Auswerten trotzdem" in reply


def test_the_mail_refusal_to_run_and_the_pause_reply_name_mail_words_only(
    running: Engine,
) -> None:
    reply = _mail(running, HEADER + "Auswerten\nPause")
    assert "Auswerten trotzdem" in reply and "--force" not in reply
    assert "bis „Weiter“ kommt" in reply and "pbem gm" not in reply
