"""The encounter and sighting finder (design §9.2, dossier parts C and D): every unit's
day-stamped path (F9; the standing orders, or a path and order the GM tries), the
month's meetings of hostile realms' units with the Tab. 6.1-1 row (engine.wdw.items on
the timeline, engine.wdw.timeline and engine.wdw.contacts), who sees whom within the
sight radius with line of sight [R 6.1] (engine.wdw.sightlines), and the F/W
interceptions with the range of hunter and hunted (Tab. 5.1-3). The GM's tool: it
reads every unit, hidden ones too."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from engine.core import Order
from engine.wdw.allied import hostile
from engine.wdw.calculators.texts import number, say
from engine.wdw.interception import INTERCEPTING
from engine.wdw.items import by_unit, find_items, legs_of
from engine.wdw.movement import Leg
from engine.wdw.orders import Fight
from engine.wdw.sightlines import visible
from engine.wdw.state import Unit, WdwState, world
from engine.wdw.tables import MAIN_ORDERS, Outcome, defends_as, row_words
from engine.wdw.timeline import Stay, common_day, stays_of

Plans = Mapping[str, tuple[str, tuple[str, ...]]]
"""The GM's plans: ``realm/id`` → (order, path)."""


@dataclass(frozen=True)
class Meeting:
    """Two realms' units in one field at the same time, from ``day`` on."""

    kf: str
    day: Fraction
    a: tuple[str, ...]
    b: tuple[str, ...]
    a_order: str
    b_order: str
    outcome: Outcome
    hidden: bool
    """A side hides (KX): the row applies only when it is discovered (R2, footnote ²)."""


@dataclass(frozen=True)
class Sighting:
    """A unit sees a hostile one in another field (``hunt``: the spotter pursues or
    guards, F/W, with both ranges)."""

    spotter: str
    seen: str
    kf: str
    day: Fraction
    hidden: bool
    hunt: str
    hunter_range: int
    hunted_range: int


@dataclass(frozen=True)
class Finding:
    """The finder's answer."""

    stays: tuple[tuple[str, tuple[Stay, ...]], ...]
    meetings: tuple[Meeting, ...]
    sightings: tuple[Sighting, ...]


def orders_of(state: WdwState, plans: Plans) -> dict[int, list[Order]]:
    """The plans as the month's K orders (Strategie 5.1): each planned unit's order with
    its path; an order that names no main order is the one the month gives a unit
    without one (a worker's by its extension, else KV: engine.wdw.tables.defends_as)."""
    orders: dict[int, list[Order]] = {}
    for key, (code, path) in plans.items():
        realm, number_ = (int(x) for x in key.split("/"))
        main, ext = (code[:2], code[2:]) if code[:2] in MAIN_ORDERS else (defends_as(code), "")
        orders.setdefault(realm, []).append(Fight(unit=number_, code=main, ext=ext, path=path))
    return orders


def find(state: WdwState, plans: Plans, radius: int, only: str = "") -> Finding:
    """Strategie 6.1 (Tab. 6.1-1), 5.1-3, F9: the month with each unit's standing order
    and no path, except the units ``plans`` gives an order and a path (``realm/id`` →
    (order, path)); ``only`` limits meetings and sightings to one field. The meetings
    are the month's own (engine.wdw.items, every open item at its default: a hiding
    unit undiscovered); the paths and sightings are the legs the month walks."""
    orders = orders_of(state, plans)
    items = find_items(state, orders)
    meetings: list[Meeting] = []
    for meeting in items.meetings.values():
        if only and meeting.kf != only:
            continue
        hidden = "KX" in (meeting.a.order, meeting.b.order)
        found = Meeting(
            meeting.kf,
            meeting.day,
            tuple(sorted(meeting.a.units)),
            tuple(sorted(meeting.b.units)),
            meeting.a.order,
            meeting.b.order,
            meeting.outcome,
            hidden,
        )
        if found not in meetings:  # an E and a K item name one meeting
            meetings.append(found)
    month = _Month.of(state, orders)
    sightings = _sightings(state, month, month.stays, lambda key: radius, only)
    moving = tuple((k, v) for k, v in month.stays.items() if len(v) > 1)
    return Finding(moving, tuple(meetings), sightings)


def hunts(state: WdwState, plans: Plans, radius: int) -> tuple[Sighting, ...]:
    """Tab. 5.1-3, Strategie 6.1: the first sighting of a hostile unit by each unit
    under F or W this month (``plans`` as for :func:`find`), looking as the timeline's
    hunters look (engine.wdw.interception): F within the sight radius ``radius``, W one
    field around its path; with the range of hunter and hunted."""
    planned = (plans.get(u.key, (u.order, ()))[0] for u in state.units)
    if not any(code[2:3] in INTERCEPTING for code in planned):
        return ()  # no hunter: the month's legs are not walked (the dossier asks each month)
    month = _Month.of(state, orders_of(state, plans))
    ext = {k: order[2:3] for k, order in month.orders.items()}
    spotters = {k: v for k, v in month.stays.items() if ext[k] in INTERCEPTING}

    def looks(key: str) -> int:
        return radius if ext[key] == "F" else 1

    return _sightings(state, month, spotters, looks, "")


