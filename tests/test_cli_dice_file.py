"""``pbem KIND turn --dice FILE``: a turn evaluated with the dice given (Dice.forced),
one roll a line as ``LABEL VALUE`` or a bare ``VALUE``."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from mailserver.app.cli.main import app

runner = CliRunner()


def new_game(tmp_path: Path) -> Path:
    start = tmp_path / "s0.json"
    made = runner.invoke(app, ["ashes", "new", "--game", "5", "--players", "3", "-o", str(start)])
    assert made.exit_code == 0, made.output
    return start


def turn_with(tmp_path: Path, dice: str) -> tuple[int, str]:
    start = new_game(tmp_path)
    given = tmp_path / "dice.txt"
    given.write_text(dice, encoding="utf-8")
    args = ["ashes", "turn", str(start), "-o", str(tmp_path / "s1.json"), "--dice", str(given)]
    result = runner.invoke(app, args)
    return result.exit_code, result.output


def test_a_turn_runs_on_the_dice_given_labelled_or_bare(tmp_path: Path) -> None:
    code, said = turn_with(tmp_path, "# the table's dice\nsortie P4 2\n\n" + "1\n" * 500)
    assert code == 0, said
    assert (tmp_path / "s1.json").exists()


def test_too_few_dice_stop_the_turn_naming_the_roll(tmp_path: Path) -> None:
    code, said = turn_with(tmp_path, "")
    assert code == 2
    assert 'roll 1 ("sortie P4" #0, d6) has no forced value' in said


def test_a_value_for_another_label_stops_the_turn(tmp_path: Path) -> None:
    code, said = turn_with(tmp_path, "revolt P9 1\n")
    assert code == 2 and '"revolt P9"' in said and '"sortie P4"' in said


def test_a_line_without_a_value_is_one_error_line(tmp_path: Path) -> None:
    code, said = turn_with(tmp_path, "sortie P4 six\n")
    assert code == 2 and "line 1" in said and "Traceback" not in said
    assert len(said.strip().splitlines()) == 1
