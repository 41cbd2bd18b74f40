"""The dice in a text printout: the block the host writes holds all a check needs, and
``pbem dice verify`` reads it back from the text, a quoted reply or the saved mail, in
every language of the host; one changed character of a roll fails and names that roll."""

from __future__ import annotations

import dataclasses
import json
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from engine.dice import EVERYBODY, Dice, DiceError, Reveal, check_reveal, dice_seed
from mailserver.app.cli.main import app as pbem
from mailserver.common.catalog import languages
from mailserver.printouts.dice import DiceView, reveal_from_text
from tests.dice.test_draws import SEAL, SEED
from tests.dice.test_verify import ROLLS, reveal_of
from tests.lanes import examples

NEXT_SEAL = "ab" * 32


def printout(reveal: Reveal, lang: str, *, final: bool = False) -> str:
    """A printout's text around the dice block of ``reveal`` (seat 1 sees every roll)."""
    view = DiceView(reveal.turn, next_seal=NEXT_SEAL, reveal=reveal, final=final)
    return "\n".join(["=== Printout ===", "", "W7 (3,5) [THRAWN]", "", *view.lines(1, lang), ""])


def verify(path: Path, *args: str) -> Any:
    return CliRunner().invoke(pbem, ["dice", "verify", str(path), "--lang", "en", *args])


@settings(max_examples=examples(200), deadline=None)
@given(draws=ROLLS, lang=st.sampled_from(languages()), step=st.sampled_from([0, 0, 3]))
def test_the_text_block_reads_back_as_the_reveal_it_shows(
    draws: list[tuple[str, int]], lang: str, step: int
) -> None:
    reveal = dataclasses.replace(reveal_of(draws), step=step)
    if step:  # another step, another seed: the rolls must come from it
        reveal = _redrawn(reveal, draws)
    read = reveal_from_text(printout(reveal, lang))
    assert read == reveal
    assert check_reveal(read).ok


@settings(max_examples=examples(200), deadline=None)
@given(draws=ROLLS, which=st.integers(0, 10**6), bump=st.integers(1, 5))
def test_a_changed_value_in_the_text_fails_and_names_that_roll(
    draws: list[tuple[str, int]], which: int, bump: int
) -> None:
    reveal = reveal_of(draws)
    n = which % len(reveal.rolls)
    roll = reveal.rolls[n]
    text = printout(reveal, "en")
    shown = f"{roll.label} #{roll.index}: {roll.value} (d{roll.sides}) [{roll.check}]"
    other = f"{roll.label} #{roll.index}: {roll.value + bump} (d{roll.sides}) [{roll.check}]"
    assert shown in text
    read = reveal_from_text(text.replace(shown, other, 1))
    assert read is not None
    verdict = check_reveal(read)
    assert not verdict.ok and verdict.bad is not None and verdict.rolls == n
    assert verdict.message("en").startswith(f'roll "{roll.label}" #{roll.index}')


def test_a_quoted_printout_reads_as_the_printout() -> None:
    reveal = reveal_of([("growth W7", 10), ("fire KR1→ST2", 20)])
    quoted = "\n".join(f"> {line}" if line else ">" for line in printout(reveal, "de").split("\n"))
    assert reveal_from_text(quoted) == reveal


def test_forced_rolls_read_back_as_forced_and_do_not_check() -> None:
    dice = Dice.forced([("landing W3", 4)])
    dice.roll("landing W3", 6, seen_by=frozenset({1}))
    reveal = dataclasses.replace(reveal_of([]), rolls=dice.log)
    text = printout(reveal, "en")
    assert "landing W3 #0: 4 (d6) forced" in text
    read = reveal_from_text(text)
    assert read is not None and read.rolls[0].forced
    assert check_reveal(read).key == "dice.bad.forced"


def test_a_printout_without_dice_has_no_reveal_and_an_incomplete_block_is_named() -> None:
    assert reveal_from_text("=== Printout ===\nW7 (3,5)\n") is None
    text = printout(reveal_of([("fire", 6)]), "en")
    cut = "\n".join(line for line in text.split("\n") if not line.startswith("Secret: "))
    with pytest.raises(DiceError, match="secret"):
        reveal_from_text(cut)


def test_the_game_over_block_with_every_roll_reads_back() -> None:
    reveal = reveal_of([("revolt P12", 7)] * 3)
    assert reveal_from_text(printout(reveal, "de", final=True)) == reveal


