"""The map and the JSON twin of a board-game printout. The board is open (B E2), so
both show everybody the same board as the printout: owners, populations, factories,
hangars and every fleet with its distance space; the report lines are the reader's."""

from __future__ import annotations

from engine.ashes_board.printout import planet_name, render, seat_name, visible
from engine.ashes_board.state import ORBIT, BoardState
from engine.ashes_board.texts import PRINT
from engine.ashes_board.victory import points
from engine.ashesmap.galaxy import standard_galaxy
from engine.core import NEUTRAL, JSONValue
from engine.plaindata import to_plain
from engine.views import MapMove, MapPlace, MapView

NEAR = 0
"""Distance classes drawn as labelled lines: class 0, the neighbours a fleet reaches in
the round it starts (Brettspiel G.4.4); the web page shows every other on pointing."""

REPORT_SCHEMA = "ashes-board-report/1"


def map_view(state: BoardState, reader: int, lang: str) -> MapView:
    """The 40 planets laid out by the distance table with owner, population, factories
    and hangars; the reader's home and the planets where anybody's ships orbit marked;
    every fleet on a distance space as a move towards its planet, labelled with the space."""
    galaxy = standard_galaxy()
    home = state.player(reader).hp if reader != NEUTRAL else 0
    # The legend's triangle is the reader's own ships (the GM's: anybody's); the others'
    # fleets in orbit are in the planet's report line.
    orbiting = {f.planet for f in state.fleets if f.space == ORBIT and reader in (NEUTRAL, f.owner)}
    places = tuple(
        MapPlace(
            number=p.number,
            label=(
                f"{p.number} {galaxy.planet(p.number).name} {p.pop}/{p.base_pop}"
                f" F{len(p.factories)} H{len(p.hangars)}"
            ),
            owner=p.owner,
            marks=tuple(
                m for m, on in (("home", p.number == home), ("fleet", p.number in orbiting)) if on
            ),
        )
        for p in state.planets
    )
    moves = tuple(
        MapMove(
            target=f.planet,
            label=(
                f"{seat_name(state, f.owner, lang)} @{f.space}: {f.fighters} FI {f.transporters} TR"
            ),
        )
        for f in state.fleets
        if f.space != ORBIT
    )
    return MapView(
        viewer=reader,
        places=places,
        distances=galaxy.pair_distances(),
        moves=moves,
        owners={p.number: seat_name(state, p.number, lang) for p in state.players},
        title=PRINT.say(lang, "map_title", game=state.game, turn=state.turn),
        lang=lang,
        near=NEAR,
        distance_note=PRINT.say(lang, "map_distance_note"),
        move_note=PRINT.say(lang, "map_move_note"),
        label_note=PRINT.say(lang, "map_label_note"),
    )


def report_data(state: BoardState, reader: int, lang: str) -> dict[str, JSONValue]:
    """The printout of ``reader`` as data: the open board and his report lines."""
    return {
        "schema": REPORT_SCHEMA,
        "game": state.game,
        "turn": state.turn,
        "reader": reader,
        "rules": "extension" if state.options.extension else "basic",
        "finished": state.finished,
        "winners": list(state.winners),
        "report": [render(state, line, lang) for line in state.report if visible(line, reader)],
        "players": [
            {
                "player": p.number,
                "name": seat_name(state, p.number, lang),
                "warehouse": {"oil": p.oil, "steel": p.steel, "hightech": p.hightech},
                "hp": p.hp,
                "place": p.place,
                "morale": {
                    "fighters": p.morale_fighters,
                    "transporters": p.morale_transporters,
                    "troops": p.morale_troops,
                },
                "points": points(state, p),
                "out": p.out,
            }
            for p in state.players
        ],
        "planets": [{"name": planet_name(p.number), **to_plain(p)} for p in state.planets],
        "fleets": [to_plain(f) for f in state.fleets],
    }
