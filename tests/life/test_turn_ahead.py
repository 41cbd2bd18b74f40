"""A turn evaluated ahead (mailserver.turns.ahead): the run takes it only when it was made
from the run's own inputs, and then writes exactly what it would have written itself."""

from __future__ import annotations

import shutil
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlalchemy.engine import make_url
from sqlmodel import Session, col, select

from db.models import Outbox, TurnSnapshot
from db.session import make_engine, reading, transaction
from mailserver.gm import operations as gm
from mailserver.turns import sealing
from mailserver.turns.ahead import TurnAhead, evaluate_ahead
from mailserver.turns.evaluate import replay_check
from tests.dbfixtures import temporary_database
from tests.life.helpers import START, create_and_start, deadline, run, send_orders

MARK = "MADE AHEAD, NOT BY THE RUN"


def ahead_of(engine: Engine, game_id: int) -> TurnAhead:
    with reading(engine) as session:
        ahead = evaluate_ahead(session, game_id)
    assert ahead is not None
    return ahead


def written(engine: Engine, turn: int) -> tuple[Any, ...]:
    """Everything a turn run wrote that a reader sees: snapshot, inputs, events, every mail."""
    with Session(engine) as session:
        snapshot = session.exec(select(TurnSnapshot).where(TurnSnapshot.turn == turn)).one()
        mails = session.exec(select(Outbox).where(Outbox.turn == turn).order_by(col(Outbox.id)))
        return (
            snapshot.state,
            snapshot.seed,
            snapshot.inputs,
            snapshot.events,
            [
                (m.to_address, m.subject, m.body, m.attachments, m.dedup_key)
                for m in mails
                if (m.dedup_key or "").startswith(("printout:", "gm-summary:"))
            ],
        )


def orders_for_all(engine: Engine, game_id: int, passwords: dict[int, str]) -> None:
    for seat, password in passwords.items():
        send_orders(engine, game_id, seat, password, now=START)


def test_a_turn_evaluated_ahead_writes_byte_for_byte_what_the_run_would(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Both runs draw the next turn's secret: the same one, so that their seals agree.
    monkeypatch.setattr(sealing, "new_secret", lambda: "5eed" * 16)
    with temporary_database("sqlite", tmp_path) as url:
        engine = make_engine(url)
        game_id, passwords = create_and_start(engine, options={"printout_map": True})
        orders_for_all(engine, game_id, passwords)
        engine.dispose()  # the file whole (WAL checkpointed) before it is copied
        twin_path = tmp_path / "twin.sqlite3"
        shutil.copyfile(make_url(url).database or "", twin_path)
        twin = make_engine(f"sqlite:///{twin_path}")
        engine = make_engine(url)
        try:
            ahead = ahead_of(engine, game_id)
            assert ahead.turn == 1 and len(ahead.texts) == 5  # four players and the GM
            assert all(views.map for views in ahead.files.values())
            # The run puts its dice into the twins made ahead, between their parts: the
            # whole twin is not sent along.
            assert all(views.json_around and views.json is None for views in ahead.files.values())
            when = deadline(engine, game_id)
            assert run(engine, game_id, when, ahead=ahead).status == "done"
            assert run(twin, game_id, when).status == "done"
            assert written(engine, 1) == written(twin, 1)
        finally:
            engine.dispose()
            twin.dispose()


@pytest.mark.parametrize("db_url", ["sqlite", "postgresql"], indirect=True)
def test_the_run_takes_the_printouts_made_ahead(db_engine: Engine) -> None:
    game_id, passwords = create_and_start(db_engine)
    orders_for_all(db_engine, game_id, passwords)
    ahead = ahead_of(db_engine, game_id)
    # Marked, the texts show whether the run took them or made its own.
    ahead.texts = {made: MARK for made in ahead.texts}
    assert run(db_engine, game_id, deadline(db_engine, game_id), ahead=ahead).status == "done"
    bodies = written(db_engine, 1)[4]
    assert len(bodies) == 5 and all(MARK in body for _, _, body, _, _ in bodies)
    with Session(db_engine) as session:
        assert replay_check(session, game_id, 1)


def test_an_evaluation_made_before_an_order_came_in_is_not_taken(db_engine: Engine) -> None:
    game_id, passwords = create_and_start(db_engine)
    orders_for_all(db_engine, game_id, passwords)
    ahead = ahead_of(db_engine, game_id)
    ahead.texts = {made: MARK for made in ahead.texts}
    # Seat 2 sends its orders once more after the evaluation ahead: a new submission.
    outcome = send_orders(db_engine, game_id, 2, passwords[2], now=START, extra="\nHP=10\n")
    assert outcome.status == "processed", outcome
    assert run(db_engine, game_id, deadline(db_engine, game_id), ahead=ahead).status == "done"
    state, _, inputs, _, mails = written(db_engine, 1)
    assert inputs != ahead.record and state != "" and len(mails) == 5
    assert not any(MARK in body for _, _, body, _, _ in mails)
    assert inputs["submissions"]["2"] != ahead.record["submissions"]["2"]
    with Session(db_engine) as session:
        assert replay_check(session, game_id, 1)


def test_no_evaluation_ahead_for_a_game_that_is_not_running(db_engine: Engine) -> None:
    game_id, passwords = create_and_start(db_engine)
    orders_for_all(db_engine, game_id, passwords)
    with reading(db_engine) as session:
        assert evaluate_ahead(session, game_id + 1000) is None
        assert evaluate_ahead(session, game_id) is not None
    with transaction(db_engine) as session:
        gm.pause(session, 227, now=START)
    with reading(db_engine) as session:
        assert evaluate_ahead(session, game_id) is None


def test_no_evaluation_ahead_for_a_deadline_run_that_would_find_the_turn_not_due(
    db_engine: Engine,
) -> None:
    # Two servers fire every deadline; the second one's run finds the turn done, and so
    # must its evaluation ahead, before the engine's work (a forced run evaluates always).
    game_id, passwords = create_and_start(db_engine)
    orders_for_all(db_engine, game_id, passwords)
    due = deadline(db_engine, game_id)
    with reading(db_engine) as session:
        assert evaluate_ahead(session, game_id, due_by=due - timedelta(minutes=1)) is None
        assert evaluate_ahead(session, game_id) is not None
        ahead = evaluate_ahead(session, game_id, due_by=due)
        assert ahead is not None and ahead.turn == 1
    assert run(db_engine, game_id, due).status == "done"  # the other server's run
    with reading(db_engine) as session:
        assert evaluate_ahead(session, game_id, due_by=due + timedelta(minutes=1)) is None
        forced = evaluate_ahead(session, game_id)
        assert forced is not None and forced.turn == 2


def test_the_news_of_the_turn_is_read_ahead_as_the_run_prints_it(db_engine: Engine) -> None:
    game_id, passwords = create_and_start(db_engine)
    orders_for_all(db_engine, game_id, passwords)
    with transaction(db_engine) as session:
        gm.publish_news(session, 227, "Die Flotte der Föderation ist gesichtet.", now=START)
    ahead = ahead_of(db_engine, game_id)
    assert [n["text"] for n in ahead.record["news"]] == ["Die Flotte der Föderation ist gesichtet."]
    ahead.texts = {made: MARK for made in ahead.texts}
    assert run(db_engine, game_id, deadline(db_engine, game_id), ahead=ahead).status == "done"
    _, _, inputs, _, mails = written(db_engine, 1)
    assert inputs == ahead.record  # taken: the record is the run's own
    assert all(MARK in body for _, _, body, _, _ in mails)
