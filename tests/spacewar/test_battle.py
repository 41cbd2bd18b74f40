"""P5/P6: the space battle on one axis (Spacewar §5-5.5, §10.1; decisions 1, 13, 14,
17-21, 30, 31)."""

from __future__ import annotations

from engine.spacewar.battle import (
    Battle,
    Unit,
    _groups,
    _hit,
    battle_phase,
    declare,
    fight,
    initiative,
)
from engine.spacewar.state import Standing
from tests.spacewar.factory import empty_board, fleet, forced


def fire_notes(state: object) -> list[list[str]]:
    return [n.args for n in state.notes if n.key == "fire"]  # type: ignore[attr-defined]


def test_a_cruiser_closes_in_and_both_sides_fire_simultaneously() -> None:
    state = empty_board()
    kr = fleet(state, 1, 1, "R2", "KR")
    trs = fleet(state, 2, 1, "R2", "TR", "TR")
    # initiative 3+1 : 2; round 4 (range 12): missiles 8 vs shield 1 need 3; round 5
    # (range 6): lasers 6 need 5, missiles need 3; the last transporter's laser needs 20.
    dice = forced([(None, 3), (None, 2), (None, 3), (None, 5), (None, 2), (None, 20)])
    fight(state, "R2", 1, dice)
    shots = fire_notes(state)
    assert [(s[1], s[2], s[4], s[5], s[6], s[7]) for s in shots] == [
        ("4", "KR7/1", "R8", "3", "3", "hit"),
        ("5", "KR7/1", "L6", "5", "5", "hit"),
        ("5", "KR7/1", "R8", "3", "2", "miss"),
        ("5", "TR6/2", "L1", "20", "20", "hit"),
    ]
    # A transporter's single missile cannot hurt a shield 4 ("---").
    assert any(n.key == "fire_none" for n in state.notes)
    # Hit units still fire back ("können ... zurück feuern"): both sides are gone.
    assert not kr.ships and not trs.ships
    assert state.fleets == []
    assert [n.args[2] for n in state.notes if n.key == "battle_end"] == ["none"]


def test_initiative_gives_the_attacker_one_and_rolls_ties_again() -> None:
    state = empty_board()
    battle = Battle("R1", attacker=2)
    dice = forced([("init R1 P2", 3), ("init R1 P1", 4), ("init R1 P2", 1), ("init R1 P1", 6)])
    assert initiative(state, battle, dice) == 1
    assert [n.args[2:] for n in state.notes if n.key == "initiative"] == [["4", "4"], ["2", "6"]]


def test_the_first_declarer_attacks_if_his_orders_say_so_else_the_other() -> None:
    state = empty_board()
    fleet(state, 1, 1, "R1", "KR", "KR")
    fleet(state, 2, 1, "R1", "KR", "KR")
    fleet(state, 1, 2, "R3", "KR", "KR")
    fleet(state, 2, 2, "R3", "KR", "KR")
    state.player(2).standing.no_attack = ["R1"]
    state.player(1).standing.no_attack = ["R1", "R3"]
    assert declare(state, 2, set()) == [("R3", 2)]
    assert [n.args for n in state.notes if n.key == "no_battle"] == [["R1"]]


def test_attack_only_if_scouted_needs_a_success_and_the_stronger_side() -> None:
    state = empty_board()
    fleet(state, 1, 1, "R1", "KR", "KR")
    fleet(state, 2, 1, "R1", "KR")
    state.player(1).standing.scout_attack = ["*"]
    state.player(2).standing.no_attack = ["*"]
    assert declare(state, 1, set()) == []
    assert declare(state, 1, {(1, "R1")}) == [("R1", 1)]


def test_splitters_fire_groups_of_at_most_nine_and_a_base_splits_its_missiles() -> None:
    state = empty_board()
    base = Unit(1, "BA", "BA1")
    assert _groups(state, base, Standing()) == [("L", 8), ("R", 9), ("R", 3)]
    state.options.base_splits = False
    assert _groups(state, base, Standing()) == [("L", 8), ("R", 9)]


def test_split_orders_cut_a_weapon_into_groups_the_ship_before_its_type() -> None:
    state = empty_board()
    cruiser = Unit(1, "KR", "KR1/1")
    standing = Standing(splits=["KR1:R:4,4", "KR:L:3,3", "KR:R:2,6"])
    assert _groups(state, cruiser, standing) == [("L", 3), ("L", 3), ("R", 4), ("R", 4)]
    other = Unit(1, "KR", "KR2/1")
    assert _groups(state, other, standing) == [("L", 3), ("L", 3), ("R", 2), ("R", 6)]
    # a penalty that leaves fewer missiles than the groups ignores the split
    other.penalty = "red"
    assert _groups(state, other, standing) == [("R", 4)]


