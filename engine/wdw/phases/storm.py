"""Storm assaults (Strategie 3.2, 6.4), after the combats and the works and before the
conquests: each ``S`` item as the GM ruled it — the losses, and when the storm is taken
every defender in the settlement falls and the settlement with its field passes to the
stormer (no capital any more). A storm order without an item says why in the printout,
as far as its units see (D37)."""

from __future__ import annotations

from engine.wdw.month import Month
from engine.wdw.orders import Storm
from engine.wdw.phases.ordered import orders_of
from engine.wdw.rulings import default_ruling, read
from engine.wdw.storm import Assault, StormResult
from engine.wdw.walls import pass_walls


def run(month: Month) -> None:
    """The storms of the month, then a line for each storm order that had no item."""
    stormed = set()
    for item, assault in month.items.storms.items():
        verdict = month.verdict(item) or read(item, default_ruling(item, month.items))
        if isinstance(verdict, StormResult):
            _carry_out(month, item, assault, verdict)
        stormed.add((assault.realm, assault.settlement.lower()))
    for seat, order in orders_of(month, Storm):
        assert isinstance(order, Storm)
        if (seat, order.settlement.lower()) in stormed:
            continue
        place = month.state.settlement(order.settlement)
        if place is not None and place.owner == seat:
            continue
        # D37: only a stormer in the settlement's field sees whether it is fortified
        # (Bef is a GO result, Tab. 5.3-2); elsewhere the order's words, "not there".
        there = place is not None and any(
            u.realm == seat and u.id in order.units and u.kf == place.kf for u in month.state.units
        )
        if there and place is not None and place.bef < 1:
            month.note(seat, "note.storm_unfortified", settlement=place.name)
        else:
            month.note(seat, "note.storm_absent", settlement=order.settlement)


def _carry_out(month: Month, item: str, assault: Assault, verdict: StormResult) -> None:
    state = month.state
    if not any(u.key in assault.attackers and u.kf == assault.kf for u in state.units):
        # The month's combats drove every stormer off (or killed it): no storm, and the
        # GM's verdict with its losses lapses; he is told so.
        month.note(assault.realm, "note.storm_absent", settlement=assault.settlement)
        month.lapse(item, "storm", units=" ".join(assault.attackers), kf=assault.kf)
        return
    for key, loss in verdict.losses:
        realm, number = (int(x) for x in key.split("/"))
        unit = state.unit(realm, number)
        if unit is not None:
            unit.size -= min(loss, unit.size)
    place = state.settlement(assault.settlement)
    fallen = set(assault.defenders) if verdict.taken else set()
    state.units = [
        u for u in state.units if u.size > 0 and not (u.key in fallen and u.kf == assault.kf)
    ]
    if not verdict.taken or place is None:
        for seat in (assault.realm, assault.owner):
            month.note(seat, "note.storm_repulsed", settlement=assault.settlement)
        return
    # Strategie 6.4: "alle Verteidiger durch einen Sturmangriff getötet"; the place falls.
    place.owner, place.capital = assault.realm, False
    state.territory = [e for e in state.territory if not e.startswith(f"{place.kf}=")]
    state.territory.append(f"{place.kf}={assault.realm}")
    pass_walls(state, place.kf, assault.realm)
    month.note(assault.realm, "note.storm_taken", settlement=place.name)
    month.note(assault.owner, "note.storm_lost", settlement=place.name)
