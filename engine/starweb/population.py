"""Robots against people (Starweb "Roboter", "Berserker"), for emigration and attacks.

One robot kills four people, four people kill one robot; lost robots are rounded up
(nine people kill three robots). The deaths are split between converts and the others
in proportion, converts rounded down (docs/rules-starweb.d/sw-economy.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import NEUTRAL
from engine.starweb.state import CAP, World

PEOPLE_PER_ROBOT = 4


@dataclass(frozen=True)
class RobotFight:
    """What robots landing on a world did."""

    killed: int
    """Organic population killed (converts included)."""
    killed_converts: int
    robots_left: int
    """Robots of the newcomer now on the world (0: none got through or they lost)."""
    captured: bool
    """The world now belongs to ``owner``: every person dead, a robot left, or the
    newcomers outnumber the robots already there."""


def robot_fight(world: World, robots_arriving: int, owner: int) -> RobotFight:
    """Land ``robots_arriving`` robots of player ``owner`` on ``world`` and fight.

    Changes ``world`` (population, converts, robots, owner); the caller records the
    kills for scoring, the conquest (``Turn.conquered``) and the printout notes.
    On a robot world the armies join and the larger one takes the world (Starweb
    "Berserker": "gewinnt derjenige die Welt, dessen Roboterarmee größer ist"); a tie
    leaves it with its owner.
    """
    if robots_arriving <= 0:
        return RobotFight(0, 0, 0, False)
    if world.population == 0:
        captured = world.owner == owner or robots_arriving > world.robots
        world.robots = min(CAP, world.robots + robots_arriving)
        if captured:
            world.owner = owner
        return RobotFight(0, 0, robots_arriving, captured)
    people = world.population
    killed = min(people, PEOPLE_PER_ROBOT * robots_arriving)
    lost = min(robots_arriving, -(-people // PEOPLE_PER_ROBOT))
    killed_converts = killed * world.converts // people
    world.population -= killed
    world.converts -= killed_converts
    if world.converts == 0:
        world.convert_owner = NEUTRAL
    left = robots_arriving - lost
    if world.population > 0 or left == 0:
        return RobotFight(killed, killed_converts, 0, False)
    world.robots = min(CAP, world.robots + left)
    world.owner = owner
    return RobotFight(killed, killed_converts, left, True)
