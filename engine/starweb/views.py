"""The map and the JSON twin of a Starweb printout (docs/report-schema.md).

Both say no more than the printout (Starweb "Der Printout"): the worlds the player is
reported this turn with their gates, owners and keys, the gates' far ends as worlds not
yet explored, his own keys' moves, the contacts and the echo of his orders. Cargo and
conditional fire of other players' keys, their notices and the game's secrets (the end
score, the Black Box) stay out, as in the printout.
"""

from __future__ import annotations

from engine.core import NEUTRAL, JSONValue
from engine.starweb.artifacts import artifact_name
from engine.starweb.printout import character, header_values, player_report
from engine.starweb.ships import build_capacity
from engine.starweb.state import Fleet, FleetNote, StarwebState, World, WorldNote
from engine.starweb.texts import TEXTS
from engine.starweb.world_report import View, destroyed_shown, world_lines
from engine.views import UNKNOWN, MapMove, MapPlace, MapView

REPORT_SCHEMA = "starweb-report/1"


def seen_worlds(state: StarwebState, player: int) -> list[int]:
    """The worlds ``player``'s printout reports (every world for the GM)."""
    if player == NEUTRAL:
        return [w.number for w in state.worlds]
    return sorted(player_report(state, player).seen)


def map_view(state: StarwebState, player: int, lang: str) -> MapView:
    """The known worlds and their gates, owners, the player's keys and their moves (each
    with the key's ships), every seen world with its report lines from the printout."""
    seen = seen_worlds(state, player)
    view = View(
        state=state, viewer=player, lang=lang, usable=build_capacity, artifact_name=artifact_name
    )
    places: list[MapPlace] = []
    links: set[tuple[int, int]] = set()
    far: set[int] = set()
    for number in seen:
        world = state.world(number)
        marks = []
        if player != NEUTRAL and world.home_of == player:
            marks.append("home")
        if any(f.owner == player and f.ships for f in state.fleets_at(number)) or (
            player == NEUTRAL and any(f.owner and f.ships for f in state.fleets_at(number))
        ):
            marks.append("fleet")
        if world.black_hole:
            marks.append("black_hole")
        report = "\n".join(world_lines(view, number))
        places.append(MapPlace(number, f"W{number}", world.owner, tuple(marks), report))
        for gate in world.gates:
            links.add((min(number, gate), max(number, gate)))
            far.add(gate)
    places += [
        MapPlace(n, f"W{n}", UNKNOWN, ("unexplored",), f"W{n}") for n in sorted(far - set(seen))
    ]
    moves = tuple(
        MapMove(target=d.to, origin=note.world, label=f"F{d.fleet}:{state.fleet(d.fleet).ships}")
        for note in sorted(state.report.worlds, key=lambda n: n.world)
        for d in note.departures
        if d.owner == player or player == NEUTRAL
    )
    owners = {p.number: p.code_name for p in state.players}
    title = TEXTS.say(lang, "map_title", game=state.game, turn=state.turn)
    return MapView(
        viewer=player,
        places=tuple(places),
        links=tuple(sorted(links)),
        moves=moves,
        owners={o: n for o, n in owners.items() if any(p.owner == o for p in places)},
        title=title,
        lang=lang,
        move_note=TEXTS.say(lang, "map_move_note"),
    )


