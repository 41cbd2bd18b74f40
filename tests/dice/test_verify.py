"""Checking a reveal as a player does: the seal, the seed, every roll; one changed byte
anywhere is found, and a changed roll is named."""

from __future__ import annotations

import dataclasses
import json
import string
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice import (
    EVERYBODY,
    SCHEME,
    Dice,
    DiceError,
    Reveal,
    Roll,
    check_reveal,
    verify,
)
from tests.dice.test_draws import DIGEST_1, SEAL, SECRET, SEED
from tests.lanes import examples

LABELS = ("fire KR1→ST2", "landing W3", "G2 spy", "revolt P12", "growth W7")
ROLLS = st.lists(st.tuples(st.sampled_from(LABELS), st.integers(1, 120)), min_size=1, max_size=25)


def reveal_of(draws: list[tuple[str, int]]) -> Reveal:
    """The reveal of the worked example's turn with ``draws`` (label, sides) rolled."""
    dice = Dice.sealed(SEED)
    for label, sides in draws:
        dice.roll(label, sides, seen_by=EVERYBODY)
    return Reveal(301, 5, 0, SEAL, SECRET, {1: DIGEST_1, 2: None}, dice.log, SEED)


def test_a_true_reveal_checks_and_says_how_many_rolls() -> None:
    verdict = check_reveal(reveal_of([("fire", 6)] * 214))
    assert verdict.ok and verdict.rolls == 214 and verdict.bad is None
    assert verdict.message("en") == "all 214 rolls check"
    assert verdict.message("de") == "alle 214 Würfe stimmen"
    assert check_reveal(reveal_of([("fire", 6)])).message("en") == "the one roll checks"


def test_a_secret_that_does_not_match_the_seal_is_named() -> None:
    other = "0" * 32
    verdict = check_reveal(dataclasses.replace(reveal_of([("fire", 6)]), secret=other))
    assert not verdict.ok and "the secret does not match the seal" in verdict.message("en")
    assert "Das Geheimnis passt nicht zum Siegel" in verdict.message("de")


def test_a_seed_that_is_not_the_secrets_and_submissions_is_named() -> None:
    reveal = reveal_of([("fire", 6)])
    verdict = check_reveal(dataclasses.replace(reveal, digests={1: None, 2: None}))
    assert not verdict.ok and f"the seed given, {SEED}, is not the seed" in verdict.message("en")


def test_without_the_seed_given_the_rolls_are_checked_from_the_recomputed_one() -> None:
    reveal = dataclasses.replace(reveal_of([("fire", 6), ("fire", 6)]), seed="")
    assert check_reveal(reveal).ok
    wrong = dataclasses.replace(reveal, digests={1: None, 2: None})
    assert check_reveal(wrong).bad is not None


def test_a_malformed_secret_is_reported_not_raised() -> None:
    verdict = check_reveal(dataclasses.replace(reveal_of([("fire", 6)]), secret="xyz"))
    assert not verdict.ok and verdict.message("en").startswith("the reveal is malformed")


def test_a_missing_roll_of_a_label_is_found_at_the_next_one() -> None:
    reveal = reveal_of([("fire", 6), ("fire", 6), ("fire", 6)])
    gap = dataclasses.replace(reveal, rolls=(reveal.rolls[0], reveal.rolls[2]))
    verdict = check_reveal(gap)
    assert verdict.bad is not None and verdict.bad.reason == "index" and verdict.rolls == 1
    assert verdict.message("en").startswith('roll "fire" #2 d6')
    assert "index 2, expected 1" in verdict.message("en")


def test_a_forced_roll_does_not_check() -> None:
    reveal = reveal_of([("fire", 6)])
    forced = dataclasses.replace(reveal.rolls[0], forced=True)
    bad = verify(SEED, [forced])
    assert bad is not None and bad.reason == "forced"
    assert bad.message("en") == f"roll {forced.describe()} was forced, not drawn from the seed"


def _changed(text: str, position: int, alphabet: str, pick: int) -> str:
    choices = [c for c in alphabet if c != text[position]]
    return text[:position] + choices[pick % len(choices)] + text[position + 1 :]


