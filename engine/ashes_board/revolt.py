"""Phases 6 and 7: revolts and population growth (B E2.4; G.4.6 and G.4.7 are missing,
decisions D-3 and D-4)."""

from __future__ import annotations

from engine.ashes_board.setup import neutral_fighters
from engine.ashes_board.state import BoardState, Planet
from engine.ashes_board.tables import MAX_POP
from engine.core import NEUTRAL
from engine.dice import EVERYBODY, Dice


def revolt_phase(state: BoardState) -> None:
    """B E2.4: "There must always be at least the same number of troops as population,
    otherwise there is a robot [revolt]": with the option ``revolt`` = neutral such a
    planet declares independence (D-3); it keeps its factories and hangars."""
    if state.options.revolt == "none":
        return
    for planet in state.planets:
        if planet.owner != NEUTRAL and planet.troops < planet.pop:
            owner = planet.owner
            state.say("revolt", owner=owner, planet=planet.number, troops=planet.troops)
            become_neutral(state, planet)
            fix_home(state, owner)


def become_neutral(state: BoardState, planet: Planet) -> None:
    """The planet is neutral and fills its fighters and troops up to its start (B A.4.11)."""
    planet.owner = NEUTRAL
    refill(state, planet)


def refill(state: BoardState, planet: Planet) -> None:
    """B A.4.11: a neutral planet replenishes fighters and troops up to the start quantity
    after independence or a failed landing (D-5: troops = the board's population)."""
    planet.troops = max(planet.troops, planet.base_pop)
    planet.fighters = max(planet.fighters, neutral_fighters(state.options, planet.number))


def fix_home(state: BoardState, seat: int) -> None:
    """B G.4.4: who loses his home planet must name a new one; until he does, the own
    planet with the lowest number is it (decision D-18); 0 when he owns none."""
    player = state.player(seat)
    if player.hp and state.planet(player.hp).owner == seat:
        return
    mine = state.owned(seat)
    player.hp = mine[0].number if mine else 0
    if player.hp:
        state.say("hp_lost", owner=seat, planet=player.hp)


def growth_phase(state: BoardState, dice: Dice) -> None:
    """Population growth (G.4.7 is missing; option ``growth``, D-4): ``none``; ``die``:
    one d6 per owned planet, a 6 adds 1; ``every_round``: +1. Never above 9 (B E2.4)."""
    mode = state.options.growth
    if mode == "none":
        return
    for planet in state.planets:
        if planet.owner == NEUTRAL or planet.pop >= MAX_POP:
            continue
        grows = mode == "every_round" or (
            dice.roll(f"growth P{planet.number}", 6, seen_by=EVERYBODY) == 6
        )
        if grows:
            planet.pop += 1
            state.say("growth", owner=planet.owner, planet=planet.number, pop=planet.pop)
