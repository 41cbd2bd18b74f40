"""``pbem gm map GAME FILE``: the GM loads a map file into a game whose kind takes one
(mailserver.gm.maps): in setup as the game's map, later as a correction of the turn
waiting for his rulings (``--reason`` required then). A kind without map files, a file
the kind refuses, a game in neither state: one line, exit 1; with ``--json`` one JSON
object on stdout (``{"ok": false, "refused": …, "error": …}``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from mailserver.app.cli.common import LangOption, read_input, refuse
from mailserver.app.cli.gm_session import ConfigOption, GameArg, gm_session, utc_now
from mailserver.common.catalog import say
from mailserver.gm.lookup import GmError
from mailserver.gm.maps import MapLoaded, load_map


def map_cmd(
    number: GameArg,
    file: Annotated[Path, typer.Argument(help="The map file (UTF-8; its form is the kind's).")],
    reason: Annotated[
        str, typer.Option(help="Why the map changes (a game that has started: required).")
    ] = "",
    as_json: Annotated[bool, typer.Option("--json", help="Answer as one JSON object.")] = False,
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """Load a map file into a game: before the start as its map, later as a logged
    correction of the turn waiting for the GM's rulings."""
    try:
        text = read_input(file, lang, as_json=as_json).decode("utf-8")
    except UnicodeDecodeError:
        message = say(lang, "cli_not_utf8", file=file)
        refuse("not_utf8", message, lang, 2, as_json=as_json, file=str(file))
    with gm_session(config, lang) as (session, _settings):
        try:
            how = load_map(session, number, text, reason, lang=lang, now=utc_now())
        except GmError as exc:
            refused = exc.key.removeprefix("gm_error_")
            refuse(refused, exc.message(lang), lang, 1, as_json=as_json, game=number)
    message = say(
        lang, "cli_map_setup" if how is MapLoaded.SETUP else "cli_map_correction", game=number
    )
    if as_json:
        answer = {"ok": True, "game": number, "loaded": how.value, "message": message}
        typer.echo(json.dumps(answer, ensure_ascii=False))
    else:
        typer.echo(message)
