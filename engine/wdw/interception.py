"""Interception orders (Strategie 5.1, Tab. 5.1-3, 6.1 "Abfangen von Einheiten"): a unit
with the extension F (verfolgen) or W (bewachen) that sights a hostile unit changes its
next steps to enter the field where it saw it; it meets the unit if it is still there
when it arrives (the timeline finds the meeting).

- **F** follows while it has range left and the hunted unit stays in its sight, also
  into foreign territory; where the chase ends it stays (its path is given up).
- **W** watches the fields it passes and one field around them: it follows at most one
  field, then goes back to the field it saw the unit from and on along its path with the
  range left; a land unit does not follow into foreign territory (a field with another
  realm's settlement, the only territory the state knows).
- A land hunter does not cross a wall that would hold its ordered path (Strategie 5.1-2:
  a manned wall of a hostile realm; any working one with ``wall_unmanned_holds``): its
  way to the hunted unit goes round it, and a W going back stops before it.

Each unit reacts once a month, to the first hostile unit it sights (the earliest day;
ties by unit). Hidden units (KX) are not sighted. The days are the range used: a unit
that reacts on day d has used d/30 of its range (F9)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from engine.wdw.mapfile import WorldMap
from engine.wdw.movement import Leg, entered_hs3, price
from engine.wdw.movement_rules import RANGES, MovementRules
from engine.wdw.rivers import barrier, on_a_river
from engine.wdw.sightlines import visible
from engine.wdw.state import Unit
from engine.wdw.timeline import MONTH_DAYS, Stay, common_day

INTERCEPTING = ("F", "W")
"""Tab. 5.1-3: the extensions that react to sightings."""


@dataclass(frozen=True)
class Hunter:
    """A unit under F or W, and the range its month's move has (F20)."""

    unit: Unit
    ext: str
    reach: int


