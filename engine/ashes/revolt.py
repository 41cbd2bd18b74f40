"""Ashes 7.5 Revolts (Ashes 4.4.4): PDU below HD, or PP below 0 for all of a player's planets."""

from __future__ import annotations

from engine.ashes.rules import PM_AFTER_CHANGE
from engine.ashes.state import AshesState, News, Planet
from engine.core import NEUTRAL
from engine.dice import Dice


def revolt(state: AshesState, planet: Planet, dice: Dice) -> int:
    """The population rises: 0 to HD PDU destroyed at random, PM% -1 each (Ashes 4.4.4).

    When no PDU are left the revolution succeeds and the planet turns neutral with
    PM% 50 (Ashes 4.4.2). Returns the number of PDU destroyed; the news are written here.
    The die (``revolt P12``, HD + 1 sides) is the owner's to see: its sides tell HD, which
    only his printout shows; the news tell everybody the PDU destroyed (Ashes 7.5).
    """
    owner = planet.owner
    rising = dice.below(f"revolt P{planet.number}", planet.hd + 1, seen_by=frozenset({owner}))
    destroyed = min(planet.pdu, rising)
    planet.pdu -= destroyed
    planet.pm = max(0, planet.pm - destroyed)
    state.report.news.append(
        News(kind="revolt", planet=planet.number, player=owner, number=destroyed)
    )
    if planet.pdu == 0:
        planet.owner = NEUTRAL
        planet.pm = PM_AFTER_CHANGE
        state.report.news.append(News(kind="independent", planet=planet.number, player=owner))
    return destroyed


def revolt_phase(state: AshesState, dice: Dice) -> None:
    """Ashes 7.5: every planet whose PDU < HD, and every planet of a player with PP < 0, revolts."""
    negative = {p.number for p in state.active() if p.pp < 0}
    for planet in state.planets:
        if planet.owner == NEUTRAL:
            continue
        if planet.pdu < planet.hd or planet.owner in negative:
            revolt(state, planet, dice)
