"""What every ``pbem`` command shares: one-line errors, the ``--lang`` option, settings.

A user's mistake on the command line gets one line on stderr and an exit code, never a
traceback: exit 2 when the command line itself is wrong (a value outside its choices such
as ``--lang fr``, an input file that is not there, a value the game kind refuses), exit 1
when the command cannot do what was asked (the settings, the database, a GM's request the
game does not allow). The errors are said in the language of ``--lang``. A command with
``--json`` answers a refusal with one JSON object on stdout instead (:func:`refuse`).

The settings of a command are read by :mod:`mailserver.app.cli.settings` (imported by the
commands that need them: reading them costs the start of a command that does not).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from engine.catalogs import FALLBACK
from mailserver.common.catalog import languages, say


def _lang_choice(value: str) -> str:
    # A callback rather than a typed choice: its refusal is one line like every other error,
    # in English, as no language was given. The languages are those the host's catalog has.
    if value not in languages():
        fail(f"--lang {value}: the languages are {' and '.join(languages())}.", FALLBACK, 2)
    return value


LangOption = Annotated[
    str,
    typer.Option(
        "--lang",
        callback=_lang_choice,
        help=f"Language of the output and the errors: {' or '.join(languages())}.",
    ),
]


# The command line's own texts, German and English (str.format placeholders).
def fail(message: str, lang: str, code: int = 1) -> NoReturn:
    """Say ``message`` as one error line on stderr and end the command with ``code``."""
    typer.echo(say(lang, "cli_error", message=" ".join(message.split())), err=True)
    raise typer.Exit(code)


def refuse(
    reason: str, message: str, lang: str, code: int, *, as_json: bool, **details: object
) -> NoReturn:
    """End a command that cannot answer with ``code``: one error line (:func:`fail`), or
    with ``--json`` one JSON object on stdout, ``{"ok": false, "refused": reason,
    "error": message, **details}`` (a script reads why, not a German line on stderr)."""
    if as_json:
        answer = {"ok": False, "refused": reason, "error": " ".join(message.split()), **details}
        typer.echo(json.dumps(answer, ensure_ascii=False))
        raise typer.Exit(code)
    fail(message, lang, code)


def read_input(file: Path, lang: str, *, as_json: bool = False) -> bytes:
    """The bytes of an input file named on the command line; if it cannot be read, one
    error line (with ``as_json``: :func:`refuse`'s object) and exit 2 (the command line
    names something that is not there)."""
    try:
        return file.read_bytes()
    except FileNotFoundError:
        message = say(lang, "cli_file_missing", file=file)
        refuse("file_missing", message, lang, 2, as_json=as_json, file=str(file))
    except OSError as exc:
        message = say(lang, "cli_file_unreadable", file=file, reason=exc.strerror or exc)
        refuse("file_unreadable", message, lang, 2, as_json=as_json, file=str(file))
