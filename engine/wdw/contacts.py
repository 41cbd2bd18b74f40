"""The meetings of a month on the day timeline (Strategie 4.4, 6.1, F9; design §4.1 step
3; the day model is engine.wdw.timeline): the first meeting of the month comes first, and
what it decides (a unit held, a hiding unit passing unseen, a pair of realms met in a
field) changes the meetings after it.

The next meeting comes from a queue of each field's earliest meeting still to come
(:class:`Fields`): a meeting or a changed path touches a few fields, and only those are
looked at again (a month of 300 units has hundreds of meetings in a few dozen fields).

A fight keeps its units in the field for its rounds (Strategie 6.2, engine.wdw.fights):
the winner's go on when the last round ends, and a unit that arrives while the fight is
under way joins it from the next round ("Später ankommende Einheiten")."""

from __future__ import annotations

import heapq
from bisect import bisect_right
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from math import lcm

from engine.wdw.appearance import Branch
from engine.wdw.fights import ROUND_DAYS, fight_end, joining_round
from engine.wdw.movement import Leg
from engine.wdw.state import Unit
from engine.wdw.tables import encounter
from engine.wdw.timeline import (
    MONTH_DAYS,
    Reaction,
    Span,
    Stay,
    Whereabouts,
    first_common_day,
    halt,
    held,
    hiding,
    lead_order,
    pause,
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
    combat: str = ""
    """``K<n>`` when the meeting is a fight (its row, or the GM's answer to its KT
    question, says "Kampf")."""
    late: tuple[tuple[str, int], ...] = ()
    """The fight's late arrivals (``realm/unit``) with the round each joins from."""
    rounds: int = 0
    """A fight's rounds possible (F9, D8), when ``contacts`` was given ``fought``."""


Fought = Callable[[str, int, int, Sequence[Unit], Fraction], tuple[int, int, frozenset[int]]]
"""A fight on the timeline (engine.wdw.fights): from its item ``K<n>``, the realms of
its table sides A and B, its units and its day, the rounds its units' BP allow, the
rounds it takes and the realms whose units go on along their paths when it ends."""


@dataclass(eq=False)
class _Fight:
    """A fight on the timeline: its field, days and rounds, who is in it, who goes on
    afterwards, and the units that arrived late, with their round."""

    item: str
    kf: str
    start: Fraction
    end: Fraction
    rounds: int
    realms: tuple[int, int]
    goers: frozenset[int]
    members: set[str]
    late: list[tuple[str, int]] = field(default_factory=list)
    starts: tuple[int, int] = field(init=False)
    """``start`` as numerator and denominator (whole numbers compare many times faster
    than fractions, and ``joins`` compares it often)."""
    ends: tuple[int, int] = field(init=False)
    """``end`` as numerator and denominator (as ``starts``; and ``_Arrivals.next``)."""

    def __post_init__(self) -> None:
        self.starts = (self.start.numerator, self.start.denominator)
        self.ends = (self.end.numerator, self.end.denominator)

    def joins(self, day: Fraction) -> int:
        """The round a unit arriving on ``day`` joins from (1 on the fight's first day),
        or 0: the fight is not under way then, or its last round has begun."""
        num, den = day.numerator, day.denominator
        if not (
            self.starts[0] * den <= num * self.starts[1] and num * self.ends[1] < self.ends[0] * den
        ):
            return 0
        round_ = joining_round(self.start, day)
        return round_ if round_ <= self.rounds else 0


_MONTH_END = Fraction(MONTH_DAYS)
"""Held for the month (``busy``): made once, a Fraction is slow to make."""

MeetingKey = tuple[Fraction, tuple[int, int], int, int, str]
"""A meeting's place in the order of the month: day, field (GF/KF), seats, field id."""

_Whole = tuple[int, tuple[int, int], int, int, str]
"""A meeting with its day in multiples of 1/scale (Fields)."""

_Keyed = tuple[set[str], list[tuple[str, list[Span]]]]
"""A realm's units in a field (``realm/unit``), and each one's spans there."""


def contacts(
    units: Sequence[Unit],
    legs: Mapping[str, Leg],
    main: Mapping[str, str],
    hostile: Callable[[int, int], bool],
    field_order: Callable[[str], tuple[int, int]],
    react: Reaction | None = None,
    discovered: Callable[[str], bool] = lambda item: False,
    appears: Callable[[str, str, str], Branch | None] = lambda item, a, b: None,
    fought: Fought | None = None,
    busy: dict[str, Fraction] | None = None,
) -> tuple[list[Contact], dict[str, Leg]]:
    """Every meeting of hostile realms in the month, in the order of days (then fields
    by GF/KF, then seats), a pair of realms again in a field only when a unit comes
    that was not in their meetings there (Tab. 6.1-1 holds for every unit that arrives:
    a stand-off does not let a later attacker pass); and the legs as they end:
    cut where a meeting holds a unit, changed where ``react`` turns a unit toward
    another (a meeting on the same day comes first). ``main`` is each unit's main K
    order. A hiding side (KX) is met only when ``discovered`` says the GM found it
    (its ``D<n>`` question; footnote ²: undiscovered, it passes). ``appears`` gives
    the row's branch after the GM's answer on a KT question ``E<n>`` (the row's orders
    as the table lists them; None while unanswered: both stop). ``fought`` gives each
    fight's rounds and who goes on after it (None: a fight holds its units for the rest
    of the month, and nobody joins it). ``busy`` is filled with the day each unit's
    meetings hold it until (day 30: the month), as they come: ``react`` may read it
    (Strategie 6.2: a unit in a fight stays in its field until the fight ends)."""
    by_key = {u.key: u for u in units}
    legs = dict(legs)
    board = Fields(units, {u.key: stays_of(u, legs[u.key]) for u in units}, hostile, field_order)
    found: list[Contact] = []
    asked = appearances = fights = 0
    fights_at = _Arrivals(board, main)
    today = Fraction(0)
    """The day of the last meeting, change or arrival taken."""
    busy = {} if busy is None else busy
    """The day each unit's meetings hold it until."""

    def hold(unit: Unit, kf: str, day: Fraction, until: Fraction | None) -> None:
        # A fight holds the unit until ``until`` (then it goes on), or for the month.
        key = unit.key
        stays, leg = board.stays[key], legs[key]
        if until is None:
            stays, legs[key] = halt(stays, leg, kf, day)
            busy[key] = _MONTH_END
        else:
            shift = until - max(day, busy.get(key, day))
            stays, legs[key] = pause(unit, stays, leg, kf, day, shift)
            busy[key] = max(until, busy.get(key, until))
        board.move(key, stays)

    while True:
        first = board.first()
        change = react(board.stays, legs) if react is not None else None
        arrival = fights_at.next(today)
        if arrival is not None and all(
            other is None or arrival[0] <= other[0] for other in (first, change)
        ):
            day, fight, key, round_ = arrival
            today = day
            fight.members.add(key)
            fight.late.append((key, round_))
            board.close(fight.kf, *fight.realms, (key,))  # it met them by joining
            unit = by_key[key]
            goes = _goes_on(unit.realm, fight.goers, hostile)
            hold(unit, fight.kf, day, fight.end if goes else None)
            continue
        if change is not None and (first is None or change[0] < first[0]):
            today, key, leg = change
            legs[key] = leg
            board.move(key, stays_of(by_key[key], leg))
            continue
        if first is None:
            late = fights_at.late()
            # Only a fight with late arrivals changes (replace() is slow, found is long).
            return [replace(c, late=late[c.combat]) if c.combat in late else c for c in found], legs
        day, _order, ra, rb, kf = first
        today = day
        present = {r: board.present(kf, r, day) for r in (ra, rb)}
        if board.met(kf, ra, rb):
            present = _newcomers(present, board.met(kf, ra, rb), fights_at.fights.get(kf, ()), day)
            if not (present[ra] and present[rb]):
                # Those still there are busy in a fight: nobody to meet.
                board.close(kf, ra, rb, (u.key for r in (ra, rb) for u in present[r]))
                continue
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
        board.close(kf, ra, rb, (u.key for r in (ra, rb) for u in present[r]))
        outcome, flipped = encounter(lead_a, lead_b)
        stop_a, stop_b = held(outcome)
        fight_here = outcome.fight and not hider
        if outcome.question and not hider:
            appearances += 1
            row = (lead_b, lead_a) if flipped else (lead_a, lead_b)
            branch = appears(f"E{appearances}", *row)
            if branch is not None:
                (stop_a, stop_b), fight_here = branch.held, branch.fight
        if flipped:
            stop_a, stop_b = stop_b, stop_a
        if hider and outcome.question:
            # KT finds a hidden unit: a hiding unit never seems superior; it retreats.
            stop_a, stop_b = hider == "a", hider == "b"
        until: dict[int, Fraction] = {}
        joined = _join_third(found, fights_at.fights.get(kf, ()), present) if fight_here else None
        if joined is not None:
            # Strategie 6.2 "Kämpfe mit mehr als zwei Parteien": one fight in the field,
            # every party against all; no item of its own.
            until = {r: joined.end for r in (ra, rb) if _goes_on(r, joined.goers, hostile)}
        elif fight_here:
            fights += 1
            item = f"K{fights}"
            table = (rb, ra) if flipped else (ra, rb)
            units = (*present[ra], *present[rb])
            ran = fought(item, *table, units, day) if fought is not None else None
            # One replace() for the fight's item and rounds (it is slow; a month has
            # hundreds of fights).
            found[-1] = replace(found[-1], combat=item, rounds=ran[0] if ran else 0)
            if ran is not None:
                _possible, n, goers = ran
                end = fight_end(day, n)
                members = {u.key for u in units}
                fights_at.add(_Fight(item, kf, day, end, n, (ra, rb), goers, members))
                until = {r: end for r in (ra, rb) if _goes_on(r, goers, hostile)}
        for realm, stop in ((ra, stop_a), (rb, stop_b)):
            for unit in present[realm] if stop else ():
                hold(unit, kf, day, until.get(realm))


def _newcomers(
    present: dict[int, tuple[Unit, ...]],
    met: set[str],
    running: Sequence[_Fight],
    day: Fraction,
) -> dict[int, tuple[Unit, ...]]:
    """Tab. 6.1-1 for units coming where their realm already met the other: a side with
    newcomers meets with them alone (the others' meeting stands), and units busy in a
    fight under way there are not met (Strategie 6.2: they fight; a newcomer of their
    realm joins it, engine.wdw.contacts._Arrivals, or passes it)."""
    busy = {key for f in running if f.start <= day < f.end for key in f.members}
    out = {}
    for realm, units in present.items():
        new = tuple(u for u in units if u.key not in met)
        out[realm] = new or tuple(u for u in units if u.key not in busy)
    return out


_PASSING = ("KI", "KX", "KR")
"""Orders whose units do not join their realm's fight (Strategie 6.2 "je nach Befehl"):
they ignore, hide from or give way to the enemy (Tab. 6.1-1)."""


def _join_third(
    found: list[Contact], running: Sequence[_Fight], present: dict[int, tuple[Unit, ...]]
) -> _Fight | None:
    """Strategie 6.2: the last meeting's fight is in a field where a fight is under way
    (on its first day too): a third realm, an ally or newcomers coming to it — or two
    realms meeting beside it, "Einheiten von mehr als zwei Parteien auf einem
    Kleinfeld" — join that fight from the next round (the first, on its first day), its
    further parties ("Kämpfe mit mehr als zwei Parteien"); the fight joined, or None."""
    contact = found[-1]
    for fight in running:
        round_ = fight.joins(contact.day)
        if not round_:
            continue
        for realm in (contact.a, contact.b):
            for unit in present[realm]:
                if unit.key not in fight.members:
                    fight.members.add(unit.key)
                    fight.late.append((unit.key, round_))
        return fight
    return None


def _goes_on(realm: int, goers: frozenset[int], hostile: Callable[[int, int], bool]) -> bool:
    """Whether the realm's units go on after a fight: the winner's realm, or one of its
    allies fighting on its side (Strategie 6.2: a party is a realm or allied realms)."""
    return any(realm == g or not hostile(realm, g) for g in goers)


class _Arrivals:
    """The fights of the month by field, and the next unit of a fight's realms to arrive
    in its field while it is under way (Strategie 6.2, "Später ankommende Einheiten"):
    each fight's next arrival is kept, and worked out again only when a unit's stays in
    its field changed (``Fields.changed``) for one of its realms; a queue gives the
    earliest of them."""

    def __init__(self, board: Fields, main: Mapping[str, str]) -> None:
        self.fights: dict[str, list[_Fight]] = {}
        self._board, self._main = board, main
        self._all: list[_Fight] = []
        self._index: dict[_Fight, int] = {}
        self._next: dict[int, tuple[Fraction, int, str, int] | None] = {}
        self._queue: list[tuple[Fraction, int, str, int]] = []

    def add(self, fight: _Fight) -> None:
        """A new fight: its late arrivals are looked for from now on."""
        self.fights.setdefault(fight.kf, []).append(fight)
        self._index[fight] = len(self._all)
        self._all.append(fight)
        self._board.changed.setdefault(fight.kf, set()).update(fight.realms)

    def next(self, today: Fraction) -> tuple[Fraction, _Fight, str, int] | None:
        """The earliest late arrival still to come after ``today`` (the day of the
        meetings so far): its day, fight, unit and round."""
        # Whole numbers compare many times faster than fractions.
        num, den = today.numerator, today.denominator
        for kf, realms in self._board.changed.items():
            fights = self.fights.get(kf)
            if not fights:
                continue
            # A fight over by today has nobody still to come.
            live = [f for f in fights if f.ends[0] * den > num * f.ends[1]]
            if not live:
                continue
            self.fights[kf] = live
            # Only the fights of a realm whose units there changed.
            stale = [f for f in live if f.realms[0] in realms or f.realms[1] in realms]
            arriving = self._arriving(kf) if stale else []
            for fight in stale:
                index = self._index[fight]
                found = self._first(fight, index, arriving)
                if found != self._next.get(index):
                    self._next[index] = found
                    if found is not None:
                        heapq.heappush(self._queue, found)
        self._board.changed.clear()
        while self._queue and self._next.get(self._queue[0][1]) != self._queue[0]:
            heapq.heappop(self._queue)
        if not self._queue:
            return None
        day, index, key, round_ = self._queue[0]
        return day, self._all[index], key, round_

    def late(self) -> dict[str, tuple[tuple[str, int], ...]]:
        """Each fight's late arrivals with their round, by its item."""
        return {f.item: tuple(f.late) for f in self._all if f.late}

    def _arriving(self, kf: str) -> list[tuple[int, str, int]]:
        """The days units enter ``kf`` (in whole multiples of the board's 1/scale), with
        the unit and its realm, but for units that ignore, hide or give way
        (``_PASSING``): they do not join."""
        board = self._board
        return sorted(
            (start, key, realm)
            for realm, keys in board.where.in_field(kf).items()
            for key in keys
            if self._main[key] not in _PASSING
            for _kf, start, _end, _last in board.spans(key, kf)
            if start > 0
        )

    def _first(
        self, fight: _Fight, index: int, arriving: Sequence[tuple[int, str, int]]
    ) -> tuple[Fraction, int, str, int] | None:
        scale = self._board.scale
        start, end = self._board.whole(fight.start), self._board.whole(fight.end)
        per_round = ROUND_DAYS * scale
        # The arrivals after the fight's first day, by day, then unit.
        for i in range(bisect_right(arriving, (start, "\uffff")), len(arriving)):
            whole, key, realm = arriving[i]
            if whole >= end:
                return None
            if realm in fight.realms and key not in fight.members:
                round_ = -((start - whole) // per_round) + 1  # joining_round, in whole days
                if round_ > fight.rounds:
                    return None
                return Fraction(whole, scale), index, key, round_
        return None


class Fields:
    """Where the units are, field by field, and each field's earliest meeting still to
    come. In a field, the first day each pair of realms shares is kept (once they met,
    the first day a unit not in their meetings there shares with the other realm); a
    pair is looked at again only when a unit of one of its realms changes its stays
    there, passes there unseen, or the pair meets there."""

    def __init__(
        self,
        units: Sequence[Unit],
        stays: dict[str, list[Stay]],
        hostile: Callable[[int, int], bool],
        field_order: Callable[[str], tuple[int, int]],
    ) -> None:
        self.where = Whereabouts(units, stays)
        """Where the units are on which days: their stays, and by field and realm the
        units with a stay there (``_refresh`` and ``present`` ask for one realm's)."""
        self.stays = self.where.stays
        """Each unit's stays by ``realm/unit``, as the month has them so far."""
        self._units = self.where.units
        self._hostile = hostile
        self._hostile_pairs: dict[tuple[int, int], bool] = {}
        """``hostile`` for each pair of realms asked (a field is refreshed often)."""
        self._field_order = field_order
        self._orders: dict[str, tuple[int, int]] = {}
        """Each field's ``field_order``, worked out once (a field is refreshed often)."""
        self._met: dict[str, dict[tuple[int, int], set[str]]] = {}
        """The units of each pair of realms that met in a field, by field."""
        self._unseen: set[tuple[str, str]] = set()
        self.scale = 1
        """A common denominator of the days: the days as whole multiples of 1/scale."""
        self._spans: dict[str, dict[str, list[Span]]] = {}
        """Each unit's stays in multiples of 1/scale, by field."""
        self._here: dict[str, dict[int, list[Span]]] = {}
        """The spans each realm can be met in, by field."""
        self._keyed: dict[str, dict[int, _Keyed]] = {}
        """The same by unit (``realm/unit``), for realms that met there (``_again``)."""
        self._days: dict[str, dict[tuple[int, int], int]] = {}
        """The first day each pair of hostile realms shares in a field, by field."""
        self._dirty: dict[str, set[int]] = {}
        """The realms whose spans or pairs in a field changed since ``first``."""
        self._forced: dict[str, set[int]] = {}
        """Those of them whose pairs changed (``close``): their spans may be the same."""
        self._answer: dict[str, _Whole | None] = {}
        self._queue: list[_Whole] = []
        self.changed: dict[str, set[int]] = {}
        """The realms whose units or stays changed in a field, by field, since the
        caller last cleared it."""
        for key, mine in stays.items():
            self._enter(key, mine)

    def first(self) -> MeetingKey | None:
        """The earliest meeting still to come in any field, or None."""
        for kf, realms in self._dirty.items():
            answer = self._refresh(kf, realms, self._forced.get(kf, set()))
            if answer != self._answer.get(kf):
                self._answer[kf] = answer
                if answer is not None:
                    heapq.heappush(self._queue, answer)
        self._dirty.clear()
        self._forced.clear()
        # A field's older answers stay in the queue until they come up: they are skipped.
        while self._queue and self._answer.get(self._queue[0][4]) != self._queue[0]:
            heapq.heappop(self._queue)
        if not self._queue:
            return None
        day, order, a, b, kf = self._queue[0]
        return Fraction(day, self.scale), order, a, b, kf

    def present(self, kf: str, realm: int, day: Fraction) -> tuple[Unit, ...]:
        """The units of ``realm`` in ``kf`` on ``day`` (a day ``first`` named; unseen
        ones too), in the month's order of units."""
        at = day.numerator * (self.scale // day.denominator)  # Stay.holds in whole days
        keys = [
            key
            for key in self.where.in_field(kf).get(realm, ())
            if any(
                start <= at < end or (last and at == end)
                for _f, start, end, last in self._spans[key].get(kf, ())
            )
        ]
        return tuple(self._units[key] for key in sorted(keys, key=self.where.rank.__getitem__))

    def whole(self, day: Fraction) -> int:
        """``day`` in whole multiples of the board's 1/scale (a day of its stays)."""
        return day.numerator * (self.scale // day.denominator)

    def spans(self, key: str, kf: str) -> Sequence[Span]:
        """The stays of unit ``key`` in ``kf``, in whole multiples of 1/scale."""
        return self._spans[key].get(kf, ())

    def move(self, key: str, stays: list[Stay]) -> None:
        """The unit ``key`` has new stays (a meeting held it, it turned to intercept)."""
        realm = self._units[key].realm
        for stay in self.where.move(key, stays):
            self._touch(stay.kf, realm)
        self._enter(key, stays)

    def close(self, kf: str, a: int, b: int, keys: Iterable[str]) -> None:
        """Realms ``a`` and ``b`` (``a`` < ``b``) met in ``kf`` with the units ``keys``:
        those meet there no more this month; other units of theirs coming later do."""
        self._met.setdefault(kf, {}).setdefault((a, b), set()).update(keys)
        self._touch(kf, a)
        self._forced.setdefault(kf, set()).add(a)

    def met(self, kf: str, a: int, b: int) -> set[str]:
        """The units of realms ``a`` < ``b`` that met in ``kf`` (empty: they have not)."""
        return self._met.get(kf, {}).get((a, b), set())

    def pass_unseen(self, kf: str, keys: Iterable[str]) -> None:
        """Hiding units passed ``kf`` undiscovered: nobody meets them there."""
        for key in keys:
            self._unseen.add((kf, key))
            self._touch(kf, self._units[key].realm)

    def _touch(self, kf: str, realm: int) -> None:
        self._dirty.setdefault(kf, set()).add(realm)
        self.changed.setdefault(kf, set()).add(realm)

    def _enter(self, key: str, stays: list[Stay]) -> None:
        # The unit's new stays are in the index (``where``): their fields are looked at
        # again, their days in whole multiples of the scale.
        realm = self._units[key].realm
        for stay in stays:
            self._touch(stay.kf, realm)
        scale = lcm(self.scale, scale_of(stays))
        if scale == self.scale:
            self._spans[key] = _by_field(spans_of(stays, self.scale))
            return
        # A day of a new denominator: every day in the new multiples, every field again.
        self.scale = scale
        self._answer.clear()
        self._queue.clear()
        self._here.clear()  # every realm's spans change: no field keeps its answer
        self._keyed.clear()
        for other, theirs in self.stays.items():
            self._spans[other] = _by_field(spans_of(theirs, self.scale))
            for stay in theirs:
                self._touch(stay.kf, self._units[other].realm)

    def _refresh(self, kf: str, dirty: set[int], forced: set[int]) -> _Whole | None:
        """The field's earliest meeting, the pairs of the ``dirty`` realms whose spans
        there changed, or whose pairs did (``forced``), worked out again."""
        here = self._here.setdefault(kf, {})
        keyed = self._keyed.setdefault(kf, {})
        by_realm = self.where.in_field(kf)
        touched = set(forced)
        for realm in dirty:
            mine = [
                (key, self._spans[key][kf])
                for key in by_realm.get(realm, ())
                if (kf, key) not in self._unseen
            ]
            old = keyed.get(realm)
            if old is not None and old[1] == mine:
                continue  # a unit's stays changed elsewhere: nothing new here
            touched.add(realm)
            spans = [span for _key, theirs in mine for span in theirs]
            if spans:
                here[realm], keyed[realm] = spans, ({key for key, _spans in mine}, mine)
            else:
                here.pop(realm, None)
                keyed.pop(realm, None)
        if not touched and kf in self._answer:
            return self._answer[kf]
        days = self._days.setdefault(kf, {})
        for pair in [p for p in days if p[0] in touched or p[1] in touched]:
            del days[pair]
        met = self._met.get(kf, {})
        for a in touched & here.keys():
            for b in here:
                if b == a or (b < a and b in touched):
                    continue  # itself, or the pair is worked out from b
                pair = (a, b) if a < b else (b, a)
                hostile = self._hostile_pairs.get(pair)
                if hostile is None:
                    hostile = self._hostile_pairs[pair] = self._hostile(*pair)
                if not hostile:
                    continue
                if pair in met:
                    day = _again(pair, met[pair], here, keyed)
                else:
                    day = first_common_day(here[a], here[b])
                if day is not None:
                    days[pair] = day
        if not days:
            return None
        # Ties go to the lower seats.
        day, (a, b) = min(zip(days.values(), days.keys(), strict=True))
        order = self._orders.get(kf)
        if order is None:
            order = self._orders[kf] = self._field_order(kf)
        return (day, order, a, b, kf)


def _by_field(spans: list[Span]) -> dict[str, list[Span]]:
    """The spans by field, in their order (a unit can come back to a field)."""
    out: dict[str, list[Span]] = {}
    for span in spans:
        out.setdefault(span[0], []).append(span)
    return out


def _again(
    pair: tuple[int, int],
    met: set[str],
    here: dict[int, list[Span]],
    keyed: dict[int, _Keyed],
) -> int | None:
    """The first day a unit of either realm of ``pair`` that was not in their meetings
    in the field shares there with the other realm (Tab. 6.1-1 holds for each newcomer),
    or None; ``here`` and ``keyed`` are each realm's spans there, and by unit."""
    best: int | None = None
    for mine, other in (pair, pair[::-1]):
        keys, units = keyed[mine]
        if keys <= met:
            continue  # the usual case: all of them met already
        new = [span for key, spans in units if key not in met for span in spans]
        day = first_common_day(new, here[other]) if new else None
        if day is not None and (best is None or day < best):
            best = day
    return best
