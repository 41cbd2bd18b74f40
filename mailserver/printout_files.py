"""The files a printout mail carries: the map picture and the JSON twin.

A game kind whose engine draws maps (:class:`engine.views.Charting`) or reports as data
(:class:`engine.views.Reporting`) gets them attached to every printout, unless the GM
switched them off for the game (host options ``printout_map`` / ``printout_json``).
A picture that cannot be drawn never stops a printout: the mail goes without it.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from sqlmodel import Session

from config.game_options import host_settings
from db.models import Game, Player
from engine.core import PrintoutFiles, State
from engine.views import Charting, Reporting
from mailserver.catalog import say
from mailserver.kinds import game_kind
from mailserver.maps import render_map
from mailserver.smtp import Attachment

log = logging.getLogger(__name__)


def wants(game: Game, what: str, player: Player | None = None) -> bool:
    """Whether the printouts carry ``what`` (``map`` or ``json``): the player's own
    choice, else the game's (default on)."""
    own = (player.printout_files or {}) if player is not None else {}
    if what in own:
        return bool(own[what])
    return bool(host_settings(game.options).get(f"printout_{what}", True))


def choose_printout_files(
    session: Session, player: Player, choices: Sequence[PrintoutFiles]
) -> list[str]:
    """Record the player's ``Karte aus`` / ``JSON on`` (the last one per file counts);
    the acknowledgement's lines."""
    chosen = dict(player.printout_files or {})
    for choice in choices:
        chosen[choice.file] = choice.on
    player.printout_files = chosen  # a new dict: JSON columns are replaced, not mutated
    session.add(player)
    return [
        say(player.language, "files_title"),
        *(f"  {c.describe(player.language)}" for c in choices),
    ]


def map_png(game: Game, state: State, seat: int, lang: str) -> bytes | None:
    """The map of ``seat`` (0: the GM) as PNG, or None when the kind draws none."""
    engine = game_kind(game.kind).engine
    if not isinstance(engine, Charting):
        return None
    return render_map(engine.map_view(state, seat, lang))


def report_json(game: Game, state: State, seat: int, lang: str) -> dict[str, Any] | None:
    """The JSON twin of ``seat``'s printout, or None when the kind has none."""
    engine = game_kind(game.kind).engine
    if not isinstance(engine, Reporting):
        return None
    return engine.report_data(state, seat, lang)


def printout_files(game: Game, player: Player, state: State, turn: int) -> list[dict[str, str]]:
    """The attachments of ``player``'s printout of ``turn``, in their stored form."""
    files: list[Attachment] = []
    stem = f"{game.number}-{turn}-{player.seat}"
    if wants(game, "map", player):
        try:
            png = map_png(game, state, player.seat, player.language)
        except Exception:  # a drawing library's failure must not hold the printout back
            log.exception(
                "map of game %s turn %s seat %s not drawn", game.number, turn, player.seat
            )
            png = None
        if png is not None:
            name = "karte" if player.language == "de" else "map"
            files.append(Attachment(f"{name}-{stem}.png", "image/png", png))
    if wants(game, "json", player):
        data = report_json(game, state, player.seat, player.language)
        if data is not None:
            # Compact: the C encoder does not indent, and the twin is for programs.
            text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
            text += "\n"
            files.append(Attachment(f"report-{stem}.json", "application/json", text.encode()))
    return [f.to_json() for f in files]
