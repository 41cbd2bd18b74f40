"""The meetings of a month on the day timeline (Strategie 4.4, 6.1, F9; design §4.1 step
3; the day model is engine.wdw.timeline): the first meeting of the month comes first, and
what it decides (a unit held, a hiding unit passing unseen, a pair of realms met in a
field) changes the meetings after it.

The next meeting comes from a queue of each field's earliest meeting still to come
(:class:`Fields`): a meeting or a changed path touches a few fields, and only those are
looked at again (a month of 300 units has hundreds of meetings in a few dozen fields)."""

from __future__ import annotations

import heapq
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from engine.wdw.movement import Leg
from engine.wdw.state import Unit
from engine.wdw.tables import encounter
from engine.wdw.timeline import (
    Reaction,
    Span,
    Stay,
    first_common_day,
    halt,
    held,
    hiding,
    lead_order,
    scale_of,
    spans_of,
    stays_of,
)


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


MeetingKey = tuple[Fraction, tuple[int, int], int, int, str]
"""A meeting's place in the order of the month: day, field (GF/KF), seats, field id."""

_Whole = tuple[int, tuple[int, int], int, int, str]
"""A meeting with its day in multiples of 1/scale (Fields)."""


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
    by_key = {u.key: u for u in units}
    legs = dict(legs)
    board = Fields(units, {u.key: stays_of(u, legs[u.key]) for u in units}, hostile, field_order)
    found: list[Contact] = []
    asked = appearances = 0
    while True:
        first = board.first()
        change = react(board.stays, legs) if react is not None else None
        if change is not None and (first is None or change[0] < first[0]):
            _day, key, leg = change
            legs[key] = leg
            board.move(key, stays_of(by_key[key], leg))
            continue
        if first is None:
            return found, legs
        day, _order, ra, rb, kf = first
        present = {r: board.present(kf, r, day) for r in (ra, rb)}
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
            board.pass_unseen(kf, (u.key for u in present[who]))
            continue
        board.close(kf, ra, rb)
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
                stays, legs[unit.key] = halt(board.stays[unit.key], legs[unit.key], kf, day)
                board.move(unit.key, stays)


