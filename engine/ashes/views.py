"""The map and the JSON twin of an Ashes printout (docs/report-schema.md).

Both say no more than the printout (Ashes 4): a player knows the galaxy (the map and its
distance table are public), the owners of his own planets, of the planets in his battle
reports (Ashes 4.8) and spy reports (Ashes 6.3.4), and his own fleets; the GM knows all.
"""

from __future__ import annotations

from engine.ashes.economy import gip
from engine.ashes.printout import (
    news_text,
    notice_text,
    orbit_ships,
    owner_orbits,
    planet_report,
    ruler,
)
from engine.ashes.state import AshesState, BattleReport, Fleet, Planet
from engine.ashes.texts import TEXTS
from engine.ashes.victory import gnp_text
from engine.ashesmap.galaxy import load_galaxy
from engine.core import NEUTRAL, JSONValue
from engine.views import UNKNOWN, MapMove, MapPlace, MapView

REPORT_SCHEMA = "ashes-report/1"


def known_owners(state: AshesState, player: int) -> dict[int, int]:
    """The planets whose owner ``player``'s printout names, and that owner."""
    if player == NEUTRAL:
        return {p.number: p.owner for p in state.planets}
    known: dict[int, int] = {}
    for battle in _battles(state, player):
        known[battle.planet] = battle.owner if battle.new_owner is None else battle.new_owner
    for spy in state.report.spies:
        if spy.player == player:
            known[spy.planet.number] = spy.planet.owner
    for planet in state.owned(player):
        known[planet.number] = player
    return known


NEAR = 0
"""The distance classes drawn as lines on the map: the neighbours a flight reaches in the
same turn (more lines hide the map; the web page shows every distance from a planet)."""


def map_view(state: AshesState, player: int, lang: str) -> MapView:
    """The 40 planets laid out by the distance table, owners as the player knows them,
    his home, his fleets in orbit and under way (Ashes 4.6); the distance classes up to
    :data:`NEAR` as labelled lines (a flight of class n arrives n turns later, Ashes
    6.2.1), each planet with what the printout says of it."""
    galaxy = load_galaxy(state.galaxy_text)
    known = known_owners(state, player)
    reports = planet_reports(state, player, lang, known)
    fleets = [f for f in state.fleets if player == NEUTRAL or f.owner == player]
    orbit = {f.target for f in fleets if f.stage is None}
    home = state.player(player).home if player != NEUTRAL else 0
    places = tuple(
        MapPlace(
            number=p.number,
            label=f"{p.number} {p.name}",
            owner=known.get(p.number, UNKNOWN),
            marks=tuple(
                m for m, on in (("home", p.number == home), ("fleet", p.number in orbit)) if on
            ),
            report=reports[p.number],
        )
        for p in state.planets
    )
    moves = tuple(
        MapMove(
            target=f.target, label=f"{_ships(f)} (D+{f.stage})" if f.stage else f"{_ships(f)} (D)"
        )
        for f in fleets
        if f.stage is not None
    )
    owners = {seat: ruler(state, seat, lang) for seat in sorted(set(known.values())) if seat > 0}
    title = TEXTS.say(lang, "map_title", game=state.game, turn=state.turn)
    return MapView(
        viewer=player,
        places=places,
        distances=galaxy.pair_distances(),
        moves=moves,
        owners=owners,
        title=title,
        lang=lang,
        move_note=TEXTS.say(lang, "map_move_note"),
        near=NEAR,
        distance_note=TEXTS.say(lang, "map_distance_note"),
    )


def planet_reports(
    state: AshesState, player: int, lang: str, known: dict[int, int]
) -> dict[int, str]:
    """What ``player``'s printout says of each planet: the planet report of his own
    planets (all for the GM) and of those his spies saw (Ashes 4.4, 6.3.4), the owner
    of those his battle reports name (Ashes 4.8), the name of the others."""
    lines: dict[int, list[str]] = {}
    for spy in state.report.spies:
        if player == NEUTRAL or spy.player == player:
            lines[spy.planet.number] = planet_report(state, spy.planet, lang, spy.fi, spy.tr)
    for planet in state.planets if player == NEUTRAL else state.owned(player):
        lines[planet.number] = planet_report(state, planet, lang, *orbit_ships(state, planet))
    reports = {}
    for p in state.planets:
        if p.number in lines:
            reports[p.number] = "\n".join(lines[p.number])
        elif p.number in known:
            owner = ruler(state, known[p.number], lang)
            reports[p.number] = TEXTS.say(
                lang, "map_owner", number=p.number, name=p.name, ruler=owner
            )
        else:
            reports[p.number] = f"{p.number} {p.name}"
    return reports


