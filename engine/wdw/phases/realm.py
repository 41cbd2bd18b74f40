"""The realm's own orders at the end of the month: alliances (D26, one-sided, from the
next month), the capital move (Strategie 3.1: a year without a capital) and the GM's
approval of provinces (Strategie 1.2, the ``V`` items)."""

from __future__ import annotations

from engine.wdw.checks_realm import (
    CAPITAL_MOVE_MONTHS,
    ally,
    check_alliance,
    check_capital,
    check_province,
    move_capital,
)
from engine.wdw.month import Month
from engine.wdw.orders import Alliance, CapitalMove
from engine.wdw.phases.ordered import carry_out, checked, refused
from engine.wdw.rulings import SpecialResult, default_ruling, read


def run(month: Month) -> None:
    """Alliances and capital moves in the order of the lines, the capital countdown,
    then each province as the GM ruled it."""
    carry_out(month, {Alliance: _alliance, CapitalMove: _capital})
    _count_down(month)
    _provinces(month)


def _alliance(month: Month, seat: int, order: Alliance) -> None:
    other = checked(month, seat, order, check_alliance(month.state, seat, order))
    if other is None:
        return
    ally(month.state.realm(seat), other.seat, order.end)
    month.note(seat, "note.alliance_ended" if order.end else "note.alliance", realm=other.name)


def _capital(month: Month, seat: int, order: CapitalMove) -> None:
    place = checked(month, seat, order, check_capital(month.state, seat, order))
    if place is None:
        return
    realm = month.state.realm(seat)
    for old in month.state.settlements:
        if old.owner == seat and old.capital:
            old.capital = False
            # Strategie 3.1: whether the old capital is now too big for its site is the
            # Basismodul's maximum (missing, D1): the GM's correction.
            month.note(0, "note.gm_capital_left", realm=seat, settlement=old.name)
    move_capital(realm, place)
    month.note(seat, "note.capital_move", settlement=place.name, months=CAPITAL_MOVE_MONTHS)


def _count_down(month: Month) -> None:
    """The month of the order counts: ordered in month 1, the capital is new after
    month 12."""
    for realm in month.state.realms:
        if not realm.capital_move:
            continue
        realm.capital_move -= 1
        if realm.capital_move:
            continue
        place = month.state.settlement(realm.capital_to)
        if place is not None and place.owner == realm.seat:
            place.capital = True
            month.note(realm.seat, "note.capital_moved", settlement=place.name)
        else:
            month.note(realm.seat, "note.capital_lost", settlement=realm.capital_to)
        realm.capital_to = ""


def _provinces(month: Month) -> None:
    """Strategie 1.2: a province the GM accepted joins the realm's provinces (checked
    again: two requests of the month may overlap)."""
    for item, (seat, order) in month.items.provinces.items():
        verdict = month.verdict(item) or read(item, default_ruling(item, month.items))
        if not isinstance(verdict, SpecialResult) or not verdict.accepted:
            text = verdict.text if isinstance(verdict, SpecialResult) else ""
            _verdict_note(month, seat, "note.province_refused", order.name, text)
            continue
        refusal = check_province(month.state, seat, order)
        if refusal is not None:
            refused(month, seat, order, refusal)
            continue
        realm = month.state.realm(seat)
        realm.provinces.append(f"{order.name}={' '.join(order.fields)}")
        if order.port:  # Strategie 1.2: a sea province and its home port
            realm.home_ports.append(f"{order.name}={order.port}")
        _verdict_note(month, seat, "note.province", order.name, verdict.text)


def _verdict_note(month: Month, seat: int, key: str, name: str, text: str) -> None:
    # The GM's words follow the verdict after a colon (``…_said``); without words the
    # verdict stands alone, not with a dangling separator.
    if text:
        month.note(seat, f"{key}_said", name=name, text=text)
    else:
        month.note(seat, key, name=name)