@dataclass(frozen=True)
class _Month:
    """The month's legs of the plans (engine.wdw.items.legs_of), each unit's order and
    its stays (engine.wdw.timeline), and the stays by field."""

    units: dict[str, Unit]
    orders: dict[str, str]
    legs: dict[str, Leg]
    stays: dict[str, tuple[Stay, ...]]
    by_field: dict[str, list[tuple[str, Stay]]]

    @classmethod
    def of(cls, state: WdwState, orders: Mapping[int, list[Order]]) -> _Month:
        chosen = by_unit(orders)
        legs = legs_of(state, chosen)
        units = {u.key: u for u in state.units}
        given = {u.key: chosen.get((u.realm, u.id)) for u in state.units}
        codes = {
            key: order.code + order.ext if isinstance(order, Fight) else units[key].order
            for key, order in given.items()
        }
        stays = {key: tuple(stays_of(units[key], legs[key])) for key in units}
        by_field: dict[str, list[tuple[str, Stay]]] = {}
        for key, where in stays.items():
            for stay in where:
                by_field.setdefault(stay.kf, []).append((key, stay))
        return cls(units, codes, legs, stays, by_field)


def _sightings(
    state: WdwState,
    month: _Month,
    spotters: Mapping[str, tuple[Stay, ...]],
    radius: Callable[[str], int],
    only: str,
) -> tuple[Sighting, ...]:
    """The first sighting of each hostile unit by each of ``spotters`` within its
    ``radius`` with line of sight [R 6.1] (engine.wdw.sightlines, as the month sees),
    each range as the unit's leg gives it (F20: +1 when the whole move is on a road, as
    the timeline counts it)."""
    the_map = world(state.map_text)
    units = month.units
    sightings = []
    for key, where in spotters.items():
        spotter = units[key]
        hunt = month.orders[key][2:3] if month.orders[key][2:3] in INTERCEPTING else ""
        for stay in where:
            # Its own field too: the month's sightings count a unit met there
            # (engine.wdw.phases.sightings).
            for kf in sorted(visible(the_map, stay.kf, radius(key))):
                if only and kf != only:
                    continue
                for other, there in month.by_field.get(kf, ()):
                    seen = units[other]
                    day = common_day(stay, there)
                    if day is None or seen.realm == spotter.realm:
                        continue
                    if not hostile(state, spotter.realm, seen.realm):
                        continue
                    hidden = month.orders[other][:2] == "KX"
                    reach = (month.legs[key].budget, month.legs[other].budget)
                    sightings.append(Sighting(key, other, kf, day, hidden, hunt, *reach))
    first: dict[tuple[str, str], Sighting] = {}
    for s in sorted(sightings, key=lambda s: s.day):
        first.setdefault((s.spotter, s.seen), s)
    return tuple(first.values())


def render(result: Finding, lang: str) -> list[str]:
    """The finding in lines: paths, meetings, sightings."""
    lines = [say(lang, "finder.paths")]
    for key, stays in result.stays:
        steps = " ".join(f"{stay.kf}@{number(stay.start, lang)}" for stay in stays)
        lines.append(f"  {key}: {steps}")
    lines.append(say(lang, "finder.meetings"))
    if not result.meetings:
        lines.append("  " + say(lang, "finder.none"))
    for m in result.meetings:
        lines.append(
            "  "
            + say(
                lang,
                "finder.meeting",
                kf=m.kf,
                day=number(m.day, lang),
                a=" ".join(m.a),
                a_order=m.a_order,
                b=" ".join(m.b),
                b_order=m.b_order,
                text=row_words(m.outcome, lang),
            )
        )
        if m.hidden:
            lines.append("    " + say(lang, "finder.hidden"))
    lines.append(say(lang, "finder.sightings"))
    if not result.sightings:
        lines.append("  " + say(lang, "finder.none"))
    lines += ["  " + sighting_line(s, lang) for s in result.sightings]
    return lines


def sighting_line(sighting: Sighting, lang: str) -> str:
    """One sighting: who sees whom where from which day, whether the seen unit hides,
    and for a hunter (F/W) both ranges."""
    s = sighting
    text = say(
        lang, "finder.sighting", spotter=s.spotter, seen=s.seen, kf=s.kf, day=number(s.day, lang)
    )
    if s.hidden:
        text += " " + say(lang, "finder.discovery")
    if s.hunt:
        text += " " + say(
            lang, "finder.hunt", hunt=s.hunt, hunter=s.hunter_range, hunted=s.hunted_range
        )
    return text
