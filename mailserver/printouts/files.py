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
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from config.game_options import host_settings
from db.models import Game, Player
from engine.core import PrintoutFiles, State
from engine.views import Charting, MapView, Reporting
from mailserver.common.catalog import say
from mailserver.common.kinds import game_kind
from mailserver.outbound.smtp import Attachment
from mailserver.printouts.dice import DiceView
from mailserver.printouts.maps import WebMap, render_map, web_map

log = logging.getLogger(__name__)

DICE = "dice"
"""The JSON twin's key of the dice (the run adds it: :func:`with_dice`)."""


def wants(game: Game, what: str, player: Player | None = None) -> bool:
    """Whether the printouts carry ``what`` (``map`` or ``json``): the player's own
    choice, else the game's (default on)."""
    own = (player.printout_files or {}) if player is not None else {}
    if what in own:
        return bool(own[what])
    return bool(host_settings(game.options).get(f"printout_{what}", True))


def choose_printout_files(
    session: Session, player: Player, choices: Sequence[PrintoutFiles], lang: str | None = None
) -> list[str]:
    """Record the player's ``Karte aus`` / ``JSON on`` (the last one per file counts);
    the acknowledgement's lines (in ``lang``, else the player's language)."""
    chosen = dict(player.printout_files or {})
    for choice in choices:
        chosen[choice.file] = choice.on
    player.printout_files = chosen  # a new dict: JSON columns are replaced, not mutated
    session.add(player)
    lang = lang or player.language
    return [say(lang, "files_title"), *(f"  {c.describe(lang)}" for c in choices)]


def map_view(game: Game, state: State, seat: int, lang: str) -> MapView | None:
    """What ``seat`` (0: the GM) knows of the map, or None when the kind draws none."""
    engine = game_kind(game.kind).engine
    if not isinstance(engine, Charting):
        return None
    return engine.map_view(state, seat, lang)


def map_png(game: Game, state: State, seat: int, lang: str) -> bytes | None:
    """The map of ``seat`` (0: the GM) as PNG, or None when the kind draws none."""
    view = map_view(game, state, seat, lang)
    return None if view is None else render_map(view)


def map_web(game: Game, state: State, seat: int, lang: str) -> WebMap | None:
    """The map of ``seat`` (0: the GM) as the web page shows it (SVG and legend), or
    None when the kind draws none."""
    view = map_view(game, state, seat, lang)
    return None if view is None else web_map(view)


def report_json(
    game: Game, state: State, seat: int, lang: str, dice: DiceView | None = None
) -> dict[str, Any] | None:
    """The JSON twin of ``seat``'s printout, or None when the kind has none; with
    ``dice`` its key ``dice`` holds the next seal and the seat's reveal (docs/dice.md)."""
    engine = game_kind(game.kind).engine
    if not isinstance(engine, Reporting):
        return None
    data = engine.report_data(state, seat, lang)
    return data if dice is None else with_dice(data, dice, seat)


def with_dice(data: dict[str, Any], dice: DiceView, seat: int) -> dict[str, Any]:
    """A JSON twin with its ``dice`` (:meth:`DiceView.json`) for ``seat``."""
    return {**data, DICE: dice.json(seat)}


@dataclass(frozen=True)
class FileViews:
    """A printout's files of one state, made ahead (:mod:`mailserver.turns.ahead`).

    ``made`` names what was made (``map``, ``json``); a made file may be None (the kind
    has none, or the map could not be drawn).
    """

    made: frozenset[str] = frozenset()
    map: bytes | None = None
    json: bytes | None = None
    """The JSON twin's bytes; None when ``json_around`` makes them."""
    json_around: tuple[str, str] | None = None
    """The JSON twin's members before and after where its ``dice`` go (:func:`twin_parts`),
    for the run to put the dice in without reading the twin back."""


