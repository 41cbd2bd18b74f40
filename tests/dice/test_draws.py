"""The sealed dice's formulas against values computed by hand with ``sha256sum``, and the
drawing rules of :class:`engine.dice.Dice`: one counter per label, named draws, forced
values, what a label and a die may be."""

from __future__ import annotations

import dataclasses
import json
import textwrap
from collections import Counter
from pathlib import Path

import pytest

from engine.dice import (
    EVERYBODY,
    PRIVATE,
    Dice,
    DiceError,
    Reveal,
    Roll,
    check_reveal,
    dice_seed,
    draw_hash,
    face,
    seal,
    seed_text,
    submission_digest,
)

# Computed in a shell (docs/dice.md, "A worked example"):
#   printf '%s' 'worked example' | sha256sum | cut -c1-32
SECRET = "650cb459f95efd8c4c65800175f814b1"
#   printf '%s' 650cb459f95efd8c4c65800175f814b1 | sha256sum
SEAL = "ccf3d568cad86502c3b09a8769d5e71645b6a54db776f707eaeea1c3268fd610"
#   printf '%s' 'orders of seat 1' | sha256sum
DIGEST_1 = "f1b166f2c041781f44b942ec2bd757578a2cb6d57705b9f03fecb983e03a00f0"
SEED_TEXT = (
    f"pbem-dice v1\ngame 301 turn 5 step 0\nsecret {SECRET}\nseat 1 {DIGEST_1}\nseat 2 nmr\n"
)
#   sha256sum of that text in a file
SEED = "9e9fa4701b87b0cb4b4bad926fdd80baa38aa0ddb6ee047bbbb0baaadc3c2ef9"
#   printf '%s' "$SEED:0:6:fire" | sha256sum  ->  4acdd6cb…e51b, 1 + that % 6 = 6
#   printf '%s' "$SEED:1:6:fire" | sha256sum  ->  0b979c92…5c9c, 1 + that % 6 = 5
#   printf '%s' "$SEED:0:2:research seat 1 FM" | sha256sum  ->  f755cc93…6585, 1 + % 2 = 2
FIRE_0_HASH = "4acdd6cb7503fbc49075efb959ca233c16f90067914f04534e09cfeb7c5be51b"


def test_the_seal_is_the_sha256_of_the_secrets_hex_text() -> None:
    assert seal(SECRET) == SEAL


def test_a_submissions_digest_is_the_sha256_of_its_text() -> None:
    assert submission_digest("orders of seat 1") == DIGEST_1


def test_the_seed_text_lists_scheme_turn_secret_and_seats_in_seat_order() -> None:
    digests: dict[int, str | None] = {2: None, 1: DIGEST_1}
    assert seed_text(301, 5, 0, SECRET, digests) == SEED_TEXT
    assert dice_seed(301, 5, 0, SECRET, digests) == SEED


def test_a_roll_is_one_plus_the_hash_of_seed_index_sides_label_modulo_sides() -> None:
    assert draw_hash(SEED, "fire", 0, 6) == FIRE_0_HASH
    assert face(FIRE_0_HASH, 6) == 1 + int(FIRE_0_HASH, 16) % 6 == 6
    assert face(draw_hash(SEED, "fire", 1, 6), 6) == 5
    assert face(draw_hash(SEED, "research seat 1 FM", 0, 2), 2) == 2


def test_sealed_dice_count_each_label_on_its_own_and_log_every_roll() -> None:
    dice = Dice.sealed(SEED)
    values = [
        dice.roll("fire", 6, seen_by=EVERYBODY),
        dice.roll("research seat 1 FM", 2, seen_by=frozenset({1})),
        dice.roll("fire", 6, seen_by=EVERYBODY),
    ]
    assert values == [6, 2, 5]
    assert [(r.label, r.index, r.value) for r in dice.log] == [
        ("fire", 0, 6),
        ("research seat 1 FM", 0, 2),
        ("fire", 1, 5),
    ]
    assert dice.log[0].check == FIRE_0_HASH[:8] and not dice.log[0].forced
    assert dice.seed == SEED


def test_another_roll_between_does_not_change_a_labels_values() -> None:
    alone, mixed = Dice.sealed(SEED), Dice.sealed(SEED)
    first = [alone.roll("fire", 6, seen_by=PRIVATE) for _ in range(5)]
    second = []
    for n in range(5):
        mixed.roll(f"other {n}", 20, seen_by=PRIVATE)
        second.append(mixed.roll("fire", 6, seen_by=PRIVATE))
    assert first == second


def test_below_and_choose_are_a_roll_less_one_and_the_rolls_item() -> None:
    dice = Dice.sealed(SEED)
    assert dice.below("fire", 6, seen_by=PRIVATE) == 5
    assert dice.choose("fire", "abcdef", seen_by=PRIVATE) == "e"  # roll #1 is 5
    with pytest.raises(DiceError, match="chooses from nothing"):
        dice.choose("empty", [], seen_by=PRIVATE)


def test_the_faces_of_sealed_dice_come_up_about_equally_often() -> None:
    dice = Dice.sealed(SEED)
    faces = Counter(dice.roll("d6", 6, seen_by=PRIVATE) for _ in range(6000))
    assert set(faces) == {1, 2, 3, 4, 5, 6}
    assert all(850 < n < 1150 for n in faces.values()), faces


