"""A turn evaluated ahead, outside the write lock: what the run would compute, made early.

A deadline burst is bound by the turn runs, and most of a run is pure work: the engine's
turn, the new state's JSON, every printout's text, the JSON twins and the maps. A worker
process (:mod:`mailserver.app.workers`) does that work (:func:`mailserver.turns.run.evaluate_ahead`)
from a read-only view of the database while the server process writes the previous
game's turn and sends its mail; :func:`mailserver.turns.run.run_turn` then takes the results
instead of computing them.

Nothing here is trusted beyond what it was computed from: the run compares the inputs it
assembled itself, in its transaction, with :attr:`TurnAhead.record` (the submissions by
id and the news texts), and the seed; the engine is deterministic, so equal inputs give
the same state byte for byte. On any difference (an order mail came in between, a seat
was dropped) the run computes everything itself, as without workers. The turn's writes,
and so exactly-once and crash safety, stay in the one transaction of the run.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import State, TurnResult
from mailserver.printouts.files import FileViews

__all__ = ["TurnAhead", "canonical_state"]


def canonical_state(state: State) -> str:
    """A state's JSON text as snapshots keep it (the form of ``repo.store_snapshot``)."""
    return json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"), allow_nan=False)


@dataclass
class TurnAhead:
    """One turn evaluated ahead: valid only for exactly ``record`` and ``seed``."""

    game_id: int
    turn: int
    seed: int
    record: dict[str, Any]
    """:meth:`TurnInputs.record` of the inputs the evaluation read."""
    result: TurnResult
    state_text: str
    """The new state as :func:`canonical_state` gives it."""
    texts: dict[tuple[int, str], str] = field(default_factory=dict)
    """(seat, language) -> the engine's printout of the new state (seat 0: the GM)."""
    files: dict[tuple[int, str], FileViews] = field(default_factory=dict)
    """(seat, language) -> the map and JSON twin of the new state, where made."""

    def fits(self, game_id: int, turn: int, seed: int, record: Mapping[str, Any]) -> bool:
        """Whether this evaluation is the one a run with these inputs would make."""
        return (self.game_id, self.turn, self.seed) == (
            game_id,
            turn,
            seed,
        ) and self.record == dict(record)
