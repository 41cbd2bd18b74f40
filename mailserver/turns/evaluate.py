"""The one evaluation of a turn, the record of its outcome, and the replay check.

:func:`evaluate` is the only place a turn is evaluated: the turn run
(:mod:`mailserver.turns.phases`), the evaluation ahead (:mod:`mailserver.turns.ahead`),
the GM's preview (:mod:`mailserver.turns.preview`) and :func:`replay_check` all call it
with the state the turn starts from and its :class:`~mailserver.turns.inputs.TurnInputs`.
The engine is deterministic (its dice come from the inputs: the sealed secret and
digests, or the game's seed and the turn), so equal inputs give the same state byte for
byte; the replay check relies on that.

The run stores the outcome with the snapshot: the state as :func:`canonical_state` and
the engine's events as :func:`events_record`. What a finished game's pages show is read
from there (:mod:`mailserver.turns.final`), never evaluated again.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from sqlmodel import Session

from db import repo
from db.models import Game
from engine.core import Event, Ruling, State, TurnResult, turn_seed
from mailserver.common.kinds import game_kind
from mailserver.turns.inputs import TurnInputs, derived_inputs, engine_orders, recorded_inputs
from mailserver.turns.plan import state_of
from mailserver.turns.sealing import dice_for


def evaluate(game: Game, turn: int, before: State, inputs: TurnInputs) -> TurnResult:
    """Turn ``turn`` of ``game`` evaluated from the state ``before`` on ``inputs``.

    In a GM-adjudicated turn the GM's reports take the engine's place, or, when the GM
    rules (the inputs carry rulings, engine.core.Ruled), the engine drafts the turn from
    the orders and rulings and the reports are appended to the draft; otherwise the
    engine runs the orders and news (:func:`engine_orders`). The dice are the turn's:
    sealed when the inputs carry a secret, else the legacy dice of the game's seed
    (:func:`mailserver.turns.sealing.dice_for`). Reads and writes nothing.
    """
    kind = game_kind(game.kind)
    texts = {seat: report.text for seat, report in (inputs.reports or {}).items()}
    dice = dice_for(game.number, game.seed, turn, inputs.dice)
    ruled = kind.ruled
    if ruled is not None and inputs.rulings is not None:
        rulings = [Ruling(r.item, r.text, r.reason) for r in inputs.rulings]
        drafted = ruled.draft(before, engine_orders(kind, before, inputs), rulings, dice)
        told = kind.adjudicated.apply_reports(drafted.state, texts)
        return TurnResult(told.state, [*drafted.events, *told.events], drafted.rolls)
    if inputs.reports is not None:
        return kind.adjudicated.apply_reports(before, texts)
    return kind.engine.run_turn(before, engine_orders(kind, before, inputs), dice)


def canonical_state(state: State) -> str:
    """A state's JSON text as snapshots keep it (the form of ``repo.store_snapshot``)."""
    return json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"), allow_nan=False)


def events_record(events: Sequence[Event]) -> list[dict[str, Any]]:
    """The engine's events as the snapshot keeps them, in JSON's own forms (a tuple in
    an event's data comes back a list), so a stored record compares equal to a new one."""
    record = [{"kind": e.kind, "player": e.player, "data": dict(e.data)} for e in events]
    plain: list[dict[str, Any]] = json.loads(json.dumps(record))
    return plain


def recorded_events(record: Sequence[dict[str, Any]]) -> list[Event]:
    """The events a snapshot keeps (:func:`events_record`) as the engine made them."""
    return [Event(str(e["kind"]), int(e["player"]), dict(e["data"])) for e in record]


def replay_check(session: Session, game_id: int, turn: int) -> bool:
    """Whether evaluating ``turn`` again from snapshot ``turn - 1`` with the inputs the
    run recorded gives the stored snapshot of ``turn``: the state byte for byte, the same
    seed, and the same events where they were stored (from schema 0005 on)."""
    game = session.get(Game, game_id)
    if game is None:
        raise LookupError(f"no game with id {game_id}")
    stored = repo.load_snapshot(session, game_id, turn)
    if stored is None:
        raise LookupError(f"game {game.number} has no snapshot of turn {turn}")
    inputs = (
        recorded_inputs(session, stored.inputs)
        if stored.inputs is not None
        else derived_inputs(session, game, turn)
    )
    result = evaluate(game, turn, state_of(session, game, turn - 1), inputs)
    same_events = stored.events is None or events_record(result.events) == stored.events
    return (
        stored.seed == turn_seed(game.seed, turn)
        and canonical_state(result.state) == stored.state
        and same_events
    )
