"""Sightings (Strategie 6.1): on the month's timeline a realm sights every foreign unit
that is, on some day, in a field one of its units or settlements sees (the sight radius
with a line of sight, engine.wdw.sightlines; a spy sees only its own field unless the
option ``spy_sight`` is set). Hidden units (KX) and spies are not sighted. What a realm
learns is its own: the field, the day, the kind of unit and its size rounded to two
digits — not whose it is (the GM may tell, in his narrative). The fields and kinds are
kept in the state's ``sightings`` (with the day and the guessed size, as the printout
says them) for the realm's map and JSON twin, and the fields join its known map (a unit
that saw one may have moved on by the month's end)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.core import Order
from engine.wdw.discovery import discovered
from engine.wdw.items import by_unit, main_order
from engine.wdw.month import Month
from engine.wdw.movement import Leg
from engine.wdw.options import WdwOptions
from engine.wdw.sightlines import learn, visible
from engine.wdw.state import Sighting, Unit, WdwState, world
from engine.wdw.timeline import MONTH_DAYS, Span, first_common_day, scale_of, spans_of, stays_of


@dataclass(frozen=True)
class Sight:
    """A realm sees a foreign unit in a field on a day (its first sight of it)."""

    seat: int
    unit: Unit
    kf: str
    day: Fraction


def kind_of(unit: Unit) -> str:
    """What a sighting tells of ``unit``: ``fleet``, ``mounted``, ``land`` or ``character``."""
    if unit.unit_class == "sea":
        return "fleet"
    if unit.unit_class == "character":
        return "character"
    return "mounted" if unit.beritten else "land"


def estimate(size: int) -> int:
    """A sighted unit's size as an observer guesses it: two digits (4321 → 4300)."""
    if size < 100:
        return size
    step: int = 10 ** (len(str(size)) - 2)  # size >= 100: a whole power
    return (size + step // 2) // step * step


def sightings(month: Month) -> list[Sight]:
    """Every realm's first sight of each foreign unit this month, by seat, then unit."""
    return sights(month.state, month.orders, month.items.legs, month.origins, month.options)


def sights(
    state: WdwState,
    orders: Mapping[int, Sequence[Order]],
    legs: Mapping[str, Leg],
    origins: Mapping[str, str],
    options: WdwOptions,
) -> list[Sight]:
    """The sightings of a month whose units take ``legs`` from ``origins`` (where they
    stood when it began; a unit not named there from where it stands): the phase's, and
    the dossier's part C before the GM rules."""
    chosen = by_unit(orders)
    stays = {u.key: stays_of(u, legs[u.key], origins.get(u.key)) for u in state.units}
    # The days in whole numbers (timeline.spans_of); a settlement looks out all month.
    scale = scale_of(s for mine in stays.values() for s in mine)
    spans = {key: spans_of(mine, scale) for key, mine in stays.items()}
    the_map, radius = world(state.map_text), options.sight_radius
    sight: dict[str, frozenset[str]] = {}  # the fields seen from a field, worked out once

    def seen_from(kf: str) -> frozenset[str]:
        if kf not in sight:
            sight[kf] = visible(the_map, kf, radius)
        return sight[kf]

    watched = [
        (other, spans[other.key])
        for other in state.units
        # Hidden: only the GM's ruling finds it (Tab. 5.1-1 KX); design §8: other realms'
        # spies are secret (5.3 "unauffällig").
        if main_order(other, chosen) != "KX" and not other.spion
    ]
    found = []
    for realm in state.realms:
        views = _views(options, state, realm.seat, spans, seen_from, scale)
        for other, theirs in watched:
            if other.realm == realm.seat or other.realm in realm.allies:
                continue
            first = _first_sight(views, theirs)
            if first is not None:
                found.append(Sight(realm.seat, other, first[1], Fraction(first[0], scale)))
    return found


def _views(
    options: WdwOptions,
    state: WdwState,
    seat: int,
    spans: dict[str, list[Span]],
    seen_from: Callable[[str], frozenset[str]],
    scale: int,
) -> dict[str, list[Span]]:
    """The realm's lookouts by the fields they see: each stay of its units and its
    settlements all month."""
    views: dict[str, list[Span]] = {}
    for unit in state.units:
        if unit.realm != seat:
            continue
        spy = unit.spion and not options.spy_sight
        for span in spans[unit.key]:
            for kf in frozenset({span[0]}) if spy else seen_from(span[0]):
                views.setdefault(kf, []).append(span)
    for place in state.settlements:
        if place.owner == seat:
            whole = (place.kf, 0, MONTH_DAYS * scale, True)
            for kf in seen_from(place.kf):
                views.setdefault(kf, []).append(whole)
    return views


def _first_sight(views: dict[str, list[Span]], theirs: list[Span]) -> tuple[int, str] | None:
    """The first day (in multiples of 1/scale) and field a lookout sees one of ``theirs``."""
    best: tuple[int, tuple[int, int], str] | None = None
    for stay in theirs:
        kf = stay[0]
        lookouts = views.get(kf)
        day = None if lookouts is None else first_common_day((stay,), lookouts)
        if day is None:
            continue
        gf, small = kf.split("/")
        order = (int(gf), int(small))
        if best is None or (day, order) < best[:2]:
            best = (day, order, kf)
    return None if best is None else (best[0], best[2])


def run(month: Month) -> None:
    """Tell each realm what it sighted (its printout; the sightings replace last month's
    in the state, for its map and JSON twin), and both sides of a hiding unit the GM found
    (``D<n> entdeckt``) that it was found, and both sides of a meeting without a fight
    (Tab. 6.1-1: both stay) that they met foreign troops."""
    units = {u.key: u for u in month.state.units}
    for item, meeting in month.items.meetings.items():
        if not item.startswith("D") or not discovered(month.rulings, item):
            continue
        size = sum(units[key].size for key in meeting.b.units if key in units)
        day = int(meeting.day)
        month.note(
            meeting.a.realm, "note.found_hidden", kf=meeting.kf, day=day, size=estimate(size)
        )
        for key in meeting.b.units:
            month.note(meeting.b.realm, "note.hidden_found", unit=units[key].id, kf=meeting.kf)
    for meeting in month.items.stand_offs:
        # Strategie 6.1: each side learns the other's size as a sighting tells it, not whose.
        day = int(meeting.day)
        for side, other in ((meeting.a, meeting.b), (meeting.b, meeting.a)):
            size = sum(units[key].size for key in other.units if key in units)
            month.note(side.realm, "note.stand_off", kf=meeting.kf, day=day, size=estimate(size))
    seen = sightings(month)
    # One per printout line, ordered by what the realm learns (never by unit: ids stay hidden).
    marks = [
        Sighting(s.seat, s.kf, kind_of(s.unit), int(s.day), estimate(s.unit.size)) for s in seen
    ]
    month.state.sightings = sorted(marks, key=lambda s: (s.seat, s.day, s.kf, s.kind, s.size))
    # Strategie 1.3: the field a realm saw a unit in was in its sight that day, though its
    # units may have left it since: it joins the known map, so the picture can draw it.
    fields: dict[int, list[str]] = {}
    for mark in month.state.sightings:
        fields.setdefault(mark.seat, []).append(mark.kf)
    for realm in month.state.realms:
        learn(realm, fields.get(realm.seat, ()))
    for sighting in seen:
        unit = sighting.unit
        kind = "mounted" if unit.beritten else unit.unit_class
        month.note(
            sighting.seat,
            f"note.sighting_{kind}",
            kf=sighting.kf,
            day=int(sighting.day),
            size=estimate(unit.size),
        )