def report_data(state: AshesState, player: int, lang: str) -> dict[str, JSONValue]:
    """The printout of ``player`` as data (schema ``ashes-report/1``)."""
    gm = player == NEUTRAL
    seats = [p.number for p in state.players]
    planets = state.planets if gm else state.owned(player)
    # The GM's twin lists all 40 planets: their owners' orbit fleets in one pass then.
    orbits = owner_orbits(state) if gm else {p.number: orbit_ships(state, p) for p in planets}
    data: dict[str, JSONValue] = {
        "schema": REPORT_SCHEMA,
        "game": state.game,
        "turn": state.turn,
        "player": player,
        "ruler": ruler(state, player, lang) if not gm else None,
        "finished": state.finished,
        "winners": list(state.winners) if state.finished else [],
        "rulers": {str(s): ruler(state, s, lang) for s in seats},
        "pv": None if gm else {str(s): _pv(state, player, s) for s in seats},
        "planets": [_planet(p, orbits.get(p.number, (0, 0))) for p in planets],
        "known_owners": {str(n): o for n, o in sorted(known_owners(state, player).items())},
        "gnp": [
            {"player": row.player, "ranks": list(row.ranks), "gnp": gnp_text(row)}
            | ({"values": list(row.values)} if gm else {})
            for row in state.report.gnp
        ],
        "fleets": [_fleet(f) for f in state.fleets if gm or f.owner == player],
        "battles": [_battle(b) for b in _battles(state, player)],
        "spy_reports": [
            _planet(s.planet, orbit_ships(state, s.planet)) | {"fi": s.fi, "tr": s.tr}
            for s in state.report.spies
            if gm or s.player == player
        ],
        "notices": [
            {"kind": n.kind, "player": n.player, "text": notice_text(state, n, lang)}
            for n in state.report.notices
            if gm or n.player == player
        ],
        "media": [{"kind": n.kind, "text": news_text(state, n, lang)} for n in state.report.news],
    }
    if not gm:
        me = state.player(player)
        data["home"] = me.home
        data["pp"] = me.pp
        data["out"] = me.out
    return data


def _pv(state: AshesState, player: int, other: int) -> int | None:
    if other == player:
        return 1
    if state.player(other).out:
        return None
    return state.pv[player][other]


def _battles(state: AshesState, player: int) -> list[BattleReport]:
    return [
        b
        for b in state.report.battles
        if player == NEUTRAL or b.owner == player or any(s.player == player for s in b.sides)
    ]


def _planet(p: Planet, ships: tuple[int, int]) -> dict[str, JSONValue]:
    fi, tr = ships
    return {
        "number": p.number,
        "name": p.name,
        "owner": p.owner,
        "gip": gip(p),
        "pm": p.pm,
        "a": p.a,
        "pr60": p.pr60,
        "hd": p.hd,
        "fuel": p.fuel,
        "ore": p.ore,
        "rare": p.rare,
        "pdu": p.pdu,
        "fp": p.fp,
        "op": p.op,
        "rp": p.rp,
        "fy": p.fy,
        "ty": p.ty,
        "fi": fi,
        "tr": tr,
    }


def _fleet(f: Fleet) -> dict[str, JSONValue]:
    return {"owner": f.owner, "target": f.target, "fi": f.fi, "tr": f.tr, "stage": f.stage}


def _battle(b: BattleReport) -> dict[str, JSONValue]:
    return {
        "planet": b.planet,
        "owner": b.owner,
        "new_owner": b.new_owner,
        "pdu": b.pdu,
        "sides": [
            {
                "player": s.player,
                "role": s.role,
                "fi": s.fi,
                "tr": s.tr,
                "lost_fi": s.lost_fi,
                "lost_tr": s.lost_tr,
            }
            for s in b.sides
        ],
    }


def _ships(f: Fleet) -> str:
    return " ".join(([f"{f.fi} FI"] if f.fi else []) + ([f"{f.tr} TR"] if f.tr else []))
