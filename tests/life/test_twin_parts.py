"""The JSON twin in parts (docs/performance.md, "The run's printouts"): the run puts the
turn's dice between the members made ahead, and gets the bytes that writing the whole
twin again would give."""

from __future__ import annotations

from typing import Any, cast
from unittest.mock import patch

from hypothesis import given, settings
from hypothesis import strategies as st

from db.models import Game, Player
from engine.core import State
from mailserver.printouts import files
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


@settings(max_examples=examples(100), deadline=None)
@given(data=TWINS)
def test_a_twin_made_ahead_without_dice_is_the_twin_made_in_the_run(data: dict[str, Any]) -> None:
    # A turn of legacy dice has no dice to put in: the run joins the parts made ahead
    # (the whole twin is not sent along with them) and must give the twin it would
    # have written itself.
    game = Game(kind="ashes", number=3, seed=1, gm_address="gm@x.example", gm_password_hash="-")
    game.options = {"host": {"printout_map": False}}
    player = Player(game_id=1, seat=2, address="p@x.example", password_hash="-")
    with patch.object(files, "report_json", lambda *_: data):
        ahead = files.made_files(game, player, cast(State, None))
        made = files.printout_files(game, player, cast(State, None), 4, ahead)
        fresh = files.printout_files(game, player, cast(State, None), 4)
    assert made == fresh
    assert [file["filename"] for file in made] == ["report-3-4-2.json"]
