"""Raising, Soforrüstung and training (Strategie 4.2, design §4.1 step 2): paid in the
order of the mail's lines after the builds (D25), checked again against the month's
state; raised units appear in their settlement at the end of the month (D39); a unit
in training counts its months while it stands in an own settlement."""

from __future__ import annotations

from engine.wdw.checks_army import (
    HV,
    defended,
    give,
    immune_to,
    levels,
    plan_raise,
    plan_train,
    trains_at,
)
from engine.wdw.month import Month
from engine.wdw.orders import IMMUNITY, Raise, Train
from engine.wdw.phases.ordered import carry_out, checked
from engine.wdw.state import Unit, world


def run(month: Month) -> None:
    """Pay and carry out each raising and training, then count the training months."""
    carry_out(month, {Raise: _raise, Train: _train})
    _count_down(month)


def _raise(month: Month, seat: int, order: Raise) -> None:
    state = month.state
    plan = checked(month, seat, order, plan_raise(state, seat, order))
    if plan is None:
        return
    month.book(seat, "raise", -plan.cost, plan.place.name)
    plan.place.rues_used += plan.capacity
    number = max((u.id for u in state.units if u.realm == seat), default=100) + 1
    unit = Unit(
        realm=seat,
        id=number,
        unit_class=order.unit_class,
        size=order.count,
        kf=plan.place.kf,
        raised_terrain=world(state.map_text).fields[plan.place.kf].terrain,
    )
    give(unit, plan.properties, plan.provinces, plan.terrains)
    state.units.append(unit)
    month.note(
        seat,
        "note.raised",
        unit=number,
        count=order.count,
        settlement=plan.place.name,
        rs=plan.rs,
        cost=plan.cost,
    )


def _train(month: Month, seat: int, order: Train) -> None:
    state = month.state
    plan = checked(month, seat, order, plan_train(state, seat, order))
    if plan is None:
        return
    unit = state.unit(seat, order.unit)
    assert unit is not None  # plan_train refuses an unknown unit
    month.book(seat, "train", -plan.cost, plan.place.name)
    plan.place.rues_used += plan.capacity  # D22 (training_halfyear): RS ≤ 2's share
    if not plan.months:  # D22 (training_halfyear): done at once
        give(unit, plan.properties, plan.provinces, plan.terrains)
        month.note(seat, "note.training", unit=unit.id, rs=plan.rs, months=0, cost=plan.cost)
        month.note(seat, "note.trained", unit=unit.id, rs=unit.rs())
        return
    unit.training_to = [f"{n}={level}" for n, level in plan.properties.items()]
    unit.training_to += [f"{HV}={name}" for name in plan.provinces]
    unit.training_to += [f"{IMMUNITY}={name}" for name in plan.terrains]
    unit.training_months = plan.months
    month.note(seat, "note.training", unit=unit.id, rs=plan.rs, months=plan.months, cost=plan.cost)


def _count_down(month: Month) -> None:
    """Strategie 4.2: training takes its months in the settlement; the month it is
    ordered counts (ordered in month 1 for 3 months, the unit is ready after month 3)."""
    state = month.state
    for unit in state.units:
        if unit.training_months <= 0:
            continue
        if not trains_at(state, unit, unit.kf):
            month.note(unit.realm, "note.training_paused", unit=unit.id)
            continue
        unit.training_months -= 1
        if unit.training_months == 0:
            to = unit.training_to
            give(unit, levels(to), defended(to), immune_to(to))
            unit.training_to = []
            month.note(unit.realm, "note.trained", unit=unit.id, rs=unit.rs())
