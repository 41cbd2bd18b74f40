"""The queue of the month's meetings (engine.wdw.contacts.Fields) against a
straightforward search over every pair of units' stays: on random stays, after random
meetings, halts, turns and hidden units passing unseen, both name the same next meeting
(hypothesis). The sightings' whole-number days against Stay.holds and common_day."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.wdw.contacts import Fields, MeetingKey
from engine.wdw.movement import Leg
from engine.wdw.state import Unit
from engine.wdw.timeline import (
    MONTH_DAYS,
    Stay,
    common_day,
    first_common_day,
    first_shared_day,
    halt,
    scale_of,
    spans_of,
    stays_of,
)
from tests.lanes import examples

FIELDS = ("1/1", "1/2", "1/3", "2/1")


def field_order(kf: str) -> tuple[int, int]:
    gf, small = kf.split("/")
    return int(gf), int(small)


def reference_first(
    units: Sequence[Unit],
    stays: Mapping[str, list[Stay]],
    hostile: Callable[[int, int], bool],
    met: Mapping[tuple[str, int, int], set[str]],
    unseen: set[tuple[str, str]],
) -> MeetingKey | None:
    """Every pair of units of hostile realms, every pair of their stays in one field,
    but two units that were both in their realms' meetings there."""
    best: MeetingKey | None = None
    for x in units:
        for y in units:
            if x.realm >= y.realm or not hostile(x.realm, y.realm):
                continue
            for sx in stays[x.key]:
                for sy in stays[y.key]:
                    day = first_shared_day(sx, sy)
                    if day is None:
                        continue
                    both = {x.key, y.key}
                    if both <= met.get((sx.kf, x.realm, y.realm), set()):
                        continue
                    if (sx.kf, x.key) in unseen or (sy.kf, y.key) in unseen:
                        continue
                    key = (day, field_order(sx.kf), x.realm, y.realm, sx.kf)
                    if best is None or key < best:
                        best = key
    return best


denominators = st.sampled_from([1, 2, 3, 4, 5, 7])


@st.composite
def legs(draw: st.DrawFn) -> Leg:
    """Up to four steps on strictly later days within the month."""
    days = draw(st.lists(st.integers(1, MONTH_DAYS * 4), max_size=4, unique=True))
    scale = draw(denominators)
    steps: list[tuple[str, Fraction]] = []
    for n in sorted(days):
        day = Fraction(n, scale)
        if day <= MONTH_DAYS and (not steps or day > steps[-1][1]):
            steps.append((draw(st.sampled_from(FIELDS)), day))
    return Leg(tuple(steps))


units_and_legs = st.lists(
    st.tuples(st.integers(1, 4), st.sampled_from(FIELDS), legs()), min_size=2, max_size=8
)
changes = st.lists(
    # What a meeting or an interception does: a unit held where the next meeting is,
    # a unit turned onto a new leg, a pair of realms met in a field (some of their
    # units), a unit passing a field unseen. ``i``: the unit (or the first realm), ``j``:
    # the second realm; the leg's length picks the units of a meeting.
    st.tuples(
        st.sampled_from(["halt", "turn", "close", "unseen"]),
        st.sampled_from(FIELDS),
        st.integers(0, 7),
        st.integers(1, 4),
        legs(),
    ),
    max_size=10,
)


@settings(max_examples=examples(300), deadline=None)
@given(units_and_legs, st.sets(st.tuples(st.integers(1, 4), st.integers(1, 4))), changes)
def test_the_queue_names_the_meeting_a_search_of_every_pair_finds(
    drawn: list[tuple[int, str, Leg]],
    allied: set[tuple[int, int]],
    done: list[tuple[str, str, int, int, Leg]],
) -> None:
    units = [Unit(realm, i, "land", 10, kf) for i, (realm, kf, _leg) in enumerate(drawn)]
    legs = {u.key: leg for u, (_r, _kf, leg) in zip(units, drawn, strict=True)}

    def hostile(a: int, b: int) -> bool:
        return (a, b) not in allied and (b, a) not in allied

    fields = Fields(units, {u.key: stays_of(u, legs[u.key]) for u in units}, hostile, field_order)
    met: dict[tuple[str, int, int], set[str]] = {}
    unseen: set[tuple[str, str]] = set()
    first = fields.first()
    assert first == reference_first(units, fields.stays, hostile, met, unseen)
    for kind, kf, i, j, leg in done:
        unit = units[i % len(units)]
        if kind == "halt" and first is not None:
            stays, legs[unit.key] = halt(fields.stays[unit.key], legs[unit.key], first[4], first[0])
            fields.move(unit.key, stays)
        elif kind == "turn":
            fields.move(unit.key, stays_of(unit, leg))
        elif kind == "close" and i < j:
            parity = len(leg.steps) % 2
            keys = [u.key for n, u in enumerate(units) if u.realm in (i, j) and n % 2 == parity]
            met.setdefault((kf, i, j), set()).update(keys)
            fields.close(kf, i, j, keys)
        elif kind == "unseen":
            unseen.add((kf, unit.key))
            fields.pass_unseen(kf, [unit.key])
        first = fields.first()
        assert first == reference_first(units, fields.stays, hostile, met, unseen)


stay = st.builds(
    # Few distinct days, so that stays often begin or end on the same one.
    lambda kf, a, b, scale, last: Stay(
        kf, Fraction(min(a, b), scale), Fraction(max(a, b), scale), last
    ),
    st.sampled_from(FIELDS),
    st.integers(0, 12),
    st.integers(0, 12),
    st.sampled_from([1, 2, 3]),
    st.booleans(),
)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(stay, min_size=1, max_size=4), st.lists(stay, min_size=1, max_size=4))
def test_whole_number_days_give_the_first_common_day_of_the_fractions(
    xs: list[Stay], ys: list[Stay]
) -> None:
    scale = scale_of([*xs, *ys])
    days = [d for x in xs for y in ys if (d := common_day(x, y)) is not None]
    found = first_common_day(spans_of(xs, scale), spans_of(ys, scale))
    if days:
        assert found is not None and Fraction(found, scale) == min(days)
    else:
        assert found is None
