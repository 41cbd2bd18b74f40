"""Legacy dice draw exactly what the engines drew from the turn's ``random.Random`` before
sealed dice: call for call, and over whole games of the bots, so every stored turn replays
byte for byte."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import State, turn_dice
from engine.dice import PRIVATE, Dice
from tests.dice.games import fingerprint, play, starweb_readings_before
from tests.lanes import examples

# (call, n): a call the engines made on the Random before (randint(0, n - 1), randrange(n),
# randrange(1, n + 1), choice of n items), each answered by its dice call below.
CALLS = st.lists(
    st.tuples(
        st.sampled_from(["randint0", "randrange", "randrange1", "choice"]), st.integers(1, 300)
    ),
    max_size=60,
)


def _old(rng: Random, call: str, n: int) -> object:
    if call == "randint0":
        return rng.randint(0, n - 1)
    if call == "randrange":
        return rng.randrange(n)
    if call == "randrange1":
        return rng.randrange(1, n + 1)
    return rng.choice([f"item {i}" for i in range(n)])


def _new(dice: Dice, call: str, n: int) -> object:
    if call == "randint0":
        return dice.below("revolt", n, seen_by=PRIVATE)
    if call == "randrange":
        return dice.below("sortie", n, seen_by=PRIVATE)
    if call == "randrange1":
        return 1 + dice.below("target", n, seen_by=PRIVATE)
    return dice.choose("tie", [f"item {i}" for i in range(n)], seen_by=PRIVATE)


@settings(max_examples=examples(300), deadline=None)
@given(seed=st.integers(0, 2**64 - 1), calls=CALLS)
def test_legacy_dice_answer_each_call_as_the_random_did(
    seed: int, calls: list[tuple[str, int]]
) -> None:
    old, new = Random(seed), Random(seed)
    dice = Dice.legacy(new)
    assert [_old(old, c, n) for c, n in calls] == [_new(dice, c, n) for c, n in calls]
    assert old.getstate() == new.getstate()  # the generator is left where it was


# Fingerprints (tests/dice/games.py) of the last state of bots' games, computed with the
# engines at b5d7a03, which drew from turn_rng(seed, turn) directly: with legacy dice the
# same games end in the same states, revolts, research, sorties, conversions, deaths,
# growth and the Black Box included.
BEFORE_DICE = {
    ("ashes", 0, 8): (30, "b7d87fb9775f69c9bfbe830d00233ec8ed53d18bafa956e2a4d35b56c0c47200"),
    ("ashes", 1, 8): (30, "85d19cfb355812f3ba5a8001d255a357be8c8745cecf9342a9481b3af5736b56"),
    ("starweb", 1, 6): (27, "35a20d7e08686a2f0d5e482f02894a4dae821933b6d7661fcb70e0afaf89521a"),
    ("starweb", 3, 6): (30, "49cc32a94bcfe4678d519846f7fb73a60e988d13762e2887829d7b0491208829"),
}


def _legacy(state: State, texts: dict[int, str]) -> Dice:
    return turn_dice(state.seed, state.turn + 1)


@pytest.mark.parametrize(("kind", "seed", "players"), sorted(BEFORE_DICE))
def test_legacy_dice_replay_the_games_played_before_sealed_dice(
    kind: str, seed: int, players: int
) -> None:
    # Those Starweb games were played with the English readings their states keep (the
    # options added since, at their stored_before values, are left out of the JSON).
    options = starweb_readings_before() if kind == "starweb" else None
    turns = list(play(kind, seed, players, 30, dice=_legacy, options=options))
    last = turns[-1].result.state
    assert (last.turn, fingerprint(last)) == BEFORE_DICE[(kind, seed, players)]
    assert all(not r.check and not r.forced for t in turns for r in t.result.rolls)
