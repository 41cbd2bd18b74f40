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
import re
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, NoReturn, TypedDict

import typer

from engine.catalogs import FALLBACK
from mailserver.common.catalog import languages, say


def check_lang(value: str, *, as_json: bool = False) -> str:
    """``value`` if the host's catalog has that language; otherwise the refusal, in
    English as no language was given (with ``as_json`` :func:`refuse`'s object), exit 2."""
    if value not in languages():
        message = f"--lang {value}: the languages are {' and '.join(languages())}."
        refuse("unknown_lang", message, FALLBACK, 2, as_json=as_json, languages=languages())
    return value


_LANG_HELP = f"Language of the output and the errors: {' or '.join(languages())}."


def _lang_choice(value: str) -> str:
    # A callback rather than a typed choice: its refusal is one line like every other error.
    return check_lang(value)


LangOption = Annotated[
    str,
    typer.Option(
        "--lang",
        callback=_lang_choice,
        # Read before the other options, whose checks (:func:`whole_number`) speak it.
        is_eager=True,
        help=_LANG_HELP,
    ),
]
JsonLangOption = Annotated[str, typer.Option("--lang", help=_LANG_HELP)]
"""``--lang`` of a command with ``--json``, which checks it itself (:func:`check_lang`
with ``as_json``): its refusal is JSON too, whatever the order of the options."""


DB_INT_MAX = 2**63 - 1
"""The biggest whole number the database stores (SQLite INTEGER, PostgreSQL BIGINT)."""


class NumberCheck(TypedDict):
    """``typer.Argument`` / ``typer.Option`` keywords of a checked whole number: the text
    as typed (``parser``; click's own conversion would refuse it in English) and the
    check that makes it a number (``callback``)."""

    parser: Callable[[str], str]
    callback: Callable[[typer.Context, str | int | None], int | None]


def integer(text: str) -> str:
    """A whole-number parameter's text as typed (named for the help's INTEGER)."""
    return text


def whole_number(
    name: str, low: int, high: int = DB_INT_MAX, *, rule: str = "cli_out_of_range"
) -> NumberCheck:
    """The check of a whole-number argument or option (``typer.Option(...,
    **whole_number(...))``): not a number, or outside ``low``..``high``, it is one line in
    the language of ``--lang`` naming ``name`` and the range (the catalog's ``rule``),
    exit 2. One check for a seat, a turn, a seed: a number the database cannot hold is
    refused here rather than as the database's overflow."""

    def check(ctx: typer.Context, value: str | int | None) -> int | None:
        if value is None:
            return None
        text = str(value).strip()
        number = int(text) if _WHOLE.fullmatch(text) else None
        if number is None or not low <= number <= high:
            lang = str(ctx.params.get("lang") or FALLBACK)
            message = say(lang, rule, name=name, value=text, low=low, high=high)
            fail(message, lang, 2)
        return number

    return {"parser": integer, "callback": check}


_WHOLE = re.compile(r"[+-]?[0-9]+")
"""A whole number as typed: ASCII digits only (``int()`` would also take ``1_000`` or
other scripts' digits)."""


def game_number(name: str) -> NumberCheck:
    """The check of a game number: 1 to :data:`engine.core.GAME_MAX`, the numbers a
    header line can name, said as that rule (never the database's largest integer)."""
    # Imported here: the commands that take a game load engine.core anyway, `pbem --help`
    # does not (docs/performance.md, "Command start").
    from engine.core import GAME_MAX

    return whole_number(name, 1, GAME_MAX, rule="cli_game_number")


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


REFUSED = 3
"""The exit code of an input refused unread by the server's limits (too big, too long)."""


def bounded(data: bytes, limit: int, lang: str, *, as_json: bool = False) -> bytes:
    """``data`` (read as at most ``limit`` + 1 bytes) if it is within ``limit``; past it
    the refusal of a mail too big, exit :data:`REFUSED` (as the server refuses such a mail)."""
    if len(data) > limit:
        message = say(lang, "cli_too_big", limit=limit // 1000)
        refuse("too_big", message, lang, REFUSED, as_json=as_json, max_bytes=limit)
    return data


def read_input(file: Path, lang: str, *, as_json: bool = False) -> bytes:
    """The bytes of an input file named on the command line, at most the server's
    ``max_mail_bytes`` (a bigger one, or an endless one such as /dev/zero, is refused after
    that many bytes: :func:`bounded`); if it cannot be read, one error line (with
    ``as_json``: :func:`refuse`'s object) and exit 2 (the command line names something that
    is not there)."""
    from config.limits import LimitSettings

    limit = LimitSettings().max_mail_bytes
    try:
        with file.open("rb") as stream:
            data = stream.read(limit + 1)
    except FileNotFoundError:
        message = say(lang, "cli_file_missing", file=file)
        refuse("file_missing", message, lang, 2, as_json=as_json, file=str(file))
    except OSError as exc:
        message = say(lang, "cli_file_unreadable", file=file, reason=os_reason(exc, lang))
        refuse("file_unreadable", message, lang, 2, as_json=as_json, file=str(file))
    return bounded(data, limit, lang, as_json=as_json)


def os_reason(exc: OSError, lang: str) -> str:
    """Why a file cannot be read or written, in the language of ``lang`` for the common
    cases (the system's own words are English)."""
    if isinstance(exc, IsADirectoryError):
        return say(lang, "cli_reason_folder")
    if isinstance(exc, PermissionError):
        return say(lang, "cli_reason_denied")
    if isinstance(exc, FileNotFoundError | NotADirectoryError):
        return say(lang, "cli_reason_no_folder")
    return str(exc.strerror or exc)


def write_output(file: Path, text: str, lang: str) -> None:
    """Write ``text`` (UTF-8) to an output file named on the command line; if it cannot be
    written (no such folder, a folder, no permission), one error line and exit 2."""
    try:
        file.write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(say(lang, "cli_file_unwritable", file=file, reason=os_reason(exc, lang)), lang, 2)
