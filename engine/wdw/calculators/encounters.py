"""The encounter and sighting finder (design §9.2, dossier parts C and D): every unit's
day-stamped path (F9; the standing orders, or a path and order the GM tries), the
fields where units of hostile realms are at overlapping times with the Tab. 6.1-1 row,
who sees whom within the sight radius with line of sight [R 6.1], and the F/W
interceptions with the range of hunter and hunted (Tab. 5.1-3). The GM's tool: it
reads every unit, hidden ones too."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from engine.wdw.calculators.combat import lead_order
from engine.wdw.calculators.texts import number, say
from engine.wdw.interception import INTERCEPTING
from engine.wdw.items import hostile
from engine.wdw.mapfile import WorldMap
from engine.wdw.movement import budget, walk
from engine.wdw.setup import options_of
from engine.wdw.state import Unit, WdwState, world
from engine.wdw.tables import Outcome, encounter

Stay = tuple[str, Fraction, Fraction]
"""A unit in a field from one day to another (F9)."""


@dataclass(frozen=True)
class Meeting:
    """Two realms' units in one field at overlapping times, from ``day`` on."""

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


def stays_of(
    unit: Unit,
    the_map: WorldMap,
    path: tuple[str, ...],
    prices: Mapping[str, int] | None = None,
) -> tuple[Stay, ...]:
    """Where the unit is when this month (F9; D21 via :func:`engine.wdw.movement.walk`;
    ``prices``: movement by BP)."""
    leg = walk(unit, the_map, path, prices=prices)
    if not leg.steps:
        return ((unit.kf, Fraction(0), Fraction(30)),)
    fields = [unit.kf, *(kf for kf, _ in leg.steps)]
    days = [Fraction(0), *(day for _, day in leg.steps), Fraction(30)]
    return tuple((fields[i], days[i], days[i + 1]) for i in range(len(fields)))


def visible(the_map: WorldMap, origin: str, radius: int) -> dict[str, int]:
    """The fields seen from ``origin`` within ``radius`` by distance [R 6.1]: a field
    is hidden when every field between lies higher than both ends."""
    seen = {origin: 0}
    frontier = [origin]
    start = the_map.fields[origin].height
    for distance in range(1, radius + 1):
        reached: list[str] = []
        for kf in frontier:
            for other in the_map.fields[kf].neighbours:
                if other is None or other in seen or other in reached:
                    continue
                top = max(start, the_map.fields[other].height)
                if distance == 1 or the_map.fields[kf].height <= top:
                    reached.append(other)
        for kf in reached:
            seen[kf] = distance
        frontier = reached
    return seen


def _overlap(a: Stay, b: Stay) -> Fraction | None:
    first, last = max(a[1], b[1]), min(a[2], b[2])
    return first if first <= last else None


def find(
    state: WdwState,
    plans: Mapping[str, tuple[str, tuple[str, ...]]],
    radius: int,
    only: str = "",
) -> Finding:
    """Strategie 6.1 (Tab. 6.1-1), 5.1-3, F9: the month with each unit's standing order
    and no path, except the units ``plans`` gives an order and a path (``realm/id`` →
    (order, path)); ``only`` limits meetings and sightings to one field."""
    month = _Month.of(state, plans)
    units = {u.key: u for u in state.units}
    meetings = _meetings(state, units, month.orders, month.by_field, only)
    sightings = _sightings(month, month.stays, lambda key: radius, only)
    moving = tuple((k, v) for k, v in month.stays.items() if len(v) > 1)
    return Finding(moving, tuple(meetings), sightings)


def hunts(
    state: WdwState, plans: Mapping[str, tuple[str, tuple[str, ...]]], radius: int
) -> tuple[Sighting, ...]:
    """Tab. 5.1-3, Strategie 6.1: the first sighting of a hostile unit by each unit
    under F or W this month (``plans`` as for :func:`find`), looking as the timeline's
    hunters look (engine.wdw.interception): F within the sight radius ``radius``, W one
    field around its path; with the range of hunter and hunted."""
    ext = {u.key: plans.get(u.key, (u.order, ()))[0][2:3] for u in state.units}
    if not any(e in INTERCEPTING for e in ext.values()):
        return ()
    month = _Month.of(state, plans)
    spotters = {k: v for k, v in month.stays.items() if ext[k] in INTERCEPTING}
    return _sightings(month, spotters, lambda key: radius if ext[key] == "F" else 1, "")


