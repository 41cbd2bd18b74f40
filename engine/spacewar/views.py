"""The map and the JSON twin of a Spacewar printout: no more than the printout says
(docs/report-schema.md). Fleets show as markers with their owner; contents only for the
viewer's own fleets (and as sighted, in ``intel``)."""

from __future__ import annotations

from math import isqrt

from engine.core import NEUTRAL, JSONValue
from engine.plaindata import to_plain
from engine.spacewar.board import FIELDS, HOME, SPACE, STRIPS, WORLDS
from engine.spacewar.fleets import fleet_ids_in
from engine.spacewar.printout import WORDS, note_text, standing_lines, step_name
from engine.spacewar.state import SpacewarState
from engine.views import MapPlace, MapView

REPORT_SCHEMA = "spacewar-report/1"
PLACES = (*FIELDS, *STRIPS)
"""The places of the map by number: W1-W12 are 1-12, R1-R4 13-16, H1 17, H2 18."""


def board_position(field: str) -> tuple[int, int]:
    """Where a field lies on the board (docs/rules-spacewar.md, decision 2): row A at the
    bottom from W1 to W6, the space row in the middle, row B on top with W7 facing W6."""
    if field in WORLDS[:6]:
        return 6 * WORLDS.index(field), 0
    if field in WORLDS[6:]:
        return 30 - 6 * (WORLDS.index(field) - 6), 24
    if field in SPACE:
        return 3 + 8 * SPACE.index(field), 12
    return 15, 6 if field == "H1" else 18


def board_distances() -> dict[tuple[int, int], int]:
    """The distances between all places as the board lays them out, for the renderer."""
    out = {}
    for a in PLACES:
        for b in PLACES:
            if a < b:
                (ax, ay), (bx, by) = board_position(a), board_position(b)
                out[(place_number(a), place_number(b))] = isqrt((ax - bx) ** 2 + (ay - by) ** 2)
    return out


def place_number(field: str) -> int:
    """A field's number on the map."""
    return PLACES.index(field) + 1


def map_view(state: SpacewarState, player: int, lang: str) -> MapView:
    """Both planet rows, the space fields and the hyperspace strips with the fleet
    markers every player sees on the board; ``fleet`` marks where the viewer has ships."""
    places = []
    for field in PLACES:
        owner = state.world(field).owner if field in WORLDS else NEUTRAL
        marks = []
        if player and HOME[player] == field:
            marks.append("home")
        if any(f.owner == player or player == 0 for f in state.fleets_at(field)):
            marks.append("fleet")
        markers = " ".join(f"F{f.id}/{f.owner}" for f in state.fleets_at(field))
        label = f"{field} {markers}".strip()
        places.append(MapPlace(place_number(field), label, owner, tuple(marks)))
    links = []
    for world in WORLDS:
        strip = "H1" if world in WORLDS[:6] else "H2"
        links.append((place_number(world), place_number(strip)))
    for space in SPACE:
        links += [
            (place_number(space), place_number("H1")),
            (place_number(space), place_number("H2")),
        ]
    owners = {p.number: p.name for p in state.players}
    title = WORDS.say(lang, "map_title", game=state.game, round=state.round)
    return MapView(
        viewer=player,
        places=tuple(places),
        links=tuple(sorted(links)),
        distances=board_distances(),
        owners=owners,
        title=title,
        lang=lang,
    )


def report_data(state: SpacewarState, player: int, lang: str) -> dict[str, JSONValue]:
    """What ``player``'s printout says, as data."""
    worlds = []
    for world in state.worlds:
        entry: dict[str, JSONValue] = {"id": world.id, "owner": world.owner, "income": world.income}
        if world.guerrilla:
            entry["guerrilla"] = world.guerrilla
        if player in (0, world.owner):
            entry["troops"] = sorted((s.value for s in world.troops), reverse=True)
        worlds.append(entry)
    fleets = []
    for fleet in sorted(state.fleets, key=lambda f: (f.owner, f.id)):
        item: dict[str, JSONValue] = {"owner": fleet.owner, "id": fleet.id, "where": fleet.where}
        if player in (0, fleet.owner):
            item["ships"] = fleet_ids_in(fleet)
            item["base"] = fleet.base is not None
        fleets.append(item)
    bases = [
        {
            "owner": b.owner,
            "field": b.field,
            **({"fighters": b.fighters} if player in (0, b.owner) else {}),
        }
        for b in state.bases
    ]
    data: dict[str, JSONValue] = {
        "schema": REPORT_SCHEMA,
        "game": state.game,
        "step": state.turn,
        "round": state.round,
        "player": player,
        "start_player": state.start_player,
        "next_step": step_name(state, lang),
        "worlds": worlds,
        "fleets": fleets,
        "bases": bases,
        "stranded": [to_plain(s) for s in state.stranded],
        "intel": [to_plain(i) for i in state.intel if player in (0, i.viewer)],
        "report": [note_text(n, lang) for n in state.notes if n.seen_by(player)],
    }
    if player:
        me = state.player(player)
        data["pe"] = {"saved": me.pe, "income": me.income, "spent": me.spent, "pool": list(me.pool)}
        data["standing"] = standing_lines(state, player, lang)
    if state.over:
        data["winner"] = state.winner
    return data
