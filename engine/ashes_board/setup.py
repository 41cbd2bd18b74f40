"""The start of a game: scenarios I and II for two players and a free set-up for 2-8
(B E3, E3.1; docs/rules-ashes-board.md, "Scenarios")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields

from engine.ashes_board.fleets import tidy
from engine.ashes_board.ranking import rank
from engine.ashes_board.state import ORBIT, BoardState, Fleet, Options, Planet, Player
from engine.ashes_board.tables import (
    BASE_POP,
    COLONY_FLEET,
    FIGHTER,
    GOODS,
    HIGHTECH,
    HOME_FLEET,
    OIL,
    STEEL,
    TRANSPORTER,
)
from engine.ashesmap.galaxy import standard_galaxy
from engine.core import NEUTRAL, JSONValue, Setup

SCENARIOS: dict[str, tuple[tuple[int, ...], ...]] = {
    # B E3.1.1 I: the Empire against the young state.
    "I": ((1, 9, 20), (5, 13, 34)),
    # B E3.1.1 II: Sombrero against Eastside.
    "II": ((7, 15, 22, 23, 25, 26, 31, 38), (3, 11, 21, 24, 28, 29, 30, 33)),
}
"""The planets of each player in the two-player scenarios."""

FREE = "free"
MIN_PLAYERS, MAX_PLAYERS = 2, 8
STAMM_OFFSET = 8
"""Free set-up: player n holds planet n (HP) and n + 8 (the Stamm colony), as the
positions of the postal game (decision D-17)."""


class SetupError(ValueError):
    """The GM asked for a start the rules do not allow (the message says why)."""


START_FACTORIES = (HIGHTECH, STEEL, OIL)
"""The default start factories over a player's planets in number order (decision D-17):
high tech first, the raw material every unit needs most of (B G4.2)."""


def options_from(given: Mapping[str, JSONValue]) -> Options:
    """The rule options from the GM's settings; an unknown name or a wrong type is refused."""
    known = {f.name: f for f in fields(Options)}
    values: dict[str, object] = {}
    defaults = Options()
    for name, value in given.items():
        if name not in known:
            raise SetupError(f"ashes-board has no rule option {name!r} (known: {', '.join(known)})")
        default = getattr(defaults, name)
        if isinstance(default, bool) != isinstance(value, bool) or not isinstance(
            value, type(default)
        ):
            raise SetupError(f"rule option {name!r} needs a {type(default).__name__}: {value!r}")
        values[name] = list(value) if isinstance(value, list) else value
    options = Options(**values)  # type: ignore[arg-type]
    _check_choices(options)
    return options


_CHOICES = {
    "landing": ("dice", "postal"),
    "battle_rounding": ("down", "nearest"),
    "revolt": ("neutral", "none"),
    "growth": ("none", "die", "every_round"),
    "neutral_fighters": ("pop", "postal", "none"),
}


def _check_choices(options: Options) -> None:
    for name, allowed in _CHOICES.items():
        if getattr(options, name) not in allowed:
            raise SetupError(f"rule option {name!r} is one of {', '.join(allowed)}")
    for name in ("factory_cost", "hangar_cost"):
        cost = getattr(options, name)
        if cost and (len(cost) != len(GOODS) or any(not isinstance(c, int) or c < 0 for c in cost)):
            raise SetupError(f"rule option {name!r} is three counts: oil, steel, high tech")
    if options.end_step < 1:
        raise SetupError("rule option 'end_step' is at least 1")


def positions(scenario: str, players: int) -> tuple[tuple[int, ...], ...]:
    """The planets of each player, lowest (the HP) first."""
    if scenario in SCENARIOS:
        if players != 2:
            raise SetupError(f"scenario {scenario} is for 2 players, not {players}")
        return SCENARIOS[scenario]
    if scenario != FREE:
        raise SetupError(f"unknown scenario {scenario!r} (I, II or free)")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SetupError(f"a game has 2 to 8 players, not {players}")
    return tuple((n, n + STAMM_OFFSET) for n in range(1, players + 1))


def start_fleets(scenario: str, planets: tuple[int, ...]) -> list[tuple[int, tuple[int, int]]]:
    """Where a player's start fleets stand (B E3.1.1) before he chooses (decision D-13):
    scenario I and free: 10 FI + 3 TR on the HP, 5 FI + 3 TR on the Stamm colony;
    scenario II: 5 FI + 3 TR on the first three planets."""
    if scenario == "II":
        return [(p, COLONY_FLEET) for p in planets[:3]]
    return [(planets[0], HOME_FLEET), (planets[1], COLONY_FLEET)]


def neutral_fighters(options: Options, number: int) -> int:
    """The fighters a neutral planet starts with and refills to (decision D-5)."""
    if options.neutral_fighters == "pop":
        return BASE_POP[number]
    if options.neutral_fighters == "postal":
        return standard_galaxy().planet(number).fi
    return 0


def new_game(setup: Setup) -> BoardState:
    """Round 0 (B E3): every planet of a player with troops = population, one factory of
    his choice (default: high tech, steel, oil in turn, D-17), the extension's hangars on
    HP and Stamm colony, 5 of each raw material; every other planet neutral."""
    # Without a scenario: scenario I for two players, else the free set-up (decision D-13).
    scenario = setup.scenario or ("I" if len(setup.players) == 2 else FREE)
    options = options_from(setup.options)
    seats = sorted(p.number for p in setup.players)
    if seats != list(range(1, len(seats) + 1)):
        raise SetupError(f"the seats are numbered 1 to n, not {seats}")
    held = positions(scenario, len(seats))
    owner = {planet: seat for seat, mine in enumerate(held, 1) for planet in mine}
    planets = [_planet(n, owner.get(n, NEUTRAL), options) for n in sorted(BASE_POP)]
    names = {p.number: p.name or "" for p in setup.players}
    players = [
        Player(number=seat, name=names[seat], hp=held[seat - 1][0], relations=[0] * len(seats))
        for seat in seats
    ]
    state = BoardState(
        game=setup.game,
        turn=0,
        seed=setup.seed,
        scenario=scenario,
        options=options,
        players=players,
        planets=planets,
    )
    for seat, mine in enumerate(held, 1):
        for i, number in enumerate(mine):
            planet = state.planet(number)
            planet.factories = [START_FACTORIES[i % len(START_FACTORIES)]]
            if options.extension and i < 2:
                # B E3: a hangar on the HP and the Stamm colony (fighters / transporters, D-17).
                planet.hangars = [FIGHTER if i == 0 else TRANSPORTER]
        for number, (fi, tr) in start_fleets(scenario, mine):
            state.fleets.append(Fleet(seat, number, ORBIT, fi, tr))
    tidy(state)
    rank(state)
    return state


def _planet(number: int, owner: int, options: Options) -> Planet:
    base = BASE_POP[number]
    planet = Planet(number=number, owner=owner, base_pop=base, pop=base, troops=base)
    if owner == NEUTRAL:
        planet.fighters = neutral_fighters(options, number)
    else:
        planet.ever_owned = True
    return planet
