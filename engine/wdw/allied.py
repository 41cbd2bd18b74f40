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
from dataclasses import dataclass, replace
from fractions import Fraction

from engine.wdw.movement import Leg
from engine.wdw.state import Unit
from engine.wdw.timeline import Reaction, Stay, common_day

Change = tuple[Fraction, str, Leg]
"""A change of a unit's path: its day, the unit and its new leg."""


@dataclass(frozen=True)
class AlliedStops:
    """The month's allied stops, asked by the timeline for the next one (a Reaction):
    ``pairs`` are the realms that count each other allies, ``owner`` gives a field's
    realm (0: none)."""

    units: Sequence[Unit]
    pairs: frozenset[tuple[int, int]]
    owner: Callable[[str], int]

    def __call__(self, stays: Mapping[str, list[Stay]], legs: Mapping[str, Leg]) -> Change | None:
        """The earliest stop of a unit that would still move on, as its new leg."""
        allied = {realm for pair in self.pairs for realm in pair}
        here: dict[str, list[tuple[Unit, int, Stay]]] = {}
        for unit in self.units:
            if unit.realm in allied:
                for i, stay in enumerate(stays[unit.key]):
                    here.setdefault(stay.kf, []).append((unit, i, stay))
        best: tuple[tuple[Fraction, int, int], str, str, Fraction] | None = None
        for kf, present in here.items():
            owner = self.owner(kf) if len(present) > 1 else 0
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
        if best is None:
            return None
        _, key, kf, day = best
        return day, key, _stopped(stays[key], legs[key], kf, day)


def _stopped(stays: list[Stay], leg: Leg, kf: str, day: Fraction) -> Leg:
    """The leg that ends in ``kf``, where the unit is on ``day``."""
    i = next(i for i, s in enumerate(stays) if s.kf == kf and s.holds(day))
    return replace(leg, steps=leg.steps[:i], truncated=False, bad="", halted=True)


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
