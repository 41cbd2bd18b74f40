"""Tiny hand-made Starweb positions for the rules tests (no generator involved).

``make_state`` builds a ring of worlds (world n has gates to n-1 and n+1), one player per
character given, each with a home world (every second world from 1 on) holding the
start values of the English rules and five empty keys; the remaining keys lie neutral
and empty on the last world. ``make_turn`` wraps a state in a :class:`Turn` as
``engine.starweb.turn.run_turn`` does (start copy, turn + 1, fresh report, echo lines).
Tests then set the numbers they work out by hand with ``setv``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import TypeVar

from engine.core import NEUTRAL
from engine.dice import Dice
from engine.starweb.context import Turn
from engine.starweb.orders import StarwebOrder
from engine.starweb.scoring import score
from engine.starweb.state import (
    KEYS_PER_PLAYER,
    Artifact,
    Character,
    EchoLine,
    Fleet,
    Options,
    Player,
    PlayerReport,
    StarwebState,
    TurnReport,
    World,
    copy_state,
)

NAMES = ("THRAWN", "BORG", "NECRON", "QUILDOR", "ROLAND", "SALVADOR", "REBULARD", "VRAZRUUB")
"""Code names of players 1, 2, 3 … (from the rulebook's printout)."""

T = TypeVar("T")


def setv(thing: T, **values: object) -> T:
    """``thing`` with the given fields set (worlds, keys, players: worked numbers)."""
    for key, value in values.items():
        if not hasattr(thing, key):
            raise AttributeError(key)
        setattr(thing, key, value)
    return thing


def make_state(
    characters: Sequence[str] = (Character.EMPIRE_BUILDER, Character.MERCHANT),
    worlds: int = 8,
    keys: int = 20,
    options: Options | None = None,
) -> StarwebState:
    """A ring of ``worlds`` worlds, player n (1-based) at home on world 2n - 1.

    Player n owns keys 5n-4 … 5n (empty, at home); keys up to ``keys`` are neutral and
    empty on the last world. Everybody has met everybody (gifts and alliances allowed).
    """
    if worlds < 2 * len(characters):
        raise ValueError("too few worlds for the players")
    keys = max(keys, KEYS_PER_PLAYER * len(characters))
    ring = [
        World(number=n, gates=sorted({(n - 2) % worlds + 1, n % worlds + 1}))
        for n in range(1, worlds + 1)
    ]
    players: list[Player] = []
    fleets: list[Fleet] = []
    for index, character in enumerate(characters):
        number = index + 1
        home = 2 * number - 1
        setv(
            ring[home - 1],
            owner=number,
            home_of=number,
            industry=30,
            metal=30,
            mines=2,
            population=50,
            limit=100,
            turns=1,
            i_ships=1,
            p_ships=1,
        )
        players.append(
            Player(
                number=number,
                code_name=NAMES[index],
                character=str(Character(character).value),
                home=home,
            )
        )
        for _ in range(KEYS_PER_PLAYER):
            fleets.append(Fleet(number=len(fleets) + 1, world=home, owner=number))
    while len(fleets) < keys:
        fleets.append(Fleet(number=len(fleets) + 1, world=worlds, owner=NEUTRAL))
    everybody = [p.number for p in players]
    for player in players:
        player.met = [n for n in everybody if n != player.number]
    return StarwebState(
        game=1,
        turn=1,
        seed=1,
        options=options or Options(worlds=worlds),
        worlds=ring,
        fleets=fleets,
        artifacts=[],
        players=players,
    )


def add_artifact(
    state: StarwebState,
    name: str,
    material: str = "",
    kind: str = "",
    world: int = 0,
    fleet: int = 0,
) -> Artifact:
    """Append artifact number ``len + 1`` lying on ``world`` or carried by key ``fleet``.

    Standard artifacts: ``add_artifact(s, "Plastik Mondstein", "Plastik", "Mondstein",
    world=3)``; specials: ``add_artifact(s, "Schatz der Polaris", kind="polaris", …)``.
    """
    artifact = Artifact(
        number=len(state.artifacts) + 1,
        name=name,
        material=material,
        kind=kind,
        world=world,
        fleet=fleet,
    )
    state.artifacts.append(artifact)
    return artifact


ALL_CHARACTERS = (
    Character.EMPIRE_BUILDER,
    Character.MERCHANT,
    Character.PIRATE,
    Character.COLLECTOR,
    Character.BERSERKER,
    Character.APOSTLE,
)
"""One player of each character, in the order of the rules (player 6 the apostle)."""


def quiet(state: StarwebState) -> StarwebState:
    """``state`` with no worlds and no keys owned: only what a test sets scores."""
    for world in state.worlds:
        setv(world, owner=0)
    for fleet in state.fleets:
        setv(fleet, owner=0)
    return state


def scored_kills(
    killed: Mapping[tuple[int, int], int],
    converts: Mapping[tuple[int, int], int] | None = None,
    *,
    jihad: int = 0,
    shots: Mapping[int, int] | None = None,
) -> StarwebState:
    """One player of each character, nothing owned (:data:`ALL_CHARACTERS`, :func:`quiet`),
    scored for a turn of killing: ``killed`` the people (killer, victim) killed as combat
    and bombs record them, ``converts`` the converts among them (killer, apostle),
    ``shots`` the shots a player fired; with ``jihad`` the apostle (6) is in jihad against
    that player."""
    state = quiet(make_state(ALL_CHARACTERS, worlds=12))
    state.player(6).jihad = jihad
    turn = make_turn(state)
    turn.killed.update(killed)
    turn.killed_converts.update(converts or {})
    turn.shots_by.update(shots or {})
    score(turn)
    return state


def make_turn(
    state: StarwebState,
    orders: Mapping[int, Sequence[StarwebOrder]] | None = None,
    seed: int = 0,
    nmr: frozenset[int] = frozenset(),
) -> Turn:
    """The turn after ``state`` as ``run_turn`` prepares it (no conflict check).

    ``turn.start`` is a copy of ``state`` as given; ``turn.state`` is ``state`` itself
    with the turn number raised and an empty report, so a test can keep its references
    to worlds and keys. Every player gets a report and an echo line per order.
    """
    start = copy_state(state)
    state.turn += 1
    state.report = TurnReport()
    given = {p.number: list((orders or {}).get(p.number, ())) for p in state.active()}
    echo: dict[int, dict[int, EchoLine]] = {}
    for player, own in given.items():
        lines = [EchoLine(code=o.code) for o in own]
        echo[player] = {id(o): line for o, line in zip(own, lines, strict=True)}
        state.report.players.append(PlayerReport(player=player, echo=lines))
    return Turn(
        start=start, state=state, orders=given, dice=Dice.legacy(Random(seed)), nmr=nmr, echo=echo
    )


def remarks(turn: Turn, player: int) -> list[str]:
    """The remarks on the player's echo lines, in order written (empty: carried out)."""
    return [line.remark for line in turn.state.report.players[player - 1].echo]
