"""The turn run on a real database (SQLite and PostgreSQL): a 4-player game over 5 turns
with orders mailed through the real intake, NMR and drop, stand-by takeover, fees, the
mass-NMR guard, exactly-once runs and replays."""

from __future__ import annotations

import threading
from collections import Counter
from datetime import timedelta

import pytest
from sqlalchemy import Engine, event
from sqlmodel import Session, select

from db import repo
from db.models import (
    GameMessage,
    GameStatus,
    LedgerEntry,
    LedgerKind,
    MessageKind,
    OutboxKind,
    Player,
    PlayerStatus,
    TurnSnapshot,
)
from db.session import transaction
from mailserver.gm import operations as gm
from mailserver.turns import run as turns
from mailserver.turns.evaluate import replay_check
from mailserver.turns.mails import send_reminders
from mailserver.turns.plan import early_run_ready
from tests.life.helpers import (
    GM,
    START,
    TERMS,
    address,
    create_and_start,
    deadline,
    game_of,
    mailed,
    occupant,
    outbox,
    run,
    send_orders,
)

FEE = 50
STANDBY = "standby@example.org"


def test_a_game_of_four_over_five_turns(db_engine: Engine) -> None:
    game_id, passwords = create_and_start(db_engine)
    with transaction(db_engine) as session:
        for seat, cents in ((1, 1000), (2, 1000), (3, 1000), (4, FEE)):
            gm.deposit(session, 227, seat, cents, now=START)
        gm.add_standby(session, STANDBY, language="en", now=START)
    with Session(db_engine) as session:
        start = outbox(session, OutboxKind.PRINTOUT, 0)
        assert [m.to_address for m in start] == [address(n) for n in range(1, 5)]
        assert f"Kennwort: {passwords[1]}" in mailed(start[0])
        assert f"Your password: {passwords[2]}" in mailed(start[1])
        # The stored body never holds the password; it goes in when the mail is sent.
        assert passwords[1] not in start[0].body and start[0].secret == passwords[1]

    # Turn 1: everybody; seat 1 sends seat 2 a secret message, seat 3 an article.
    day = START + timedelta(days=1)
    send_orders(db_engine, game_id, 1, passwords[1], now=day, extra="Geheimnachricht an 2: Pakt?\n")
    send_orders(db_engine, game_id, 2, passwords[2], now=day)
    send_orders(
        db_engine, game_id, 3, passwords[3], now=day, extra="Artikel\nFrieden den Sternen!\nEnde\n"
    )
    send_orders(db_engine, game_id, 4, passwords[4], now=day)
    assert run(db_engine, game_id, day).status == "not_due"
    result = run(
        db_engine, game_id, deadline(db_engine, game_id) + timedelta(minutes=1), turn_fee_cents=FEE
    )
    assert result.status == "done" and result.turn == 1
    with Session(db_engine) as session:
        printouts = outbox(session, OutboxKind.PRINTOUT, 1)
        assert [m.to_address for m in printouts] == [address(n) for n in range(1, 5)]
        with_secret = [m.to_address for m in printouts if "Pakt?" in m.body]
        assert with_secret == [address(2)]
        assert "From Bot A (player 1):" in printouts[1].body
        assert all("Frieden den Sternen!" in m.body for m in printouts)
        assert all("Bot C" in m.body.split("Frieden den Sternen!")[1][:100] for m in printouts)
        secret = session.exec(
            select(GameMessage).where(GameMessage.kind == MessageKind.SECRET)
        ).one()
        assert secret.delivered and secret.turn == 1
        assert occupant(session, game_id, 4).balance_cents == 0
        assert repo.ledger_balance(session, occupant(session, game_id, 1).id or 0) == 1000 - FEE
        summary = outbox(session, OutboxKind.NOTICE, 1)
        assert [m.to_address for m in summary] == [GM]
        assert "Befehle von Spieler: 1, 2, 3, 4" in summary[0].body
        assert "Zugestellte Geheimnachrichten: 1" in summary[0].body
        assert "Gesamtübersicht des Spielleiters" in summary[0].body

    # Turn 2: seat 3 sends nothing; seat 4 sends orders but cannot pay (1.5).
    day = deadline(db_engine, game_id) - timedelta(days=2)
    for seat in (1, 2, 4):
        send_orders(db_engine, game_id, seat, passwords[seat], now=day)
    result = run(db_engine, game_id, deadline(db_engine, game_id), turn_fee_cents=FEE)
    assert result.status == "done"
    with Session(db_engine) as session:
        bodies = {m.to_address: m.body for m in outbox(session, OutboxKind.PRINTOUT, 2)}
        assert "deckte die Zuggebühr von 0,50 EUR nicht" in bodies[address(4)]
        assert "NMR: Von Bot D sind keine Befehle eingegangen." in bodies[address(1)]
        assert "keine Befehle vor" in bodies[address(3)]
        assert occupant(session, game_id, 3).nmr_count == 1
        assert occupant(session, game_id, 4).nmr_count == 1
        gm_body = outbox(session, OutboxKind.NOTICE, 2)[0].body
        assert "Ohne Befehle (NMR): 3, 4" in gm_body and "nicht gedeckt" in gm_body
    with transaction(db_engine) as session:
        gm.deposit(session, 227, 4, 500, now=day)

    # Turn 3: seat 3 again nothing -> dropped; the stand-by takes over at once.
    day = deadline(db_engine, game_id) - timedelta(days=2)
    for seat in (1, 2, 4):
        send_orders(db_engine, game_id, seat, passwords[seat], now=day)
    with transaction(db_engine) as session:
        gm.forward_secret(session, 227, 3, "Willkommen, Nachfolger.", from_seat=None, now=day)
    assert (
        run(db_engine, game_id, deadline(db_engine, game_id), turn_fee_cents=FEE).status == "done"
    )
    with Session(db_engine) as session:
        newcomer = occupant(session, game_id, 3)
        assert newcomer.address == STANDBY and newcomer.joined_turn == 4
        old = session.exec(select(Player).where(Player.address == address(3))).one()
        assert old.status == PlayerStatus.DROPPED and not old.is_current
        bodies = {m.to_address: mailed(m) for m in outbox(session, OutboxKind.PRINTOUT, 3)}
        assert set(bodies) == {address(1), address(2), address(4), address(3), STANDBY}
        assert "scheidet aus" in bodies[address(1)]  # Galactic Media, German
        assert "is out" in bodies[address(2)]  # and English
        assert "letzte Auswertung" in bodies[address(3)]
        assert "Your password:" in bodies[STANDBY] and "Willkommen, Nachfolger." in bodies[STANDBY]
        assert "Willkommen, Nachfolger." not in bodies[address(3)]
        gm_body = outbox(session, OutboxKind.NOTICE, 3)[0].body
        assert f"Stand-by übernimmt Position 3: {STANDBY}" in gm_body
    standby_password = bodies[STANDBY].split("Your password: ")[1].split()[0]

    # Turn 4: only seat 1 -> the first mass NMR is held; the GM is told once.
    day = deadline(db_engine, game_id) - timedelta(days=1)
    send_orders(db_engine, game_id, 1, passwords[1], now=day)
    due = deadline(db_engine, game_id)
    held = run(db_engine, game_id, due)
    assert held.status == "held"
    assert run(db_engine, game_id, due + timedelta(minutes=5)).status == "held"
    with Session(db_engine) as session:
        assert len(outbox(session, OutboxKind.NOTICE, 4)) == 1
        assert game_of(session, game_id).held
        assert repo.load_snapshot(session, game_id, 4) is None
    later = due + timedelta(hours=3)
    with transaction(db_engine) as session:
        gm.release_hold(session, 227, now=later)
    result = run(db_engine, game_id, later)
    assert result.status == "done" and result.turn == 4
    with Session(db_engine) as session:
        body = outbox(session, OutboxKind.PRINTOUT, 4)[0].body
        assert "Diese Auswertung lief verspätet" in body
        assert not game_of(session, game_id).held

    # Turn 5: everybody, the newcomer with his own password.
    day = deadline(db_engine, game_id) - timedelta(days=1)
    for seat in (1, 2, 4):
        send_orders(db_engine, game_id, seat, passwords[seat], now=day)
    assert send_orders(db_engine, game_id, 3, standby_password, now=day).status == "processed"
    due = deadline(db_engine, game_id)
    assert run(db_engine, game_id, due, expected_turn=4).status == "done"
    again = run(db_engine, game_id, due + timedelta(days=8), expected_turn=4)
    assert again.status == "not_due" and again.outbox_ids == []
    assert (again.turn, again.reason) == (5, "turn 5 is no longer pending")

    with Session(db_engine) as session:
        per_turn = Counter((m.turn, m.player_id) for m in outbox(session, OutboxKind.PRINTOUT))
        assert set(per_turn.values()) == {1}
        assert [t for t, _ in sorted(per_turn)].count(5) == 4
        assert len(session.exec(select(TurnSnapshot)).all()) == 6
        assert game_of(session, game_id).turn == 5
        fees = session.exec(
            select(LedgerEntry).where(LedgerEntry.kind == LedgerKind.TURN_FEE)
        ).all()
        assert any(f.amount_cents == 0 and f.turn == 2 for f in fees)
        for turn in range(1, 6):
            assert replay_check(session, game_id, turn), turn


