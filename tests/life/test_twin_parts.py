"""The JSON twin in parts (docs/performance.md, "The run's printouts"): the run puts the
turn's dice between the members made ahead, and gets the bytes that writing the whole
twin again would give."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from mailserver.printouts.dice import DiceView
from mailserver.printouts.files import _joined, _json_bytes, _members, twin_parts, with_dice
from tests.dice.test_verify import reveal_of
from tests.lanes import examples

KEYS = st.sampled_from(["dice", "dic", "dicf", "dice2", "Dice", "a", "zz", "ü", "", "turn"])
VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=8,
)
TWINS = st.dictionaries(KEYS | st.text(max_size=6), VALUES, max_size=8)


@settings(max_examples=examples(300), deadline=None)
@given(data=TWINS)
def test_a_twin_joined_from_its_parts_is_the_twin_written_whole(data: dict[str, Any]) -> None:
    parts = twin_parts(data)
    assert parts is not None
    assert _joined(*parts) == _json_bytes(data)


@settings(max_examples=examples(300), deadline=None)
@given(data=TWINS, seat=st.integers(0, 3))
def test_dice_put_between_the_parts_are_the_twin_with_its_dice(
    data: dict[str, Any], seat: int
) -> None:
    below, _, above = twin_parts(data) or ("", "", "")
    dice = DiceView(5, next_seal="ab" * 32, reveal=reveal_of([("fire", 6), ("lot", 2)]))
    spliced = _joined(below, _members({"dice": dice.json(seat)}), above)
    assert spliced == _json_bytes(with_dice(data, dice, seat))


def test_a_twin_with_keys_that_are_not_text_has_no_parts() -> None:
    assert twin_parts({1: "a", 2: "b"}) is None  # type: ignore[dict-item]
