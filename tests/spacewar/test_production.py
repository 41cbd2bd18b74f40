"""P0 production and P1 loading (Spacewar §4 ¶1-2, §7; decisions 10-12, 28)."""

from __future__ import annotations

from engine.dice import EVERYBODY
from engine.spacewar.loading import load_phase
from engine.spacewar.orders import Buy, BuyFleet, Load, Transfer
from engine.spacewar.production import produce
from engine.spacewar.state import Base
from tests.spacewar.factory import after_setup, empty_board, fleet, forced, stones


def test_buy_lines_run_in_order_and_a_line_too_dear_is_refused_whole() -> None:
    state = after_setup()
    state.player(1).pe = 40
    buys = [
        Buy(line=1, count=1, unit="KR", world="W1", fleet=1),
        Buy(line=2, count=2, unit="ST", world="W1", fleet=1),  # 46 PE: refused whole
        Buy(line=3, count=5, unit="TR", world="W1"),  # 25 PE: still tried, a new fleet
    ]
    produce(state, 1, buys, forced([]))
    assert state.player(1).pe == 4 and state.player(1).spent == 36
    one, new = state.fleet(1, 1), state.fleet(1, 4)
    assert one is not None and one.ships[-1].id == "KR7"
    assert new is not None and [s.type for s in new.ships] == ["TR"] * 5
    assert [n.args for n in state.notes if n.key == "buy_refused"] == [["2", "no_pe"]]


def test_a_new_fleet_of_several_types_is_bought_whole_or_not_at_all() -> None:
    state = after_setup()
    state.player(1).pe = 50
    buys = [
        BuyFleet(line=1, world="W2", ships=("ST", "KR", "KR")),  # 45 PE
        BuyFleet(line=2, world="W2", ships=("KR",)),  # 11 PE: only 5 left
    ]
    produce(state, 1, buys, forced([]))
    new = state.fleet(1, 4)
    assert new is not None and new.where == "W2"
    assert [s.id for s in new.ships] == ["ST4", "KR7", "KR8"]
    assert state.player(1).pe == 5 and state.fleet(1, 5) is None
    assert [n.args for n in state.notes if n.key == "buy_refused"] == [["2", "no_pe"]]


def test_troops_are_drawn_blind_from_the_pool_and_only_their_owner_sees_the_draw() -> None:
    state = after_setup()
    state.player(1).pe = 15
    dice = forced([("draw P1 W2", 1), ("draw P1 W2", 41), ("draw P1 W2", 1)])
    produce(state, 1, [Buy(line=1, count=3, unit="TT", world="W2")], dice)
    drawn = sorted(s.value for s in state.world("W2").troops)
    # sorted pool 24×3, 14×4, 4×5: the 1st is a 3; then the last of the 41 left is a 5
    assert drawn == [3, 3, 3, 3, 4, 5]
    assert state.player(1).pool == [22, 14, 3]
    assert all(r.seen_by == frozenset({1}) for r in dice.log)
    assert all(r.seen_by != EVERYBODY for r in dice.log)


def test_jaeger_need_room_on_the_carrier() -> None:
    state = after_setup()
    state.player(1).pe = 100
    produce(state, 1, [Buy(line=1, count=1, unit="JG", world="W1", carrier="ST1")], forced([]))
    assert [n.args[1] for n in state.notes if n.key == "buy_refused"] == ["no_room"]
    produce(state, 1, [Buy(line=2, count=16, unit="JG", world="W1", carrier="BA")], forced([]))
    base = state.base_at("W1")
    assert base is not None and base.fighters == 16


def test_without_savings_unspent_pe_are_lost() -> None:
    state = after_setup(pe_savings=False)
    state.player(1).pe = 30
    produce(state, 1, [Buy(line=1, count=1, unit="KR", world="W1", fleet=1)], forced([]))
    assert state.player(1).pe == 0


def test_loading_troops_the_base_and_moving_ships_between_fleets() -> None:
    state = empty_board()
    made = fleet(state, 1, 1, "W1", "TR", "TR", "TR", "TR", "KR")
    state.world("W1").troops = stones(state, 1, 5, 4, 3)
    state.bases.append(Base(id=9, owner=1, field="W1"))
    orders: list[Load | Transfer] = [
        Load(line=1, fleet=1, what="troops", values=(5,)),
        Load(line=2, fleet=1, what="base"),
        Transfer(line=3, fleet=1, ships=("KR7",)),
    ]
    load_phase(state, 1, orders)
    assert [s.stone.value if s.stone else None for s in made.ships] == [5, None, None, None]
    assert [s.base_part for s in made.ships] == [False, True, True, True]
    assert made.base is not None and state.base_at("W1") is None
    assert [s.id for s in state.fleet(1, 2).ships] == ["KR7"]  # type: ignore[union-attr]
    assert sorted(s.value for s in state.world("W1").troops) == [3, 4]


def test_a_base_with_jaeger_aboard_does_not_load() -> None:
    state = empty_board()
    fleet(state, 1, 1, "W1", "TR", "TR", "TR")
    state.bases.append(Base(id=9, owner=1, field="W1", fighters=2))
    load_phase(state, 1, [Load(line=4, fleet=1, what="base")])
    assert [n.args for n in state.notes if n.key == "load_refused"] == [["4", "base_not_empty"]]
