"""``pbem dice verify FILE``: check the dice of a printout as a player can (docs/dice.md,
"Verify").

FILE is a printout's JSON twin (its ``dice.reveal``), the ``dice`` object of one, a
reveal on its own (:meth:`engine.dice.Reveal.to_json`), a text printout (its block of
the dice) or the printout mail as saved. The command runs
:func:`engine.dice.check_reveal` and says "all N rolls check" (exit 0) or names the
first thing that does not (exit 1); a file it cannot read as a reveal is one line and
exit 2. With ``--json`` every answer, a refusal too, is one JSON object on stdout.
"""

from __future__ import annotations

import email
import email.policy
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any

import typer

from engine.dice import DiceError, Reveal, check_reveal
from mailserver.app.cli.common import JsonLangOption, check_lang, fail, read_input, refuse
from mailserver.app.cli.group_help import DICE_HELP, HELP_MARKUP
from mailserver.common.catalog import say
from mailserver.printouts.dice import reveal_from_text

app = typer.Typer(
    add_completion=False, no_args_is_help=True, help=DICE_HELP, rich_markup_mode=HELP_MARKUP
)

JsonOption = Annotated[bool, typer.Option("--json", help="Answer as one JSON object.")]


@app.callback()
def _dice() -> None:
    """Sealed dice: check a printout's reveal."""


@app.command("verify")
def verify_cmd(
    file: Annotated[Path, typer.Argument(help="A printout, its JSON twin or the printout mail.")],
    as_json: JsonOption = False,
    lang: JsonLangOption = "de",
) -> None:
    """Check the seal, the seed and every roll of a printout's reveal."""
    check_lang(lang, as_json=as_json)
    raw = read_input(file, lang, as_json=as_json)
    try:
        reveal = read_reveal(raw)
    except DiceError as error:
        message = say(lang, "cli_dice_unreadable", file=file, reason=error)
        refuse("dice_unreadable", message, lang, 2, as_json=as_json, file=str(file))
    if reveal is None:
        message = say(lang, "cli_dice_none", file=file)
        refuse("no_dice", message, lang, 2, as_json=as_json, file=str(file))
    verdict = check_reveal(reveal)
    if as_json:
        bad = verdict.bad.roll.to_json() if verdict.bad is not None else None
        answer = {"ok": verdict.ok, "rolls": verdict.rolls, "message": verdict.message(lang)}
        typer.echo(json.dumps({**answer, "bad_roll": bad}, ensure_ascii=False))
    else:
        typer.echo(verdict.message(lang))
    raise typer.Exit(0 if verdict.ok else 1)


def read_reveal(raw: bytes) -> Reveal | None:
    """The reveal in a file a player keeps: a JSON twin (its ``dice.reveal``), a twin's
    ``dice``, a bare reveal, a text printout, or the whole printout mail (its text or its
    JSON attachment); None when it holds none, :class:`DiceError` when it holds one that
    is incomplete or misspelt."""
    text = raw.decode("utf-8", "replace")
    try:
        data = json.loads(text)
    except ValueError:
        pass  # not JSON: a text printout, or a mail
    else:
        kept = _reveal_object(data)
        return None if kept is None else Reveal.from_json(kept)
    # A mail's text may be encoded (quoted-printable breaks long lines): decode it first.
    found = _reveal_in_mail(raw) if _MAIL_HEADER.match(text) else None
    return found if found is not None else reveal_from_text(text)


_MAIL_HEADER = re.compile(r"[!-9;-~]+:")
"""A mail starts with a header field (RFC 5322 2.2: a name of printable characters but
the colon, then a colon)."""


def _reveal_in_mail(raw: bytes) -> Reveal | None:
    """The reveal of a printout mail: of its JSON twin if it has one, else of its text."""
    message = email.message_from_bytes(raw, policy=email.policy.default)
    texts = []
    for part in message.walk():
        if part.is_multipart():
            continue
        content = part.get_content()
        if isinstance(content, bytes):
            content = content.decode("utf-8", "replace")
        if not isinstance(content, str):
            continue
        if part.get_content_type() == "application/json":
            return read_reveal(content.encode())
        texts.append(content)
    return next((r for t in texts if (r := reveal_from_text(t)) is not None), None)


def _reveal_object(data: Any) -> Mapping[str, Any] | None:
    """The reveal in a JSON twin (``dice.reveal``), a twin's ``dice`` or a bare reveal;
    None when there is none (a twin of a turn without sealed dice has ``null``)."""
    if isinstance(data, dict) and isinstance(data.get("dice"), dict):
        data = data["dice"]
    if isinstance(data, dict) and "reveal" in data:
        data = data["reveal"]
    return data if isinstance(data, dict) else None


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
        if not value.isdecimal() or len(value) > 18:  # no die has a face past that
            fail(say("en", "cli_dice_line", file=file, line=number, text=text), "en", 2)
        rolls.append((label.strip() or None, int(value)))
    return rolls
