"""Movement by ranges (Strategie 7.1, F20, D21) or by BP (the option ``movement`` ``bp``,
F8 and the GM's ``bp_costs``): how far a unit gets along its path, and on which day it
enters each field (F9). The game's options come as one :class:`MovementRules`."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from engine.wdw.formulas import movement_points
from engine.wdw.mapfile import WorldMap
from engine.wdw.movement_rules import RANGES, MovementRules
from engine.wdw.options import WdwOptions
from engine.wdw.rivers import barrier, upstream
from engine.wdw.sightlines import seen_by
from engine.wdw.state import Unit, WdwState


@dataclass(frozen=True)
class Leg:
    """Where a unit's path takes it this month: the fields it enters with their day,
    and why it stopped early (``truncated``: the range is used up; ``bad``: a step that
    is not allowed, with the reason key; ``halted``: a meeting held it, engine.wdw.timeline)."""

    steps: tuple[tuple[str, Fraction], ...]
    truncated: bool = False
    bad: str = ""
    halted: bool = False
    pursued: str = ""
    """The unit (``realm/unit``) it changed its path to intercept (F/W, engine.wdw.interception)."""
    delayed: bool = False
    """A fight held it so long that its later steps fell past the month's end (Strategie
    6.2, engine.wdw.timeline.pause): truncated, but by the fight, not by its range."""
    need: int = 0
    """When truncated: the range (fields or BP) the path needed up to the field it could
    not enter; ``budget`` is what the unit had."""
    budget: int = 0

    @property
    def used(self) -> Fraction:
        """The range (fields or BP) the steps used, as :func:`walk` gave them: F9 read
        back, the last step's day is 30·(range used)/(range)."""
        return self.steps[-1][1] * self.budget / 30 if self.steps else Fraction(0)


def month_range(
    unit: Unit, world: WorldMap, path: tuple[str, ...], seen: frozenset[str] | None = None
) -> int:
    """Strategie 7.1: land units 2 KF a month, mounted 4; ships and characters 6; +1
    when the whole move is on a road (with ``seen``: on road fields among those, the
    fields a reader knows, engine.wdw.calculators.movement). Geschwindigkeit (4.3, 4.4)
    scales the range with the unit's BP (D21, :func:`speed_range`)."""
    base = speed_range(unit.unit_class, unit.geschwindigkeit, unit.beritten)
    if unit.unit_class in ("sea", "character"):
        return base
    # A field not on the map is no road (walk() then refuses the step, not_adjacent).
    fields = world.fields
    on_road = bool(path) and all(
        f in fields and fields[f].road and (seen is None or f in seen) for f in (unit.kf, *path)
    )
    return base + (1 if on_road else 0)


def speed_range(unit_class: str, speed: int, mounted: bool) -> int:
    """D21, Strategie 4.3/4.4 read into 7.1: the range without roads, ⌊base·BP/BP₀⌋ —
    land 2 KF per 15 BP, mounted 4 per 30, ships 6 per 30 (F8), so each level of
    Geschwindigkeit (5 BP on land, 10 at sea) adds its share of a field, rounded down:
    land 2, 2, 3, 4 … for speed 0 to 3, ships 6 + 2 per level (a character's 6 has no
    speed). 7.1 names the ranges of units without speed only; a property that costs
    Rüststufen and moved nobody would be no property (docs/rules-wdw.md, movement)."""
    if unit_class == "character":
        return 6
    if unit_class == "sea":
        return 6 * movement_points("sea", speed=speed) // movement_points("sea")
    base = 4 if mounted else 2
    bp = movement_points("land", speed=speed, mounted=mounted)
    return base * bp // movement_points("land", mounted=mounted)


def step_cost(unit: Unit, world: WorldMap, a: str, b: str, hs3: bool = True) -> int:
    """Strategie 7.1: each field costs 1 (a fleet's step up a river 2); each height
    level crossed and each river crossed counts as one more field; mounted units move
    as foot in swamp and at HS 4 (charged as one more) and lose one at HS 3 — unless
    ``hs3`` is off (D21, the option ``mounted_hs3`` ``once``: paid already this move)."""
    here, there = world.fields[a], world.fields[b]
    upriver = unit.unit_class == "sea" and upstream(world, a, b)
    cost = (2 if upriver else 1) + abs(here.height - there.height)
    side = world.side_to(a, b)
    if unit.unit_class == "land" and side is not None and side in here.rivers:
        cost += 1
    if unit.beritten and (there.swamp or there.height == 4):
        cost += 1
    if unit.beritten and there.height == 3 and hs3:
        cost += 1
    return cost


def budget(unit: Unit, world: WorldMap, path: tuple[str, ...], rules: MovementRules) -> int:
    """The unit's means this month: its range in fields (``month_range``), or by BP
    (``rules.by_bp``) its BP by F8 (Strategie 4.4; no road bonus, the table prices the
    terrain)."""
    if not rules.by_bp:
        return month_range(unit, world, path)
    return movement_points(unit.unit_class, speed=unit.geschwindigkeit, mounted=unit.beritten)


