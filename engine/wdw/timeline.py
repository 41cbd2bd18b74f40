"""The day timeline of a month (Strategie 4.4, 6.1, F9; design §4.1 step 3): every unit
moves day by day along its leg, and two hostile realms meet in a field when their units
are there at the same time. The first meeting of the month comes first: a unit that the
meeting holds (a fight, both stand, a question for the GM, or its retreat) goes no
further, so it meets nobody on the rest of its path.

A unit is in the field it starts in from day 0 until it enters its first step, in each
field of its leg from the day it enters it (F9) until it enters the next, and in its
last field until the end of the month (day 30, which counts). The meetings in their order
are engine.wdw.contacts."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from math import lcm

from engine.wdw.formulas import movement_points, rounds_possible
from engine.wdw.movement import Leg
from engine.wdw.state import Unit
from engine.wdw.tables import MAIN_ORDERS, Outcome

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


def stays_of(unit: Unit, leg: Leg | None, origin: str | None = None) -> list[Stay]:
    """F9: where the unit is on which days of the month along its leg (None: it stays),
    from ``origin`` (None: from where it stands)."""
    fields = [(unit.kf if origin is None else origin, Fraction(0)), *(leg.steps if leg else ())]
    stays = []
    for i, (kf, start) in enumerate(fields):
        last = i == len(fields) - 1
        end = Fraction(MONTH_DAYS) if last else fields[i + 1][1]
        stays.append(Stay(kf, start, end, last))
    return stays


class Whereabouts:
    """F9: where each unit is on which days of the month (its stays), and field by field
    the units of each realm with a stay there. One index for the day timeline, which
    moves a unit when a meeting changes its stays (engine.wdw.contacts.Fields), and for
    D28's blocked fields of a combat's day (engine.wdw.retreat, the combat workbench)."""

    def __init__(self, units: Iterable[Unit], stays: Mapping[str, list[Stay]]) -> None:
        self.units = {u.key: u for u in units}
        """The units by ``realm/unit``, in the month's order."""
        self.rank = {key: i for i, key in enumerate(self.units)}
        """Each unit's place in the month's order."""
        self.stays: dict[str, list[Stay]] = {}
        """Each unit's stays, as the month has them so far."""
        self._in: dict[str, dict[int, set[str]]] = {}
        for key, mine in stays.items():
            self.move(key, mine)

    @classmethod
    def along(
        cls, units: Iterable[Unit], starts: Mapping[str, str], legs: Mapping[str, Leg]
    ) -> Whereabouts:
        """The units along the month's ``legs`` from ``starts`` (where they stood when it
        began; a unit not named there from where it stands, one without a leg stays)."""
        units = list(units)
        return cls(units, {u.key: stays_of(u, legs.get(u.key), starts.get(u.key)) for u in units})

    def in_field(self, kf: str) -> Mapping[int, set[str]]:
        """The units (``realm/unit``) with a stay in ``kf``, by realm."""
        return self._in.get(kf, {})

    def move(self, key: str, stays: list[Stay]) -> list[Stay]:
        """The unit ``key`` has the new ``stays`` (a meeting held it, it turned to
        intercept); its old ones, whose fields it may have left."""
        realm = self.units[key].realm
        old = self.stays.get(key, [])
        for stay in old:
            self._in[stay.kf][realm].discard(key)
        self.stays[key] = stays
        for stay in stays:
            self._in.setdefault(stay.kf, {}).setdefault(realm, set()).add(key)
        return old

    def any_of(self, kf: str, day: Fraction, realms: set[int]) -> bool:
        """Whether a unit (of size above 0) of one of ``realms`` is in ``kf`` on ``day``
        (the realm asked first: comparing the days is the dear part)."""
        here = self.in_field(kf)
        return any(
            self.units[key].size > 0 and self._holds(key, kf, day)
            for realm in realms & here.keys()
            for key in here[realm]
        )

    def units_in(self, kf: str, day: Fraction) -> list[Unit]:
        """The units in ``kf`` on ``day``, in the month's order."""
        keys = [key for mine in self.in_field(kf).values() for key in mine]
        there = sorted(
            (key for key in keys if self._holds(key, kf, day)), key=self.rank.__getitem__
        )
        return [self.units[key] for key in there]

    def _holds(self, key: str, kf: str, day: Fraction) -> bool:
        # Its last stay holds to the month's end; the others until it enters the next.
        return any(
            s.kf == kf and s.start <= day and (s.last or day < s.end) for s in self.stays[key]
        )


