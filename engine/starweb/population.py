"""Robots against people (Starweb "Roboter", "Berserker"), for attacks and emigration.

One robot kills four people and four people kill one robot, at the same time; lost
robots are rounded up (eight people kill two robots, nine kill three). The one rule
serves robot attacks (``FnRq``), robots emigrating and people emigrating onto robots.
"""

from __future__ import annotations

from engine.starweb.context import Turn
from engine.starweb.forces import add_capped, change_owner, depopulate, kill_people
from engine.starweb.state import World

PEOPLE_PER_ROBOT = 4
"""Starweb "Roboter": one robot kills four people, four people kill one robot."""


def robots_meet_humans(robots: int, humans: int) -> tuple[int, int]:
    """The survivors ``(robots, humans)`` when robots and organic people meet.

    Starweb "Roboter": each robot kills four people and four people kill one robot, at the
    same time; fractions of robots are rounded up: 8 people kill 2 robots, 9 kill 3.
    """
    robots_dead = -(-humans // PEOPLE_PER_ROBOT)
    return max(0, robots - robots_dead), max(0, humans - PEOPLE_PER_ROBOT * robots)


def robots_land(turn: Turn, world: World, robots: int, owner: int) -> int:
    """``robots`` of berserker ``owner`` land on ``world`` and fight; the robots left there.

    On his own robot world they join the others. Robots of another berserker fight them
    one for one (docs/rules-starweb.md, "Roboter"). Against people the four-to-one rule
    holds; when every person is dead and a robot is left, the world and its home fleets
    are his (Starweb "Berserker"). Deaths are recorded for scoring and the printout.
    """
    if robots <= 0:
        return 0
    if world.robots and world.owner == owner:
        world.robots = add_capped(world.robots, robots)
        return robots
    if world.robots:
        defenders = world.robots
        world.robots = max(0, defenders - robots)
        robots = max(0, robots - defenders)
    else:
        robots, humans = robots_meet_humans(robots, world.population)
        kill_people(turn, world, owner, world.population - humans)
    if robots and world.population == 0 and world.robots == 0:
        world.robots = add_capped(0, robots)
        if world.owner != owner:
            change_owner(turn, world, owner, "conquered")
        return world.robots
    depopulate(turn, world)
    return 0


def people_meet_robots(world: World, people: int) -> int:
    """People emigrating onto a robot world fight its robots (Starweb "Bauen": emigrated
    people can destroy robots); the people left, who may then settle."""
    world.robots, people = robots_meet_humans(world.robots, people)
    return people