ALPHABETS = {
    "label": string.ascii_letters + string.digits + " →",
    "index": string.digits,
    "sides": string.digits,
    "value": string.digits,
    "check": string.hexdigits.lower(),
}


@settings(max_examples=examples(400), deadline=None)
@given(
    draws=ROLLS,
    which=st.integers(0, 10**6),
    item=st.sampled_from(sorted(ALPHABETS)),
    position=st.integers(0, 10**6),
    pick=st.integers(0, 100),
)
def test_one_changed_byte_of_a_roll_fails_and_names_that_roll(
    draws: list[tuple[str, int]], which: int, item: str, position: int, pick: int
) -> None:
    reveal = reveal_of(draws)
    n = which % len(reveal.rolls)
    roll = reveal.rolls[n]
    text = str(getattr(roll, item))
    new = _changed(text, position % len(text), ALPHABETS[item], pick)
    value: Any = new if item in ("label", "check") else int(new)
    changed = dataclasses.replace(roll, **{item: value})
    rolls = (*reveal.rolls[:n], changed, *reveal.rolls[n + 1 :])
    verdict = check_reveal(dataclasses.replace(reveal, rolls=rolls))
    assert not verdict.ok and verdict.bad is not None
    assert verdict.rolls == n and verdict.bad.roll == changed
    assert verdict.message("en").startswith(f'roll "{changed.label}" #{changed.index}')


@settings(max_examples=examples(200), deadline=None)
@given(
    item=st.sampled_from(["secret", "seal", "digest", "seed"]),
    position=st.integers(0, 63),
    pick=st.integers(0, 100),
)
def test_one_changed_hex_digit_of_the_turns_items_fails(
    item: str, position: int, pick: int
) -> None:
    reveal = reveal_of([("fire", 2)])
    hexdigits = string.hexdigits.lower()
    if item == "digest":
        changed = dataclasses.replace(
            reveal, digests={1: _changed(DIGEST_1, position, hexdigits, pick), 2: None}
        )
    else:
        text = getattr(reveal, item)
        value: Any = _changed(text, position % len(text), hexdigits, pick)
        changed = dataclasses.replace(reveal, **{item: value})
    verdict = check_reveal(changed)
    assert not verdict.ok and verdict.bad is None and verdict.rolls == 0


def test_a_reveal_round_trips_through_its_json() -> None:
    reveal = reveal_of([("fire", 6), ("G2 spy", 20)])
    data = json.loads(json.dumps(reveal.to_json()))
    assert data["scheme"] == SCHEME
    assert data["submissions"] == [{"seat": 1, "digest": DIGEST_1}, {"seat": 2, "digest": None}]
    assert Reveal.from_json(data) == reveal


def test_a_reveal_of_another_scheme_or_without_its_items_is_refused() -> None:
    data = reveal_of([("fire", 6)]).to_json()
    with pytest.raises(DiceError, match="not a reveal of 'pbem-dice v1'"):
        Reveal.from_json({**data, "scheme": "pbem-dice v0"})
    del data["secret"]
    with pytest.raises(DiceError, match="lacks or misspells 'secret'"):
        Reveal.from_json(data)


def test_a_players_own_rolls_check_without_the_others() -> None:
    dice = Dice.sealed(SEED)
    for n in range(30):
        seat = n % 3 + 1
        dice.roll(f"growth W{seat}", 10, seen_by=frozenset({seat}))
    for seat in range(4):
        mine = tuple(r for r in dice.log if r.visible_to(seat))
        assert len(mine) == (30 if seat == 0 else 10)
        reveal = Reveal(301, 5, 0, SEAL, SECRET, {1: DIGEST_1, 2: None}, mine, SEED)
        assert check_reveal(reveal).ok


def test_a_changed_value_names_what_the_seed_gives() -> None:
    roll = reveal_of([("revolt P12", 4)]).rolls[0]
    bad = verify(SEED, [dataclasses.replace(roll, value=roll.value % 4 + 1)])
    assert bad is not None and bad.expected == roll.value
    assert bad.message("de").endswith(f"der Startwert ergibt {roll.value}")


def test_a_roll_checked_alone_needs_only_the_seed_and_its_own_items() -> None:
    roll = Roll("fire", 0, 6, 6, EVERYBODY, "4acdd6cb")
    assert verify(SEED, [roll]) is None
