"""Fighter and transporter morale FM% / TM% (Ashes 6.2.5), in hundredths of a percent."""

from __future__ import annotations

from fractions import Fraction

from engine.ashes.rules import (
    MORALE_MAX,
    MORALE_MIN,
    MORALE_REGEN,
    MORALE_REGEN_BELOW,
    MORALE_STEP,
)
from engine.ashes.state import AshesState
from engine.core import NEUTRAL

NEUTRAL_MORALE = 10000
"""Neutral fleets fight with FM% = TM% = 100 (docs/rules-ashes.md)."""


def bounded(value: int, delta: int) -> int:
    """Apply a change; changes below 50 % and above 150 % do not count (Ashes 6.2.5)."""
    return max(MORALE_MIN, min(MORALE_MAX, value + delta))


def fm_of(state: AshesState, player: int) -> int:
    """FM% of a player (hundredths)."""
    return NEUTRAL_MORALE if player == NEUTRAL else state.player(player).fm


def tm_of(state: AshesState, player: int) -> int:
    """TM% of a player (hundredths)."""
    return NEUTRAL_MORALE if player == NEUTRAL else state.player(player).tm


def percent(hundredths: int) -> Fraction:
    """FM%/TM% as the percentage number of the formulas (e.g. 100 for 10000)."""
    return Fraction(hundredths, 100)


def change_fm(state: AshesState, player: int, points: int) -> None:
    """FM% +/- ``points`` percentage points: FI destroyed and lost, battles won and lost."""
    if player != NEUTRAL and points:
        p = state.player(player)
        p.fm = bounded(p.fm, points * MORALE_STEP)


def change_tm(state: AshesState, player: int, points: int) -> None:
    """TM% +/- ``points``: -1 per TR lost, +1 per PDU destroyed (Ashes 6.2.5)."""
    if player != NEUTRAL and points:
        p = state.player(player)
        p.tm = bounded(p.tm, points * MORALE_STEP)


def regenerate(state: AshesState) -> None:
    """An FM% / TM% below 95 regenerates by 5 a turn (Ashes 6.2.5)."""
    for p in state.active():
        if p.fm < MORALE_REGEN_BELOW:
            p.fm = bounded(p.fm, MORALE_REGEN)
        if p.tm < MORALE_REGEN_BELOW:
            p.tm = bounded(p.tm, MORALE_REGEN)
