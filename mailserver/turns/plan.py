"""Who plays a turn, before anything is written, and the state a turn starts from.

The turn run, the evaluation ahead, the GM's preview and the reminders all ask the same
questions: which occupants are active, who sent orders for the turn (the latest
submission of each), who cannot pay the fee (host rules, "Fees"), and what the stored
state is. :func:`plan_turn` and :func:`state_of` answer them in one place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlmodel import Session

from db import repo
from db.models import Game, GameStatus, Player, PlayerStatus, Submission
from engine.core import State, TurnShape
from mailserver.common.kinds import game_kind

READERS = (PlayerStatus.ACTIVE, PlayerStatus.ELIMINATED)
"""Occupants who get printouts: players in the game and those out by the rules (readers)."""


@dataclass
class TurnPlan:
    """Who sent orders for ``turn`` and who did not, before anything is written."""

    turn: int
    active: list[Player]
    submissions: dict[int, Submission]
    """Seat -> the latest submission of the seat's active occupant."""
    broke: set[int]
    """Seats whose occupant cannot pay the turn fee (treated as NMR, host rules "Fees")."""
    occupants: list[Player]
    """The game's current occupants, any status, by seat (the run's later phases ask
    again only when a stand-by took a seat over: :meth:`TurnWork.occupants`)."""

    @property
    def missing(self) -> set[int]:
        return {p.seat for p in self.active} - set(self.submissions)

    @property
    def executed(self) -> set[int]:
        return set(self.submissions) - self.broke

    @property
    def executing(self) -> dict[int, Submission]:
        """The submissions the engine reads: seat -> orders."""
        return {seat: self.submissions[seat] for seat in sorted(self.executed)}

    @property
    def nmr(self) -> set[int]:
        return {p.seat for p in self.active} - self.executed

    @property
    def mass_nmr(self) -> bool:
        return bool(self.active) and 2 * len(self.missing) > len(self.active)

    def drops(self, limit: int) -> list[Player]:
        """Active occupants whose NMR this turn reaches the limit."""
        if limit <= 0:
            return []
        return [p for p in self.active if p.seat in self.nmr and p.nmr_count + 1 >= limit]


def plan_turn(
    session: Session,
    game: Game,
    turn: int,
    fee_cents: int,
    players: Sequence[Player] | None = None,
) -> TurnPlan:
    """Who sent orders for ``turn`` (the latest submission of each active occupant) and
    who cannot pay the turn fee. In a stepped game only the seats the step waits for
    count as active. ``players``: the game's current players, when the caller has them."""
    if players is None:
        players = repo.current_players(session, game.id or 0)
    active = [p for p in players if p.status == PlayerStatus.ACTIVE]
    kind = game_kind(game.kind)
    if kind.shape == TurnShape.STEPPED:
        # Only the seats this step waits for send orders; the others are not NMR.
        awaiting = kind.stepped.awaiting(state_of(session, game, turn - 1))
        active = [p for p in active if p.seat in awaiting]
    latest = repo.latest_submissions(session, game.id or 0, turn)
    submissions = {
        p.seat: latest[p.seat]
        for p in active
        if p.seat in latest and latest[p.seat].player_id == p.id
    }
    broke = {p.seat for p in active if fee_cents > 0 and p.balance_cents < fee_cents}
    return TurnPlan(turn, active, submissions, broke, list(players))


def state_of(session: Session, game: Game, turn: int) -> State:
    """The game's state after ``turn``, from its snapshot."""
    snapshot = repo.load_snapshot(session, game.id or 0, turn)
    if snapshot is None:
        raise LookupError(f"game {game.number} has no snapshot of turn {turn}")
    return game_kind(game.kind).engine.state_from_json(snapshot.state_data())


def languages_of(session: Session, game: Game) -> set[str]:
    """The languages of the game's current occupants (a public notice is in each)."""
    return {p.language for p in repo.current_players(session, game.id or 0)}


def early_run_ready(session: Session, game: Game) -> bool:
    """Whether the game may run before its deadline: early runs allowed and every active
    player's orders for the pending turn are marked final."""
    if not game.early_run or game.status != GameStatus.RUNNING:
        return False
    plan = plan_turn(session, game, game.turn + 1, 0)
    return bool(plan.active) and all(
        p.seat in plan.submissions and plan.submissions[p.seat].final for p in plan.active
    )
