"""Board-game states to test with: a scenario's start, or an empty galaxy to fill."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.ashes_board.setup import new_game
from engine.ashes_board.state import ORBIT, BoardState, Fleet
from engine.ashes_board.turn import run_round
from engine.core import NEUTRAL, Event, Order, PlayerSetup, Setup
from engine.dice import Dice


def start(scenario: str = "I", players: int = 2, **options: object) -> BoardState:
    """The start of a game (round 0)."""
    seats = [PlayerSetup(n) for n in range(1, players + 1)]
    return new_game(Setup(game=7, players=seats, scenario=scenario, options=dict(options)))


def bare(players: int = 2, **options: object) -> BoardState:
    """A free game whose players own nothing and have no ships: tests place what they need."""
    state = start("free", players, **options)
    for planet in state.planets:
        planet.owner = NEUTRAL
        planet.factories = []
        planet.hangars = []
        planet.fighters = 0
        planet.ever_owned = False
    state.fleets = []
    return state


def own(
    state: BoardState,
    seat: int,
    planet: int,
    *,
    pop: int | None = None,
    troops: int | None = None,
    factories: Sequence[str] = (),
) -> None:
    """``seat`` owns ``planet``."""
    board = state.planet(planet)
    board.owner = seat
    board.ever_owned = True
    board.fighters = 0
    if pop is not None:
        board.pop = pop
    board.troops = board.pop if troops is None else troops
    board.factories = list(factories)


def fleet(
    state: BoardState, seat: int, planet: int, fi: int, tr: int = 0, space: int = ORBIT
) -> None:
    state.fleets.append(Fleet(seat, planet, space, fi, tr))


def orbiting(state: BoardState, seat: int, planet: int) -> tuple[int, int]:
    """Fighters and transporters of ``seat`` in the orbit of ``planet``."""
    here = [f for f in state.fleets if (f.owner, f.planet, f.space) == (seat, planet, ORBIT)]
    return sum(f.fighters for f in here), sum(f.transporters for f in here)


def on_space(state: BoardState, seat: int, planet: int, space: int) -> tuple[int, int]:
    here = [f for f in state.fleets if (f.owner, f.planet, f.space) == (seat, planet, space)]
    return sum(f.fighters for f in here), sum(f.transporters for f in here)


def play(
    state: BoardState,
    orders: Mapping[int, Sequence[Order]] | None = None,
    rolls: Sequence[tuple[str | None, int]] = (),
) -> tuple[BoardState, list[Event], Dice]:
    """One round with forced dice (all must be used)."""
    dice = Dice.forced(rolls)
    new, events = run_round(state, orders or {}, dice)
    return new, events, dice


def keys(state: BoardState) -> list[str]:
    return [line.key for line in state.report]