class Fields:
    """Where the units are, field by field, and each field's earliest meeting still to
    come. In a field, the first day each pair of realms shares is kept; a pair is looked
    at again only when a unit of one of its realms changes its stays there, passes there
    unseen, or the pair meets there."""

    def __init__(
        self,
        units: Sequence[Unit],
        stays: dict[str, list[Stay]],
        hostile: Callable[[int, int], bool],
        field_order: Callable[[str], tuple[int, int]],
    ) -> None:
        self.stays = stays
        """Each unit's stays by ``realm/unit``, as the month has them so far."""
        self._units = {u.key: u for u in units}
        self._rank = {u.key: i for i, u in enumerate(units)}
        self._hostile = hostile
        self._field_order = field_order
        self._at: dict[str, set[str]] = {}
        """The units with a stay in a field."""
        self._closed: dict[str, set[tuple[int, int]]] = {}
        self._unseen: set[tuple[str, str]] = set()
        self._scale = 1
        """A common denominator of the days: the days as whole multiples of 1/scale."""
        self._spans: dict[str, list[Span]] = {}
        """Each unit's stays in multiples of 1/scale."""
        self._here: dict[str, dict[int, list[Span]]] = {}
        """The spans each realm can be met in, by field."""
        self._days: dict[str, dict[tuple[int, int], int]] = {}
        """The first day each pair of hostile realms shares in a field, by field."""
        self._dirty: dict[str, set[int]] = {}
        """The realms whose spans or pairs in a field changed since ``first``."""
        self._answer: dict[str, _Whole | None] = {}
        self._queue: list[_Whole] = []
        for key, mine in stays.items():
            self._enter(key, mine)

    def first(self) -> MeetingKey | None:
        """The earliest meeting still to come in any field, or None."""
        for kf, realms in self._dirty.items():
            answer = self._refresh(kf, realms)
            if answer != self._answer.get(kf):
                self._answer[kf] = answer
                if answer is not None:
                    heapq.heappush(self._queue, answer)
        self._dirty.clear()
        # A field's older answers stay in the queue until they come up: they are skipped.
        while self._queue and self._answer.get(self._queue[0][4]) != self._queue[0]:
            heapq.heappop(self._queue)
        if not self._queue:
            return None
        day, order, a, b, kf = self._queue[0]
        return Fraction(day, self._scale), order, a, b, kf

    def present(self, kf: str, realm: int, day: Fraction) -> tuple[Unit, ...]:
        """The units of ``realm`` in ``kf`` on ``day`` (a day ``first`` named; unseen
        ones too), in the month's order of units."""
        at = day.numerator * (self._scale // day.denominator)  # Stay.holds in whole days
        keys = [
            key
            for key in self._at.get(kf, ())
            if self._units[key].realm == realm
            and any(
                f == kf and (start <= at < end or (last and at == end))
                for f, start, end, last in self._spans[key]
            )
        ]
        return tuple(self._units[key] for key in sorted(keys, key=self._rank.__getitem__))

    def move(self, key: str, stays: list[Stay]) -> None:
        """The unit ``key`` has new stays (a meeting held it, it turned to intercept)."""
        realm = self._units[key].realm
        for stay in self.stays[key]:
            self._at[stay.kf].discard(key)
            self._touch(stay.kf, realm)
        self.stays[key] = stays
        self._enter(key, stays)

    def close(self, kf: str, a: int, b: int) -> None:
        """Realms ``a`` and ``b`` met in ``kf``: they meet there no more this month."""
        self._closed.setdefault(kf, set()).add((a, b))
        self._touch(kf, a)

    def pass_unseen(self, kf: str, keys: Iterable[str]) -> None:
        """Hiding units passed ``kf`` undiscovered: nobody meets them there."""
        for key in keys:
            self._unseen.add((kf, key))
            self._touch(kf, self._units[key].realm)

    def _touch(self, kf: str, realm: int) -> None:
        self._dirty.setdefault(kf, set()).add(realm)

    def _enter(self, key: str, stays: list[Stay]) -> None:
        realm = self._units[key].realm
        for stay in stays:
            self._at.setdefault(stay.kf, set()).add(key)
            self._touch(stay.kf, realm)
        scale = lcm(self._scale, scale_of(stays))
        if scale == self._scale:
            self._spans[key] = spans_of(stays, self._scale)
            return
        # A day of a new denominator: every day in the new multiples, every field again.
        self._scale = scale
        self._answer.clear()
        self._queue.clear()
        for other, theirs in self.stays.items():
            self._spans[other] = spans_of(theirs, self._scale)
            for stay in theirs:
                self._touch(stay.kf, self._units[other].realm)

    def _refresh(self, kf: str, touched: set[int]) -> _Whole | None:
        """The field's earliest meeting, its pairs of the ``touched`` realms worked out
        again."""
        here = self._here.setdefault(kf, {})
        for realm in touched:
            spans = [
                span
                for key in self._at.get(kf, ())
                if self._units[key].realm == realm and (kf, key) not in self._unseen
                for span in self._spans[key]
                if span[0] == kf
            ]
            if spans:
                here[realm] = spans
            else:
                here.pop(realm, None)
        days = self._days.setdefault(kf, {})
        for pair in [p for p in days if p[0] in touched or p[1] in touched]:
            del days[pair]
        closed = self._closed.get(kf, set())
        for a in touched & here.keys():
            for b in here:
                if b == a or (b < a and b in touched):
                    continue  # itself, or the pair is worked out from b
                pair = (a, b) if a < b else (b, a)
                if pair in closed or not self._hostile(*pair):
                    continue
                day = first_common_day(here[a], here[b])
                if day is not None:
                    days[pair] = day
        if not days:
            return None
        # Ties go to the lower seats.
        day, a, b = min((d, a, b) for (a, b), d in days.items())
        return (day, self._field_order(kf), a, b, kf)
