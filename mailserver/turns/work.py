"""One turn run in progress: what it was given and what its phases found.

The phases of a run (:mod:`mailserver.turns.phases`) hand a :class:`TurnWork` from one
to the next: each reads what the earlier ones left and adds its own findings (the drops,
the evaluation's result, the outbox ids). It lives for one run, in its transaction.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import cached_property
from typing import Any

from sqlmodel import Session

from db import repo
from db.models import Game, GameMessage, GmReport, GmRuling, Player
from engine.core import GameKind, State, TurnResult
from engine.dice import Reveal
from mailserver.common.kinds import game_kind
from mailserver.common.terms import TurnContext
from mailserver.turns.ahead import TurnAhead
from mailserver.turns.plan import TurnPlan, state_of


@dataclass
class TurnWork:
    """One evaluation's writes in progress (see :func:`mailserver.turns.run.run_turn`)."""

    session: Session
    game: Game
    plan: TurnPlan
    ctx: TurnContext
    late_after: timedelta
    """A run this long past the deadline says so in every printout."""
    reports: Mapping[int, GmReport] | None = None
    """The GM's reports of an adjudicated turn (they replace the engine)."""
    rulings: Sequence[GmRuling] | None = None
    """The GM's rulings of an adjudicated turn whose GM rules (engine.core.Ruled)."""
    ahead: TurnAhead | None = None
    """The turn evaluated ahead; None unless it fits this run's inputs."""

    late_for: datetime | None = None
    """The deadline the run is late for; None when it runs in time."""
    result: TurnResult | None = None
    state_text: str = ""
    """The new state as the snapshot keeps it."""
    record: dict[str, Any] = field(default_factory=dict)
    """What the evaluation read (:meth:`mailserver.turns.inputs.TurnInputs.record`)."""
    news: list[GameMessage] = field(default_factory=list)
    """The articles and notices printed with the turn, in the order they came in: read
    once (phase ``print the news``), the drop notices added as they are written."""
    dropped: list[Player] = field(default_factory=list)
    takeovers: list[tuple[Player, str]] = field(default_factory=list)
    """The stand-bys who took a seat over, with their new passwords."""
    vacant: list[int] = field(default_factory=list)
    out: list[tuple[int, str]] = field(default_factory=list)
    """(seat, reason) of each occupant the rules took out."""
    delivered: int = 0
    """Secret messages delivered with the printouts."""
    reveal: Reveal | None = None
    """The turn's reveal as kept (None: legacy dice)."""
    next_secret: str | None = None
    """The secret drawn for the next turn (None: the game is over)."""
    mails: list[dict[str, Any]] = field(default_factory=list)
    """The outbox rows of the turn's mails, not stored yet (:func:`repo.outbox_values`)."""
    outbox_ids: list[int] = field(default_factory=list)

    @property
    def turn(self) -> int:
        return self.plan.turn

    def occupants(self) -> list[Player]:
        """The game's current occupants, any status, by seat, as the run has left them.

        The plan's own objects (the session's, with every change the run made to them)
        unless a stand-by took a seat over: only that makes another occupant current.
        Asking the database again was a query and eight model rows per turn run.
        """
        if self.takeovers:
            return repo.current_players(self.session, self.game.id or 0)
        return self.plan.occupants

    @property
    def kind(self) -> GameKind:
        return game_kind(self.game.kind)

    @property
    def fee(self) -> int:
        """The turn fee in cents (0: none)."""
        return self.ctx.terms.turn_fee_cents

    @cached_property
    def before(self) -> State:
        """The state the turn starts from (not read when the turn was evaluated ahead)."""
        return state_of(self.session, self.game, self.game.turn)

    @property
    def evaluated(self) -> TurnResult:
        """The evaluation's result, once the phase ``evaluate`` has run."""
        if self.result is None:
            raise RuntimeError("the turn has not been evaluated yet")
        return self.result