def report_data(state: StarwebState, player: int, lang: str) -> dict[str, JSONValue]:
    """The printout of ``player`` as data (schema ``starweb-report/1``)."""
    gm = player == NEUTRAL
    notes = {n.world: n for n in state.report.worlds}
    fleet_notes = {n.fleet: n for n in state.report.fleets}
    data: dict[str, JSONValue] = {
        "schema": REPORT_SCHEMA,
        "game": state.game,
        "turn": state.turn,
        "player": player,
        "over": state.over,
        "worlds": [
            _world(state, state.world(n), notes.get(n), fleet_notes, player, lang)
            for n in seen_worlds(state, player)
        ],
        "messages": list(state.report.messages),
    }
    if gm:
        data["players"] = [
            {
                "player": p.number,
                "code_name": p.code_name,
                "character": p.character,
                "score": p.score,
                "home": p.home,
                "allies": [state.player(a).code_name for a in p.allies],
                "end_vote": p.end_vote,
                "out": p.out,
            }
            for p in state.players
        ]
        data["end_score"] = state.end_score
        return data
    me = state.player(player)
    report = player_report(state, player)
    data.update(
        {
            "code_name": me.code_name,
            "character": me.character,
            "character_name": character(me, lang),
            "header": dict(header_values(state, player)),
            "contacts": [
                {"code_name": state.player(p).code_name, "ally": p in me.allies}
                for p in [*me.met, *(a for a in me.allies if a not in me.met)]
            ],
            "contacts_this_turn": [state.player(p).code_name for p in report.contacts],
            "their_scores": sorted(state.player(p).score for p in report.contacts),
            "nmr": player in state.report.nmr,
            "orders": [{"code": e.code, "remark": e.remark} for e in report.echo],
            "notices": list(report.notices),
            "out": me.out,
        }
    )
    if state.over:
        data["ranking"] = [
            {"code_name": p.code_name, "character": p.character, "score": p.score}
            for p in sorted(state.players, key=lambda p: (-p.score, p.number))
        ]
    return data


def _name(state: StarwebState, player: int) -> str | None:
    return state.player(player).code_name if player != NEUTRAL else None


def _world(
    state: StarwebState,
    world: World,
    note: WorldNote | None,
    fleet_notes: dict[int, FleetNote],
    viewer: int,
    lang: str,
) -> dict[str, JSONValue]:
    flags = list(note.flags) if note else []
    return {
        "number": world.number,
        "gates": list(world.gates),
        "owner": _name(state, world.owner),
        "converts_of": _name(state, world.convert_owner) if world.converts else None,
        "industry": world.industry,
        "can_build": build_capacity(state, world) if world.industry else 0,
        "metal": world.metal,
        "mines": world.mines,
        "population": world.population,
        "converts": world.converts,
        "robots": world.robots,
        "limit": world.limit,
        "turns": world.turns,
        "i_ships": world.i_ships,
        "p_ships": world.p_ships,
        "dead": note.dead if note else 0,
        "dead_converts": note.dead_converts if note else 0,
        "kg_unloads": world.kg_unloads,
        "plundered": world.plundered,
        "recovery": world.recovery,
        "destroyed": destroyed_shown(state, world, flags),
        "black_hole": world.black_hole,
        "flags": flags,
        "artifacts": [
            {"number": a.number, "name": artifact_name(a, lang)}
            for a in state.artifacts_at(world.number)
        ],
        "keys": [
            _key(state, f, fleet_notes.get(f.number), viewer, lang)
            for f in state.fleets_at(world.number)
        ],
        "departures": [
            {"fleet": d.fleet, "owner": _name(state, d.owner), "to": d.to}
            for d in sorted(note.departures if note else [], key=lambda d: d.fleet)
        ],
    }


def _key(
    state: StarwebState, fleet: Fleet, note: FleetNote | None, viewer: int, lang: str
) -> dict[str, JSONValue]:
    private = viewer == NEUTRAL or (fleet.owner == viewer and fleet.owner != NEUTRAL)
    key: dict[str, JSONValue] = {
        "number": fleet.number,
        "owner": _name(state, fleet.owner),
        "ships": fleet.ships,
        "peace": fleet.peace,
        "bomb": fleet.bomb,
        "flags": [
            f for f in (note.flags if note else []) if private or not f.startswith("conditional:")
        ],
        "artifacts": [
            {"number": a.number, "name": artifact_name(a, lang)}
            for a in state.artifacts_on(fleet.number)
        ],
    }
    if private:
        key["cargo"] = fleet.cargo
    return key