def common_day(x: Stay, y: Stay) -> Fraction | None:
    """The first day two stays (in any fields) have in common, or None."""
    low, high = max(x.start, y.start), min(x.end, y.end)
    if low < high or (low == high and x.holds(low) and y.holds(low)):
        return low
    return None


Span = tuple[str, int, int, bool]
"""A stay with its days as whole multiples of 1/scale (``spans_of``): field, start, end,
last. Whole numbers compare many times faster than fractions, and the timeline and the
sightings compare days a great many times."""


def scale_of(stays: Iterable[Stay]) -> int:
    """A common denominator of the stays' days."""
    return lcm(1, *(d for s in stays for d in (s.start.denominator, s.end.denominator)))


def spans_of(stays: Iterable[Stay], scale: int) -> list[Span]:
    """The stays with their days in multiples of 1/``scale`` (a multiple of
    ``scale_of(stays)``)."""
    return [
        (
            s.kf,
            s.start.numerator * (scale // s.start.denominator),
            s.end.numerator * (scale // s.end.denominator),
            s.last,
        )
        for s in stays
    ]


def first_common_day(xs: Iterable[Span], ys: Sequence[Span]) -> int | None:
    """The first day any span of ``xs`` shares with any of ``ys`` (in any fields; as
    ``common_day``), or None."""
    best: int | None = None
    for _kf, x_start, x_end, x_last in xs:
        for _kf, y_start, y_end, y_last in ys:
            low = x_start if x_start > y_start else y_start
            high = x_end if x_end < y_end else y_end
            if low > high:
                continue
            # On the day one of them ends both are there only if the other is still
            # there, or it is the month's end (Stay.holds).
            if low == high and not ((x_last or x_end > low) and (y_last or y_end > low)):
                continue
            if best is None or low < best:
                best = low
    return best


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


def halt(stays: list[Stay], leg: Leg, kf: str, day: Fraction) -> tuple[list[Stay], Leg]:
    """The unit stays in ``kf`` from ``day`` to the month's end: its later steps go."""
    for i, stay in enumerate(stays):
        if stay.kf == kf and stay.holds(day):
            if stay.last:
                return stays, leg
            kept = [*stays[:i], Stay(kf, stay.start, Fraction(MONTH_DAYS), True)]
            return kept, replace(leg, steps=leg.steps[:i], truncated=False, bad="", halted=True)
    return stays, leg


def pause(
    unit: Unit, stays: list[Stay], leg: Leg, kf: str, day: Fraction, shift: Fraction
) -> tuple[list[Stay], Leg]:
    """Strategie 6.2: a fight holds the unit in ``kf`` (where it is on ``day``) for
    ``shift`` more days, then it goes on: its later steps come that much later (F9: a
    round's four days are its BP of four days), and those after the month's end go."""
    for i, stay in enumerate(stays):
        if stay.kf == kf and stay.holds(day):
            if stay.last or shift <= 0:
                return stays, leg
            later = [(f, d + shift) for f, d in leg.steps[i:]]
            kept = tuple(s for s in later if s[1] <= MONTH_DAYS)
            cut = len(kept) < len(later)
            steps = (*leg.steps[:i], *kept)
            moved = replace(
                leg, steps=steps, truncated=leg.truncated or cut, delayed=leg.delayed or cut
            )
            return stays_of(unit, moved), moved
    return stays, leg


def rounds(units: Sequence[Unit], day: Fraction, max_rounds: int) -> int:
    """F9, Strategie 4.4 (D8): the rounds of combat the units can still fight after
    meeting on ``day``: a round costs 4N/30 of a unit's N BP, at most ``max_rounds``;
    the side with the fewest left ends the fight."""
    left = Fraction(MONTH_DAYS) - day
    # Units of the same BP have the same rounds left: each BP is worked out once.
    bps = {
        movement_points(unit.unit_class, speed=unit.geschwindigkeit, mounted=unit.beritten)
        for unit in units
    }
    return min((_rounds_left(bp, left, max_rounds) for bp in bps), default=0)


@lru_cache(maxsize=4096)
def _rounds_left(bp: int, left: Fraction, max_rounds: int) -> int:
    # F9, D8: the rounds a unit of ``bp`` BP a month fights in the ``left`` days; a
    # month's hundreds of fights ask for a few BP and days, each worked out once.
    return rounds_possible(bp * left / MONTH_DAYS, bp, max_rounds)
