"""What a realm's printout shows, as a map view and as data (engine.views): its known
fields as hexes in their terrain with their rivers, roads and heights
(engine.wdw.map_lines) and the walls it sees (engine.wdw.map_walls), its own settlements
and the others' in sight (name and realm, Strategie 1.3) and its units, where it
sighted other realms' units this month; the GM sees the whole map. Nothing of another
realm's hidden state (Strategie 1.3: the map never shows units; a sighting is where and
what kind)."""

from __future__ import annotations

from dataclasses import replace

from engine.core import NEUTRAL, JSONValue
from engine.plaindata import to_plain
from engine.views import UNKNOWN, MapGround, MapPlace, MapView
from engine.wdw import labels
from engine.wdw.calculators.economy import next_income
from engine.wdw.characters import owners_lord
from engine.wdw.map_lines import level, lines, place_number
from engine.wdw.map_walls import wall_edges
from engine.wdw.mapfile import WorldMap
from engine.wdw.morale import band
from engine.wdw.printout import note_text
from engine.wdw.setup import options_of
from engine.wdw.sightlines import seen_settlements
from engine.wdw.state import Realm, Settlement, Wall, WdwState, world
from engine.wdw.texts import played_month, say, terrain_word
from engine.wdw.walls import condition, seen_walls

REPORT_SCHEMA = "wdw-report/1"

GROUND_COLOURS = {
    "Tiefland": "#e4ecb8",
    "Hügelland": "#d3d98f",
    "Wald": "#9cc48a",
    "Sumpf": "#a7c4b0",
    "Gebirge": "#bba58e",
    "Wasser": "#a9cdef",
    "Tiefsee": "#6f9fd0",
}
"""The sample map's terrains' colours; another terrain takes its class's."""
CLASS_COLOURS = {"normal": "#e4ecb8", "schwer": "#a8c58f", "extrem": "#c2ab93"}
WATER_COLOUR = "#a9cdef"


def _shown(state: WdwState, player: int) -> list[str]:
    if player == NEUTRAL:
        return list(world(state.map_text).fields)
    return list(state.realm(player).known)


def grounds(the_map: WorldMap, shown: list[str], lang: str) -> dict[str, MapGround]:
    """The terrains of the ``shown`` fields in the order the map file first uses them,
    with their colours, named in ``lang`` (keyed by the map file's names)."""
    found: dict[str, MapGround] = {}
    visible = set(shown)
    for item in the_map.fields.values():
        if item.id not in visible:
            continue
        if item.terrain not in found:
            fallback = WATER_COLOUR if item.water else CLASS_COLOURS[item.terrain_class]
            found[item.terrain] = MapGround(
                terrain_word(item.terrain, lang), GROUND_COLOURS.get(item.terrain, fallback)
            )
    return found


def map_view(state: WdwState, player: int, lang: str) -> MapView:
    """The fields ``player`` knows (the GM: all) as hexes in their terrain with their
    rivers, roads, heights and the walls it sees (engine.wdw.map_walls), labelled with
    the field and the own settlement there or another realm's in sight (its name, in its
    realm's colour, Strategie 1.3); own capital marked ``home``, own units as
    ``fleet``, the other realms' units sighted this month as ``sighted``."""
    the_map = world(state.map_text)
    shown = _shown(state, player)
    visible = set(shown)
    mine = [s for s in state.settlements if player in (NEUTRAL, s.owner)]
    # Strategie 1.3: the others' settlements in sight, with their realm (not their kind:
    # whether it is fortified is a GO result, Tab. 5.3-2).
    theirs = [] if player == NEUTRAL else seen_settlements(state, player, options_of(state))
    towns = {s.kf: s for s in [*mine, *theirs]}
    armies = {u.kf for u in state.units if player in (NEUTRAL, u.realm)}
    sighted = {s.kf for s in state.sightings if s.seat == player}
    places = []
    for fid in shown:
        field = the_map.fields[fid]
        town = towns.get(fid)
        own = town is not None and player in (NEUTRAL, town.owner)
        label = fid + (f" {labels.label(town)}" if own and town else "")
        label += f" {town.name}" if town else ""
        marks: tuple[str, ...] = ("home",) if own and town and town.capital else ()
        marks += ("fleet",) if fid in armies else ()
        marks += ("sighted",) if fid in sighted else ()
        marks += ("source",) if field.source else ()  # Strategie 1.3: Quellen
        owner = town.owner if town is not None else UNKNOWN
        report = f"{fid} {terrain_word(field.terrain, lang)}" + (f" {town.name}" if town else "")
        places.append(
            MapPlace(
                place_number(fid),
                label,
                owner,
                marks,
                report=report,
                ground=field.terrain,
                level=level(field),
            )
        )
    links = sorted(
        {
            tuple(sorted((place_number(fid), place_number(other))))
            for fid in shown
            for other in the_map.fields[fid].neighbours
            if other is not None and other in visible
        }
    )
    shown_owners = {player} | {s.owner for s in theirs}
    owners = {r.seat: r.name for r in state.realms if player == NEUTRAL or r.seat in shown_owners}
    title = say(lang, "print.known", count=len(shown))
    reader = next((r for r in state.realms if r.seat == player), None)
    if reader is not None:  # the reader's own realm with its number (never another's)
        title = say(lang, "map.title", realm=reader, known=title)
    pairs = tuple((a, b) for a, b in links)
    hexes = {place_number(fid): (the_map.fields[fid].x, the_map.fields[fid].y) for fid in shown}
    terrain = lines(the_map, shown, lang)
    wall_kinds, walls = wall_edges(state, player, visible, lang)
    return MapView(
        player,
        tuple(places),
        pairs,
        owners=owners,
        title=title,
        lang=lang,
        hexes=hexes,
        grounds=grounds(the_map, shown, lang),
        mark_texts={"fleet": say(lang, "map.units" if player else "map.all_units")},
        lines=terrain.kinds | wall_kinds,
        edges=terrain.edges + walls,
        paths=terrain.paths,
        level_texts=terrain.level_texts,
    )


