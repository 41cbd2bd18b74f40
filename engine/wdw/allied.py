"""Allies meeting (Strategie 5.1 "Bündnisse", D26; the GM option ``allied_meeting``):
units of realms that count each other allies have "innerhalb des Gebiets eines
Bündnispartners KV-Befehl und außerhalb KI-Befehl gegeneinander". KV against KV both
stand (Tab. 6.1-1), so with ``stop`` (the default) mutual allies that come together in
a field one of them owns stop there for the month (negotiations); elsewhere, or with
``pass``, they pass each other. A one-sided list makes no meeting at all (neither
counts as hostile, engine.wdw.items.hostile).

The stop is a change of a unit's path on the day timeline (engine.wdw.timeline's
``Reaction``), like an interception: the unit stays in that field from that day on."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction

from engine.wdw.movement import Leg
from engine.wdw.state import Unit, WdwState
from engine.wdw.timeline import Reaction, Stay, common_day

Change = tuple[Fraction, str, Leg]
"""A change of a unit's path: its day, the unit and its new leg."""


_Stop = tuple[tuple[Fraction, int, int], str, str, Fraction]
"""A stop: its rank (day, realm, unit), the unit, the field and the day."""


@dataclass(frozen=True)
class AlliedStops:
    """The month's allied stops, asked by the timeline for the next one (a Reaction):
    ``members`` the units of realms in an alliance by key, ``pairs`` the realms that
    count each other allies, ``owner`` gives a field's realm (0: none)."""

    members: Mapping[str, Unit]
    pairs: frozenset[tuple[int, int]]
    owner: Callable[[str], int]
    seen: dict[str, list[Stay]] = field(default_factory=dict)
    """Each allied unit's stays as last asked (the timeline replaces a unit's list when
    its way changes; kept here, an old list's identity is never reused)."""
    here: dict[str, dict[str, list[tuple[int, Stay]]]] = field(default_factory=dict)
    """The allied units' stays by field, then unit."""
    first: dict[str, _Stop | None] = field(default_factory=dict)
    """Each field's first stop (the timeline asks after every meeting: only the fields
    of units whose stays changed are looked at again)."""

    @classmethod
    def of(
        cls, units: Sequence[Unit], pairs: frozenset[tuple[int, int]], owner: Callable[[str], int]
    ) -> AlliedStops:
        """The stops among ``units`` of the realms in ``pairs``."""
        allied = {realm for pair in pairs for realm in pair}
        return cls({u.key: u for u in units if u.realm in allied}, pairs, owner)

    def __call__(self, stays: Mapping[str, list[Stay]], legs: Mapping[str, Leg]) -> Change | None:
        """The earliest stop of a unit that would still move on, as its new leg."""
        changed: set[str] = set()
        for key in self.members:
            now = stays[key]
            if self.seen.get(key) is now:
                continue
            for old in self.seen.get(key, ()):
                self.here[old.kf].pop(key, None)
                changed.add(old.kf)
            for i, stay in enumerate(now):
                self.here.setdefault(stay.kf, {}).setdefault(key, []).append((i, stay))
                changed.add(stay.kf)
            self.seen[key] = now
        for kf in changed:
            present = [
                (self.members[key], i, stay)
                for key, kept in self.here[kf].items()
                for i, stay in kept
            ]
            self.first[kf] = self._first_in(kf, present)
        found = [stop for stop in self.first.values() if stop is not None]
        if not found:
            return None
        _, key, kf, day = min(found, key=lambda stop: stop[0])
        return day, key, _stopped(stays[key], legs[key], kf, day)

    def _first_in(self, kf: str, present: list[tuple[Unit, int, Stay]]) -> _Stop | None:
        owner = self.owner(kf) if len(present) > 1 else 0
        best: _Stop | None = None
        for x, i, sx in present if owner else ():
            for y, j, sy in present:
                # Strategie 5.1: only in the partners' land (elsewhere KI); not where
                # both began the month (they met before it).
                if owner not in (x.realm, y.realm) or (x.realm, y.realm) not in self.pairs:
                    continue
                day = None if i == j == 0 else common_day(sx, sy)
                if day is None or sx.last:
                    continue  # x stays here anyway
                rank = (day, x.realm, x.id)
                if best is None or rank < best[0]:
                    best = (rank, x.key, kf, day)
        return best


def _stopped(stays: list[Stay], leg: Leg, kf: str, day: Fraction) -> Leg:
    """The leg that ends in ``kf``, where the unit is on ``day``."""
    i = next(i for i, s in enumerate(stays) if s.kf == kf and s.holds(day))
    return replace(leg, steps=leg.steps[:i], truncated=False, bad="", halted=True)


def hostile(state: WdwState, a: int, b: int) -> bool:
    """Two realms meet as enemies unless either counts the other an ally (D26)."""
    return b not in state.realm(a).allies and a not in state.realm(b).allies


def mutual_pairs(allies: Mapping[int, Sequence[int]]) -> frozenset[tuple[int, int]]:
    """D26: the ordered pairs of realms that count each other allies."""
    return frozenset(
        (a, b) for a, listed in allies.items() for b in listed if a in allies.get(b, ())
    )


def first_of(*reactions: Reaction) -> Reaction:
    """One Reaction of several: the earliest change (the first given on a tie)."""

    def react(stays: Mapping[str, list[Stay]], legs: Mapping[str, Leg]) -> Change | None:
        changes = [c for c in (r(stays, legs) for r in reactions) if c is not None]
        return min(changes, key=lambda c: c[0], default=None)

    return react