def test_a_turn_run_reads_its_players_and_its_news_once(db_engine: Engine) -> None:
    # The printouts take the occupants the plan read, and the evaluation the news the
    # run marked printed: a query each per run (docs/performance.md), not two.
    game_id, passwords = create_and_start(db_engine)
    for seat in (1, 2, 3, 4):
        send_orders(db_engine, game_id, seat, passwords[seat], now=START)
    read: list[str] = []

    def seen(_conn: object, _cursor: object, statement: str, *_: object) -> None:
        if statement.lstrip().upper().startswith("SELECT"):
            read.append(" ".join(statement.split()))

    event.listen(db_engine, "before_cursor_execute", seen)
    try:
        assert run(db_engine, game_id, deadline(db_engine, game_id)).status == "done"
    finally:
        event.remove(db_engine, "before_cursor_execute", seen)
    assert sum(" FROM player WHERE " in s for s in read) == 1
    # The news to print, and the secret messages the printouts deliver.
    assert sum(" FROM game_message WHERE " in s for s in read) == 2


def test_replay_check_notices_a_changed_snapshot(db_engine: Engine) -> None:
    game_id, passwords = create_and_start(db_engine, seats=2)
    for seat in (1, 2):
        send_orders(db_engine, game_id, seat, passwords[seat], now=START)
    run(db_engine, game_id, deadline(db_engine, game_id))
    with transaction(db_engine) as session:
        assert replay_check(session, game_id, 1)
        snapshot = repo.load_snapshot(session, game_id, 1)
        assert snapshot is not None
        snapshot.state = snapshot.state.replace('"pp":', '"pp": ', 1)
        session.add(snapshot)
    with Session(db_engine) as session:
        assert not replay_check(session, game_id, 1)


