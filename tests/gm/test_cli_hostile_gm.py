"""Hostile input to ``pbem gm``: each gets one clear line and an exit code other than 0,
never a traceback, and nothing is stored."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select
from typer.testing import CliRunner

from db.models import Game, GameMessage, Standby
from mailserver.app.cli.gm import app
from tests.gm.test_cli_gm import create, create_args, gm

runner = CliRunner()

BIG = "99999999999999999999"


def refused(config: Path, *args: str, code: int = 2, stdin: str | None = None) -> str:
    """``pbem gm ARGS --config FILE`` exits ``code`` with one error line, no traceback."""
    result = runner.invoke(app, [*args, "--config", str(config)], input=stdin)
    assert result.exit_code == code, (result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    errors = [line for line in result.stderr.splitlines() if not line.startswith("Data")]
    assert len(errors) == 1 and "Traceback" not in result.output, result.output
    return errors[0]


def standby(engine: Engine) -> list[Standby]:
    with Session(engine) as session:
        return list(session.exec(select(Standby)).all())


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["not an address"], "not an address is no mail address"),
        (["x@example.org", "--language", "xx"], "xx is no language of this host"),
        (["x@example.org", "--kind", "chess"], 'Unknown game kind "chess"'),
    ],
)
def test_standby_add_refuses_a_bad_entry(
    config: Path, engine: Engine, args: list[str], said: str
) -> None:
    gm(config, "standby", "add", "ok@example.org")
    assert said in refused(config, "standby", "add", *args, "--lang", "en", code=1)
    assert [entry.address for entry in standby(engine)] == ["ok@example.org"]


def test_standby_add_refuses_an_address_waiting_already(config: Path, engine: Engine) -> None:
    gm(config, "standby", "add", "ok@example.org")
    line = refused(config, "standby", "add", " OK@example.org", "--lang", "en", code=1)
    assert "ok@example.org is on the stand-by list already" in line
    assert len(standby(engine)) == 1


def test_replace_refuses_an_unknown_language(config: Path) -> None:
    create(config)
    gm(config, "start", "227")
    args = ["replace", "227", "2", "--address", "new@example.org", "--language", "xx"]
    assert "xx is no language" in refused(config, *args, "--lang", "en", code=1)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--number", BIG], f"--number {BIG}: a game number is a whole number from 1 to 999999."),
        (["--number", "-1"], "--number -1: a game number is a whole number from 1 to 999999."),
        # One past the numbers a header line can name: a game no mail could reach.
        (["--number", "1000000"], "--number 1000000: a game number is a whole number from 1"),
        (["--number", "5", "--seed", "-1"], "--seed -1: expected a whole number from 0 to"),
        (["--number", "5", "--every-days", "99999999999999"], "from 0 to 366"),
    ],
)
def test_create_refuses_numbers_out_of_range(config: Path, args: list[str], said: str) -> None:
    base = ["create", "--kind", "ashes", "--gm", "gm@example.org", "--player", "1=a@example.org"]
    assert said in refused(config, *base, *args, "--lang", "en")


@pytest.mark.parametrize(
    ("content", "said"),
    [
        ("[1, 2]", "not a table of settings"),
        ('{"kind": "ashes", "number": 99999999999999999999, "gm": "g@example.org"}', "from 1"),
        ('{"kind": "ashes", "number": 1000000, "gm": "g@example.org"}', "from 1 to 999999."),
        ('{"kind": "ashes", "number": 5, "gm": "g@example.org", "seed": -1}', "seed -1"),
        ('{"kind": "ashes", "number": 5, "gm": "g@example.org", "every_days": 400}', "to 366"),
    ],
)
def test_create_refuses_a_bad_game_file(config: Path, content: str, said: str) -> None:
    file = config.parent / "game.json"
    file.write_text(content, encoding="utf-8")
    assert said in refused(config, "create", "--file", str(file), "--lang", "en")


def test_numbers_beyond_the_database_are_refused_before_it(config: Path) -> None:
    create(config)
    assert f"GAME {BIG}: a game number is a whole number from 1 to 999999." in refused(
        config, "status", BIG, "--lang", "en"
    )
    assert "GAME 0: eine Partienummer ist eine ganze Zahl von 1 bis 999999." in refused(
        config, "status", "0", "--lang", "de"
    )
    assert "--turn" in refused(config, "resend", "227", "1", "--turn", BIG, "--lang", "en")
    assert "SEAT 100:" in refused(config, "drop", "227", "100", "--lang", "en")


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["status", "abc", "--lang", "de"], "GAME abc: eine Partienummer ist eine ganze Zahl"),
        (["status", "abc", "--lang", "en"], "GAME abc: a game number is a whole number from 1"),
        (["drop", "227", "zwei", "--lang", "de"], "SEAT zwei: erwartet wird eine ganze Zahl"),
        (["resend", "227", "1", "--turn", "1_000", "--lang", "en"], "--turn 1_000: expected"),
        (["status", "٣", "--lang", "en"], "GAME ٣: a game number is a whole number"),
    ],
)
def test_a_number_that_is_no_number_is_refused_in_the_language_asked_for(
    config: Path, args: list[str], said: str
) -> None:
    create(config)
    assert said in refused(config, *args)


def test_a_deadline_past_a_year_or_the_calendar_is_refused(config: Path, engine: Engine) -> None:
    create(config)
    gm(config, "start", "227")
    before = _deadline(engine)
    for when in ("+99999999d", "+9999999999999999d"):
        line = refused(config, "deadline", "227", when, "--lang", "en", code=1)
        assert "at most 366 days ahead" in line
    line = refused(config, "postpone", "227", "99999999999999999999d", "--lang", "en", code=1)
    assert "at most 366 days" in line
    assert _deadline(engine) == before


def test_a_first_deadline_past_the_calendar_is_refused(config: Path) -> None:
    args = [*create_args(), "--first-deadline", "+99999999999d", "--lang", "en"]
    assert "beyond the calendar's end" in refused(config, *args)


def _deadline(engine: Engine) -> object:
    with Session(engine) as session:
        return session.exec(select(Game.next_deadline).where(Game.number == 227)).one()


def test_preview_of_a_seat_not_in_the_game_says_so(config: Path) -> None:
    create(config)
    gm(config, "start", "227")
    line = refused(config, "preview", "227", "--seat", "9", "--lang", "en", code=1)
    assert line == "Error: There is no player 9 in this game."


def test_news_loses_control_characters_and_keeps_newlines(config: Path, engine: Engine) -> None:
    create(config)
    gm(config, "news", "227", "-", stdin="\x1b[31mRed\x1b[0m alert\nsecond line\n")
    with Session(engine) as session:
        texts = [m.text for m in session.exec(select(GameMessage)).all()]
    assert texts == ["[31mRed[0m alert\nsecond line"]


@pytest.mark.parametrize("command", [["news", "227"], ["secret", "227", "2"]])
def test_a_text_past_the_limit_is_refused_saying_the_limit(
    config: Path, engine: Engine, command: list[str]
) -> None:
    create(config)
    line = refused(config, *command, "-", "--lang", "en", stdin="x" * 100_000)
    assert line == "Error: The text is longer than 20000 characters."
    with Session(engine) as session:
        assert session.exec(select(GameMessage)).all() == []
