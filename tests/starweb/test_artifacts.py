"""The Black Box acts for its holder only, on its world, with a private notice."""

from __future__ import annotations

from random import Random

import pytest

from engine.core import PlayerSetup, Setup
from engine.dice import Dice
from engine.starweb.artifacts import BLACK_BOX, BLACK_BOX_EFFECTS, apply_black_box
from engine.starweb.context import Turn
from engine.starweb.setup import new_game
from engine.starweb.state import StarwebState, copy_state


def start(effect: str) -> StarwebState:
    players = [
        PlayerSetup(1, fields={"character": "Pirat", "code_name": "BORG"}),
        PlayerSetup(2, fields={"character": "Apostel", "code_name": "NECRON"}),
    ]
    return new_game(
        Setup(game=1, players=players, scenario="small", options={"black_box": effect}),
        Random(1),
    )


def held(effect: str, turn_number: int, *, on_fleet: bool = False, **values: int) -> Turn:
    """Player 1 holds the Black Box on a world with ``values`` at ``turn_number``."""
    state = start(effect)
    state.turn = turn_number
    world = state.world(state.player(1).home)
    for name, value in values.items():
        setattr(world, name, value)
    box = state.artifact(BLACK_BOX)
    if on_fleet:
        key = next(f for f in state.fleets if f.owner == 1)
        box.world, box.fleet = 0, key.number
    else:
        box.world, box.fleet = world.number, 0
    return Turn(start=copy_state(state), state=state, orders={}, dice=Dice.legacy(Random(5)))


def home(turn: Turn) -> tuple[int, int, int, int]:
    world = turn.state.world(turn.state.player(1).home)
    return world.metal, world.mines, world.industry, world.population


def notices(turn: Turn) -> list[str]:
    return [n for r in turn.state.report.players if r.player == 1 for n in r.notices]


def test_metal_each_turn_and_capped() -> None:
    turn = held("metal", 3, metal=7)
    apply_black_box(turn)
    assert home(turn)[0] == 8 and notices(turn) == ["black_box:metal"]
    turn = held("metal", 3, on_fleet=True, metal=255)
    apply_black_box(turn)
    assert home(turn)[0] == 255


def test_mines_double_every_eighth_turn_at_most_31() -> None:
    turn = held("double_mines_every_8", 7, mines=3)
    apply_black_box(turn)
    assert home(turn)[1] == 3 and notices(turn) == []
    turn = held("double_mines_every_8", 16, mines=20)
    apply_black_box(turn)
    assert home(turn)[1] == 31 and notices(turn) == ["black_box:double_mines_every_8"]


def test_industry_and_the_tenth_turn_explosion() -> None:
    turn = held("industry_explode_10", 9)
    apply_black_box(turn)
    assert home(turn) == (30, 2, 31, 50)
    turn = held("industry_explode_10", 10)
    apply_black_box(turn)
    world = turn.state.world(turn.state.player(1).home)
    assert home(turn) == (0, 0, 0, 0) and world.owner == 0 and world.p_ships == 0
    assert world.limit == 100  # Starweb "Planetenbruch-Bombe": the limit stays
    assert turn.state.artifact(BLACK_BOX).world == world.number  # the artifact survives
    assert "destroyed" in turn.world_note(world.number).flags


def test_negative_effects() -> None:
    turn = held("mines_down", 8, mines=2)
    apply_black_box(turn)
    assert home(turn)[1] == 1
    turn = held("metal_drain", 1, metal=1)
    apply_black_box(turn)
    assert home(turn)[0] == 0


def test_sporadic_metal_only_from_the_turns_chance() -> None:
    gains = []
    for seed in range(12):
        turn = held("sporadic_metal", 2, metal=0)
        turn.dice = Dice.legacy(Random(seed))
        apply_black_box(turn)
        gains.append(home(turn)[0])
    assert set(gains) == {0, 3}


@pytest.mark.parametrize("effect", sorted(BLACK_BOX_EFFECTS))
def test_nobody_holds_it_nothing_happens(effect: str) -> None:
    turn = held(effect, 10, metal=5)
    box = turn.state.artifact(BLACK_BOX)
    world = turn.state.world(box.world)
    world.owner = 0
    before = turn.state.to_json()
    apply_black_box(turn)
    assert turn.state.to_json() == before
