"""The ``pbem`` command line."""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from mailserver.app.cli.common import (
    REFUSED,
    JsonLangOption,
    LangOption,
    bounded,
    check_lang,
    fail,
    read_input,
    refuse,
)
from mailserver.app.cli.group_help import HELP_MARKUP
from mailserver.app.cli.groups import Commands
from mailserver.common.catalog import say

if TYPE_CHECKING:
    from config.settings import Settings

# Each command imports what it needs when it runs (the settings, the database, the kinds
# and their grammars, the service): `pbem --help` imports none of them (docs/performance.md,
# "Command start"); tests/test_cli_start.py keeps it so.

app = typer.Typer(
    cls=Commands,
    add_completion=False,
    rich_markup_mode=HELP_MARKUP,
    no_args_is_help=True,
    help="Play-by-email game host for postal strategy games.",
)


@app.callback()
def _root() -> None:
    """Play-by-email game host."""


PARSE_HELP = "\n\n".join(
    " ".join(paragraph.split())
    for paragraph in (
        "Read orders from a mail or text and show what was understood.",
        """The server's limits apply (the section limits of the settings): a text past them
        is refused unread, as the server refuses such a mail.""",
        """Exit codes: 0 the orders were understood; 1 the text has order errors (shown)
        or no order at all (an empty text, junk);
        2 the command line is wrong (no such file, an unknown game kind); 3 refused unread
        by the limits (a mail too big, a text with too many lines or characters).""",
        """With --json every answer is one JSON object on stdout, a refusal too: "ok" false,
        "refused" (why: too_big, too_long, file_missing, file_unreadable, unknown_kind,
        unknown_lang) and
        "error" (the message in the language of --lang).""",
    )
)
"""The help of ``pbem parse``: its paragraphs each one line (the help keeps line breaks)."""