def price(
    unit: Unit,
    world: WorldMap,
    a: str,
    b: str,
    rules: MovementRules,
    entered_hs3: bool = False,
) -> int:
    """A step's cost: its fields by Strategie 7.1 (``step_cost``; ``entered_hs3``: the
    unit entered an HS 3 field earlier this move, D21), by BP (``rules.prices``) each of
    those fields at the BP of the terrain entered (rivers, heights, a fleet upstream and
    a mounted unit's penalties as in 7.1)."""
    fields = step_cost(unit, world, a, b, rules.hs3_charged(entered_hs3))
    prices = rules.prices
    return fields if prices is None else fields * prices[world.fields[b].terrain]


def entered_hs3(world: WorldMap, fields: Iterable[str]) -> bool:
    """Whether a move entered an HS 3 field among ``fields`` (its steps so far; D21, the
    option ``mounted_hs3``)."""
    return any(world.fields[f].height == 3 for f in fields)


def mode_factor(code: str, ext: str) -> int:
    """D21, Strategie 5.1-1/5.1-2: hiding (main order KX) or searching (extension S)
    doubles the time each step takes, both together ×4."""
    return (2 if code == "KX" else 1) * (2 if ext[:1] == "S" else 1)


def enterable(state: WdwState, seat: int, options: WdwOptions) -> frozenset[str] | None:
    """Strategie 4.4 (SL-Option "ins Weiße"): the fields ``seat``'s units may enter —
    any (None) when the option ``into_white`` allows it, else those the realm knows
    (D37: :func:`engine.wdw.sightlines.seen_by`, as the acknowledgement's path check
    reads them, so neither answers from a knowledge the other lacks)."""
    return None if options.into_white else frozenset(seen_by(state, seat, options))


def walk(
    unit: Unit,
    world: WorldMap,
    path: tuple[str, ...],
    factor: int = 1,
    known: frozenset[str] | None = None,
    walls: frozenset[tuple[str, str]] | None = None,
    rules: MovementRules = RANGES,
    *,
    total: int | None = None,
    spent: int = 0,
) -> Leg:
    """The unit's leg along ``path`` (D21: a path longer than the range stops where the
    range ends; each step costs ``factor`` times as much, ``mode_factor``). A step that
    is not adjacent, takes a land unit onto water or a ship onto land, or leaves the
    ``known`` fields (``enterable``), or crosses a wall that holds it (``walls``, the
    steps (from, to) barred, engine.wdw.walls), or takes a fleet onto land off a
    navigable river (engine.wdw.rivers), ends the leg there with its reason
    (``not_adjacent``, ``land_water``, ``off_river``, ``not_navigable``, ``into_white``,
    ``wall``). ``rules`` are the game's (by BP: ``budget``, ``price``). ``total``
    replaces the unit's range (the planner's, of the fields its reader knows), and
    ``spent`` of it is used before the first step (a fleet's loading, Strategie 7.1)."""
    if total is None:
        total = budget(unit, world, path, rules)
    left = total - spent
    entered: list[tuple[str, int]] = []
    here, hs3 = unit.kf, False
    for there in path:
        if there not in world.fields or world.side_to(here, there) is None:
            return _leg(entered, total, bad="not_adjacent")
        if known is not None and there not in known:
            return _leg(entered, total, bad="into_white")
        if walls and (here, there) in walls:  # Strategie 5.1-2: held by a manned wall
            return _leg(entered, total, bad="wall")
        bad = barrier(unit.unit_class, world, here, there)
        if bad:
            return _leg(entered, total, bad=bad)
        cost = price(unit, world, here, there, rules, hs3) * factor
        if cost > left:
            return _leg(entered, total, truncated=True, need=total - left + cost)
        left -= cost
        entered.append((there, total - left))
        here, hs3 = there, hs3 or world.fields[there].height == 3
    return _leg(entered, total)


def why_stopped(unit: Unit, path: tuple[str, ...], leg: Leg) -> tuple[str, dict[str, object]]:
    """Why ``leg`` (bad) ends short of ``path``, as a reason key (``reject.*``) and its
    values. A path begins next to the unit (docs/orders-wdw.md, Field): one that names the
    unit's own field first is told so, not that the field does not border itself."""
    step = path[len(leg.steps)]
    if leg.bad == "not_adjacent" and not leg.steps and step == unit.kf:
        return "path_from_own_field", {"unit": unit.id, "kf": step}
    return leg.bad, {"kf": step, "before": (unit.kf, *path)[len(leg.steps)]}


def _leg(
    entered: list[tuple[str, int]],
    total: int,
    *,
    truncated: bool = False,
    bad: str = "",
    need: int = 0,
) -> Leg:
    # F9: the day a field is entered is 30·(range used)/(range).
    steps = tuple((f, Fraction(30 * used, total)) for f, used in entered)
    return Leg(steps, truncated, bad, need=need, budget=total)
