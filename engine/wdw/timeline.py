"""The day timeline of a month (Strategie 4.4, 6.1, F9; design §4.1 step 3): every unit
moves day by day along its leg, and two hostile realms meet in a field when their units
are there at the same time. The first meeting of the month comes first: a unit that the
meeting holds (a fight, both stand, a question for the GM, or its retreat) goes no
further, so it meets nobody on the rest of its path.

A unit is in the field it starts in from day 0 until it enters its first step, in each
field of its leg from the day it enters it (F9) until it enters the next, and in its
last field until the end of the month (day 30, which counts)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from engine.wdw.formulas import movement_points, rounds_possible
from engine.wdw.movement import Leg
from engine.wdw.state import Unit
from engine.wdw.tables import MAIN_ORDERS, Outcome, encounter

MONTH_DAYS = 30
"""Strategie 4.4: a month is 30 days."""


@dataclass(frozen=True)
class Stay:
    """A unit in one field from ``start`` until ``end`` (not included, except the
    month's end: the last stay holds day 30)."""

    kf: str
    start: Fraction
    end: Fraction
    last: bool = False

    def holds(self, day: Fraction) -> bool:
        """The unit is in the field on ``day``."""
        return self.start <= day < self.end or (self.last and day == self.end)


@dataclass(frozen=True)
class Contact:
    """Two realms' units in one field on one day: the first day they are there at the
    same time; ``a`` is the realm with the lower seat."""

    kf: str
    day: Fraction
    a: int
    b: int
    a_units: tuple[Unit, ...]
    b_units: tuple[Unit, ...]
    discovery: str = ""
    """``D<n>`` when one side hides (KX) and the GM rules whether it is discovered."""
    hider: int = 0
    """The realm that hides (KX), when there is a discovery question."""


def stays_of(unit: Unit, leg: Leg) -> list[Stay]:
    """F9: where the unit is on which days of the month along its leg."""
    fields = [(unit.kf, Fraction(0)), *leg.steps]
    stays = []
    for i, (kf, start) in enumerate(fields):
        last = i == len(fields) - 1
        end = Fraction(MONTH_DAYS) if last else fields[i + 1][1]
        stays.append(Stay(kf, start, end, last))
    return stays


def common_day(x: Stay, y: Stay) -> Fraction | None:
    """The first day two stays (in any fields) have in common, or None."""
    low, high = max(x.start, y.start), min(x.end, y.end)
    if low < high or (low == high and x.holds(low) and y.holds(low)):
        return low
    return None


def first_shared_day(x: Stay, y: Stay) -> Fraction | None:
    """The first day two stays in the same field share, or None."""
    return common_day(x, y) if x.kf == y.kf else None


def lead_order(units: Sequence[Unit], main: Mapping[str, str]) -> str:
    """Strategie 5.1: a side leads with its most aggressive main order."""
    return min((main[u.key] for u in units), key=MAIN_ORDERS.index)


def hiding(lead_a: str, lead_b: str) -> str:
    """Tab. 6.1-1 footnote ²: the side (``a``, ``b``) that hides (KX) from the other, so
    that the GM rules whether it is discovered; "" when none hides, or when the other
    ignores (KI) or hides too: they pass each other anyway."""
    if lead_b == "KX" and lead_a not in ("KI", "KX"):
        return "b"
    if lead_a == "KX" and lead_b not in ("KI", "KX"):
        return "a"
    return ""


def held(outcome: Outcome) -> tuple[bool, bool]:
    """Tab. 6.1-1: whether units A and B of a row stop where they meet. A fight,
    a question for the GM, standing and retreating stop a unit; only "zieht weiter" and
    "ziehen aneinander vorbei" let it go on."""
    if "aneinander vorbei" in outcome.text:
        return False, False
    if "(A zieht weiter)" in outcome.text and not outcome.question and not outcome.fight:
        return False, True
    return True, True


def retreating(outcome: Outcome) -> tuple[bool, bool]:
    """Tab. 6.1-1 (Strategie 6.1 "Rückzug vor dem Kampf"): whether units A and B of a row
    that has no fight and no question retreat."""
    if outcome.fight or outcome.question:
        return False, False
    if "Rückzug beider" in outcome.text:
        return True, True
    return False, "Rückzug B" in outcome.text or "Rückzug von B" in outcome.text


Reaction = Callable[[Mapping[str, list[Stay]], Mapping[str, Leg]], tuple[Fraction, str, Leg] | None]
"""The next change of a unit's path on the timeline (an F/W interception,
engine.wdw.interception): its day, the unit and its new leg; None when there is none."""


def contacts(
    units: Sequence[Unit],
    legs: Mapping[str, Leg],
    main: Mapping[str, str],
    hostile: Callable[[int, int], bool],
    field_order: Callable[[str], tuple[int, int]],
    react: Reaction | None = None,
    discovered: Callable[[str], bool] = lambda item: False,
    appears: Callable[[str, str, str], tuple[bool, bool] | None] = lambda item, a, b: None,
) -> tuple[list[Contact], dict[str, Leg]]:
    """Every meeting of hostile realms in the month, in the order of days (then fields
    by GF/KF, then seats), each pair of realms once a field; and the legs as they end:
    cut where a meeting holds a unit, changed where ``react`` turns a unit toward
    another (a meeting on the same day comes first). ``main`` is each unit's main K
    order. A hiding side (KX) is met only when ``discovered`` says the GM found it
    (its ``D<n>`` question; footnote ²: undiscovered, it passes). ``appears`` gives
    which table sides stop after the GM's answer on a KT question ``E<n>`` (the row's
    orders as the table lists them; None while unanswered: both stop)."""
    stays = {u.key: stays_of(u, legs[u.key]) for u in units}
    by_key = {u.key: u for u in units}
    legs = dict(legs)
    done: set[tuple[str, int, int]] = set()
    unseen: set[tuple[str, str]] = set()
    """(field, unit) of hiding units that passed there undiscovered."""
    found: list[Contact] = []
    fields: dict[str, tuple[object, _Key | None]] = {}
    asked = appearances = 0
    while True:
        first = _first_meeting(units, stays, hostile, field_order, done, unseen, fields)
        change = react(stays, legs) if react is not None else None
        if change is not None and (first is None or change[0] < first[0]):
            _day, key, leg = change
            legs[key], stays[key] = leg, stays_of(by_key[key], leg)
            continue
        if first is None:
            return found, legs
        day, kf, ra, rb = first
        present = {
            r: tuple(
                u
                for u in units
                if u.realm == r and any(s.kf == kf and s.holds(day) for s in stays[u.key])
            )
            for r in (ra, rb)
        }
        lead_a, lead_b = lead_order(present[ra], main), lead_order(present[rb], main)
        hider = hiding(lead_a, lead_b)
        question = ""
        if hider:
            asked += 1
            question = f"D{asked}"
        who = (ra if hider == "a" else rb) if hider else 0
        found.append(Contact(kf, day, ra, rb, present[ra], present[rb], question, who))
        if hider and not discovered(question):
            # It passes as if nobody were there; others of its realm may still be met.
            unseen |= {(kf, u.key) for u in present[who]}
            continue
        done.add((kf, ra, rb))
        outcome, flipped = encounter(lead_a, lead_b)
        stop_a, stop_b = held(outcome)
        if outcome.question and not hider:
            appearances += 1
            row = (lead_b, lead_a) if flipped else (lead_a, lead_b)
            stop_a, stop_b = appears(f"E{appearances}", *row) or (stop_a, stop_b)
        if flipped:
            stop_a, stop_b = stop_b, stop_a
        if hider and outcome.question:
            # KT finds a hidden unit: a hiding unit never seems superior; it retreats.
            stop_a, stop_b = hider == "a", hider == "b"
        for realm, stop in ((ra, stop_a), (rb, stop_b)):
            for unit in present[realm] if stop else ():
                stays[unit.key], legs[unit.key] = _halt(stays[unit.key], legs[unit.key], kf, day)


def _first_meeting(
    units: Sequence[Unit],
    stays: Mapping[str, list[Stay]],
    hostile: Callable[[int, int], bool],
    field_order: Callable[[str], tuple[int, int]],
    done: set[tuple[str, int, int]],
    unseen: set[tuple[str, str]],
    cache: dict[str, tuple[object, _Key | None]] | None = None,
) -> tuple[Fraction, str, int, int] | None:
    """The earliest meeting still to come: field by field, only units that are there at
    some time; a field's answer is kept in ``cache`` while its stays and the pairs done
    there are the same (a month of 300 units has hundreds of meetings)."""
    here: dict[str, list[tuple[Unit, Stay]]] = {}
    keys: dict[str, list[tuple[str, Stay]]] = {}
    for unit in units:
        key = unit.key
        for stay in stays[key]:
            if (stay.kf, key) not in unseen:
                here.setdefault(stay.kf, []).append((unit, stay))
                keys.setdefault(stay.kf, []).append((key, stay))
    closed_in: dict[str, set[tuple[int, int]]] = {}
    for f, a, b in done:
        closed_in.setdefault(f, set()).add((a, b))
    best: _Key | None = None
    for kf, present in here.items():
        if len({u.realm for u, _ in present}) < 2:
            continue
        closed = frozenset(closed_in.get(kf, ()))
        signature = (tuple(keys[kf]), closed)
        kept = cache.get(kf) if cache is not None else None
        if kept is not None and kept[0] == signature:
            found = kept[1]
        else:
            found = _first_in_field(kf, present, hostile, field_order(kf), closed)
            if cache is not None:
                cache[kf] = (signature, found)
        if found is not None and (best is None or found < best):
            best = found
    return None if best is None else (best[0], best[4], best[2], best[3])


_Key = tuple[Fraction, tuple[int, int], int, int, str]
"""A meeting's place in the order of the month: day, field (GF/KF), seats, field id."""


def _first_in_field(
    kf: str,
    present: Sequence[tuple[Unit, Stay]],
    hostile: Callable[[int, int], bool],
    order: tuple[int, int],
    closed: frozenset[tuple[int, int]],
) -> _Key | None:
    best: _Key | None = None
    for x, sx in present:
        for y, sy in present:
            if x.realm >= y.realm or (x.realm, y.realm) in closed:
                continue
            if not hostile(x.realm, y.realm):
                continue
            day = common_day(sx, sy)
            if day is None:
                continue
            key = (day, order, x.realm, y.realm, kf)
            if best is None or key < best:
                best = key
    return best


def _halt(stays: list[Stay], leg: Leg, kf: str, day: Fraction) -> tuple[list[Stay], Leg]:
    """The unit stays in ``kf`` from ``day`` to the month's end: its later steps go."""
    for i, stay in enumerate(stays):
        if stay.kf == kf and stay.holds(day):
            if stay.last:
                return stays, leg
            kept = [*stays[:i], Stay(kf, stay.start, Fraction(MONTH_DAYS), True)]
            return kept, replace(leg, steps=leg.steps[:i], truncated=False, bad="", halted=True)
    return stays, leg


def rounds(units: Sequence[Unit], day: Fraction, max_rounds: int) -> int:
    """F9, Strategie 4.4 (D8): the rounds of combat the units can still fight after
    meeting on ``day``: a round costs 4N/30 of a unit's N BP, at most ``max_rounds``;
    the side with the fewest left ends the fight."""
    left = Fraction(MONTH_DAYS) - day
    possible = []
    for unit in units:
        bp = movement_points(unit.unit_class, speed=unit.geschwindigkeit, mounted=unit.beritten)
        possible.append(rounds_possible(bp * left / MONTH_DAYS, bp, max_rounds))
    return min(possible, default=0)
