"""The board game's tables, transcribed exactly (docs/rules-ashes-board.md, "Tables").

Section letters are those of the English translation (``B G4.2`` = basic game 4.2).
"""

from __future__ import annotations

from typing import Final

OIL, STEEL, HIGHTECH = "oil", "steel", "hightech"
GOODS: Final = (OIL, STEEL, HIGHTECH)
"""The three raw materials of the central warehouse, in the board's order (B E2.5)."""

FIGHTER, TRANSPORTER, TROOPS = "fighter", "transporter", "troops"
"""What a building order builds in the basic game (B G4.2)."""

FACTORY, HANGAR = "factory", "hangar"
"""The extension builds these too; a hangar is of a type, fighter or transporter (B E2.6)."""

Cost = tuple[int, int, int]
"""Oil, steel, high tech."""

COSTS: Final[dict[str, Cost]] = {
    FIGHTER: (1, 1, 2),
    TRANSPORTER: (2, 1, 1),
    TROOPS: (0, 1, 1),
}
"""Required resources (B G4.2)."""

START_WAREHOUSE: Final[Cost] = (5, 5, 5)
"""Every warehouse starts with 5 units of each raw material (B E3)."""

MAX_POP: Final = 9
"""The population of a planet cannot rise above 9 units (B E2.4)."""
MAX_FACTORIES_BASIC: Final = 1
"""In the basic game a planet has at most one factory (B G4.2)."""
MAX_FACTORIES: Final = 3
"""The planet board's factory spaces (B E2.4; extension)."""
MAX_HANGARS: Final = 2
"""The planet board's hangar spaces (B E2.4; extension)."""

HOME_FLEET: Final = (10, 3)
"""Fighters and transporters on each home planet in scenario I (B E3.1.1)."""
COLONY_FLEET: Final = (5, 3)
"""Fighters and transporters of a start fleet on a colony (B E3.1.1)."""


def output(pop: int) -> int:
    """Raw materials one factory produces on a planet of population ``pop`` (B A.4.10)."""
    # B A.4.10: 1 to 3 -> 1, 4 to 6 -> 2, 7 to 8 -> 3, 9 -> 4.
    if not 1 <= pop <= MAX_POP:
        raise ValueError(f"a population is 1 to 9, not {pop}")
    if pop <= 3:
        return 1
    if pop <= 6:
        return 2
    if pop <= 8:
        return 3
    return 4


END_DICE: Final = 5
"""From round 11 five dice are thrown at the end of a round (B 2.6)."""
END_FIRST_ROUND: Final = 11
_END_PRINTED: Final = {11: 30, 12: 29, 13: 28, 14: 27, 15: 26}


def end_threshold(round_: int, step: int = 2) -> int | None:
    """The total of five dice that ends the game after ``round_`` (B 2.6), or None
    before round 11. Rounds 11-15 as printed; then less by ``step`` a round (the rule
    option ``end_step``); a threshold of 5 or less ends the game for certain."""
    if round_ < END_FIRST_ROUND:
        return None
    if round_ in _END_PRINTED:
        return _END_PRINTED[round_]
    return max(END_DICE, 26 - step * (round_ - 15))


VICTORY_PLANETS: Final = 18
"""A player who owns 18 planets at the end of a round wins at once (B 2.6.2) ..."""
VICTORY_PLANETS_TWO: Final = 22
"""... 22 in the two-player game."""

POINTS_PLANET: Final = 5
"""5 points for each planet (B 2.6.3); 1 for each fighter, transporter, land troop,
factory and hangar; 1 for every 3 raw material units."""
POINTS_UNIT: Final = 1
GOODS_PER_POINT: Final = 3

MORALE_UNITS: Final[dict[str, int]] = {FIGHTER: 4, TRANSPORTER: 4, TROOPS: 3}
"""One extra die per this many battle units with the morale counter face up (B 2.5)."""

KILL_DIVISOR: Final = 6
"""The sum of a player's battle dice divided by 6 is his kills (B A.4.9.2)."""

MAX_PLAYER_FIGHTERS: Final = 95
"""Fighters of one colour (B E2.6; option ``counter_limits``)."""
MAX_HANGARS_OF_TYPE: Final = 36
"""Hangar counters of each type for all players (B E2.6)."""
MAX_FACTORIES_OF_TYPE: Final = 39
"""Factory counters of each type for all players (B E2.6 names 39 steel factories)."""
MAX_PIRATE_FIGHTERS: Final = 75
"""White pirate fighters (B E2.6)."""

BASE_POP: Final[dict[int, int]] = {
    **{n: 3 for n in (1, 2, 3, 4, 5, 6, 7, 8, 20, 34)},
    **{n: 2 for n in (9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 22, 23, 24, 25, 30, 32, 33, 35)},
    # B E2.4 prints "31,,37": Strife (36) is the planet in no list (decision D-12).
    **{n: 1 for n in (21, 26, 27, 28, 29, 31, 36, 37, 38, 39, 40)},
}
"""The population printed on each planet board: it cannot be transported away (B E2.4)."""
