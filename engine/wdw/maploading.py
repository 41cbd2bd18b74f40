"""A new map for a running game (design §4.3, D1): the GM's ``pbem gm map`` in a game
that has started is the correction ``Karte <map file>`` of the turn waiting for his
rulings, checked whole when it comes in and applied first in the month, logged with its
reason. Every unit and settlement must stand on a field of the new map; the realms keep
the known fields the new map still has."""

from __future__ import annotations

import re

from engine.core import Ruling
from engine.plaindata import copy_plain
from engine.wdw.mapfile import MapError
from engine.wdw.state import WdwState, world

MAP_WORDS = ("karte", "map")
"""The first word of a correction that loads a map (German, English)."""
_MAP_RE = re.compile(rf"\s*(?:{'|'.join(MAP_WORDS)})(?:[ \t]+|[ \t]*\n)", re.IGNORECASE)


def map_correction(text: str) -> str:
    """The words of the correction that loads the map file ``text``."""
    return f"Karte {text}"


def map_text_of(text: str) -> str | None:
    """The map file's text of a correction's words (as the file was: its lines are the
    ones a refusal names), or None when they load no map."""
    match = _MAP_RE.match(text)
    if match is None or not text[match.end() :].strip():
        return None
    return text[match.end() :]


def load_map(state: WdwState, text: str) -> WdwState:
    """``state`` on the map of ``text``; :class:`MapError` names the line of the file's
    first problem, or what stands on a field the new map lacks."""
    the_map = world(text)
    for place in state.settlements:
        if place.kf not in the_map.fields:
            raise MapError(f"settlement {place.name} stands on {place.kf}, not on the new map")
    for unit in state.units:
        if unit.kf not in the_map.fields:
            raise MapError(f"unit {unit.key} stands on {unit.kf}, not on the new map")
    new = copy_plain(state)
    new.map_text = text
    for realm in new.realms:
        realm.known = [f for f in realm.known if f in the_map.fields]
    return new


def apply(state: WdwState, ruling: Ruling, text: str) -> None:
    """Load the map of a kept correction into the month's state, logged with its reason
    (the log names the map, not its whole text)."""
    loaded = load_map(state, text)
    state.map_text = loaded.map_text
    for realm, known in zip(state.realms, loaded.realms, strict=True):
        realm.known = known.known
    the_map = world(text)
    state.log.append(
        f"{ruling.item} Karte {the_map.name!r}: {len(the_map.fields)} KF ({ruling.reason})"
    )
