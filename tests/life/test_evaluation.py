"""The one evaluation (mailserver.turns.evaluate): the turn run and the replay check
evaluate a turn through the same function, on the same inputs, to the same state and
events, and the replay of a stored turn reproduces it byte for byte."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from db import repo
from db.models import Game
from db.session import transaction
from engine.core import State, TurnResult
from mailserver.gm import operations as gm
from mailserver.turns import evaluate as evaluation
from mailserver.turns import phases
from mailserver.turns.evaluate import canonical_state, events_record, replay_check
from mailserver.turns.inputs import TurnInputs, recorded_inputs
from mailserver.turns.plan import state_of
from tests.life.helpers import START, create_and_start, deadline, run, send_orders


def played_turn(engine: Engine) -> int:
    """Game 227 with turn 1 run: every seat's orders and a GM notice in the news."""
    game_id, passwords = create_and_start(engine)
    for seat, password in passwords.items():
        send_orders(engine, game_id, seat, password, now=START)
    with transaction(engine) as session:
        gm.publish_news(session, 227, "Der Spielleiter grüßt.", now=START)
    assert run(engine, game_id, deadline(engine, game_id)).status == "done"
    return game_id


def test_the_run_and_the_replay_check_evaluate_alike(
    db_engine: Engine, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[int, dict[str, Any], str, list[dict[str, Any]]]] = []
    real = evaluation.evaluate

    def spy(game: Game, turn: int, before: State, inputs: TurnInputs) -> TurnResult:
        result = real(game, turn, before, inputs)
        state, events = canonical_state(result.state), events_record(result.events)
        seen.append((turn, inputs.record(), state, events))
        return result

    # The run calls it from its phase "evaluate", the replay check from its own module.
    monkeypatch.setattr(phases, "evaluate", spy)
    monkeypatch.setattr(evaluation, "evaluate", spy)
    game_id = played_turn(db_engine)
    with Session(db_engine) as session:
        assert replay_check(session, game_id, 1)
        stored = repo.load_snapshot(session, game_id, 1)
    assert stored is not None
    ran, replayed = seen
    assert ran == replayed
    assert (ran[1], ran[2], ran[3]) == (stored.inputs, stored.state, stored.events)
    assert [n["text"] for n in ran[1]["news"]] == ["Der Spielleiter grüßt."]


def test_a_stored_turn_evaluated_again_is_the_same_byte_for_byte(db_engine: Engine) -> None:
    game_id = played_turn(db_engine)
    with Session(db_engine) as session:
        game = session.get(Game, game_id)
        stored = repo.load_snapshot(session, game_id, 1)
        assert game is not None and stored is not None and stored.inputs is not None
        inputs = recorded_inputs(session, stored.inputs)
        result = evaluation.evaluate(game, 1, state_of(session, game, 0), inputs)
    assert canonical_state(result.state) == stored.state
    assert events_record(result.events) == stored.events


def test_replay_check_notices_changed_events(db_engine: Engine) -> None:
    game_id = played_turn(db_engine)
    with transaction(db_engine) as session:
        snapshot = repo.load_snapshot(session, game_id, 1)
        assert snapshot is not None
        snapshot.events = [*(snapshot.events or []), {"kind": "game_over", "player": 0, "data": {}}]
        session.add(snapshot)
    with Session(db_engine) as session:
        assert not replay_check(session, game_id, 1)


def test_replay_check_of_a_turn_stored_without_events_checks_the_state(db_engine: Engine) -> None:
    """A turn stored before schema 0005 has no events to compare; its state still counts."""
    game_id = played_turn(db_engine)
    with transaction(db_engine) as session:
        snapshot = repo.load_snapshot(session, game_id, 1)
        assert snapshot is not None
        snapshot.events = None
        session.add(snapshot)
    with Session(db_engine) as session:
        assert replay_check(session, game_id, 1)
