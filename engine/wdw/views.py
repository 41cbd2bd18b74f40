"""What a realm's printout shows, as a map view and as data (engine.views): its known
fields with their adjacency, its own settlements and units; the GM sees the whole map.
Nothing of another realm's hidden state (Strategie 1.3: the map never shows units)."""

from __future__ import annotations

from engine.core import NEUTRAL, JSONValue
from engine.plaindata import to_plain
from engine.views import UNKNOWN, MapPlace, MapView
from engine.wdw.state import WdwState, world
from engine.wdw.texts import say

REPORT_SCHEMA = "wdw-report/1"


def place_number(field: str) -> int:
    """A field as a map place number: GF·100 + KF (``12/4`` → 1204)."""
    gf, kf = field.split("/")
    return int(gf) * 100 + int(kf)


def _shown(state: WdwState, player: int) -> list[str]:
    if player == NEUTRAL:
        return list(world(state.map_text).fields)
    return list(state.realm(player).known)


def map_view(state: WdwState, player: int, lang: str) -> MapView:
    """The fields ``player`` knows (the GM: all), labelled with terrain and own
    settlements; own capital marked ``home``, own units as ``fleet``."""
    the_map = world(state.map_text)
    shown = _shown(state, player)
    visible = set(shown)
    mine = [s for s in state.settlements if player in (NEUTRAL, s.owner)]
    towns = {s.kf: s for s in mine}
    armies = {u.kf for u in state.units if player in (NEUTRAL, u.realm)}
    places = []
    for fid in shown:
        field = the_map.fields[fid]
        town = towns.get(fid)
        label = f"{fid} {field.terrain}" + (f" {town.name}" if town else "")
        marks: tuple[str, ...] = ("home",) if town is not None and town.capital else ()
        marks += ("fleet",) if fid in armies else ()
        owner = town.owner if town is not None else UNKNOWN
        places.append(MapPlace(place_number(fid), label, owner, marks))
    links = sorted(
        {
            tuple(sorted((place_number(fid), place_number(other))))
            for fid in shown
            for other in the_map.fields[fid].neighbours
            if other is not None and other in visible
        }
    )
    owners = {r.seat: r.name for r in state.realms if player in (NEUTRAL, r.seat)}
    title = say(lang, "print.known", count=len(shown))
    pairs = tuple((a, b) for a, b in links)
    return MapView(player, tuple(places), pairs, owners=owners, title=title)


def report_data(state: WdwState, player: int, lang: str) -> dict[str, JSONValue]:
    """The printout of ``player`` as data (0: the GM's view with every realm and the log)."""
    seen = {r.seat for r in state.realms if player in (NEUTRAL, r.seat)}
    notes = [n for n in state.notes if player == NEUTRAL or n.seat == player]
    data: dict[str, JSONValue] = {
        "schema": REPORT_SCHEMA,
        "game": state.game,
        "turn": state.turn,
        "year": state.year,
        "month": state.month,
        "realms": [to_plain(r) for r in state.realms if r.seat in seen],
        "settlements": [to_plain(s) for s in state.settlements if s.owner in seen],
        "units": [to_plain(u) for u in state.units if u.realm in seen],
        "spying": [to_plain(s) for s in state.spying if s.realm in seen],
        "month_notes": [{"seat": n.seat, "text": say(lang, n.key, **n.values())} for n in notes],
        "report": [r.text for r in state.reports if r.seat == player],
    }
    if player == NEUTRAL:
        data["log"] = list(state.log)
    return data
