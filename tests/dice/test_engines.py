"""Sealing, evaluating and verifying agree for random games of every kind (hypothesis):
each turn's log checks in full and, seat by seat, in the part the seat may see; the same
seed and submissions give the same log and state byte for byte; the log's values forced
give the same turn; and no roll is shown to a seat whose printout hides what it is about.
"""

from __future__ import annotations

import dataclasses
import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ashes.state import AshesState
from engine.core import State
from engine.dice import PRIVATE, Dice, Reveal, check_reveal, seal, submission_digest
from engine.starweb.state import StarwebState
from tests.dice.games import KINDS, Played, active, parsed, play, secret
from tests.lanes import examples

GAMES = {"ashes": (8, 12), "starweb": (5, 12), "ashes-board": (4, 12), "spacewar": (2, 12)}
"""Per kind: seats and turns of a game."""


def reveal(turn: Played, seat: int = 0) -> Reveal:
    """The reveal of ``turn`` as seat ``seat`` reads it (0: every roll, the game's end)."""
    state = turn.before
    number = state.turn + 1
    digests = {
        s: submission_digest(turn.texts[s]) if s in turn.texts else None for s in active(state)
    }
    key = secret(state.seed, number)
    rolls = tuple(r for r in turn.result.rolls if r.visible_to(seat))
    return Reveal(state.game, number, 0, seal(key), key, digests, rolls, turn.seed)


def canonical(state: State) -> str:
    """The state's JSON as the host stores it, keys sorted."""
    return json.dumps(state.to_json(), sort_keys=True, ensure_ascii=False)


@pytest.mark.parametrize("kind", sorted(GAMES))
@settings(max_examples=examples(4), deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_turns_dice_check_in_full_and_per_seat(kind: str, seed: int) -> None:
    players, turns = GAMES[kind]
    rolled = 0
    for turn in play(kind, seed, players, turns):
        rolled += len(turn.result.rolls)
        full = check_reveal(reveal(turn))
        assert full.ok, full.message("en")
        assert full.message("en") == f"all {len(turn.result.rolls)} rolls check"
        for seat in active(turn.before):
            mine = check_reveal(reveal(turn, seat))
            assert mine.ok, (seat, mine.message("en"))
    assert rolled > 0


@pytest.mark.parametrize("kind", sorted(GAMES))
@settings(max_examples=examples(3), deadline=None)
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10**6))
def test_a_turn_replays_byte_for_byte_and_with_its_rolls_forced(
    kind: str, seed: int, pick: int
) -> None:
    players, turns = GAMES[kind]
    engine = KINDS[kind].engine
    for turn in play(kind, seed, players, turns):
        orders = parsed(kind, turn.texts)
        again = engine.run_turn(turn.before, orders, Dice.sealed(turn.seed))
        assert again.rolls == turn.result.rolls
        assert canonical(again.state) == canonical(turn.result.state)
        # A table that rolled the same values by hand gets the same turn.
        table = Dice.forced([(r.label, r.value) for r in turn.result.rolls])
        by_hand = engine.run_turn(turn.before, orders, table)
        assert canonical(by_hand.state) == canonical(turn.result.state)
        assert all(r.forced for r in by_hand.rolls)
        if turn.result.rolls:
            # One revealed value changed: the check names that roll.
            n = pick % len(turn.result.rolls)
            rolls = list(turn.result.rolls)
            rolls[n] = dataclasses.replace(rolls[n], value=rolls[n].value % rolls[n].sides + 1)
            if rolls[n].sides > 1:
                verdict = check_reveal(dataclasses.replace(reveal(turn), rolls=tuple(rolls)))
                assert verdict.bad is not None and verdict.rolls == n


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_all_rolls_of_a_label_are_seen_by_the_same_seats(kind: str) -> None:
    # So a seat sees every roll of a label or none: its part checks without gaps.
    players, turns = GAMES[kind]
    for seed in range(3):
        for turn in play(kind, seed, players, turns):
            seen: dict[str, object] = {}
            for roll in turn.result.rolls:
                assert seen.setdefault(roll.label, roll.seen_by) == roll.seen_by, roll


def _starweb_world(label: str) -> int | None:
    found = re.search(r"\bW(\d+)\b", label)
    return int(found.group(1)) if found else None


def test_a_starweb_roll_about_a_world_is_seen_only_by_who_sees_the_world_before_and_after() -> None:
    # Starweb "Der Printout": a seat sees a world's dice only if its last printout and
    # this one both show the world (engine.starweb.context.Turn.witnesses).
    shown = 0
    for seed in range(4):
        for turn in play("starweb", seed, 6, 20):
            before, after = turn.before, turn.result.state
            assert isinstance(before, StarwebState) and isinstance(after, StarwebState)
            seen_after = {r.player: set(r.seen) for r in after.report.players}
            seen_before = {r.player: set(r.seen) for r in before.report.players}
            for roll in turn.result.rolls:
                world = _starweb_world(roll.label)
                if roll.label.startswith(("black hole", "black box")):
                    assert roll.seen_by == PRIVATE
                    continue
                assert world is not None and isinstance(roll.seen_by, frozenset)
                for seat in roll.seen_by - {p.number for p in after.players if p.out}:
                    shown += 1
                    assert world in seen_after[seat], (roll, seat)
                    if before.turn > 0:
                        assert world in seen_before[seat], (roll, seat)
    assert shown > 0


def test_an_ashes_roll_is_seen_by_the_owner_or_researcher_it_concerns_or_by_nobody() -> None:
    kinds_seen: set[str] = set()
    for seed in range(3):
        for turn in play("ashes", seed, 8, 30):
            before = turn.before
            assert isinstance(before, AshesState)
            for roll in turn.result.rolls:
                words = roll.label.split()
                kinds_seen.add(words[0])
                if words[0] == "revolt":
                    owner = before.planet(int(words[1][1:])).owner
                    assert roll.seen_by == frozenset({owner}), roll
                elif words[0] == "research":
                    assert roll.seen_by == frozenset({int(words[2])}), roll
                else:
                    assert words[0] in ("sortie", "landing") and roll.seen_by == PRIVATE, roll
    assert kinds_seen == {"revolt", "research", "sortie"}