def test_a_named_draw_is_the_same_whenever_it_comes() -> None:
    early, late = Dice.sealed(SEED), Dice.sealed(SEED)
    a = early.named("G2 spy", 10, seen_by=PRIVATE)
    for n in range(7):
        late.roll(f"ruling {n}", 6, seen_by=PRIVATE)
    assert (
        late.named("G2 spy", 10, seen_by=PRIVATE) == a == face(draw_hash(SEED, "G2 spy", 0, 10), 10)
    )


def test_a_named_label_is_drawn_once_only() -> None:
    dice = Dice.sealed(SEED)
    dice.named("G2 spy", 10, seen_by=PRIVATE)
    with pytest.raises(DiceError, match='"G2 spy" is a named draw'):
        dice.roll("G2 spy", 10, seen_by=PRIVATE)
    with pytest.raises(DiceError, match="rolled before"):
        dice.named("G2 spy", 10, seen_by=PRIVATE)
    dice.roll("fire", 6, seen_by=PRIVATE)
    with pytest.raises(DiceError, match='named roll "fire"'):
        dice.named("fire", 6, seen_by=PRIVATE)


@pytest.mark.parametrize("label", ["", " fire", "fire\nW3", "fire\t"])
def test_a_label_is_printable_text_on_one_line(label: str) -> None:
    with pytest.raises(DiceError, match="label"):
        Dice.sealed(SEED).roll(label, 6, seen_by=PRIVATE)


def test_a_die_has_at_least_one_side() -> None:
    dice = Dice.sealed(SEED)
    assert dice.roll("sure", 1, seen_by=PRIVATE) == 1
    with pytest.raises(DiceError, match='"none" has 0 sides'):
        dice.roll("none", 0, seen_by=PRIVATE)


@pytest.mark.parametrize(
    "secret", ["650cb459f95efd8c4c65800175f814b", "650CB459F95EFD8C4C65800175F814B1", "x" * 32]
)
def test_a_secret_is_at_least_128_bits_of_lowercase_hex(secret: str) -> None:
    with pytest.raises(DiceError, match="at least 32 lowercase hex digits"):
        seal(secret)


def test_a_seat_digest_must_be_a_sha256() -> None:
    with pytest.raises(DiceError, match="seat 3"):
        seed_text(1, 1, 0, SECRET, {3: "abc"})
    with pytest.raises(DiceError, match="a seed is a SHA-256"):
        Dice.sealed("abc")


def test_forced_dice_give_their_values_in_draw_order_and_mark_them() -> None:
    dice = Dice.forced([("fire", 3), (None, 2)])
    assert dice.roll("fire", 6, seen_by=EVERYBODY) == 3
    assert dice.below("landing P5", 2, seen_by=PRIVATE) == 1
    assert all(r.forced and r.check == "" for r in dice.log)
    assert dice.seed is None


def test_a_forced_value_for_another_label_is_refused_naming_both() -> None:
    dice = Dice.forced([("fire", 3)])
    with pytest.raises(DiceError, match='forced roll 1 is for "fire", but the turn rolls "revolt'):
        dice.roll("revolt P12", 4, seen_by=PRIVATE)


def test_a_forced_value_outside_the_die_is_refused() -> None:
    dice = Dice.forced([(None, 1), ("fire", 7)])
    dice.roll("fire", 6, seen_by=PRIVATE)
    with pytest.raises(DiceError, match=r'forced roll 2 \("fire"\) is 7, not 1..6'):
        dice.roll("fire", 6, seen_by=PRIVATE)


def test_a_roll_beyond_the_forced_values_is_refused() -> None:
    dice = Dice.forced([(None, 1)])
    dice.roll("fire", 6, seen_by=PRIVATE)
    with pytest.raises(DiceError, match=r'roll 2 \("fire" #1, d6\) has no forced value'):
        dice.roll("fire", 6, seen_by=PRIVATE)


def test_who_sees_a_roll() -> None:
    mine = Roll("revolt P12", 0, 4, 2, frozenset({3}))
    public = Roll("fire", 0, 6, 1, EVERYBODY)
    hidden = Roll("sortie P5", 0, 6, 1, PRIVATE)
    assert [mine.visible_to(s) for s in (0, 3, 4)] == [True, True, False]
    assert public.visible_to(4) and hidden.visible_to(0) and not hidden.visible_to(3)


def test_a_roll_round_trips_through_json() -> None:
    for roll in (
        Roll("revolt P12", 2, 4, 2, frozenset({3, 1}), "0a1b2c3d"),
        Roll("fire", 0, 6, 1, EVERYBODY, forced=True),
    ):
        assert Roll.from_json(roll.to_json()) == roll
    assert Roll("x", 0, 2, 1, frozenset({3, 1})).to_json()["seen_by"] == [1, 3]


def test_the_worked_example_of_the_docs_checks() -> None:
    # docs/dice.md, "A worked example" and "The reveal as JSON": the numbers are real.
    docs = (Path(__file__).parents[2] / "docs" / "dice.md").read_text("utf-8")
    block = docs.split("## The reveal as JSON\n\n", 1)[1].split("\n\n", 1)[0]
    reveal = Reveal.from_json(json.loads(textwrap.dedent(block)))
    assert (reveal.seal, reveal.secret, reveal.seed) == (SEAL, SECRET, SEED)
    assert check_reveal(reveal).message("en") == "all 3 rolls check"
    wrong = dataclasses.replace(reveal.rolls[1], value=3)
    bad = check_reveal(dataclasses.replace(reveal, rolls=(wrong,)))
    assert f"`{bad.message('en')}`" in docs
    for roll in reveal.rolls:  # as the text lists seat 1's rolls
        assert f"`{roll.label}` #{roll.index} d{roll.sides} = {roll.value} [{roll.check}]" in docs