def _settlement(place: Settlement, player: int) -> JSONValue:
    """A settlement's row; a realm reads its lord only when it is one of its own
    characters (the GM the whole record)."""
    lord = place.lord if player == NEUTRAL else owners_lord(place)
    return to_plain(replace(place, lord=lord, label=labels.label(place)))


def _wall(state: WdwState, wall: Wall, player: int) -> JSONValue:
    """A wall's row as its printout line says it (Strategie 1.3: buildings are seen):
    the work under way on it only to its owner and the GM; never whether it is manned."""
    row: dict[str, JSONValue] = {
        "kf": wall.kf,
        "side": wall.side,
        "owner": wall.owner,
        "owner_name": state.realm(wall.owner).name,
        "bwp": wall.bwp,
        "damage": wall.damage,
        "condition": condition(wall),
    }
    if player in (NEUTRAL, wall.owner):
        row["progress"] = list(wall.progress)
    return row


def report_data(state: WdwState, player: int, lang: str) -> dict[str, JSONValue]:
    """The printout of ``player`` as data (0: the GM's view with every realm and the log):
    its realm, settlements, units, spies, the walls it sees, the sightings of the month,
    and the fields of its known map as the map file gives them (docs/report-schema.md,
    ``wdw-report/1``)."""
    the_map = world(state.map_text)
    seen = {r.seat for r in state.realms if player in (NEUTRAL, r.seat)}
    notes = [n for n in state.notes if player == NEUTRAL or n.seat == player]
    # The printout heads with the month it reports on; the calendar has turned already.
    month, year = played_month(state)
    income_month, income_in = next_income(state.month, options_of(state))
    data: dict[str, JSONValue] = {
        "schema": REPORT_SCHEMA,
        "player": player,
        "game": state.game,
        "turn": state.turn,
        "year": year,
        "month": month,
        "next_year": state.year,
        "next_month": state.month,
        "next_income": {"month": income_month, "months": income_in},
        "realms": [_realm(state, r, player) for r in state.realms if r.seat in seen],
        "settlements": [_settlement(s, player) for s in state.settlements if s.owner in seen],
        "seen_settlements": _seen_settlements(state, player),
        "units": [to_plain(u) for u in state.units if u.realm in seen],
        "spying": [to_plain(s) for s in state.spying if s.realm in seen],
        "walls": [_wall(state, w, player) for w in seen_walls(state, player)],
        "sightings": [to_plain(s) for s in state.sightings if s.seat in seen],
        "ledger": [to_plain(b) for b in state.ledger if b.seat in seen],
        "news": list(state.news),
        "fields": [to_plain(the_map.fields[fid]) for fid in _shown(state, player)],
        "month_notes": [{"seat": n.seat, "text": note_text(n, lang)} for n in notes],
        "report": [r.text for r in state.reports if r.seat == player],
    }
    if player == NEUTRAL:
        data["log"] = list(state.log)
    return data


def _seen_settlements(state: WdwState, player: int) -> JSONValue:
    """Strategie 1.3: the other realms' settlements in sight, as the map shows them —
    field, name and realm, nothing of their structures (the GM reads them all in
    ``settlements``)."""
    if player == NEUTRAL:
        return []
    return [
        {"kf": s.kf, "name": s.name, "owner": s.owner, "owner_name": state.realm(s.owner).name}
        for s in seen_settlements(state, player, options_of(state))
    ]


def _realm(state: WdwState, realm: Realm, player: int) -> JSONValue:
    """A realm's row; with ``bukaz_display = "verbal"`` its owner reads the band of its
    BükAz (``bukaz_band``, engine.wdw.morale), not the number (the GM reads both)."""
    row = to_plain(realm)
    assert isinstance(row, dict)
    if player != NEUTRAL and options_of(state).bukaz_display == "verbal":
        row["bukaz"] = None
    row["bukaz_band"] = band(realm.bukaz)
    return row
