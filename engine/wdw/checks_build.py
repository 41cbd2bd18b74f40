"""Building by worker units (Strategie 5.2, Tab. 5.2-1 ``AB``; 3.1, 3.2; F12, D18, D19,
D25): a worker builds at a structure of its realm's settlement in its own field at
Arbeitsstärke/1,000 BWP a month (Befestigungen /2,500), each whole BWP paid at the
terrain's BWP price when it is done; after a move, where the move ends (D18). The
acknowledgement and the month's works phase read the same rules."""

from __future__ import annotations

from fractions import Fraction

from engine.wdw.calculators.texts import number
from engine.wdw.checks_army import Refusal
from engine.wdw.checks_works import damaged, repair_limit, room
from engine.wdw.formulas import build_rate, repair_rate
from engine.wdw.home_terrain import terrain_class
from engine.wdw.movement import Leg, walk, why_stopped
from engine.wdw.options import WdwOptions
from engine.wdw.orders import Work
from engine.wdw.setup import options_of
from engine.wdw.sightlines import seen_by
from engine.wdw.state import Settlement, Unit, WdwState, world
from engine.wdw.texts import say
from engine.wdw.timeline import MONTH_DAYS


def building(
    state: WdwState, seat: int, order: Work, leg: Leg | None = None, at: str = ""
) -> tuple[Settlement, Fraction] | Refusal:
    """Tab. 5.2-1 AB, D19: the settlement the unit builds in (its realm's, in the field
    ``at``, else its own) and the BWP of this month's work, or why it cannot build;
    after a move (``leg``, D18) the share :func:`work_share` gives."""
    unit = worker_of(state, seat, order)
    if isinstance(unit, Refusal):
        return unit
    if not order.structure:
        return Refusal("build_what", {"unit": unit.id})
    kf = at or unit.kf
    options = options_of(state)
    share = work_share(unit, kf, leg, options)
    if isinstance(share, Refusal):
        return share
    place = next((s for s in state.settlements if s.kf == kf and s.owner == seat), None)
    if place is None:  # "am eigenen Standort": a settlement of the realm in its field
        moved = leg is not None and bool(leg.steps)
        reason = "no_own_settlement_on_arrival" if moved else "no_own_settlement"
        return Refusal(reason, {"unit": unit.id, "kf": kf})
    if damaged(place, order.structure):  # Tab. 5.2-1 AB: the siege damage is repaired first
        refused = repair_limit(state, place, order.structure)
        if refused is not None:
            return refused
        return place, repair_rate(0, unit.size * unit.arbeit) * share
    free = room(state, place, order.structure)
    if free < 1:
        limit = getattr(place, order.structure) + free
        return Refusal("structure_max", {"structure": order.structure, "limit": limit})
    return place, build_rate(unit.size * unit.arbeit, order.structure, options) * share


def work_share(unit: Unit, kf: str, leg: Leg | None, options: WdwOptions) -> Fraction | Refusal:
    """D18: the share of the month's work ``unit`` does in ``kf`` — all without a move,
    after one :func:`arrival_share` — or, where its path was cut, why it does none."""
    share = arrival_share(leg, options) if leg is not None else Fraction(1)
    if share is None:
        return Refusal("not_arrived", {"unit": unit.id, "kf": kf})
    return share


def arrival_share(leg: Leg, options: WdwOptions) -> Fraction | None:
    """Tab. 5.2-1 AB ("Ist ein Bewegungsbefehl angegeben …, baut die Einheit dort"), D18:
    the share of the month's work a worker builds after its move — all when it did not
    move, (30 − arrival day)/30 (``build_on_arrival`` = ``pro_rata``) or none
    (``next_month``) when it did; None when its path was cut (the range, a step it may
    not take, a meeting that held it): it did not arrive and builds nothing."""
    if leg.truncated or leg.bad or leg.halted:
        return None
    if not leg.steps:
        return Fraction(1)
    if options.build_on_arrival == "next_month":
        return Fraction(0)
    return (MONTH_DAYS - leg.steps[-1][1]) / MONTH_DAYS


def worker_of(state: WdwState, seat: int, order: Work) -> Unit | Refusal:
    """Tab. 5.2-1: the unit of an A order, a worker (Arbeitsstärke ≥ 1)."""
    unit = state.unit(seat, order.unit)
    if unit is None:
        return Refusal("unknown_unit", {"unit": order.unit})
    if unit.arbeit < 1:
        return Refusal("needs_worker", {"unit": unit.id})
    return unit


def bwp_price(state: WdwState, options: WdwOptions, place: Settlement) -> int:
    """F2, D11: the price of one BWP in the settlement's terrain class (normal in the
    owner's Heimatgelände, D33)."""
    return options.bwp_cost(terrain_class(state, place.owner, place.kf))


def arrival_leg(
    state: WdwState, seat: int, order: Work, options: WdwOptions
) -> tuple[Leg | None, str] | Refusal:
    """D18: the worker's move before it builds, as the acknowledgement sees it, and the
    field it ends in (None and "": it does not move), or why the move fails — checked as
    a K order's (Strategie 7.1). D37: a way into a field the realm does not see (``ins
    Weiße``, allowed) is not walked: its terrain would show, and the realm builds only
    in its own fields, which it sees."""
    unit = state.unit(seat, order.unit)
    if unit is None or not order.path:
        return None, ""
    seen = frozenset(seen_by(state, seat, options))  # movement.enterable without ``into_white``
    cut = next((n for n, kf in enumerate(order.path) if kf not in seen), len(order.path))
    path = order.path[: cut + 1]  # up to the first unseen step, checked as bordering or not
    leg = walk(unit, world(state.map_text), path, 1, seen, rules=options.movement_rules())
    if leg.bad == "into_white" and options.into_white:
        return Refusal("arrival_unknown", {"unit": unit.id, "kf": order.path[cut]})
    if leg.bad:
        return Refusal(*why_stopped(unit, order.path, leg))
    return leg, leg.steps[-1][0] if leg.steps else ""


def describe(state: WdwState, seat: int, order: Work, options: WdwOptions, lang: str) -> str:
    """The acknowledgement of an AB order: where, the BWP of work a month and the price
    of a BWP, or why it fails (D37: only what the realm knows)."""
    unit, moved = state.unit(seat, order.unit), arrival_leg(state, seat, order, options)
    if isinstance(moved, Refusal):
        return moved.of(order, lang)
    leg = moved[0]
    found = building(state, seat, order, *moved)
    if isinstance(found, Refusal):
        return found.of(order, lang)
    place, now = found
    assert unit is not None  # building() refuses an unknown unit
    values = {
        "unit": order.unit,
        "code": order.code,
        "ext": order.ext,
        "settlement": place.name,
        "structure": order.structure,
        "rate": number(build_rate(unit.size * unit.arbeit, order.structure, options), lang),
        "cost": bwp_price(state, options, place),
    }
    if damaged(place, order.structure):  # Tab. 5.2-1 AB: it repairs first (Strategie 6.4)
        rate = number(repair_rate(0, unit.size * unit.arbeit), lang)
        left = damaged(place, order.structure)
        return say(lang, "order.unit_repair", **{**values, "rate": rate, "damage": left})
    if leg is None or not leg.steps:
        return say(lang, "order.unit_build", **values)
    day = number(leg.steps[-1][1], lang)
    if options.build_on_arrival == "next_month":  # D18: it only arrives this month
        return say(lang, "order.unit_build_next_month", day=day, **values)
    return say(lang, "order.unit_build_on_arrival", day=day, now=number(now, lang), **values)
