"""The host's side of sealed dice (docs/dice.md): the secrets, and the dice of a turn.

Before a turn opens (at the start of the game, and at each run for the turn after it)
the host draws the turn's secret and keeps it (:func:`draw_secret`); its SHA-256 is the
seal the printouts of the turn before show. The run mixes the secret with the digests of
the submissions it executes (:func:`sealed_inputs`) and records both with the snapshot,
so a replay draws the same dice, and keeps the turn's whole reveal with the secret for
the printouts (:func:`keep_reveal`). A turn without a stored secret (a game started before
sealed dice) and a turn recorded without them keep the legacy dice.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from db import repo
from db.models import Submission
from engine.core import turn_dice
from engine.dice import Dice, Reveal, Roll, dice_seed, seal, submission_digest
from mailserver.turns.plan import TurnPlan

SECRET_BYTES = 32
"""256 bits of secret per turn (the scheme asks for at least 128)."""
STEP = 0
"""The engines' turns have no steps (docs/dice.md, "Mix")."""


@dataclass(frozen=True)
class SealedDice:
    """What a sealed turn's dice are made of: the secret and every seat's digest (None
    for a seat whose orders the turn does not execute: NMR)."""

    secret: str
    digests: Mapping[int, str | None]

    def record(self) -> dict[str, Any]:
        """The form kept in the snapshot's inputs."""
        return {
            "secret": self.secret,
            "digests": {str(seat): d for seat, d in sorted(self.digests.items())},
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> SealedDice:
        """Inverse of :meth:`record`."""
        digests = record["digests"]
        return cls(str(record["secret"]), {int(seat): digests[seat] for seat in digests})

    def seed(self, game_number: int, turn: int) -> str:
        """The turn's seed (:func:`engine.dice.dice_seed`)."""
        return dice_seed(game_number, turn, STEP, self.secret, self.digests)

    def reveal(self, game_number: int, turn: int, rolls: Sequence[Roll]) -> Reveal:
        """The turn's whole reveal, every roll (each printout shows its part)."""
        return Reveal(
            game=game_number,
            turn=turn,
            step=STEP,
            seal=seal(self.secret),
            secret=self.secret,
            digests=self.digests,
            rolls=tuple(rolls),
            seed=self.seed(game_number, turn),
        )


def new_secret() -> str:
    """A fresh secret from the system's strong random source (tests/golden/record.py puts
    a fixed sequence in its place, so that its games are the same at every play)."""
    return secrets.token_hex(SECRET_BYTES)


def draw_secret(session: Session, game_id: int, turn: int) -> str:
    """Draw and keep the secret of ``turn``; returns it."""
    secret = new_secret()
    repo.store_dice_secret(session, game_id, turn, secret)
    return secret


def digest_of(submission: Submission) -> str:
    """A submission's digest: the SHA-256 of its order text as the host stored it
    (``Submission.raw_text``, what the player sent), so he can check it himself."""
    return submission_digest(submission.raw_text)


def sealed_inputs(session: Session, game_id: int, plan: TurnPlan) -> SealedDice | None:
    """The sealed dice of the planned turn: one digest per active seat, None for a seat
    whose orders it does not execute; None when the turn has no secret (legacy dice)."""
    secret = repo.dice_secret(session, game_id, plan.turn)
    if secret is None:
        return None
    executing = plan.executing
    digests = {
        seat: digest_of(executing[seat]) if seat in executing else None
        for seat in sorted(p.seat for p in plan.active)
    }
    return SealedDice(secret, digests)


def dice_for(game_number: int, game_seed: int, turn: int, sealed: SealedDice | None) -> Dice:
    """The dice a turn is evaluated with: sealed when it has them, else legacy."""
    if sealed is None:
        return turn_dice(game_seed, turn)
    return Dice.sealed(sealed.seed(game_number, turn))


def keep_reveal(
    session: Session,
    game_id: int,
    game_number: int,
    turn: int,
    record: Mapping[str, Any],
    rolls: Sequence[Roll],
) -> Reveal | None:
    """Keep the reveal of a sealed turn (``record``: the run's inputs record) with its
    secret, and return it; a turn with legacy dice has none."""
    if "dice" not in record:
        return None
    sealed = SealedDice.from_record(record["dice"])
    reveal = sealed.reveal(game_number, turn, rolls)
    repo.store_dice_reveal(session, game_id, turn, reveal.to_json())
    return reveal