@app.command("parse", help=PARSE_HELP)
def parse_cmd(
    file: Annotated[
        str, typer.Argument(help="A raw mail (RFC 822) or plain order text; - for stdin.")
    ] = "-",
    game: Annotated[
        str | None,
        typer.Option(help="The game kind whose orders to read (default: the first registered)."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON instead of the echo.")
    ] = False,
    lang: JsonLangOption = "de",
) -> None:
    """Read orders from a mail or text and show what was understood (:data:`PARSE_HELP`:
    the limits, the exit codes, the JSON of a refusal)."""
    check_lang(lang, as_json=as_json)
    from config.limits import LimitSettings
    from engine.registry import headings
    from mailserver.common.kinds import UnknownGameKind, kind_names, order_language_of
    from mailserver.inbound.echo import echo
    from mailserver.inbound.mailbody import extract_order_text

    limits = LimitSettings()
    data = (
        bounded(
            sys.stdin.buffer.read(limits.max_mail_bytes + 1),
            limits.max_mail_bytes,
            lang,
            as_json=as_json,
        )
        if file == "-"
        else read_input(Path(file), lang, as_json=as_json)
    )
    body = extract_order_text(data, printout_headings=headings())
    lines = body.text.count("\n") + 1
    if len(body.text) > limits.max_text_chars or lines > limits.max_order_lines:
        sizes = {"lines": lines, "chars": len(body.text)}
        most = {"max_lines": limits.max_order_lines, "max_chars": limits.max_text_chars}
        message = say(lang, "cli_too_long", **sizes, **most)
        refuse("too_long", message, lang, REFUSED, as_json=as_json, **sizes, **most)
    try:
        language = order_language_of(game or kind_names()[0])
    except UnknownGameKind:
        known = ", ".join(kind_names())
        message = say(lang, "gm_error_unknown_kind", kind=game, known=known)
        refuse("unknown_kind", message, lang, 2, as_json=as_json, kinds=kind_names())
    result = language.parse(body.text, body.subject or None)
    if as_json:
        typer.echo(json.dumps(result.to_json(lang), ensure_ascii=False, indent=2))
    else:
        typer.echo(echo(result, lang, language.namer()), nl=False)
    # An empty text or junk is no orders understood: a script must not take it for some.
    raise typer.Exit(1 if result.errors or not result.understood() else 0)


ServiceConfig = Annotated[
    Path | None,
    typer.Option(
        "--config",
        help="TOML settings file (default: ./pbem.toml if there; PBEM_* variables override).",
    ),
]


def _service_settings(config: Path | None, missing: str) -> Settings:
    """The settings of a long-running command, its logs configured; ``missing`` explains
    what to give when neither a file nor a ``PBEM_*`` variable says anything."""
    from config.settings import environment_settings
    from mailserver.app.cli.settings import config_file, settings_or_fail
    from mailserver.common import logs

    # The defaults are for trying things out (a database in the current folder, mail on
    # localhost): a service started with nothing configured would run on them unnoticed.
    if config_file(config) is None and not environment_settings():
        fail(missing, "en")
    settings = settings_or_fail(config, "en")
    logs.configure(settings.log_format)
    return settings


@app.command("serve")
def serve_cmd(config: ServiceConfig = None) -> None:
    """Run the service: IMAP intake, acknowledgements, outbox (until SIGTERM)."""
    settings = _service_settings(
        config,
        "pbem serve needs its settings: --config FILE (every key is explained in "
        "deploy/pbem.example.toml) or PBEM_* environment variables such as "
        "PBEM_DATABASE_URL, PBEM_IMAP__HOST and PBEM_SMTP__HOST.",
    )
    import asyncio

    from mailserver.app.service import Service

    # Service.run quiets the garbage collector once everything is loaded.
    asyncio.run(Service(settings).run())


@app.command("web")
def web_cmd(config: ServiceConfig = None) -> None:
    """Serve the web pages alone (docs/web.md), on the database of pbem serve."""
    settings = _service_settings(
        config,
        "pbem web needs its settings: --config FILE (the same as pbem serve's; [web] "
        "in deploy/pbem.example.toml) or PBEM_* environment variables.",
    )
    import asyncio

    from mailserver.web.standalone import serve_pages

    asyncio.run(serve_pages(settings))


@app.command("demo")
def demo_cmd(
    directory: Annotated[
        Path, typer.Option("--dir", help="Folder for the mail and the database (emptied first).")
    ] = Path("pbem-demo"),
    game: Annotated[
        str | None, typer.Option(help="The game kind (default: the first registered).")
    ] = None,
    players: Annotated[
        int | None, typer.Option(min=2, help="Bot players (default: the game kind's).")
    ] = None,
    turns: Annotated[int, typer.Option(min=1, max=30, help="Turns to play.")] = 3,
    turn_seconds: Annotated[
        float, typer.Option(min=3, help="Seconds from the last order to the deadline.")
    ] = 10.0,
    embedded: Annotated[
        bool, typer.Option(help="Use the embedded IMAP server even if Dovecot is installed.")
    ] = False,
    keep_running: Annotated[
        bool, typer.Option(help="Afterwards keep the mail stack running for a mail client.")
    ] = False,
    verbose: Annotated[bool, typer.Option(help="Show the service's log.")] = False,
    lang: LangOption = "de",
) -> None:
    """Play a short game of bots by mail on a local mail stack, then say where the mail is."""
    import asyncio

    from mailserver.app.demo import DemoConfig, DemoError, run_demo, summary
    from mailserver.common import logs

    if directory.exists() and not directory.is_dir():  # emptying it would fail midway
        fail(say(lang, "demo_dir_is_a_file", path=directory), lang, 2)
    logs.configure("text", logging.INFO if verbose else logging.WARNING)
    config = DemoConfig(
        directory=directory.resolve(),
        kind=game,
        players=players,
        turns=turns,
        turn_seconds=turn_seconds,
        embedded=embedded,
        keep_running=keep_running,
        say=typer.echo,
    )
    try:
        result = asyncio.run(run_demo(config))
    except DemoError as exc:
        fail(say(lang, "demo_failed", reason=exc.message(lang)), lang, 1)
    if not keep_running:
        typer.echo(summary(result))


def main() -> None:
    """Entry point of the ``pbem`` console script."""
    app()
