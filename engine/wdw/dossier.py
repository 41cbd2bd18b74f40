"""The GM's dossier of a month (design §4.2): the orders, the economy, the movements,
every open item numbered with what the server computed for it, and the ruling form with
the defaults, ready to be edited and mailed back."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

from engine.core import Order, Ruling
from engine.wdw.calculators.briefing import (
    budget_line,
    forecast_lines,
    interception_lines,
    scene_of,
    siege_lines,
    spending,
    workbench_lines,
)
from engine.wdw.calculators.draws import draw_lines
from engine.wdw.calculators.texts import number
from engine.wdw.checks_army import capacity_line
from engine.wdw.checks_conquest import raid_lines
from engine.wdw.checks_decay import decay_lines
from engine.wdw.checks_spy import infiltration, names_something, target_min_ig
from engine.wdw.checks_walls import wall_siege_lines
from engine.wdw.forecast import forecast
from engine.wdw.form import form_lines, form_words
from engine.wdw.home_terrain import loss_immunity
from engine.wdw.items import Finding, Items, Meeting, by_unit
from engine.wdw.leaders import shortfall, shortfall_text
from engine.wdw.morale import unrest_flag
from engine.wdw.phases.sightings import sights
from engine.wdw.setup import options_of
from engine.wdw.state import WdwState, world
from engine.wdw.storm import storm_lines
from engine.wdw.tables import row_words
from engine.wdw.terrain_losses import difficult_ground
from engine.wdw.texts import gm_reads, heading, say


def dossier(
    state: WdwState,
    given: Mapping[int, Sequence[Order]],
    orders: Mapping[int, Sequence[Order]],
    items: Items,
    lang: str,
    finding: Finding | None = None,
) -> str:
    """The whole dossier, parts A to J: part A every order ``given`` with the reason of
    a refusal, the rest the ``orders`` the month carries out (engine.wdw.forecast.standing)
    and their ``items``, whose ``finding`` if kept the ruling form builds on
    (engine.wdw.form.form_lines)."""
    lines = [heading(lang, "dossier.head", state, state.turn + 1), ""]
    lines.append(say(lang, "dossier.orders"))
    lines += _order_lines(state, given, lang)
    lines += ["", say(lang, "dossier.economy")]
    after = spending(state, orders, items)  # part B's month as its phases pay it
    for realm in state.realms:
        lines.append("  " + say(lang, "dossier.treasury", realm=realm, bukaz=realm.bukaz))
        unrest = unrest_flag(realm.bukaz, lang)  # Strategie 6.5: -75 and -100
        lines += ["    " + unrest] if unrest else []
        places = [p for p in state.settlements if p.owner == realm.seat]
        lines += ["    " + capacity_line(state, place, lang) for place in places]
        lines += forecast_lines(state, after, realm, orders.get(realm.seat, ()), lang)
    lines += ["", say(lang, "dossier.timeline")]
    chosen, units = by_unit(orders), {u.key: u for u in state.units}
    the_map, options = world(state.map_text), options_of(state)
    immune = {r.seat: loss_immunity(r, state.settlements, the_map) for r in state.realms}
    for key, leg in items.legs.items():
        if not leg.steps and not leg.bad:
            continue
        steps = " ".join(f"{kf}@{number(day, lang)}" for kf, day in leg.steps)
        extra = say(lang, "dossier.truncated") if leg.truncated else ""
        extra += say(lang, "dossier.bad", why=leg.bad) if leg.bad else ""
        extra += say(lang, "dossier.pursued", unit=leg.pursued) if leg.pursued else ""
        extra += say(lang, "dossier.halted") if leg.halted else ""
        lines.append("  " + say(lang, "dossier.leg", unit=key, steps=steps) + extra)
        if leg.steps:
            unit = units[key]
            order = chosen.get((unit.realm, unit.id))
            lines.append(budget_line(unit, leg, order, the_map, options, lang))
            # Part C: where the GM may rule terrain losses, and where the realm is free (D33).
            ground = difficult_ground(unit, leg, the_map, immune[unit.realm], lang)
            if ground:
                lines.append(say(lang, "dossier.terrain", fields=", ".join(ground)))
    lines += _sighting_lines(state, orders, items, lang)
    lines += _stand_off_lines(items, lang)
    lines += interception_lines(state, orders, lang)
    lines += ["", say(lang, "dossier.items")]
    if not items.ids():
        lines.append("  " + say(lang, "dossier.none"))
    scene = scene_of(state, items.legs)
    for item, meeting in items.meetings.items():
        lines += _meeting_lines(item, meeting, lang)
        if item.startswith("K"):
            lines += workbench_lines(scene, meeting, items.legs, lang)
            lines += _leader_lines(state, meeting, lang)
    for item, (seat, spy) in items.spies.items():
        ig = _ig(state, seat, spy.unit, spy.target)
        lines.append(say(lang, "item.spy", item=item, seat=seat, spy=spy, ig=ig))
        if not names_something(state, spy.target):  # D37: the realm was not told
            lines.append(say(lang, "item.spy_target_unknown", target=spy.target))
    for item, (seat, special) in items.specials.items():
        lines.append(
            say(lang, "item.special", item=item, seat=seat, unit=special.unit, text=special.text)
        )
    for item, (seat, province) in items.provinces.items():
        fields = " ".join(province.fields)
        lines.append(
            say(lang, "item.province", item=item, seat=seat, name=province.name, fields=fields)
        )
    lines += siege_lines(state, items, lang)
    lines += wall_siege_lines(state, items, lang) + storm_lines(items, lang)
    lines += raid_lines(state, items, lang)
    lines += decay_lines(state, items, lang)
    lines += [
        "",
        say(lang, "dossier.dice"),
        *draw_lines(scene, orders, items, state.turn + 1, lang),
    ]
    lines += ["", say(lang, "dossier.form"), say(lang, "dossier.rulings")]
    lines += form_lines(state, orders, items, lang, finding)
    lines.append(say(lang, "dossier.end"))
    return "\n".join(lines) + "\n"


def _order_lines(state: WdwState, orders: Mapping[int, Sequence[Order]], lang: str) -> list[str]:
    """Part A: each realm's orders as its acknowledgement checked them on its position
    (engine.wdw.forecast: the words, the cost, the reason of a refusal; the realm named
    in the third person, :func:`engine.wdw.texts.gm_reads`), and the realms
    that sent none (NMR, for the BükAz, Strategie 6.5)."""
    lines = []
    realms = {r.seat for r in state.realms}
    for seat in sorted(realms | set(orders)):
        given = orders.get(seat, ())
        if not given and seat in realms:
            lines.append("  " + say(lang, "dossier.nmr", realm=state.realm(seat)))
        with gm_reads(seat):  # the realm's answers, in the GM's words ("Reich 3 kennt …")
            outlooks = forecast(state, seat, given, lang)
        for outlook in outlooks:
            lines.append(f"  {seat}: {outlook.worded}")
            lines += [f"     ! {warning}" for warning in outlook.warnings]
    return lines


def _sighting_lines(
    state: WdwState, orders: Mapping[int, Sequence[Order]], items: Items, lang: str
) -> list[str]:
    """Part C's sightings (Strategie 6.1): who sees which foreign unit, where and when,
    as the month runs with the orders given (the GM sees the unit; the realm reads only
    its kind and estimated size)."""
    return [
        "  "
        + say(
            lang,
            "dossier.sighting",
            seat=sight.seat,
            unit=sight.unit.key,
            kf=sight.kf,
            day=number(sight.day, lang),
            size=sight.unit.size,
        )
        for sight in sights(state, orders, items.legs, {}, options_of(state))
    ]


def _stand_off_lines(items: Items, lang: str) -> list[str]:
    """Part C's meetings without a fight or an item (Strategie 6.1 "Aufhalten von
    Einheiten", Tab. 6.1-1): both sides stay where they met; each realm's printout says
    so."""
    return [
        "  "
        + say(
            lang,
            "dossier.stand_off",
            meeting=meeting,
            a=meeting.a,
            b=meeting.b,
            day=number(meeting.day, lang),
            a_units=" ".join(meeting.a.units),
            b_units=" ".join(meeting.b.units),
        )
        for meeting in items.stand_offs
    ]


def _meeting_lines(item: str, meeting: Meeting, lang: str) -> list[str]:
    # The texts name the meeting's fields and its sides' (``{meeting.kf}``, ``{a.realm}``).
    a, b = meeting.a, meeting.b
    day = number(meeting.day, lang)
    row = row_words(meeting.outcome, lang)
    sides = {"item": item, "meeting": meeting, "a": a, "b": b, "row": row}
    a_units, b_units = " ".join(a.units), " ".join(b.units)
    if item.startswith("D"):
        return [say(lang, "item.discovery", **sides, day=day, b_units=b_units)]
    if item.startswith("E"):
        return [
            say(lang, "item.encounter", **sides),
            say(
                lang,
                "item.question",
                a_power=number(a.kampfkraft, lang),
                b_power=number(b.kampfkraft, lang),
            ),
            say(lang, "item.when", day=day, rounds=meeting.rounds),
        ]
    # The strengths, GP, ratio and rounds are the workbench's, under the item.
    met = say(lang, "item.met", day=day)
    lines = [say(lang, "item.combat", **sides, a_units=a_units, b_units=b_units), met]
    if len(meeting.parties) > 2:  # Strategie 6.2: more than two parties, each against all
        named = ", ".join(" ".join(str(r) for r in party) for party in meeting.parties[2:])
        lines.append(say(lang, "item.parties", realms=named))
    lines += [say(lang, "item.late", unit=key, round=n) for key, n in meeting.late]
    return lines


def _ig(state: WdwState, seat: int, unit: int, target: str) -> str:
    """The spy's IG on the target and the target's true minimum IG (Tab. 5.3-1)."""
    record = infiltration(state.spying, seat, unit, target, options_of(state))
    current = record.ig if record is not None else 1
    return f"{current} / min {target_min_ig(state, target)}"


def open_lines(items: Items, given: Sequence[Ruling], lang: str) -> list[str]:
    """The items without a ruling yet, one line each, id first (a meeting's with the
    words its ruling may use)."""
    ruled = {r.item.upper() for r in given}
    lines = []
    for item, key, values in _open_items(items):
        if item not in ruled:
            words = f" — {form_words(item, items, lang)}" if item in items.meetings else ""
            lines.append(f"{item} {say(lang, key, **values)}{words}")
    return lines


def _open_items(items: Items) -> Iterator[tuple[str, str, dict[str, object]]]:
    """Every item of the month, ruled or not, in the dossier's order: its id, the key of
    its open line and what the line fills in."""
    for item, meeting in items.meetings.items():
        key = {"K": "open.combat", "D": "open.discovery"}.get(item[0], "open.encounter")
        yield item, key, {"kf": meeting.kf}
    for item, (seat, spy) in items.spies.items():
        yield item, "open.spy", {"seat": seat, "unit": spy.unit, "code": spy.code}
    for item, (seat, _special) in items.specials.items():
        yield item, "open.special", {"seat": seat}
    for item, (seat, province) in items.provinces.items():
        yield item, "open.province", {"seat": seat, "name": province.name}
    for item, siege in items.sieges.items():
        yield item, "open.siege", {"settlement": siege.settlement}
    for item, wall_siege in items.wall_sieges.items():
        yield item, "open.wall_siege", {"kf": wall_siege.wall_kf, "side": wall_siege.wall_side}
    for item, assault in items.storms.items():
        yield item, "open.storm", {"settlement": assault.settlement}
    for item, raid in items.raids.items():
        yield item, "open.raid", {"unit": raid.unit, "kf": raid.kf}
    for item, (name, _default) in items.decays.items():
        yield item, "open.decay", {"settlement": name}


def _leader_lines(state: WdwState, meeting: Meeting, lang: str) -> list[str]:
    """Strategie 4.1, ``leader_capacity``: under the workbench, each side whose
    Heerführer lead fewer elements than it has (only so many fight; the GM's)."""
    options = options_of(state)
    if not options.leader_capacity:
        return []  # no check: 810 combats of the bench scanned every unit for nothing
    lines = []
    by_key = {u.key: u for u in state.units}
    for side in (meeting.a, meeting.b):
        army = [by_key[key] for key in side.units if key in by_key]
        short = shortfall(army, options)
        if short is not None:
            lines.append(shortfall_text(short, lang, "dossier.leaders", realm=side.realm))
    return lines
