"""The movement planner (design §9.5): a unit's range this month (Strategie 7.1, F20,
D21; or its BP by F8 when the GM's option ``movement`` is ``bp``, priced by
``bp_costs``), the cost and day of each step along a path (F9), where the range ends, a
step into fields the realm does not know ("ins Weiße" [R 4.4]: its cost is unknown),
the cost of loading a fleet, the BP and rounds of combat left on arrival (F8, F9), and
the difficult fields on the way with whether the unit is free of terrain losses there
(Strategie 1.2, 4.3, D33). It reads only the map the reader knows; it never looks at
units in the fields."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from engine.wdw.calculators.knowledge import Knowledge
from engine.wdw.calculators.texts import number, say
from engine.wdw.formulas import movement_points, rounds_possible
from engine.wdw.home_terrain import NORMAL, LossImmunity, loss_immunity
from engine.wdw.movement import Leg, mode_factor, month_range, walk
from engine.wdw.movement_rules import RANGES, MovementRules
from engine.wdw.rivers import upstream
from engine.wdw.state import Unit
from engine.wdw.terrain_losses import why_free
from engine.wdw.texts import class_word, terrain_word
from engine.wdw.timeline import MONTH_DAYS

MODES = ("", "KX", "S", "KXS")
"""D21: hiding (KX) or searching (S) doubles each step's cost, both together ×4."""
LOADING = ("", "kueste", "hafen")
"""Strategie 7.1: loading or unloading costs a fleet 3 KF, in a port 2."""
_LOAD_COST = {"": 0, "kueste": 3, "hafen": 2}


@dataclass(frozen=True)
class Step:
    """One step: the field, what it costs, the range used after it and the day (F9);
    whether it is a fleet's step up a river (Strategie 7.1); in difficult terrain
    (``ground``, its class ``ground_class``) ``loss``: ``losses`` (the GM's ``L`` line)
    or why the unit is free of them (engine.wdw.terrain_losses.why_free: its realm's
    immunity or its own), else ""."""

    kf: str
    cost: int
    used: int
    day: Fraction
    upstream: bool = False
    loss: str = ""
    ground: str = ""
    ground_class: str = ""


@dataclass(frozen=True)
class Route:
    """The planner's answer: the range, the steps the range allows, and why it ends
    early (``stop``: ``truncated``, ``not_adjacent``, ``land_water``, ``off_river``,
    ``not_navigable``, ``into_white``;
    ``stop_at`` the field it could not enter)."""

    unit: str
    start: str
    range: int
    loading: int
    steps: tuple[Step, ...]
    stop: str
    stop_at: str
    bp: int
    bp_left: Fraction
    rounds: int
    by_bp: bool = False
    """The range is in BP (the option ``movement`` ``bp``), not in fields."""


