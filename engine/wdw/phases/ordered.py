"""What the phases of the new orders share: the month's orders of some kinds in the
order of the mail's lines (D25: costs are charged in that order), and the printout's
lines of an order the month could not carry out (checked again on the month's state)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TypeVar

from engine.core import Order
from engine.wdw.checks_army import Refusal
from engine.wdw.month import Month
from engine.wdw.orders import counted

Found = TypeVar("Found")


def orders_of(month: Month, *kinds: type[Order]) -> Iterator[tuple[int, Order]]:
    """Each order of ``kinds`` with its seat, seat by seat, line by line, as the month
    carries them out (a unit's replaced order left out: engine.wdw.orders.counted);
    orders of a seat without a realm are left out."""
    seats = {r.seat for r in month.state.realms}
    for seat in sorted(month.orders):
        if seat in seats:
            for order in counted(month.orders[seat]):
                if isinstance(order, kinds):
                    yield seat, order


def refused(month: Month, seat: int, order: Order, refusal: Refusal) -> None:
    """The printout's lines of an order the month could not carry out, and why (the
    month's state may differ from the acknowledgement's: the builds are paid first)."""
    # The order as data, worded in the reader's language when printed (printout.note_text).
    month.note(seat, "note.not_done", order=json.dumps({**order.to_json(), "kind": order.kind}))
    month.note(seat, f"reject.{refusal.key}", **refusal.values)


def checked(month: Month, seat: int, order: Order, found: Found | Refusal) -> Found | None:
    """What the month's check of ``order`` found (a plan, a place), or None once the
    printout says why the month could not carry the order out (:func:`refused`)."""
    if isinstance(found, Refusal):
        refused(month, seat, order, found)
        return None
    return found
