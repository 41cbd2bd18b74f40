"""Work in settlements (design §4.1 step 4; Strategie 3.3, 5.2, 6.4): sieges as the GM
confirmed them (the ``B`` items), then demolition, repair and building by workers (AB),
each in exact parts of a BWP (D24); whole BWP count, the rest waits for the next month."""

from __future__ import annotations

from fractions import Fraction
from math import floor

from engine.wdw.checks_build import building, bwp_price
from engine.wdw.checks_works import (
    REPAIR_COST,
    at_siege,
    damaged,
    demolition,
    people_build,
    repair,
    repairable,
    room,
    set_damaged,
    siege_work,
)
from engine.wdw.items import by_unit
from engine.wdw.month import Month
from engine.wdw.orders import Demolish, Repair, Work
from engine.wdw.parts import progress, take_whole
from engine.wdw.phases import walls
from engine.wdw.phases.money import interrupted
from engine.wdw.phases.ordered import carry_out, checked
from engine.wdw.population import set_structure
from engine.wdw.rulings import SpecialResult, default_ruling, read
from engine.wdw.state import Settlement


def run(month: Month) -> None:
    """Sieges, then each demolition, repair and AB in the order of the mail's lines (a
    worker that fled a combat or fell stands elsewhere and builds nothing)."""
    _sieges(month)
    carry_out(month, {Demolish: _demolish, Repair: _repair, Work: _build})


def _build(month: Month, seat: int, order: Work) -> None:
    """An AB: at a wall when it names a side, else at a building of the settlement;
    this phase carries out no other A order."""
    if order.code != "AB":
        return
    if order.side:
        walls.build(month, seat, order)
    else:
        _unit_build(month, seat, order)


def _sieges(month: Month) -> None:
    state = month.state
    chosen = by_unit(month.orders)
    for item, siege in month.items.sieges.items():
        verdict = month.verdict(item) or read(item, default_ruling(item, month.items))
        if isinstance(verdict, SpecialResult) and not verdict.accepted:
            month.note(
                siege.realm, "note.siege_refused", settlement=siege.settlement, text=verdict.text
            )
            continue
        place = state.settlement(siege.settlement)
        units = [
            u for u in state.units if u.key in siege.units and at_siege(state, u, siege, chosen)
        ]
        if place is None:
            continue
        if not units:  # the month's combats drove the besiegers off: the ruling lapses
            month.lapse(item, "siege", units=" ".join(siege.units), settlement=place.name)
            continue
        structure, rate = siege_work(state, siege, units)
        if not structure:
            month.note(siege.realm, "note.siege_nothing", settlement=place.name)
            continue
        n = take_whole(place, f"belagerung:{structure}", rate, getattr(place, structure))
        if n:
            set_structure(place, structure, getattr(place, structure) - n)
            set_damaged(place, structure, damaged(place, structure) + n)
            place.reuse += n  # F14: a quarter BWP per BWP destroyed in combat
        left = getattr(place, structure)
        for seat in (siege.realm, place.owner):
            month.note(seat, "note.siege", **_work(place, structure, n), left=left)


def _demolish(month: Month, seat: int, order: Demolish) -> None:
    found = checked(month, seat, order, demolition(month.state, seat, order, month.orders[seat]))
    if found is None:
        return
    place, rate = found
    if people_build(month.orders[seat], place):  # Strategie 3.3: build or demolish
        month.note(seat, "note.people_build", settlement=place.name)
    have = getattr(place, order.structure)
    n = take_whole(place, f"abriss:{order.structure}", rate, min(order.bwp, have))
    set_structure(place, order.structure, have - n)
    place.reuse += 2 * n  # F14: half a BWP per demolished BWP
    month.note(seat, "note.demolished", **_work(place, order.structure, n), left=have - n)


def _repair(month: Month, seat: int, order: Repair) -> None:
    found = checked(month, seat, order, repair(month.state, seat, order))
    if found is None:
        return
    _restore(month, seat, found[0], order.structure, found[1])


def _restore(month: Month, seat: int, place: Settlement, structure: str, rate: Fraction) -> None:
    """F17, D24: the month's repair of ``structure`` at ``rate``, at most what the
    limit (F4) lets stand again and the treasury pays (5,000 GS a BWP)."""
    realm = month.state.realm(seat)
    most = min(repairable(month.state, place, structure), realm.treasury // REPAIR_COST)
    n = take_whole(place, f"reparatur:{structure}", rate, most)
    month.book(seat, "repair", -n * REPAIR_COST, place.name)
    set_structure(place, structure, getattr(place, structure) + n)
    set_damaged(place, structure, damaged(place, structure) - n)
    month.note(seat, "note.repaired", **_work(place, structure, n), cost=n * REPAIR_COST)
    if n and any(s.settlement == place.name for s in month.items.sieges.values()):
        # Strategie 6.4: "Im Falle einer Belagerung muß dieses Gold in der Ansiedlung
        # lagern"; the host keeps no gold in settlements (a decision): the GM is told.
        values = _work(place, structure, n)
        month.note(0, "note.gm_siege_repair", realm=seat, **values, cost=n * REPAIR_COST)


def _unit_build(month: Month, seat: int, order: Work) -> None:
    """Tab. 5.2-1 AB, D19, F12: the worker's BWP of the month; each whole BWP costs the
    terrain's price, or four quarters of reuse (F14); what the treasury cannot pay is
    interrupted (D25), the part of a BWP begun waits. At a structure with siege damage
    the worker repairs it first ("Arbeitseinheiten in einer belagerten Ansiedlung
    reparieren mit diesem Befehl … die Befestigungen"), as a repair (F17)."""
    leg = month.items.legs.get(f"{seat}/{order.unit}")  # D18: after a move, pro rata
    found = checked(month, seat, order, building(month.state, seat, order, leg))
    if found is None:
        return
    place, rate = found
    if damaged(place, order.structure):  # Tab. 5.2-1 AB: "reparieren mit diesem Befehl"
        _restore(month, seat, place, order.structure, rate)
        return
    realm = month.state.realm(seat)
    price = bwp_price(month.state, month.options, place)
    key = f"bau:{order.structure}"
    wanted = min(floor(progress(place, key) + rate), room(month.state, place, order.structure))
    paid = place.reuse // 4 + (realm.treasury // price if price else wanted)
    if paid < wanted:
        interrupted(month, seat, place, order.structure, price - realm.treasury % price)
    n = take_whole(place, key, rate, min(wanted, paid))
    from_reuse = min(n, place.reuse // 4)
    place.reuse -= 4 * from_reuse
    cost = (n - from_reuse) * price
    month.book(seat, "build", -cost, place.name)
    set_structure(place, order.structure, getattr(place, order.structure) + n)
    if n == 0:  # a part of a BWP: "hat 0 BWP gebaut (0 GS)" said nothing of the work
        done = progress(place, key)
        month.note(
            seat,
            "note.unit_building",
            unit=order.unit,
            **_work(place, order.structure, 0),
            done=f"{done.numerator}/{done.denominator}",
        )
        return
    month.note(
        seat, "note.unit_built", unit=order.unit, **_work(place, order.structure, n), cost=cost
    )


def _work(place: Settlement, structure: str, bwp: int) -> dict[str, object]:
    """The values of a work's printout line."""
    return {"settlement": place.name, "structure": structure, "bwp": bwp}
