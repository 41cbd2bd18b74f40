"""The printout (B E2: the board is open): the round's report with every die, every
warehouse, every planet board and every fleet; the prefilled order form. Only the
building orders are secret, and they never reach the state before phase 5 carries them
out (docs/rules-ashes-board.md, "Printout")."""

from __future__ import annotations

from engine.ashes_board.state import ORBIT, BoardState, Line
from engine.ashes_board.texts import PRINT, REPORT, WORDS
from engine.ashes_board.victory import points
from engine.ashesmap.galaxy import standard_galaxy
from engine.core import NEUTRAL

_PLANET_ARGS = ("planet", "source", "target")
_SEAT_ARGS = ("owner", "old")


def planet_name(number: int) -> str:
    """``20 (Crossland)``: how the printout names a planet."""
    return f"{number} ({standard_galaxy().planet(number).name})"


def seat_name(state: BoardState, seat: int, lang: str) -> str:
    """``player 2`` or the player's name, ``neutral`` for nobody."""
    if seat == NEUTRAL:
        return WORDS.say(lang, "neutral")
    name = state.player(seat).name
    label = WORDS.say(lang, "seat", seat=seat)
    return f"{label} ({name})" if name else label


def visible(line: Line, reader: int) -> bool:
    """Whether ``reader`` (0: the GM) reads the line: lines for everybody or for him."""
    return not line.seats or reader == NEUTRAL or reader in line.seats


def render(state: BoardState, line: Line, lang: str) -> str:
    """One report line in ``lang``: planets and players named, words translated."""
    values: dict[str, str] = line.values()
    for key in _PLANET_ARGS:
        if key in values:
            values[key] = planet_name(int(values[key]))
    for key in _SEAT_ARGS:
        if key in values:
            values[key] = seat_name(state, int(values[key]), lang)
    if line.key == "press" and line.values()["owner"] == str(NEUTRAL):
        values["owner"] = PRINT.say(lang, "gm")  # the GM's notices (docs/host-rules.md)
    if "space" in values:
        space = int(values["space"])
        values["space"] = WORDS.say(lang, "space.0" if space == ORBIT else "space.n", space=space)
    if "what" in values:
        values["what"] = WORDS.say(lang, f"unit.{values['what']}", n=values.pop("n"))
    for key in ("unit", "good"):
        if key in values:
            values[key] = WORDS.say(lang, f"type.{values[key]}")
    if "value" in values:
        values["value"] = WORDS.say(lang, f"relation.{values['value']}")
    if "winner" in values:
        values["winner"] = WORDS.say(lang, f"side.{values['winner']}")
    if "reason" in values:
        values["reason"] = WORDS.say(lang, f"reason.{values['reason']}")
    return REPORT.say(lang, line.key, **values)


def printout(state: BoardState, reader: int, lang: str) -> str:
    """The printout of ``reader`` (0: the game master) after the state's round."""
    who = PRINT.say(lang, "gm") if reader == NEUTRAL else seat_name(state, reader, lang)
    rules = PRINT.say(lang, "extension" if state.options.extension else "basic")
    out = [
        PRINT.say(lang, "head", game=state.game, turn=state.turn, reader=who),
        PRINT.say(lang, "rules", rules=rules),
        "",
        PRINT.say(lang, "report", turn=state.turn),
    ]
    said = [render(state, line, lang) for line in state.report if visible(line, reader)]
    out += said or [PRINT.say(lang, "nothing")]
    out += ["", *warehouses(state, lang), "", *planets(state, lang), "", *fleets(state, lang)]
    if state.finished:
        winners = ", ".join(seat_name(state, w, lang) for w in state.winners)
        out += ["", PRINT.say(lang, "over", winners=winners)]
    elif reader != NEUTRAL and not state.player(reader).out:
        out += ["", *order_form(state, reader, lang)]
    return "\n".join(out) + "\n"


def warehouses(state: BoardState, lang: str) -> list[str]:
    """Every player's warehouse board (B E2.5), morale counters (B 2.5), points (B 2.6.3)."""
    rows = [PRINT.say(lang, "warehouses"), PRINT.say(lang, "warehouse_head")]
    for p in state.players:
        mine = state.owned(p.number)
        morale = "/".join(
            "+" if up else "-" for up in (p.morale_fighters, p.morale_transporters, p.morale_troops)
        )
        place = PRINT.say(lang, "out") if p.out else str(p.place)
        rows.append(
            f"{seat_name(state, p.number, lang)[:16]:<16} {p.oil:>5} {p.steel:>5} {p.hightech:>4} "
            f"{sum(x.pop for x in mine):>4} {len(mine):>7} {p.hp:>3}  {morale:<12} "
            f"{points(state, p):>6} {place:>5}"
        )
    return rows


def planets(state: BoardState, lang: str) -> list[str]:
    """Every planet board (B E2.4): owner, population over the board's number, land troops,
    factories, hangars, a neutral planet's fighters."""
    rows = [PRINT.say(lang, "planets"), PRINT.say(lang, "planet_head")]
    galaxy = standard_galaxy()
    for p in state.planets:
        factories = ",".join(WORDS.say(lang, f"type.{f}") for f in p.factories) or "-"
        hangars = ",".join(WORDS.say(lang, f"type.{h}") for h in p.hangars) or "-"
        owner = seat_name(state, p.owner, lang)
        fighters = str(p.fighters) if p.owner == NEUTRAL else ""
        rows.append(
            f"{p.number:>3} {galaxy.planet(p.number).name[:20]:<20} {owner[:10]:<10} "
            f"{p.pop:>3}/{p.base_pop:<4} {p.troops:>3} {factories[:15]:<15} {hangars[:12]:<12} "
            f"{fighters:>3}".rstrip()
        )
    return rows


def fleets(state: BoardState, lang: str) -> list[str]:
    """Every fleet on the planet boards: in orbit and on the distance spaces (B G.4.4)."""
    rows = [PRINT.say(lang, "fleets"), PRINT.say(lang, "fleet_head")]
    if not state.fleets:
        return [*rows, PRINT.say(lang, "no_fleets")]
    for f in state.fleets:
        owner = (
            WORDS.say(lang, "pirates") if f.owner == NEUTRAL else seat_name(state, f.owner, lang)
        )
        rows.append(
            f" {planet_name(f.planet)[:25]:<25} {f.space:>5} {owner[:10]:<10} "
            f"{f.fighters:>4} {f.transporters:>4} {f.pop:>4}"
        )
    return rows


def order_form(state: BoardState, seat: int, lang: str) -> list[str]:
    """The prefilled order form for the next round, read unchanged by the grammar."""
    nxt = state.turn + 1
    mine = state.owned(seat)
    first = mine[0].number if mine else state.player(seat).hp or 1
    lines = [
        PRINT.say(lang, "form_head", game=state.game, turn=nxt, seat=seat),
        PRINT.say(lang, "form_password"),
        PRINT.say(lang, "form_header", game=state.game, seat=seat, turn=nxt),
        PRINT.say(lang, "form_build", planet=first),
    ]
    lines += [
        PRINT.say(lang, "form_planet", planet=planet_name(p.number), pop=p.pop, troops=p.troops)
        for p in mine
    ]
    lines.append(PRINT.say(lang, "form_flights", planet=first))
    lines += [
        PRINT.say(
            lang, "form_orbit", planet=planet_name(f.planet), fi=f.fighters, tr=f.transporters
        )
        for f in state.fleets_of(seat)
        if f.space == ORBIT
    ]
    lines.append(PRINT.say(lang, "form_more"))
    if nxt == 1:
        lines.append(PRINT.say(lang, "form_start"))
    return lines
