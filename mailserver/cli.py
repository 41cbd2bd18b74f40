"""The ``pbem`` command line."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from config.settings import load_settings
from grammar.echo import echo
from grammar.mailbody import extract_order_text
from mailserver import cli_ashes, logs
from mailserver.games import UnknownGameKind, order_language
from mailserver.service import Service

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Play-by-email game host: Ashes of Empire and friends.",
)
app.add_typer(cli_ashes.app, name="ashes")


@app.callback()
def _root() -> None:
    """Play-by-email game host."""


@app.command("parse")
def parse_cmd(
    file: Annotated[
        str, typer.Argument(help="A raw mail (RFC 822) or plain order text; - for stdin.")
    ] = "-",
    game: Annotated[str, typer.Option(help="The game kind whose orders to read.")] = "ashes",
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON instead of the echo.")
    ] = False,
    lang: Annotated[str, typer.Option(help="Language of the echo and errors: de or en.")] = "de",
) -> None:
    """Read orders from a mail or text and show what was understood (exit 1 on errors)."""
    data = sys.stdin.buffer.read() if file == "-" else Path(file).read_bytes()
    body = extract_order_text(data)
    try:
        language = order_language(game)
    except UnknownGameKind as exc:
        raise typer.BadParameter(str(exc), param_hint="--game") from None
    result = language.parse(body.text, body.subject or None)
    if as_json:
        typer.echo(json.dumps(result.to_json(lang), ensure_ascii=False, indent=2))
    else:
        typer.echo(echo(result, lang, language.planet_name), nl=False)
    raise typer.Exit(1 if result.errors else 0)


@app.command("serve")
def serve_cmd(
    config: Annotated[
        Path | None,
        typer.Option("--config", help="TOML settings file (PBEM_* variables override)."),
    ] = None,
) -> None:
    """Run the service: IMAP intake, acknowledgements, outbox (until SIGTERM)."""
    settings = load_settings(config)
    logs.configure(settings.log_format)
    asyncio.run(Service(settings).run())


def main() -> None:
    """Entry point of the ``pbem`` console script."""
    app()
