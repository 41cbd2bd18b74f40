"""The Starweb acknowledgement forecasts the whole order list: what each order will do in
the seat's position, with the orders before it in the turn's order taken into account
(Starweb "Die Bearbeitungsreihenfolge")."""

from __future__ import annotations

from collections.abc import Sequence

from engine.core import Order
from engine.starweb.game import StarwebGame
from engine.starweb.orders import (
    FLEET,
    I_SHIPS,
    P_SHIPS,
    Build,
    BuildBomb,
    Cargo,
    DropBomb,
    Fire,
    Move,
    StarwebOrder,
    Transfer,
)
from engine.starweb.ships import transfer_and_build
from engine.starweb.state import StarwebState
from tests.starweb.factory import make_state, make_turn, setv

GAME = StarwebGame()


def said(state: StarwebState, orders: Sequence[Order], lang: str = "en") -> list[str]:
    return GAME.describe_orders(state, 1, orders, lang, str)


def home() -> StarwebState:
    """Player 1 on W1 (industry, metal 30, population 50) with keys 1 and 2 there; key 1
    has 10 ships."""
    state = make_state()
    setv(state.fleet(1), ships=10)
    return state


def test_two_transfers_from_one_key_share_its_ships() -> None:
    state = home()
    to_key = Transfer(source=FLEET, number=1, quantity=6, target=FLEET, target_fleet=2)
    to_world = Transfer(source=FLEET, number=1, quantity=6, target=I_SHIPS)
    first, second = said(state, [to_key, to_world])
    assert first == "F1T6F2: transfer 6 ships from fleet 1 to fleet 2 → F1: 10 → 4"
    assert second.endswith(
        "→ 4 ships, F1: 4 → 0 — warning: fleet 1 has only 4 ships left after the orders before"
    )
    assert "warning" not in said(state, [to_world])[0]  # alone it would be whole


def test_a_move_written_first_sees_the_ships_transferred_away() -> None:
    state = home()
    move = Move(fleet=1, path=(2,))
    away = Transfer(source=FLEET, number=1, quantity=10, target=P_SHIPS)
    moved, _ = said(state, [move, away], "de")
    assert moved == (
        "F1W2: Flotte 1 nach Welt 2 — Warnung: Flotte 1 hat nach den Befehlen davor nur "
        "noch 0 Schiffe"
    )
    assert said(state, [move])[0] == "F1W2: fleet 1 moves to world 2 → 10 ships at W2 in turn 2"


def test_builds_on_one_world_share_its_industry() -> None:
    state = home()
    i_ships, p_ships = said(
        state,
        [Build(world=1, quantity=20, what=I_SHIPS), Build(world=1, quantity=20, what=P_SHIPS)],
    )
    assert i_ships.endswith("→ industry left on W1: 30 → 10")
    assert p_ships.endswith(
        "→ 10 built, industry left on W1: 10 → 0 — warning: only 10 of 20: the industry left "
        "does not suffice"
    )


def test_one_cargo_unloaded_twice_and_loading_after_unloading() -> None:
    state = home()
    setv(state.fleet(1), cargo=5)
    first, second, load = said(
        state,
        [
            Cargo(fleet=1, action="U", quantity=4),
            Cargo(fleet=1, action="J", quantity=4),
            Cargo(fleet=1, action="L", quantity=2),
        ],
    )
    assert first.endswith("→ cargo F1: 5 → 1")
    assert second.endswith("→ cargo F1: 1 → 0 — warning: fleet 1 has only 1 cargo left")
    assert load.endswith("warning: fleet 1 unloads this turn and cannot load")


def test_the_forecast_is_what_the_evaluation_does() -> None:
    state = home()
    orders: list[StarwebOrder] = [
        Transfer(source=FLEET, number=1, quantity=6, target=FLEET, target_fleet=2),
        Transfer(source=FLEET, number=1, quantity=6, target=FLEET, target_fleet=3),
        Build(world=1, quantity=20, what=FLEET, fleet=2),
        Build(world=1, quantity=20, what=P_SHIPS),
    ]
    texts = said(state, orders)
    turn = make_turn(state, {1: orders})
    transfer_and_build(turn)  # step 2 as the turn runs it
    after = turn.state
    assert texts[0].endswith("→ F1: 10 → 4") and "→ 4 ships, F1: 4 → 0" in texts[1]
    assert texts[2].endswith("→ industry left on W1: 30 → 10")
    assert "→ 10 built, industry left on W1: 10 → 0" in texts[3]
    assert [after.fleet(n).ships for n in (1, 2, 3)] == [0, 26, 4]
    assert after.world(1).p_ships == 1 + 10


def test_fire_counts_the_shots_left_after_the_transfers() -> None:
    state = home()
    setv(state.fleet(6), world=1)  # another player's key at W1
    fire = Fire(source=FLEET, number=1, target=FLEET, target_fleet=6)
    home_fire = Fire(source=I_SHIPS, number=1, target=FLEET, target_fleet=6)
    empty = Fire(source=FLEET, number=2, target=FLEET, target_fleet=6)
    away = Transfer(source=FLEET, number=1, quantity=6, target=I_SHIPS)
    key, world, nothing, _ = said(state, [fire, home_fire, empty, away])
    # Transfers (step 2) come before fire (step 4): 4 ships left, 1 + 6 I-ships.
    assert key.endswith("→ 4 shots")
    assert world.endswith("→ 4 shots")
    assert nothing.endswith("warning: F2 has no shots")


def test_a_bomb_built_in_the_same_list_cannot_fall_this_turn() -> None:
    state = home()
    setv(state.fleet(1), ships=30)
    setv(state.fleet(2), ships=5, bomb=True)
    build, drop_new, drop_old = said(
        state, [BuildBomb(fleet=1), DropBomb(fleet=1), DropBomb(fleet=2)]
    )
    assert build.endswith("→ F1: 30 → 5")
    assert drop_new.endswith(
        "warning: the bomb of fleet 1 is built this turn and falls next turn at the earliest"
    )
    assert drop_old.endswith("→ the bomb falls on W1")
