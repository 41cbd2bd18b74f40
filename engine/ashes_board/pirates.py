"""Phase 8: pirate fleets (B "Neutral fleets"; G.4.8 and the table are missing, D-6)."""

from __future__ import annotations

from engine.ashes_board.fleets import place
from engine.ashes_board.state import ORBIT, BoardState
from engine.ashes_board.tables import MAX_PIRATE_FIGHTERS
from engine.core import NEUTRAL
from engine.dice import EVERYBODY, Dice


def pirate_phase(state: BoardState, dice: Dice) -> None:
    """With the option ``pirates``: two dice, the first the column, the second the row of
    the pirate table, give planet (d1 - 1) x 6 + d2 (1-36); if a player owns it, a d6 of
    white fighters appears in its orbit and attacks in phase 9, as far as the 75 white
    counters reach (B E2.6). A neutral planet is left alone."""
    if not state.options.pirates:
        return
    column = dice.roll("pirates column", 6, seen_by=EVERYBODY)
    row = dice.roll("pirates row", 6, seen_by=EVERYBODY)
    number = (column - 1) * 6 + row
    planet = state.planet(number)
    if planet.owner == NEUTRAL:
        state.say("pirates_none", planet=number)
        return
    strength = dice.roll(f"pirates P{number}", 6, seen_by=EVERYBODY)
    white = sum(f.fighters for f in state.fleets if f.owner == NEUTRAL)
    strength = min(strength, MAX_PIRATE_FIGHTERS - white)
    place(state, NEUTRAL, number, ORBIT, strength, 0)
    state.say("pirates", planet=number, fi=strength, owner=planet.owner)