@dataclass
class Interceptions:
    """The month's hunters, asked by the timeline for the next reaction (a callable:
    ``(stays, legs) -> (day, unit, new leg) | None``)."""

    the_map: WorldMap
    hunters: Sequence[Hunter]
    units: Sequence[Unit]
    radius: int
    hostile: Callable[[int, int], bool]
    hidden: Callable[[Unit], bool]
    foreign: Callable[[Unit, str], bool]
    """A field is foreign territory for the unit."""
    walls: Mapping[int, frozenset[tuple[str, str]]] = field(default_factory=dict)
    """By realm, the steps (from, to) a wall holds its land units at (Strategie 5.1-2,
    engine.wdw.walls.held_crossings): a hunter does not cross them."""
    rules: MovementRules = RANGES
    """The game's movement rules (engine.wdw.movement.price: by BP, a rider at HS 3)."""
    busy: Mapping[str, Fraction] = field(default_factory=dict)
    """The day a meeting holds each unit until (the timeline fills it, day 30: the
    month): a hunter sights nothing before then (Strategie 6.2, a fight's days)."""
    ignored: set[tuple[str, str]] = field(default_factory=set)
    """(hunter, target) pairs where the hunter could take no step toward the target."""

    def __call__(
        self, stays: Mapping[str, list[Stay]], legs: Mapping[str, Leg]
    ) -> tuple[Fraction, str, Leg] | None:
        """The earliest reaction of a hunter that has not reacted yet, as its new leg."""
        while True:
            first = self._first_sighting(stays, legs)
            if first is None:
                return None
            day, hunter, target, index = first
            leg = self._new_leg(hunter, target, index, day, stays, legs[hunter.unit.key])
            if leg is None:
                self.ignored.add((hunter.unit.key, target.key))  # no step: it keeps its path
                continue
            return day, hunter.unit.key, leg

    def _first_sighting(
        self, stays: Mapping[str, list[Stay]], legs: Mapping[str, Leg]
    ) -> tuple[Fraction, Hunter, Unit, int] | None:
        best: tuple[tuple[Fraction, int, int, int, int], Hunter, Unit, int] | None = None
        for hunter in self.hunters:
            me = hunter.unit
            leg = legs[me.key]
            if leg.pursued or leg.halted:
                continue
            free = self.busy.get(me.key, Fraction(0))
            radius = self.radius if hunter.ext == "F" else 1
            for index, mine in enumerate(stays[me.key]):
                area = visible(self.the_map, mine.kf, radius) - {mine.kf}
                for other in self.units:
                    if other.realm == me.realm or not self.hostile(me.realm, other.realm):
                        continue
                    if self.hidden(other) or (me.key, other.key) in self.ignored:
                        continue
                    for theirs in stays[other.key]:
                        if theirs.kf not in area:
                            continue
                        if hunter.ext == "W" and self.foreign(me, theirs.kf):
                            continue
                        day = common_day(mine, theirs)
                        if day is not None and day < free:
                            # Busy until then: it sees the unit if still there then.
                            day = free if mine.holds(free) and theirs.holds(free) else None
                        if day is None or day >= MONTH_DAYS:
                            continue
                        key = (day, me.realm, me.id, other.realm, other.id)
                        if best is None or key < best[0]:
                            best = (key, hunter, other, index)
        return None if best is None else (best[0][0], best[1], best[2], best[3])

    def _new_leg(
        self,
        hunter: Hunter,
        target: Unit,
        index: int,
        day: Fraction,
        stays: Mapping[str, list[Stay]],
        leg: Leg,
    ) -> Leg | None:
        unit, reach = hunter.unit, hunter.reach
        here = stays[unit.key][index].kf
        used = day * reach / MONTH_DAYS
        steps: list[tuple[str, Fraction]] = []
        truncated = False
        # D21 (mounted_hs3 "once"): the rider's HS 3 field counts across the whole move.
        hs3 = entered_hs3(self.the_map, (kf for kf, _ in leg.steps[:index]))
        if hunter.ext == "F":
            pos = here
            while True:
                at = _where(stays[target.key], used * MONTH_DAYS / reach)
                if at is None or at == pos or at not in visible(self.the_map, pos, self.radius):
                    break
                nxt = self._toward(unit, pos, at)
                if nxt is None:
                    break
                cost = price(unit, self.the_map, pos, nxt, self.rules, hs3)
                if used + cost > reach:
                    break
                used += cost
                steps.append((nxt, used * MONTH_DAYS / reach))
                pos, hs3 = nxt, hs3 or self.the_map.fields[nxt].height == 3
        else:
            seen = _where(stays[target.key], day)
            nxt = self._toward(unit, here, seen) if seen is not None else None
            if nxt is None or nxt != seen:  # one field only: not round a wall
                return None
            route = [nxt, here, *(kf for kf, _ in leg.steps[index:])]
            pos = here
            for kf in route:
                if self._held(unit, pos, kf):  # back across a wall: it stays before it
                    break
                cost = price(unit, self.the_map, pos, kf, self.rules, hs3)
                if used + cost > reach:
                    truncated = True
                    break
                used += cost
                steps.append((kf, used * MONTH_DAYS / reach))
                pos, hs3 = kf, hs3 or self.the_map.fields[kf].height == 3
        if not steps:
            return None
        return Leg((*leg.steps[:index], *steps), truncated=truncated, pursued=target.key)

    def _toward(self, unit: Unit, start: str, goal: str) -> str | None:
        """The first step of a shortest way from ``start`` to ``goal`` by steps the unit
        may take (engine.wdw.rivers; by side 1 to 6 where ways tie), or None."""
        if not self._may_enter(unit, goal):
            return None
        first: dict[str, str] = {}
        layer = [start]
        seen = {start}
        while layer and goal not in first:
            reached = []
            for here in layer:
                for there in self.the_map.fields[here].neighbours:
                    if there is None or there in seen:
                        continue
                    if barrier(unit.unit_class, self.the_map, here, there):
                        continue  # as walk() takes it: a fleet along rivers too
                    if self._held(unit, here, there):
                        continue
                    seen.add(there)
                    first[there] = first.get(here, there)
                    reached.append(there)
            layer = reached
        return first.get(goal)

    def _held(self, unit: Unit, here: str, there: str) -> bool:
        """Strategie 5.1-2: a wall holds the land unit at the step from ``here`` to
        ``there``, as it holds the unit's ordered path (engine.wdw.movement.walk)."""
        held = self.walls.get(unit.realm, frozenset())
        return unit.unit_class == "land" and (here, there) in held

    def _may_enter(self, unit: Unit, kf: str) -> bool:
        """Whether any step could take the unit into ``kf``: land units stay off water,
        fleets go onto land only on a river (engine.wdw.rivers)."""
        water = self.the_map.fields[kf].water
        if unit.unit_class == "land":
            return not water
        return unit.unit_class != "sea" or water or on_a_river(self.the_map, kf)


def _where(stays: Sequence[Stay], day: Fraction) -> str | None:
    """The field a unit is in on ``day``."""
    return next((s.kf for s in stays if s.holds(day)), None)