def plan(
    unit: Unit,
    known: Knowledge,
    path: tuple[str, ...],
    mode: str,
    load: str,
    max_rounds: int = 4,
    rules: MovementRules = RANGES,
) -> Route:
    """The unit's leg along ``path`` as the reader can compute it (D21: a path longer
    than the range stops where the range ends; a step into an unknown field stops the
    plan there); the rounds left at most ``max_rounds`` (D8, the option). ``rules`` are
    the game's (by BP: engine.wdw.movement.price; loading costs its fields at the BP of
    the fleet's own field)."""
    bp = movement_points(unit.unit_class, speed=unit.geschwindigkeit, mounted=unit.beritten)
    the_map = known.the_map
    prices = rules.prices
    total = month_range(unit, the_map, path, known.known) if prices is None else bp
    factor = mode_factor(mode[:2], mode[2:]) if mode.startswith("KX") else mode_factor("", mode)
    loading = _LOAD_COST[load] if unit.unit_class == "sea" else 0
    if prices is not None:
        loading *= prices[known.field(unit.kf).terrain]
    realm = known.realm(unit.realm)
    immune = loss_immunity(realm, known.settlements, known.the_map) if realm else LossImmunity()
    # The month's walk (engine.wdw.movement.walk) over the fields the reader knows.
    leg = walk(unit, the_map, path, factor, known.known, rules=rules, total=total, spent=loading)
    steps: list[Step] = []
    here, before = unit.kf, Fraction(loading)
    for kf, day in leg.steps:
        used = day * total / MONTH_DAYS
        upriver = unit.unit_class == "sea" and upstream(the_map, here, kf)
        field = known.field(kf)
        loss = "" if field.terrain_class == NORMAL else "losses"
        loss = loss and (why_free(unit, field, immune) or loss)
        ground = (field.terrain, field.terrain_class) if loss else ("", "")
        steps.append(Step(kf, int(used - before), int(used), day, upriver, loss, *ground))
        here, before = kf, used
    stop = "truncated" if leg.truncated else leg.bad
    stop_at = path[len(steps)] if stop else ""
    used = before
    left = budget(unit, total, used, max_rounds)
    return Route(
        unit=unit.key,
        start=unit.kf,
        range=total,
        loading=loading,
        steps=tuple(steps),
        stop=stop,
        stop_at=stop_at,
        bp=left.bp,
        bp_left=left.bp_left,
        rounds=left.rounds,
        by_bp=rules.by_bp,
    )


@dataclass(frozen=True)
class Budget:
    """What a unit's move leaves it this month: the range (7.1) and how much of it is
    used, its BP (F8) and what is left of them, and the rounds of combat they allow (F9)."""

    range: int
    used: Fraction
    bp: int
    bp_left: Fraction
    rounds: int


def budget(unit: Unit, total: int, used: Fraction, max_rounds: int) -> Budget:
    """F8, F9 (D8): the unit's BP left after ``used`` of its range ``total``, as the
    share of the range left, and the rounds of combat they allow (at most ``max_rounds``)."""
    bp = movement_points(unit.unit_class, speed=unit.geschwindigkeit, mounted=unit.beritten)
    bp_left = Fraction(bp) * max(Fraction(0), total - used) / total
    return Budget(total, used, bp, bp_left, rounds_possible(bp_left, bp, max_rounds))


def leg_budget(unit: Unit, leg: Leg, total: int, max_rounds: int) -> Budget:
    """The :func:`budget` of a month's leg (engine.wdw.movement.walk, a hunter's or a
    held one): F9 stamps each step with its day, 30·(range used)/(range), so the last
    step's day gives the range used."""
    used = Fraction(leg.steps[-1][1] * total, MONTH_DAYS) if leg.steps else Fraction(0)
    return budget(unit, total, used, max_rounds)


def render_budget(left: Budget, lang: str) -> str:
    """A budget in one line (the texts name its fields: ``{left.range}``)."""
    return say(
        lang,
        "movement.budget",
        left=left,
        used=number(left.used, lang),
        free=number(left.range - left.used, lang),
        bp_left=number(left.bp_left, lang),
    )


def render(route: Route, lang: str) -> list[str]:
    """The route in lines (the texts name its fields: ``{route.range}``)."""
    unit = "_bp" if route.by_bp else ""
    lines = [say(lang, f"movement.head{unit}", route=route)]
    if route.loading:
        lines.append(say(lang, f"movement.loading{unit}", cost=route.loading))
    for step in route.steps:
        key = "movement.step_upstream" if step.upstream else "movement.step"
        lines.append(say(lang, key, route=route, step=step, day=number(step.day, lang)))
        if step.loss:
            terrain = terrain_word(step.ground, lang)
            cls = class_word(step.ground_class, lang)
            lines.append(say(lang, f"movement.terrain_{step.loss}", terrain=terrain, cls=cls))
    if route.stop:
        lines.append(say(lang, f"movement.stop_{route.stop}", kf=route.stop_at))
    end = route.steps[-1].kf if route.steps else route.start
    lines.append(
        say(lang, "movement.end", route=route, kf=end, bp_left=number(route.bp_left, lang))
    )
    return lines
