"""Spacewar positions for the tests: a new game after its setup step, an empty board to
put units on, forced dice."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from random import Random

from engine import registry
from engine.core import Order, PlayerSetup, Setup, turn_dice
from engine.dice import Dice
from engine.spacewar.game import SpacewarGame
from engine.spacewar.setup import new_ship
from engine.spacewar.state import Fleet, SpacewarState, Stone
from grammar.spacewar import LANGUAGE

GAME = SpacewarGame()


def new_state(seed: int = 1, **options: object) -> SpacewarState:
    """Turn 0 of a two-player game."""
    setup = Setup(
        game=7, players=[PlayerSetup(1, "Anna"), PlayerSetup(2, "Bert")], seed=seed, options=options
    )
    return GAME.new_game(setup, Random(seed))


def after_setup(start: int = 1, seed: int = 1, **options: object) -> SpacewarState:
    """Round 1, start player ``start`` (the setup step run on forced dice)."""
    first, second = (6, 1) if start == 1 else (1, 6)
    result = GAME.run_turn(
        new_state(seed, **options), {}, forced([("start P1", first), ("start P2", second)])
    )
    assert isinstance(result.state, SpacewarState)
    return result.state


def empty_board(start: int = 1, **options: object) -> SpacewarState:
    """Round 1 with no fleets, bases or stones anywhere: tests put their own."""
    state = after_setup(start, 1, **options)
    state.fleets, state.bases, state.notes = [], [], []
    for world in state.worlds:
        world.troops = []
    return state


def forced(rolls: Iterable[tuple[str | None, int]]) -> Dice:
    """Dice with the given values in draw order."""
    return Dice.forced(list(rolls))


def fleet(
    state: SpacewarState, owner: int, number: int, where: str, *types: str, fighters: int = 8
) -> Fleet:
    """A fleet of new ships (``ST`` with ``fighters`` aboard) put on the board."""
    made = Fleet(owner=owner, id=number, where=where)
    for kind in types:
        made.ships.append(
            new_ship(state.player(owner), kind, fighters=fighters if kind == "ST" else 0)
        )
    state.fleets.append(made)
    return made


def stones(state: SpacewarState, owner: int, *values: int) -> list[Stone]:
    """New troop stones of ``owner``."""
    player = state.player(owner)
    out = []
    for value in values:
        out.append(Stone(id=player.next_stone, value=value))
        player.next_stone += 1
    return out


def orders(text: str) -> list[Order]:
    """The orders of an order text (no errors allowed)."""
    result = LANGUAGE.parse(text)
    assert not result.errors, [e.message("en") for e in result.errors]
    return list(result.orders)


def bot_game(
    state: SpacewarState, seed: int, steps: int, rng: Random | None = None
) -> Iterator[SpacewarState]:
    """The states of a game the demo players play on from ``state``, one per step, for at
    most ``steps`` steps or to the game's end: every seat awaited gives the bots' orders
    (which must parse cleanly, :func:`orders`), the dice are those of ``seed``."""
    bots = registry.kind("spacewar").bots
    assert bots is not None
    rng = Random(seed) if rng is None else rng
    for number in range(1, steps + 1):
        given = {
            seat: orders("\n".join(bots.orders(state, seat, rng))) for seat in GAME.awaiting(state)
        }
        result = GAME.run_turn(state, given, turn_dice(seed, number))
        assert isinstance(result.state, SpacewarState)
        state = result.state
        yield state
        if result.game_over:
            return
