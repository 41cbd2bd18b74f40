"""``pbem --help`` and every command's help name a flag alone (``--json``, ``--embedded /
--no-embedded``): no ``<bool>`` after it, as if it took a value (typer's rich panels put
one after every flag, ``--help`` too)."""

from __future__ import annotations

from collections.abc import Iterator

import typer
from typer._click import Command
from typer.core import TyperGroup
from typer.testing import CliRunner

from mailserver.app.cli.groups import DeferredGroup
from mailserver.app.cli.main import app

runner = CliRunner()


def _commands(command: Command, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """The path of ``command`` and of every command below it (deferred groups loaded)."""
    yield path
    if isinstance(command, DeferredGroup):
        command = command.loaded()
    if isinstance(command, TyperGroup):
        for name, sub in command.commands.items():
            yield from _commands(sub, (*path, name))


def test_no_help_says_bool_after_a_flag() -> None:
    paths = list(_commands(typer.main.get_command(app)))
    assert ("demo",) in paths and ("gm", "standby", "add") in paths
    wrong = {}
    for path in paths:
        result = runner.invoke(app, [*path, "--help"])
        assert result.exit_code == 0, (path, result.output)
        if "<bool>" in result.output or "BOOLEAN" in result.output:
            wrong[" ".join(path)] = result.output
    assert not wrong, sorted(wrong)


def test_a_flag_is_named_alone_in_the_help() -> None:
    result = runner.invoke(app, ["demo", "--help"], env={"COLUMNS": "100"})
    lines = [line.split() for line in result.output.splitlines()]
    assert lines_starting(lines, "--embedded")[:3] == ["--embedded", "/", "--no-embedded"]
    assert lines_starting(lines, "--help")[:2] == ["--help", "Show"]


def lines_starting(lines: list[list[str]], word: str) -> list[str]:
    """The words of the first help line starting with ``word``."""
    return next(words for words in lines if words and words[0] == word)