@dataclass(frozen=True)
class _Month:
    """The finder's month: each unit's order, its stays (F9), and the stays by field."""

    state: WdwState
    the_map: WorldMap
    plans: Mapping[str, tuple[str, tuple[str, ...]]]
    orders: dict[str, str]
    stays: dict[str, tuple[Stay, ...]]
    by_field: dict[str, list[tuple[str, Stay]]]
    prices: Mapping[str, int] | None
    """Movement by BP (option ``movement``), else None."""

    @classmethod
    def of(cls, state: WdwState, plans: Mapping[str, tuple[str, tuple[str, ...]]]) -> _Month:
        the_map = world(state.map_text)
        orders = {u.key: plans.get(u.key, (u.order, ()))[0] for u in state.units}
        prices = options_of(state).step_prices()
        stays = {
            u.key: stays_of(u, the_map, plans.get(u.key, ("", ()))[1], prices) for u in state.units
        }
        by_field: dict[str, list[tuple[str, Stay]]] = {}
        for key, where in stays.items():
            for stay in where:
                by_field.setdefault(stay[0], []).append((key, stay))
        return cls(state, the_map, plans, orders, stays, by_field, prices)


def _sightings(
    month: _Month,
    spotters: Mapping[str, tuple[Stay, ...]],
    radius: Callable[[str], int],
    only: str,
) -> tuple[Sighting, ...]:
    """The first sighting of each hostile unit by each of ``spotters`` within its
    ``radius`` [R 6.1], each range as the unit's path gives it (F20: +1 when the whole
    move is on a road, as the timeline counts it)."""
    state, the_map = month.state, month.the_map
    units = {u.key: u for u in state.units}

    def reach(key: str) -> int:
        path = month.plans.get(key, ("", ()))[1]
        return budget(units[key], the_map, path, month.prices)

    sightings = []
    for key, where in spotters.items():
        spotter = units[key]
        hunt = month.orders[key][2:3] if month.orders[key][2:3] in INTERCEPTING else ""
        for stay in where:
            for kf, distance in visible(the_map, stay[0], radius(key)).items():
                if distance == 0 or (only and kf != only):
                    continue
                for other, there in month.by_field.get(kf, ()):
                    seen = units[other]
                    day = _overlap(stay, there)
                    if day is None or seen.realm == spotter.realm:
                        continue
                    if not hostile(state, spotter.realm, seen.realm):
                        continue
                    hidden = month.orders[other][:2] == "KX"
                    sightings.append(
                        Sighting(key, other, kf, day, hidden, hunt, reach(key), reach(other))
                    )
    first: dict[tuple[str, str], Sighting] = {}
    for s in sorted(sightings, key=lambda s: s.day):
        first.setdefault((s.spotter, s.seen), s)
    return tuple(first.values())


def _meetings(
    state: WdwState,
    units: Mapping[str, Unit],
    orders: Mapping[str, str],
    by_field: Mapping[str, list[tuple[str, Stay]]],
    only: str,
) -> list[Meeting]:
    found = []
    for kf in sorted(by_field, key=lambda f: tuple(int(x) for x in f.split("/"))):
        if only and kf != only:
            continue
        here = by_field[kf]
        pairs: dict[tuple[int, int], tuple[Fraction, set[str], set[str]]] = {}
        for i, (ka, sa) in enumerate(here):
            for kb, sb in here[i + 1 :]:
                ra, rb = units[ka].realm, units[kb].realm
                day = _overlap(sa, sb)
                if ra == rb or day is None or not hostile(state, ra, rb):
                    continue
                if ra > rb:
                    ka, kb, ra, rb = kb, ka, rb, ra
                old = pairs.get((ra, rb), (day, set(), set()))
                pairs[(ra, rb)] = (min(old[0], day), old[1] | {ka}, old[2] | {kb})
        for (_ra, _rb), (day, side_a, side_b) in sorted(pairs.items()):
            a_units = tuple(sorted(side_a))
            b_units = tuple(sorted(side_b))
            a_order = lead_order(orders[k] for k in a_units)
            b_order = lead_order(orders[k] for k in b_units)
            outcome, _ = encounter(a_order, b_order)
            hidden = "KX" in (a_order, b_order)
            found.append(Meeting(kf, day, a_units, b_units, a_order, b_order, outcome, hidden))
    return found


def render(result: Finding, lang: str) -> list[str]:
    """The finding in lines: paths, meetings, sightings."""
    lines = [say(lang, "finder.paths")]
    for key, stays in result.stays:
        steps = " ".join(f"{kf}@{number(start, lang)}" for kf, start, _ in stays)
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
                text=m.outcome.text,
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