def test_verify_checks_a_text_printout_and_a_saved_printout_mail(tmp_path: Path) -> None:
    reveal = reveal_of([("research seat 1 FM", 2)] * 5)
    text = printout(reveal, "en")
    (tmp_path / "printout.txt").write_text(text)
    assert verify(tmp_path / "printout.txt").output.strip() == "all 5 rolls check"
    # The mail as a mail program saves it: quoted-printable breaks the long hex lines.
    mail = EmailMessage()
    mail["From"], mail["To"], mail["Subject"] = "host@x", "p1@x", "Printout game 301 turn 5"
    mail.set_content(text, cte="quoted-printable")
    (tmp_path / "printout.eml").write_bytes(bytes(mail))
    assert b"=\n" in bytes(mail)  # soft line breaks: the raw text alone would not read
    assert verify(tmp_path / "printout.eml").output.strip() == "all 5 rolls check"
    # With its JSON twin attached, the twin is what is checked.
    twin = {"dice": {"next_seal": None, "reveal": reveal_of([("fire", 6)]).to_json()}}
    mail.add_attachment(json.dumps(twin).encode(), "application", "json", filename="r.json")
    (tmp_path / "with-twin.eml").write_bytes(bytes(mail))
    assert verify(tmp_path / "with-twin.eml").output.strip() == "the one roll checks"


def test_verify_says_in_one_line_that_a_file_holds_no_reveal(tmp_path: Path) -> None:
    path = tmp_path / "ack.txt"
    path.write_text("Your orders for turn 2 have arrived.\n")
    answer = verify(path)
    assert answer.exit_code == 2
    assert answer.output.strip().splitlines() == [
        f"Error: {path}: there is no reveal of dice in it (the printout of a turn with "
        "sealed dice has one, and so have its JSON file and its mail)"
    ]
    twin = tmp_path / "turn0.json"
    twin.write_text(json.dumps({"dice": {"next_seal": {"turn": 1, "seal": SEAL}, "reveal": None}}))
    refused = verify(twin, "--json")
    assert refused.exit_code == 2 and json.loads(refused.output)["ok"] is False


def _redrawn(reveal: Reveal, draws: list[tuple[str, int]]) -> Reveal:
    """``reveal`` with its seed and rolls recomputed for its own game, turn and step."""
    seed = dice_seed(reveal.game, reveal.turn, reveal.step, reveal.secret, reveal.digests)
    dice = Dice.sealed(seed)
    for label, sides in draws:
        dice.roll(label, sides, seen_by=EVERYBODY)
    return dataclasses.replace(reveal, seed=seed, rolls=dice.log)


SEATS = st.frozensets(st.integers(1, 4), max_size=3)


def reveal_seen_by(audiences: list[Any]) -> Reveal:
    """A reveal of one roll per audience (the seats that see it, or everybody)."""
    dice = Dice.sealed(SEED)
    for number, seen_by in enumerate(audiences):
        dice.roll(f"lot {number}", 6, seen_by=seen_by)
    return dataclasses.replace(reveal_of([]), rolls=tuple(dice.log))


@settings(max_examples=examples(100), deadline=None)
@given(audiences=st.lists(SEATS | st.just(EVERYBODY), min_size=1, max_size=6))
def test_a_block_and_a_reveal_made_once_for_seats_that_see_the_same_rolls_are_each_ones_own(
    audiences: list[Any],
) -> None:
    # A turn's view writes the block once per rolls shown and language, and filters the
    # reveal (the JSON twin's, and the block's) and the twin's text of the dice once per
    # rolls shown, and reuses them.
    reveal = reveal_seen_by(audiences)
    shared = DiceView(5, next_seal=NEXT_SEAL, reveal=reveal)
    for lang in languages():
        for seat in range(5):
            fresh_view = DiceView(5, next_seal=NEXT_SEAL, reveal=reveal)
            fresh = fresh_view.lines(seat, lang)
            assert shared.lines(seat, lang) == fresh
            for roll in reveal.rolls:  # the block shows the rolls this seat sees, no more
                shown = any(f"{roll.label} #" in line for line in fresh)
                assert shown == roll.visible_to(seat)
            mine = shared.reveal_for(seat)
            assert mine is not None
            assert mine.rolls == tuple(r for r in reveal.rolls if r.visible_to(seat))
            assert shared.json(seat) == DiceView(5, next_seal=NEXT_SEAL, reveal=reveal).json(seat)
            assert shared.json_text(seat, json.dumps) == json.dumps(fresh_view.json(seat))
