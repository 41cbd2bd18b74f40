"""Secrecy of the board game: the board is open (B E2), so what one seat must not learn
is only what the round's report says to another seat alone (his refused builds, cut
flights, refused home planet). A property over random bot games: a seat's printout, JSON
twin, map and acknowledgements are the same whatever the other seats' private lines say."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ashes_board.game import BoardGame
from engine.ashes_board.kind import ASHES_BOARD
from engine.ashes_board.orders import Build, Fly, HomePlanet, Item
from engine.ashes_board.printout import render
from engine.ashes_board.state import Arg, BoardState, Line
from engine.core import Order, PlayerSetup, Setup
from engine.dice import Dice
from engine.plaindata import copy_plain
from grammar.ashes_board import LANGUAGE
from tests.lanes import examples

GAME = BoardGame()


def played(seed: int, players: int, rounds: int) -> BoardState:
    """A bot game after ``rounds`` rounds; the bots also mail orders that get refused."""
    assert ASHES_BOARD.bots is not None
    setup = Setup(game=1, players=[PlayerSetup(n) for n in range(1, players + 1)], seed=seed)
    state: BoardState = GAME.new_game(setup, Random(seed))
    rng = Random(seed)
    for n in range(rounds):
        mails = {
            s: "\n".join(ASHES_BOARD.bots.orders(state, s, rng)) for s in range(1, players + 1)
        }
        orders: dict[int, list[Order]] = {
            s: list(LANGUAGE.parse(t).orders) for s, t in mails.items()
        }
        for seat in orders:
            orders[seat] += [
                Build(planet=rng.randrange(1, 41), items=(Item(what="fighter", count=50),)),
                Fly(
                    source=rng.randrange(1, 41),
                    fighters=9,
                    transporters=9,
                    target=rng.randrange(1, 41),
                ),
                HomePlanet(planet=rng.randrange(1, 41)),
            ]
        digest = hashlib.sha256(f"{seed}:{n}".encode()).hexdigest()
        result = GAME.run_turn(state, orders, Dice.sealed(digest))
        assert isinstance(result.state, BoardState)
        state = result.state
        if result.game_over:
            break
    assert isinstance(state, BoardState)
    return state


def others_changed(state: BoardState, seat: int, rng: Random) -> BoardState:
    """``state`` with every line addressed to other seats alone reworded or dropped."""
    lines: list[Line] = []
    for line in state.report:
        if not line.seats or seat in line.seats:
            lines.append(line)
        elif rng.random() < 0.5:
            lines.append(
                replace(line, args=[Arg(a.name, str(rng.randrange(1, 41))) for a in line.args])
            )
    return replace(copy_plain(state), report=lines)


def views(state: BoardState, seat: int) -> tuple[str, str, str]:
    return (
        GAME.printout(state, seat, "en") + GAME.printout(state, seat, "de"),
        json.dumps(GAME.report_data(state, seat, "en")),
        repr(GAME.map_view(state, seat, "de")),
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    seed=st.integers(1, 10_000),
    players=st.integers(2, 8),
    rounds=st.integers(1, 4),
    salt=st.integers(0, 10**6),
)
def test_other_seats_private_lines_never_reach_a_seat(
    seed: int, players: int, rounds: int, salt: int
) -> None:
    state = played(seed, players, rounds)
    rng = Random(salt)
    for seat in range(1, players + 1):
        other = others_changed(state, seat, rng)
        assert views(state, seat) == views(other, seat)
        for order in (
            Build(planet=1, items=(Item(what="fighter", count=3),)),
            HomePlanet(planet=2),
        ):
            namer = LANGUAGE.namer()
            assert GAME.describe_order(state, seat, order, "en", namer) == GAME.describe_order(
                other, seat, order, "en", namer
            )


def test_the_property_bites_a_private_line_is_in_its_seats_printout_alone() -> None:
    state = played(3, 3, 1)
    line = next(line for line in state.report if line.seats)
    text = render(state, line, "en")
    for seat in range(1, 4):
        assert (text in GAME.printout(state, seat, "en")) == (seat in line.seats)
    without = replace(state, report=[other for other in state.report if other is not line])
    assert views(state, line.seats[0]) != views(without, line.seats[0])