def test_split_groups_are_aimed_at_different_targets() -> None:
    state = empty_board()
    fleet(state, 1, 1, "R3", "KR")
    fleet(state, 2, 1, "R3", "TR", "TR")
    state.player(1).standing.splits = ["KR7:R:4,4"]
    # initiative; round 4: the two missile groups (row 4 vs shield 1: 10) at two targets
    fight(state, "R3", 1, forced([(None, 6), (None, 1), (None, 10), (None, 10)] + [(None, 1)] * 20))
    first = [s for s in fire_notes(state) if s[1] == "4" and s[2] == "KR7/1"]
    assert [(s[3], s[4], s[5]) for s in first] == [("TR5/2", "R4", "10"), ("TR6/2", "R4", "10")]


def test_a_jaeger_fires_one_missile_or_both_with_the_double_shot() -> None:
    state = empty_board()
    jaeger = Unit(1, "JG", "JG-1", missiles=2)
    assert _groups(state, jaeger, Standing()) == [("L", 1), ("R", 1)]
    assert _groups(state, jaeger, Standing(double_shot=True)) == [("L", 1), ("R", 2)]
    jaeger.missiles = 0
    assert _groups(state, jaeger, Standing(double_shot=True)) == [("L", 1)]


def test_damaged_units_fire_less_from_the_next_round() -> None:
    state = empty_board()
    cruiser = Unit(1, "KR", "KR1", penalty="orange")
    assert _groups(state, cruiser, Standing()) == [("R", 8)]  # lasers or missiles
    cruiser.penalty = "red"
    assert _groups(state, cruiser, Standing()) == [("R", 4)]  # half the missiles, no lasers


def test_a_fleet_jumps_out_on_five_after_its_loss_rule() -> None:
    state = empty_board()
    fleet(state, 1, 1, "R2", "KR", "KR")
    runner = fleet(state, 2, 1, "R2", "TR", "TR")
    state.player(2).standing.jumps = ["1:loss:50"]
    # initiative; round 4: both cruisers hit TR; after that the fleet lost 50% -> jump 5.
    dice = forced([(None, 6), (None, 1), (None, 20), (None, 1), ("jump R2 P2 F1", 5)])
    fight(state, "R2", 1, dice)
    assert runner.where == "H2" and len(runner.ships) == 1
    assert [n.args[-1] for n in state.notes if n.key == "emergency"] == ["hit"]


def test_jaeger_launch_fight_and_dock_again_after_the_battle() -> None:
    state = empty_board()
    carrier = fleet(state, 1, 1, "R4", "ST", "KR", fighters=8)
    target = fleet(state, 2, 1, "R4", "TR", "TR")
    battle_phase(state, 1, set(), forced([(None, 6), (None, 1)] + [(None, 20)] * 40))
    assert not target.ships
    lost = [n for n in state.notes if n.key == "destroyed" and n.args[1].startswith("JG-")]
    # The survivors dock again on their carrier; nobody is left without one.
    assert carrier.ships[0].fighters == 8 - len(lost) > 0
    assert not state.stranded
    assert any(s[2].startswith("JG-") for s in fire_notes(state))


def test_multiple_hits_roll_damage_and_markers_raise_later_rolls() -> None:
    state = empty_board(multiple_hits=True)
    battle = Battle("R1", attacker=1)
    victim = Unit(2, "KR", "KR1/2")
    dice = forced([("dmg R1 KR1/2", 2), ("dmg R1 KR1/2", 6), ("dmg R1 KR1/2", 5)])
    _hit(state, battle, victim, dice)
    assert victim.marker == "yellow" and not victim.hit
    _hit(state, battle, victim, dice)  # 6 + 1 for yellow: critical
    assert victim.marker == "red" and not victim.hit
    _hit(state, battle, victim, dice)  # 5 + 3 for red: catastrophic
    assert victim.hit


def test_a_jaegers_second_hit_destroys_it_whatever_the_roll() -> None:
    state = empty_board(multiple_hits=True)
    battle = Battle("R1", attacker=1)
    jaeger = Unit(2, "JG", "JG-1/2")
    _hit(state, battle, jaeger, forced([(None, 1)]))
    assert not jaeger.hit and jaeger.marker == ""  # a graze
    _hit(state, battle, jaeger, forced([]))
    assert jaeger.hit


def test_a_hit_destroys_without_the_option() -> None:
    state = empty_board()
    victim = Unit(2, "ST", "ST1/2")
    _hit(state, Battle("R1", attacker=1), victim, forced([]))
    assert victim.hit
