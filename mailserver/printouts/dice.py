"""The dice in a printout (docs/dice.md, "Reveal"): the seal of the next turn, and the
reveal of the turn just evaluated, filtered to the rolls the reader may see.

The turn run builds a :class:`DiceView` (it knows the secret, the digests and the rolls)
and the printout, its JSON twin and the page render it for each seat. A roll goes only
to the seats :meth:`engine.dice.Roll.visible_to` names, until the game ends: then every
roll of the last turn goes to everybody.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from sqlmodel import Session

from db import repo
from db.models import Game, GameStatus
from engine.dice import Reveal, seal
from mailserver.common.catalog import say, wrap


@dataclass(frozen=True)
class DiceView:
    """What the printouts of one turn show of the dice."""

    turn: int
    next_seal: str | None = None
    """The seal of turn ``turn + 1``; None when there is none (the game is over, or it
    started before sealed dice)."""
    reveal: Reveal | None = None
    """The turn's whole reveal, every roll; None for a turn with legacy dice (or turn 0)."""
    final: bool = False
    """The game is over: every roll goes to everybody."""

    def reveal_for(self, seat: int) -> Reveal | None:
        """The reveal ``seat`` may read: only its visible rolls (all of them at the end)."""
        if self.reveal is None or self.final:
            return self.reveal
        rolls = tuple(r for r in self.reveal.rolls if r.visible_to(seat))
        return replace(self.reveal, rolls=rolls)

    def lines(self, seat: int, lang: str) -> list[str]:
        """The compact block of the text printout: the next seal, then the reveal with
        one line per roll as ``label: value (d6)``."""
        lines: list[str] = []
        if self.next_seal is not None:
            lines.append(say(lang, "dice_seal", turn=self.turn + 1, seal=self.next_seal))
        reveal = self.reveal_for(seat)
        if reveal is None:
            return lines
        if lines:
            lines.append("")
        lines += [
            say(lang, "dice_head", turn=reveal.turn),
            say(lang, "dice_secret", secret=reveal.secret),
        ]
        for number, digest in sorted(reveal.digests.items()):
            shown = digest if digest is not None else say(lang, "dice_nmr")
            lines.append(say(lang, "dice_submission", seat=number, digest=shown))
        lines.append(say(lang, "dice_seed", seed=reveal.seed))
        if self.final:
            lines.append(wrap(say(lang, "dice_all_rolls")))
        rolls = [
            say(lang, "dice_roll", label=r.label, value=r.value, sides=r.sides)
            for r in reveal.rolls
        ]
        lines += rolls or [say(lang, "dice_no_rolls")]
        lines.append(wrap(say(lang, "dice_verify_hint")))
        return lines

    def json(self, seat: int) -> dict[str, Any]:
        """The dice in the JSON twin: ``next_seal`` (``{"turn", "seal"}`` or null) and
        ``reveal`` (:meth:`engine.dice.Reveal.to_json`, or null)."""
        reveal = self.reveal_for(seat)
        return {
            "next_seal": None
            if self.next_seal is None
            else {"turn": self.turn + 1, "seal": self.next_seal},
            "reveal": None if reveal is None else reveal.to_json(),
        }


def dice_view(session: Session, game: Game, turn: int) -> DiceView:
    """What the printouts of ``turn`` show of the dice, from what the host kept: the seal
    of the next turn if its secret is drawn, the turn's reveal if it was sealed; in a
    finished game every roll (docs/dice.md, "Reveal")."""
    game_id = game.id or 0
    final = game.status == GameStatus.FINISHED
    secret = None if final else repo.dice_secret(session, game_id, turn + 1)
    kept = repo.dice_reveal(session, game_id, turn)
    return DiceView(
        turn,
        next_seal=None if secret is None else seal(secret),
        reveal=None if kept is None else Reveal.from_json(kept),
        final=final,
    )
