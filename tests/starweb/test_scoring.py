"""Scores (Starweb "Die Charaktere", "…auf einen Blick", "Kunstwerke", "Was ist Sache?")."""

from __future__ import annotations

from engine.starweb.orders import EndScoreVote
from engine.starweb.scoring import artifact_points, events, score
from engine.starweb.state import Artifact, Character
from tests.starweb.factory import (
    ALL_CHARACTERS,
    add_artifact,
    make_state,
    make_turn,
    quiet,
    remarks,
    scored_kills,
    setv,
)


def test_empire_builder_4_industries_6_mines_10_people_11_points() -> None:
    state = quiet(make_state(ALL_CHARACTERS, worlds=12))
    setv(state.world(1), owner=1, industry=4, mines=6, population=10, converts=0)
    turn = make_turn(state)
    score(turn)
    assert state.player(1).score == 11 and turn.player_report(1).gained == 11


def test_empire_builder_does_not_count_converts() -> None:
    state = quiet(make_state(ALL_CHARACTERS, worlds=12))
    setv(state.world(1), owner=1, industry=0, mines=0, population=29, converts=10)
    score(make_turn(state))
    assert state.player(1).score == 1


def test_pirate_3_per_key_berserker_5_per_robot_world_apostle_worlds_and_converts() -> None:
    state = quiet(make_state(ALL_CHARACTERS, worlds=12))
    for number in (1, 2, 3):
        state.fleet(number).owner = 3
    setv(state.world(9), owner=5, population=0, robots=7)
    setv(state.world(11), owner=6, population=30, converts=30, convert_owner=6)
    setv(state.world(2), owner=1, population=20, converts=5, convert_owner=6)
    turn = make_turn(state)
    turn.shots_by[6] = 4
    score(turn)
    assert state.player(3).score == 9
    assert state.player(5).score == 5
    # 5 per world + 35 // 10 converts + 5 for the world of converts only - 4 shots
    assert state.player(6).score == 5 + 3 + 5 - 4


def test_kills_berserker_plus_two_others_minus_one_martyrs_and_jihad() -> None:
    state = scored_kills({(5, 1): 10, (1, 2): 3, (2, 6): 4}, {(2, 6): 4})
    assert [state.player(n).score for n in (5, 1, 2, 6)] == [20, -3, -4, 4]
    # under a jihad: no martyrs, free shots (combat counts none at the jihad's target) and
    # 2 per kill of the target
    state = scored_kills({(6, 2): 5, (1, 0): 3}, {(1, 6): 3}, jihad=2, shots={6: 0})
    assert state.player(6).score == 10
    assert state.player(1).score == -3


def _std(number: int, material: str, kind: str) -> Artifact:
    return Artifact(number=number, name=f"{material} {kind}", material=material, kind=kind)


def test_artifact_tables() -> None:
    eb, coll = Character.EMPIRE_BUILDER, Character.COLLECTOR
    assert artifact_points(eb, _std(1, "Platin", "Thron")) == 15
    assert artifact_points(eb, _std(1, "Silber", "Thron")) == 5
    assert artifact_points(eb, _std(1, "Silber", "Degen")) == 0
    assert artifact_points(eb, _std(1, "Plastik", "Thron")) == -10
    assert artifact_points(coll, _std(1, "Plastik", "Obelisk")) == 0
    assert artifact_points(coll, _std(1, "Uralter", "Obelisk")) == 90
    assert artifact_points(coll, _std(1, "Uralter", "Thron")) == 30
    assert artifact_points(coll, _std(1, "Gold", "Thron")) == 15
    specials = {"isotope": (-30, 30), "lesser_evil": (-15, 30), "black_box": (0, 30)}
    specials |= {"venus": (10, 30), "polaris": (20, 30), "nebula": (0, 0)}
    for kind, (other, collector) in specials.items():
        special = Artifact(number=91, name=kind, kind=kind)
        assert (artifact_points(eb, special), artifact_points(coll, special)) == (other, collector)


def test_artifacts_held_on_keys_and_worlds_score_each_turn() -> None:
    state = quiet(make_state())
    setv(state.world(1), owner=1, industry=0, mines=0, population=0)
    state.fleet(1).owner = 1
    add_artifact(state, "Platin Thron", "Platin", "Thron", world=1)
    add_artifact(state, "Plastik Degen", "Plastik", "Degen", fleet=1)
    add_artifact(state, "Schatz der Polaris", kind="polaris", world=2)
    score(make_turn(state))
    assert state.player(1).score == 15 - 10


def test_end_score_is_the_average_vote_missing_votes_count_the_default() -> None:
    state = make_state((Character.EMPIRE_BUILDER, Character.PIRATE, Character.MERCHANT))
    state.turn = 0
    orders = {1: [EndScoreVote(score=2000)], 2: [EndScoreVote(score=20000)]}
    turn = make_turn(state, orders)
    assert events(turn) == []
    assert [p.end_vote for p in state.players] == [2000, 15000, 0]
    assert state.end_score == (2000 + 15000 + 5000) // 3
    assert remarks(turn, 2) == ["end_vote_clamped"]
    later = make_turn(state, {1: [EndScoreVote(score=1000)]})
    events(later)
    assert remarks(later, 1) == ["end_vote_late"] and state.end_score == 7333


def test_game_over_with_bonuses_ranking_and_winners() -> None:
    state = make_state((Character.COLLECTOR, Character.PIRATE, Character.MERCHANT))
    state.end_score = 1000
    setv(state.player(1), score=990)
    setv(state.player(2), score=1000)
    for n in range(1, 11):
        add_artifact(state, f"Smaragd {n}", "Smaragd", "Ring", world=1)
    for n in range(1, 6):
        add_artifact(state, f"Nebula {n}", kind="nebula", fleet=1)
    turn = make_turn(state)
    state.player(3).out = True  # resigned this turn
    found = events(turn)
    assert found[0].kind == "player_out" and found[0].player == 3
    over = found[1]
    assert over.kind == "game_over" and state.over
    # museum 500 + Nebula 1500 (no Uralter or Obelisk in this galaxy: no set bonus)
    assert state.player(1).score == 990 + 500 + 1500
    assert over.data["winners"] == [1]
    ranking = over.data["ranking"]
    assert isinstance(ranking, list) and ranking[0] == {
        "player": 1,
        "code_name": "THRAWN",
        "character": "Kunstsammler",
        "score": 2990,
    }


def test_all_standard_artifacts_of_the_own_category_500() -> None:
    state = make_state((Character.PIRATE, Character.MERCHANT))
    state.end_score = 100
    state.player(1).score = 100
    state.fleet(1).owner = 1
    add_artifact(state, "Silber Degen", "Silber", "Degen", fleet=1)
    add_artifact(state, "Silber Ring", "Silber", "Ring", world=1)
    add_artifact(state, "Plastik Sextant", "Plastik", "Sextant", world=3)
    add_artifact(state, "Gold Sextant", "Gold", "Sextant", world=3)
    events(make_turn(state))
    assert state.player(1).score == 100 + 500
