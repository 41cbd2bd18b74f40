"""Fleets on the planet boards: placing, merging and fleeing (B G.4.4, A.4.9.2)."""

from __future__ import annotations

from engine.ashes_board.state import ORBIT, BoardState, Fleet
from engine.ashes_board.tables import MAX_POP
from engine.ashesmap.galaxy import standard_galaxy


def distance(a: int, b: int) -> int:
    """The distance class from ``a`` to ``b`` (B G.4.4: the table at the end of the rules
    is the postal game's, decision D-0): 0 = straight into orbit, k = space k."""
    return standard_galaxy().distance(a, b)


def place(
    state: BoardState,
    owner: int,
    planet: int,
    space: int,
    fighters: int,
    transporters: int,
    pop: int = 0,
    *,
    arrived: bool = False,
) -> None:
    """Put ships on a space; they join the owner's fleet there (B G.4.4: "the both fleets
    combine into one"). Ships that reach the orbit this round stay apart until the next
    round, as they cannot fly."""
    if fighters == 0 and transporters == 0:
        return
    for fleet in state.fleets:
        if (fleet.owner, fleet.planet, fleet.space, fleet.arrived) == (
            owner,
            planet,
            space,
            arrived,
        ):
            fleet.fighters += fighters
            fleet.transporters += transporters
            fleet.pop += pop
            return
    state.fleets.append(Fleet(owner, planet, space, fighters, transporters, pop, arrived))


def tidy(state: BoardState) -> None:
    """Drop empty fleets and keep the list in board order (planet, space, owner)."""
    state.fleets = sorted(
        (f for f in state.fleets if not f.empty),
        key=lambda f: (f.planet, f.space, f.owner, f.arrived),
    )


def settle(state: BoardState) -> None:
    """A new round: arrived fleets may fly again and join their owner's orbit fleet."""
    arrived = [f for f in state.fleets if f.arrived]
    state.fleets = [f for f in state.fleets if not f.arrived]
    for f in arrived:
        place(state, f.owner, f.planet, f.space, f.fighters, f.transporters, f.pop)
    tidy(state)


def orbit(state: BoardState, planet: int) -> list[Fleet]:
    """The fleets in a planet's orbit."""
    return [f for f in state.fleets if f.planet == planet and f.space == ORBIT and not f.empty]


def send(state: BoardState, fleet: Fleet, fighters: int, transporters: int, target: int) -> int:
    """Ships of ``fleet`` fly to ``target``: onto the distance space of its board, or
    straight into its orbit at class 0 (B G.4.4). Returns the class."""
    cls = distance(fleet.planet, target)
    pop = min(fleet.pop, transporters)
    fleet.fighters -= fighters
    fleet.transporters -= transporters
    fleet.pop -= pop
    place(state, fleet.owner, target, cls, fighters, transporters, pop, arrived=cls == ORBIT)
    return cls


def unload(state: BoardState) -> None:
    """Population freight in the orbit of an own planet goes down (B E2.4): the planet
    holds at most 9, the surplus is lost (decision D-7)."""
    for fleet in state.fleets:
        if fleet.pop and fleet.space == ORBIT and state.planet(fleet.planet).owner == fleet.owner:
            planet = state.planet(fleet.planet)
            landed = min(fleet.pop, MAX_POP - planet.pop)
            planet.pop += landed
            state.say(
                "unloaded",
                owner=fleet.owner,
                planet=planet.number,
                pop=landed,
                lost=fleet.pop - landed,
            )
            fleet.pop = 0


def refuge(state: BoardState, seat: int, battle_planet: int) -> int | None:
    """Where beaten ships of ``seat`` flee (B A.4.9.2, G.4.4): the HP; if that is the
    battle planet or lost, the nearest other own planet (then the lowest number); None
    if there is none (decision D-1)."""
    if seat == 0:
        return None  # white pirates have no home (D-6)
    hp = state.player(seat).hp
    if hp and hp != battle_planet and state.planet(hp).owner == seat:
        return hp
    others = [p.number for p in state.owned(seat) if p.number != battle_planet]
    if not others:
        return None
    return min(others, key=lambda n: (distance(battle_planet, n), n))
