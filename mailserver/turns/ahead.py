"""A turn evaluated ahead, outside the write lock: what the run would compute, made early.

A deadline burst is bound by the turn runs, and most of a run is pure work: the engine's
turn, the new state's JSON, every printout's text, the JSON twins and the maps. A worker
process (:mod:`mailserver.app.workers`) does that work (:func:`evaluate_ahead`) from a
read-only view of the database while the server process writes the previous game's turn
and sends its mail; :func:`mailserver.turns.run.run_turn` then takes the results instead
of computing them.

Nothing here is trusted beyond what it was computed from: the run compares the inputs it
assembled itself, in its transaction, with :attr:`TurnAhead.record` (the submissions by
id and the news texts), and the seed; the engine is deterministic, so equal inputs give
the same state byte for byte. On any difference (an order mail came in between, a seat
was dropped) the run computes everything itself, as without workers. The turn's writes,
and so exactly-once and crash safety, stay in the one transaction of the run.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlmodel import Session

from config.game_options import gm_language, nmr_drop_after
from db import repo
from db.models import Game, GameStatus
from engine.core import NEUTRAL, TurnResult, TurnShape, turn_seed
from mailserver.common.kinds import game_kind
from mailserver.printouts.files import FileViews, made_files
from mailserver.turns.evaluate import canonical_state, evaluate
from mailserver.turns.inputs import TurnInputs, news_of, news_to_print
from mailserver.turns.plan import READERS, early_run_ready, plan_turn, state_of
from mailserver.turns.sealing import sealed_inputs


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


def evaluate_ahead(
    session: Session, game_id: int, *, turn_fee_cents: int = 0, due_by: datetime | None = None
) -> TurnAhead | None:
    """The game's pending turn as a run would evaluate it now, or None when a run would
    not simply evaluate it (not running, GM-adjudicated, a seat about to be dropped).
    ``due_by``: the moment of a run for a deadline (None: a forced run, whatever the
    deadline); None too when that run would find the turn not due (held, or its deadline
    not passed and no early run ready), as when another server ran it meanwhile: its
    evaluation would be thrown away (docs/performance.md, "More than one server").

    Reads only; never writes. The inputs are assembled as :func:`mailserver.turns.run.run_turn`
    assembles them: the latest submission of each active occupant and the news that goes
    out with the turn (a takeover's notices are not foreseen: a drop means no evaluation
    ahead).
    """
    game = session.get(Game, game_id)
    if game is None or game.status != GameStatus.RUNNING:
        return None
    kind = game_kind(game.kind)
    if kind.shape == TurnShape.GM_ADJUDICATED:
        return None
    if due_by is not None and not _due(session, game, due_by):
        return None
    turn = game.turn + 1
    players = repo.current_players(session, game_id)
    plan = plan_turn(session, game, turn, turn_fee_cents, players)
    if plan.drops(nmr_drop_after(game.options)):
        return None
    news = news_of(news_to_print(session, game_id, turn))
    inputs = TurnInputs(plan.executing, news, dice=sealed_inputs(session, game_id, plan))
    result = evaluate(game, turn, state_of(session, game, game.turn), inputs)
    ahead = TurnAhead(
        game_id=game_id,
        turn=turn,
        seed=turn_seed(game.seed, turn),
        record=inputs.record(),
        result=result,
        state_text=canonical_state(result.state),
    )
    gm_lang = gm_language(game.options)
    ahead.texts[(NEUTRAL, gm_lang)] = kind.engine.printout(result.state, NEUTRAL, gm_lang)
    for player in players:
        if player.status in READERS:
            made = (player.seat, player.language)
            ahead.texts[made] = kind.engine.printout(result.state, player.seat, player.language)
            ahead.files[made] = made_files(game, player, result.state)
    return ahead


def _due(session: Session, game: Game, now: datetime) -> bool:
    """Whether a run at ``now`` would take the pending turn as due (as the run's own
    refusal, :func:`mailserver.turns.run.run_turn`, decides for an unforced run)."""
    if game.held:
        return False
    passed = game.next_deadline is not None and game.next_deadline <= now
    return passed or early_run_ready(session, game)
