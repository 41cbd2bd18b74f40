"""Hostile input on the ``pbem`` command line (without a database): each gets one clear
line, an exit code other than 0 and no traceback; with ``--json`` the refusal is JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine import registry
from mailserver.app.cli.main import app
from tests.test_cli_errors import one_error_line

runner = CliRunner()

pytestmark = pytest.mark.usefixtures("own_folder")

KINDS = list(registry.titles())


def refused(*args: str, code: int = 2) -> str:
    """Run ``pbem ARGS``: exit ``code``, one line on stderr, no traceback. That line."""
    return one_error_line(*args, code=code)


def refused_json(*args: str, code: int = 2) -> dict[str, object]:
    """Run ``pbem ARGS`` (with ``--json``): exit ``code``, one JSON refusal on stdout."""
    result = runner.invoke(app, list(args))
    assert result.exit_code == code, (result.output, result.exception)
    assert result.stderr == "", result.stderr
    answer = json.loads(result.stdout)
    assert answer["ok"] is False, answer
    return dict(answer)


# -- input files: bounded, their errors in the language asked ----------------------------


def test_an_endless_input_file_is_refused_after_the_limit() -> None:
    answer = refused_json("parse", "/dev/zero", "--json", code=3)
    assert answer["refused"] == "too_big"


def test_an_endless_orders_file_is_refused_after_the_limit(tmp_path: Path) -> None:
    assert runner.invoke(app, ["ashes", "new", "-o", "s0.json"]).exit_code == 0
    line = refused("ashes", "turn", "s0.json", "--orders", "1=/dev/zero", "-o", "s1.json", code=3)
    assert "5000 kB" in line
    assert not Path("s1.json").exists()


def test_an_endless_dice_file_is_refused_after_the_limit() -> None:
    assert runner.invoke(app, ["ashes", "new", "-o", "s0.json"]).exit_code == 0
    line = refused("ashes", "turn", "s0.json", "--dice", "/dev/zero", "-o", "s1.json", code=3)
    assert "5000 kB" in line


def test_parse_refuses_an_unknown_lang_as_json_whatever_the_order() -> None:
    for args in (["x", "--json", "--lang", "fr"], ["x", "--lang", "fr", "--json"]):
        answer = refused_json("parse", *args)
        assert answer["refused"] == "unknown_lang" and answer["languages"] == ["de", "en"]


def test_dice_verify_refusals_name_why_in_the_language_asked() -> None:
    missing = refused_json("dice", "verify", "nope.json", "--json")
    assert missing["refused"] == "file_missing"
    folder = refused_json("dice", "verify", ".", "--json")
    assert folder["refused"] == "file_unreadable"
    assert "ist ein Ordner" in str(folder["error"])
    english = refused_json("dice", "verify", ".", "--json", "--lang", "en")
    assert "is a folder" in str(english["error"])


def test_dice_verify_of_a_file_without_dice_says_so_as_json(tmp_path: Path) -> None:
    Path("plain.txt").write_text("nothing here\n", encoding="utf-8")
    assert refused_json("dice", "verify", "plain.txt", "--json")["refused"] == "no_dice"


# -- pbem parse: exit 0 only when orders were understood --------------------------------


@pytest.mark.parametrize("text", ["", "hallo\n", "\x00\x01\x02"])
def test_parse_of_a_text_without_orders_exits_1(text: str) -> None:
    Path("mail.txt").write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["parse", "mail.txt"])
    assert result.exit_code == 1, result.output


# -- pbem KIND new|turn|report ----------------------------------------------------------


@pytest.mark.parametrize("kind", KINDS)
def test_new_into_a_missing_folder_or_onto_a_folder_is_one_line(kind: str) -> None:
    assert "its folder does not exist" in refused(kind, "new", "-o", "/nonexistent/dir/x.json")
    Path("here").mkdir()
    assert "it is a folder" in refused(kind, "new", "-o", "here")


def test_turn_onto_a_folder_is_one_line() -> None:
    assert runner.invoke(app, ["ashes", "new", "-o", "s0.json"]).exit_code == 0
    assert "it is a folder" in refused("ashes", "turn", "s0.json", "-o", ".")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("players", ["99999999999", "0", "-3"])
def test_new_refuses_a_player_count_outside_the_kinds_range(kind: str, players: str) -> None:
    found = registry.kind(kind)
    line = refused(kind, "new", "--players", players, "-o", "x.json")
    assert f"from {found.min_players} to {found.max_players}" in line
    assert not Path("x.json").exists()


def test_new_refuses_an_unknown_scenario_naming_the_known_ones() -> None:
    line = refused("spacewar", "new", "--scenario", "nope", "-o", "x.json")
    assert "nope" in line and "standard" in line


@pytest.mark.parametrize("option", ["--game", "--seed"])
def test_new_refuses_a_negative_game_number_or_seed(option: str) -> None:
    assert option in refused("ashes", "new", option, "-5", "-o", "x.json")


@pytest.mark.parametrize("content", [b"[]", b"null", b"", b"\xff\xfe\x00junk", b"42"])
def test_a_state_file_that_is_no_json_object_is_one_line(content: bytes) -> None:
    Path("state.json").write_bytes(content)
    line = refused("ashes", "turn", "state.json", "-o", "next.json")
    assert line == "Error: state.json is not a game state (a JSON object)."
    german = refused("ashes", "report", "state.json", "--player", "1")
    assert german == "Fehler: state.json ist kein Spielstand (ein JSON-Objekt)."


def test_turn_counts_only_players_whose_orders_file_held_orders() -> None:
    assert runner.invoke(app, ["ashes", "new", "-o", "s0.json"]).exit_code == 0
    Path("bin.json").write_bytes(bytes(range(256)))
    result = runner.invoke(app, ["ashes", "turn", "s0.json", "--orders", "1=bin.json", "-o", "s1"])
    assert result.exit_code == 0, result.output
    assert "orders of 0 players read" in result.stdout


# -- pbem demo --------------------------------------------------------------------------


def test_demo_into_a_file_is_one_line_in_the_language_asked() -> None:
    Path("afile").write_text("x", encoding="utf-8")
    assert refused("demo", "--dir", "afile", "--lang", "en") == (
        "Error: --dir afile: a file, not a folder."
    )
    assert refused("demo", "--dir", "afile") == "Fehler: --dir afile: eine Datei, kein Ordner."


@pytest.mark.parametrize(
    ("args", "english", "german"),
    [
        (
            ["--game", "chess"],
            'Error: The demo failed: Unknown game kind "chess" (known: ',
            "Fehler: Die Demo ist gescheitert: Unbekannte Spielart „chess“ (bekannt: ",
        ),
        (
            ["--game", "spacewar", "--players", "3"],
            "Error: The demo failed: Spacewar I – Die brennenden Sterne takes 2 to 2 players.",
            "Fehler: Die Demo ist gescheitert: Spacewar I – Die brennenden Sterne wird mit 2 bis"
            " 2 Spielern gespielt.",
        ),
    ],
)
def test_a_demo_that_cannot_start_says_why_in_the_language_asked(
    args: list[str], english: str, german: str
) -> None:
    assert refused("demo", *args, "--lang", "en", code=1).startswith(english)
    assert refused("demo", *args, "--lang", "de", code=1).startswith(german)


def test_a_demo_never_empties_a_folder_of_another_s_in_the_language_asked() -> None:
    Path("mine.txt").write_text("not a demo's", encoding="utf-8")
    english = refused("demo", "--dir", ".", "--lang", "en", code=1)
    assert english.endswith(" exists and is not a demo folder: choose another with --dir.")
    german = refused("demo", "--dir", ".", "--lang", "de", code=1)
    assert german.endswith(" ist kein Ordner einer Demo: wählen Sie mit --dir einen anderen.")
    assert Path("mine.txt").exists()
