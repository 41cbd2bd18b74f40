"""The GNP table (4.5) and the end of the game (2, 7.11)."""

from __future__ import annotations

from random import Random

from engine.ashes.gnp import gnp, gnp_table, leaders, ranks
from engine.ashes.state import GnpRow
from engine.ashes.turn import run_turn
from engine.ashes.victory import game_end, gnp_text
from engine.core import NEUTRAL
from engine.dice import Dice
from tests.ashes.helpers import standard


def chance() -> Dice:
    """The dice of every turn here (no vote or count depends on them)."""
    return Dice.legacy(Random(0))


def test_ranks_share_places_on_ties() -> None:
    assert ranks([5, 9, 5, 1]) == [2, 1, 2, 4]
    assert ranks([3, 3, 3]) == [1, 1, 1]


def test_gnp_is_the_average_cut_to_two_decimals() -> None:
    # 4.5: eleven firsts and one third: 14 / 12 = 1,16
    row = GnpRow(player=1, values=[0] * 12, ranks=[1] * 11 + [3], rank_sum=14)
    assert gnp(row).numerator == 7 and gnp(row).denominator == 6
    assert gnp_text(row) == "1.16"


def test_gnp_table_at_the_start() -> None:
    table = gnp_table(standard())
    crab = next(r for r in table if r.player == 2)
    # PL FP OP RP FY TY PDU SP FI TR GIP PP of player 2 (data README)
    assert crab.values == [2, 6, 6, 6, 12, 6, 16, 180, 25, 9, 49, 0]
    assert crab.ranks[:6] == [1] * 6  # everyone is equal there
    assert leaders(table) == [3, 7]  # best GNP (1.58), same number of planets


def test_planet_victory_with_14_planets() -> None:
    state = standard()
    for n in range(17, 29):
        state.planet(n).owner = 4
    end = game_end(state, gnp_table(state))
    assert end == ([4], "planets")


def test_13_planets_must_be_held_for_a_round() -> None:
    state = standard()
    for n in range(17, 28):
        state.planet(n).owner = 4
    assert game_end(state, gnp_table(state)) is None
    assert state.holding == [4]
    assert game_end(state, gnp_table(state)) == ([4], "planets")


def test_rounds_vote_average_and_end_with_the_gnp_leader() -> None:
    state = standard(players=3)
    votes = {1: "Rundenzahl 10", 2: "Rundenzahl 11", 3: "Rundenzahl 13"}
    from grammar.ashes import parse

    state, events = run_turn(state, {p: parse(t).orders for p, t in votes.items()}, chance())
    assert state.rounds == 11  # INT(34 / 3)
    assert [e.kind for e in events] == ["rounds_decided"]
    for _ in range(10):
        state, events = run_turn(state, {1: [], 2: [], 3: []}, chance())
    assert state.finished and state.turn == 11 and state.end_reason == "rounds"
    over = next(e for e in events if e.kind == "game_over")
    assert over.data["winners"] == state.winners and len(over.data["gnp"]) == 3


def test_extension_request_then_vote() -> None:
    from grammar.ashes import parse

    state = standard(players=3)
    state, _ = run_turn(state, {1: parse("Rundenzahl 10").orders, 2: [], 3: []}, chance())
    assert state.rounds == 10
    state, _ = run_turn(state, {1: parse("Verlängerung 4").orders, 2: [], 3: []}, chance())
    assert state.extension_vote
    given = {1: "Verlängerung 4", 2: "Verlängerung 3", 3: "Verlängerung 0"}
    state, events = run_turn(state, {p: parse(t).orders for p, t in given.items()}, chance())
    assert state.rounds == 13  # majority above 0, INT((4 + 3) / 2) = 3
    assert [e.data["accepted"] for e in events if e.kind == "extension"] == [True]


def test_a_player_without_planets_and_tr_is_out_and_the_last_one_wins() -> None:
    state = standard(players=2)
    for planet in state.owned(1):
        planet.owner = NEUTRAL
    for fleet in state.fleets:
        if fleet.owner == 1:
            fleet.tr = 0
    state, events = run_turn(state, {1: [], 2: []}, chance())
    assert [e.kind for e in events][:1] == ["player_out"]
    assert state.player(1).out and state.finished
    assert state.winners == [2] and state.end_reason == "last_player"


def test_majority_vote_to_end_once_a_player_is_out() -> None:
    from grammar.ashes import parse

    state = standard(players=4)
    state, _ = run_turn(state, {1: parse("Rücktritt").orders, 2: [], 3: [], 4: []}, chance())
    assert state.player(1).out and not state.finished
    assert all(p.owner != 1 for p in state.planets)
    yes = parse("Abbruch ja").orders
    state, _ = run_turn(state, {2: yes, 3: yes, 4: []}, chance())
    assert state.finished and state.end_reason == "vote"


def test_nmr_twice_takes_a_player_out() -> None:
    state = standard(players=3)
    state, _ = run_turn(state, {1: [], 2: []}, chance())
    assert state.player(3).nmr == 1 and not state.player(3).out
    assert any(n.kind == "nmr" and n.player == 3 for n in state.report.news)
    state, events = run_turn(state, {1: [], 2: []}, chance())
    assert state.player(3).out
    assert any(e.kind == "player_out" and e.player == 3 for e in events)