def made_files(game: Game, player: Player, state: State) -> FileViews:
    """The files ``player`` wants with a printout of ``state``, made now."""
    made = frozenset(what for what in ("map", "json") if wants(game, what, player))
    png = _map_file(game, state, player.seat, player.language) if "map" in made else None
    data = report_json(game, state, player.seat, player.language) if "json" in made else None
    if data is None:
        return FileViews(made, png)
    parts = twin_parts(data)
    if parts is None:
        return FileViews(made, png, _json_bytes(data))
    below, own, above = parts
    # The whole twin is kept only when its parts leave out what it holds (a ``dice`` of
    # the engine's own): the run makes it of them, and beside them it was half of what
    # a turn evaluated ahead sent back from the worker for its twins.
    return FileViews(made, png, _joined(below, own, above) if own else None, (below, above))


def twin_parts(data: dict[str, Any]) -> tuple[str, str, str] | None:
    """A JSON twin as its members (compact JSON without the braces) sorted before its key
    ``dice``, the member ``dice`` itself ("" when it has none) and those after it; None
    when its keys are not all strings. :func:`_joined` makes the twin's bytes of them,
    the same as :func:`_json_bytes` of the whole, and the run puts its ``dice`` between
    the two without parsing and writing the twin again (docs/performance.md)."""
    if not all(isinstance(key, str) for key in data):
        return None
    below = _members({k: v for k, v in data.items() if k < DICE})
    above = _members({k: v for k, v in data.items() if k > DICE})
    own = _members({DICE: data[DICE]}) if DICE in data else ""
    return below, own, above


def printout_files(
    game: Game,
    player: Player,
    state: State,
    turn: int,
    ahead: FileViews | None = None,
    dice: DiceView | None = None,
) -> list[dict[str, str]]:
    """The attachments of ``player``'s printout of ``turn``, in their stored form; the
    files ``ahead`` holds are taken from it (the JSON twin gets its ``dice`` added, which
    are known only when the turn runs)."""
    ahead = ahead or FileViews()
    files: list[Attachment] = []
    stem = f"{game.number}-{turn}-{player.seat}"
    if wants(game, "map", player):
        png = (
            ahead.map
            if "map" in ahead.made
            else _map_file(game, state, player.seat, player.language)
        )
        if png is not None:
            name = say(player.language, "map_file")
            files.append(Attachment(f"{name}-{stem}.png", "image/png", png))
    if wants(game, "json", player):
        if "json" in ahead.made and ahead.json_around is not None and dice is not None:
            below, above = ahead.json_around
            data: bytes | None = _joined(below, _dice_member(dice, player.seat), above)
        elif "json" in ahead.made and ahead.json is not None and dice is not None:
            data = _json_bytes(with_dice(json.loads(ahead.json), dice, player.seat))
        elif "json" in ahead.made and ahead.json is None and ahead.json_around is not None:
            data = _joined(*ahead.json_around)  # no dice to add (a turn of legacy dice)
        elif "json" in ahead.made:
            data = ahead.json
        else:
            data = _json_file(game, state, player.seat, player.language, dice)
        if data is not None:
            files.append(Attachment(f"report-{stem}.json", "application/json", data))
    return [f.to_json() for f in files]


def _map_file(game: Game, state: State, seat: int, lang: str) -> bytes | None:
    try:
        return map_png(game, state, seat, lang)
    except Exception:  # a drawing library's failure must not hold the printout back
        log.exception("map of game %s turn %s seat %s not drawn", game.number, state.turn, seat)
        return None


def _json_file(
    game: Game, state: State, seat: int, lang: str, dice: DiceView | None = None
) -> bytes | None:
    data = report_json(game, state, seat, lang, dice)
    return None if data is None else _json_bytes(data)


def _json_bytes(data: dict[str, Any]) -> bytes:
    return (_compact(data) + "\n").encode()


def _compact(data: dict[str, Any]) -> str:
    # Compact: the C encoder does not indent, and the twin is for programs.
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


def _members(data: dict[str, Any]) -> str:
    """``data``'s members as the twin writes them, without the braces ("" for none)."""
    return _compact(data)[1:-1]


def _dice_member(dice: DiceView, seat: int) -> str:
    """The twin's ``dice`` member for ``seat`` (as :func:`_members` writes it): its value
    written once for the seats that see the same rolls."""
    return f"{json.dumps(DICE)}:{dice.json_text(seat, _compact)}"


def _joined(*members: str) -> bytes:
    """A twin's bytes of its members in order (:func:`twin_parts`)."""
    return ("{" + ",".join(m for m in members if m) + "}\n").encode()