def test_reminders_once_per_seat_and_time(db_engine: Engine) -> None:
    game_id, passwords = create_and_start(db_engine)
    due = deadline(db_engine, game_id)
    send_orders(db_engine, game_id, 1, passwords[1], now=START)
    with transaction(db_engine) as session:
        assert send_reminders(session, game_id, TERMS.at(due - timedelta(hours=50))) == []
        first = send_reminders(session, game_id, TERMS.at(due - timedelta(hours=47)))
        again = send_reminders(session, game_id, TERMS.at(due - timedelta(hours=40)))
        last = send_reminders(session, game_id, TERMS.at(due - timedelta(hours=2)))
    assert len(first) == 3 and again == [] and len(last) == 3
    with Session(db_engine) as session:
        mails = outbox(session, OutboxKind.REMINDER)
        assert {m.to_address for m in mails} == {address(2), address(3), address(4)}
        assert "reminder:227:1:12:2" in {m.dedup_key for m in mails}


def test_early_run_when_everybody_is_final(db_engine: Engine) -> None:
    game_id, passwords = create_and_start(db_engine, seats=2)
    with transaction(db_engine) as session:
        game_of(session, game_id).early_run = True
    send_orders(db_engine, game_id, 1, passwords[1], now=START, extra="Fertig\n")
    assert run(db_engine, game_id, START + timedelta(hours=1)).status == "not_due"
    send_orders(db_engine, game_id, 2, passwords[2], now=START, extra="Fertig\n")
    with Session(db_engine) as session:
        assert early_run_ready(session, game_of(session, game_id))
    assert run(db_engine, game_id, START + timedelta(hours=1)).status == "done"


def test_game_end_mails_the_hall_of_fame_to_the_gm(db_engine: Engine) -> None:
    options = {"victory_planets": 3, "victory_hold_planets": 2}
    game_id, passwords = create_and_start(db_engine, seats=2, options=options)
    for _ in range(2):
        for seat in (1, 2):
            send_orders(db_engine, game_id, seat, passwords[seat], now=START)
        result = run(db_engine, game_id, START, force=True)
    assert result.status == "done" and result.game_over
    assert run(db_engine, game_id, START, force=True).status == "finished"
    with Session(db_engine) as session:
        game = game_of(session, game_id)
        assert game.status == GameStatus.FINISHED and game.next_deadline is None
        hof = [m for m in outbox(session, OutboxKind.NOTICE) if "Hall of Fame" in m.subject]
        assert len(hof) == 1 and hof[0].to_address == GM
        body = hof[0].body
        assert "Ende nach Runde 2 von 30; Grund: planets." in body
        assert "Sieger: Bot A (Spieler 1)" in body
        rows = [
            line.split() for line in body.splitlines() if "Bot " in line and "Sieger" not in line
        ]
        assert [(r[0], r[1], r[2], r[3], r[4]) for r in rows] == [
            ("1", "1", "Bot", "A", "2"),
            ("2", "2", "Bot", "B", "2"),
        ]
        final = outbox(session, OutboxKind.PRINTOUT, 2)
        assert len(final) == 2
        assert "Die Partie ist beendet. Dies ist die letzte Auswertung." in final[0].body
        assert "The game is over. This is the last printout." in final[1].body


postgresql_only = pytest.mark.parametrize("db_url", ["postgresql"], indirect=True)


@postgresql_only
def test_two_processes_racing_run_the_turn_once(db_engine: Engine) -> None:
    game_id, passwords = create_and_start(db_engine)
    for seat in range(1, 5):
        send_orders(db_engine, game_id, seat, passwords[seat], now=START)
    due = deadline(db_engine, game_id)
    barrier = threading.Barrier(2)
    results: list[turns.TurnRun] = []

    def worker() -> None:
        barrier.wait()
        results.append(run(db_engine, game_id, due))

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert [r.status for r in results].count("done") == 1
    assert {r.status for r in results} <= {"done", "busy", "not_due"}
    with Session(db_engine) as session:
        assert len(outbox(session, OutboxKind.PRINTOUT, 1)) == 4
        assert game_of(session, game_id).turn == 1
