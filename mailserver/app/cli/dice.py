"""``pbem dice verify FILE``: check the dice of a printout as a player can (docs/dice.md,
"Verify").

FILE is a printout's JSON twin (its ``dice.reveal``), the ``dice`` object of one, or a
reveal on its own (:meth:`engine.dice.Reveal.to_json`). The command runs
:func:`engine.dice.check_reveal` and says "all N rolls check" (exit 0) or names the
first thing that does not (exit 1); a file it cannot read as a reveal is one line and
exit 2. With ``--json`` every answer, a refusal too, is one JSON object on stdout.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from engine.dice import DiceError, Reveal, check_reveal
from mailserver.app.cli.common import LangOption, fail
from mailserver.common.catalog import say

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Sealed dice (docs/dice.md).")

JsonOption = Annotated[bool, typer.Option("--json", help="Answer as one JSON object.")]


@app.callback()
def _dice() -> None:
    """Sealed dice: check a printout's reveal."""


@app.command("verify")
def verify_cmd(
    file: Annotated[Path, typer.Argument(help="A printout's JSON twin, or a reveal.")],
    as_json: JsonOption = False,
    lang: LangOption = "de",
) -> None:
    """Check the seal, the seed and every roll of a printout's reveal."""
    try:
        raw = file.read_bytes()
    except OSError as error:
        reason = error.strerror or error
        _refuse(say(lang, "cli_file_unreadable", file=file, reason=reason), lang, as_json)
    try:
        reveal = Reveal.from_json(_reveal_object(json.loads(raw)))
    except (ValueError, DiceError) as error:  # JSONDecodeError and UnicodeError are ValueErrors
        _refuse(say(lang, "cli_dice_unreadable", file=file, reason=error), lang, as_json)
    verdict = check_reveal(reveal)
    if as_json:
        bad = verdict.bad.roll.to_json() if verdict.bad is not None else None
        answer = {"ok": verdict.ok, "rolls": verdict.rolls, "message": verdict.message(lang)}
        typer.echo(json.dumps({**answer, "bad_roll": bad}, ensure_ascii=False))
    else:
        typer.echo(verdict.message(lang))
    raise typer.Exit(0 if verdict.ok else 1)


def _reveal_object(data: Any) -> Mapping[str, Any]:
    """The reveal in a JSON twin (``dice.reveal``), a twin's ``dice`` or a bare reveal."""
    if isinstance(data, dict) and isinstance(data.get("dice"), dict):
        data = data["dice"]
    if isinstance(data, dict) and "reveal" in data:
        data = data["reveal"]
    if not isinstance(data, dict):
        raise DiceError("no reveal in it (a turn with sealed dice has one under dice.reveal)")
    return data


def _refuse(message: str, lang: str, as_json: bool) -> NoReturn:
    """A file that is no reveal: one line (or one JSON object) and exit 2."""
    if as_json:
        typer.echo(json.dumps({"ok": False, "error": message}, ensure_ascii=False))
        raise typer.Exit(2)
    fail(message, lang, 2)


def forced_rolls(raw: bytes, file: Path) -> list[tuple[str | None, int]]:
    """The rolls of a ``--dice`` file for :meth:`engine.dice.Dice.forced`: one a line,
    ``LABEL VALUE`` (the value for that label) or a bare ``VALUE`` (for any roll); empty
    lines and ``#`` comments are skipped. A line without a number at its end: one error
    line, exit 2."""
    rolls: list[tuple[str | None, int]] = []
    for number, line in enumerate(raw.decode("utf-8", "replace").splitlines(), 1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        label, _, value = text.rpartition(" ")
        if not value.isdigit():
            fail(say("en", "cli_dice_line", file=file, line=number, text=text), "en", 2)
        rolls.append((label.strip() or None, int(value)))
    return rolls
