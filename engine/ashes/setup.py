"""Turn 0: start positions of the standard game and of the board game's scenarios.

Standard game (Ashes 0.1, 8): player n owns home planet n and home colony 8 + n; planets
of seats not taken stay neutral. Scenarios I and II for two players come from the board
game (Ashes board game E3.1.1). Every planet keeps the start values of the map (A, HD,
PR, PDU, FI, TR, 3 FP/OP/RP, 30 FUEL/ORE/RARE, 6 FY, 3 TY); home planets start with
PM% 150 (Ashes 4.4.2).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass

from engine.ashes.orders import MAX_PLAYERS
from engine.ashes.rules import PM_COLONY, PM_HOME
from engine.ashes.state import AshesState, News, Options, Planet, Player, TurnReport
from engine.ashesmap.galaxy import Galaxy, load_galaxy
from engine.core import NEUTRAL, JSONValue, Setup


@dataclass(frozen=True)
class Position:
    """A seat's planets (the first is the home planet) and the ships it starts with."""

    planets: tuple[int, ...]
    ships: Mapping[int, tuple[int, int]]
    """Planet -> (FI, TR); planets not listed start without ships."""


SCENARIOS: Mapping[str, tuple[Position, Position]] = {
    # Ashes board game E3.1.1 I: Earth against the young state of Lenin. 10 FI + 3 TR on each home
    # planet, 5 FI + 3 TR on one colony (the home colony).
    "I": (
        Position((1, 9, 20), {1: (10, 3), 9: (5, 3)}),
        Position((5, 13, 34), {5: (10, 3), 13: (5, 3)}),
    ),
    # Ashes board game E3.1.1 II: Sombrero against Eastside, eight planets each; 5 FI +
    # 3 TR on three planets (the first three listed).
    "II": (
        Position((7, 15, 22, 23, 25, 26, 31, 38), {7: (5, 3), 15: (5, 3), 22: (5, 3)}),
        Position((3, 11, 21, 24, 28, 29, 30, 33), {3: (5, 3), 11: (5, 3), 21: (5, 3)}),
    ),
}
SCENARIO_ALIASES = {
    "1": "I",
    "2": "II",
    "scenario-1": "I",
    "scenario-2": "II",
    "i": "I",
    "ii": "II",
}


class SetupError(ValueError):
    """The setup cannot start a game (players, scenario, options or map)."""


def scenario_name(name: str | None) -> str | None:
    """The canonical scenario name (``None``/``standard``: the standard game)."""
    if name is None or name.lower() == "standard":
        return None
    canonical = SCENARIO_ALIASES.get(name, name)
    if canonical not in SCENARIOS:
        raise SetupError(f"unknown scenario {name!r} (known: standard, I, II)")
    return canonical


def read_options(raw: Mapping[str, JSONValue]) -> Options:
    """Rule options from ``Setup.options`` (``map`` is the map text, not an option)."""
    fields = {f.name: f for f in dataclasses.fields(Options)}
    values: dict[str, int | bool] = {}
    for key, value in raw.items():
        if key == "map":
            continue
        if key not in fields:
            raise SetupError(f"unknown rule option {key!r} (known: {', '.join(fields)})")
        default = getattr(Options(), key)
        if type(value) is not type(default):
            raise SetupError(f"rule option {key!r} must be {type(default).__name__}")
        values[key] = value
    options = Options(**values)  # type: ignore[arg-type]
    if options.op_cost < 1 or options.neutral_fleet_one_in < 1:
        raise SetupError("op_cost and neutral_fleet_one_in must be at least 1")
    return options


def positions(setup: Setup, galaxy: Galaxy) -> dict[int, Position]:
    """Seat number -> its start position."""
    numbers = sorted(p.number for p in setup.players)
    if (
        len(set(numbers)) != len(numbers)
        or not 2 <= len(numbers) <= MAX_PLAYERS
        or any(not 1 <= n <= MAX_PLAYERS for n in numbers)
    ):
        raise SetupError("a game needs 2 to 8 players with distinct numbers 1..8")
    scenario = scenario_name(setup.scenario)
    if scenario is not None:
        if len(numbers) != 2:
            raise SetupError(f"scenario {scenario} is for 2 players")
        return dict(zip(numbers, SCENARIOS[scenario], strict=True))
    if galaxy.size < 2 * MAX_PLAYERS:
        raise SetupError("the map needs at least 16 planets for the standard start")
    return {n: Position((n, MAX_PLAYERS + n), {}) for n in numbers}


def new_game(setup: Setup) -> AshesState:
    """The start position, turn 0 (Ashes 3.2)."""
    raw_map = setup.options.get("map")
    if raw_map is not None and not isinstance(raw_map, str):
        raise SetupError("the option 'map' must be the text of a map file")
    galaxy = load_galaxy(raw_map)
    options = read_options(setup.options)
    seats = positions(setup, galaxy)
    scenario = scenario_name(setup.scenario)
    owner = {planet: seat for seat, pos in seats.items() for planet in pos.planets}
    homes = {pos.planets[0] for pos in seats.values()}
    planets = [
        Planet(
            number=info.number,
            name=info.name,
            owner=owner.get(info.number, NEUTRAL),
            a=info.a,
            pr60=int(info.pr * 60),
            hd=info.hd,
            pm=PM_HOME if info.number in homes else PM_COLONY,
            pdu=info.pdu,
        )
        for info in galaxy.planets
    ]
    names = {p.number: p.name for p in setup.players}
    players = [
        Player(
            number=n, ruler=names.get(n), home=seats[n].planets[0], declared=[0] + [1] * MAX_PLAYERS
        )
        for n in sorted(seats)
    ]
    pv = [[0] * (MAX_PLAYERS + 1)] + [[0] + [1] * MAX_PLAYERS for _ in range(MAX_PLAYERS)]
    state = AshesState(
        game=setup.game,
        turn=0,
        seed=setup.seed,
        options=options,
        galaxy_text=raw_map,
        scenario=scenario,
        players=players,
        pv=pv,
        planets=planets,
        fleets=[],
        cargo=[],
        report=TurnReport(),
    )
    for info in galaxy.planets:
        holder = owner.get(info.number, NEUTRAL)
        if scenario is not None and holder != NEUTRAL:
            fi, tr = seats[holder].ships.get(info.number, (0, 0))
        else:
            fi, tr = info.fi, info.tr
        state.add_fleet(holder, info.number, fi, tr)
    state.tidy()
    state.report.news.append(News(kind="welcome"))
    return state
