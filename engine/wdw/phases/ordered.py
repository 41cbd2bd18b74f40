"""What the phases of the new orders share: the month's orders of some kinds in the
order of the mail's lines (D25: costs are charged in that order), and the printout's
lines of an order the month could not carry out (checked again on the month's state)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any, TypeVar

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


Handler = Callable[[Month, int, Any], None]
"""What a phase does with one order: the month, the seat, the order (of the kind the
handler stands for in :func:`carry_out`'s table)."""


def carry_out(month: Month, handlers: Mapping[type[Order], Handler]) -> None:
    """Each order of the table's kinds by its kind's handler, in the order
    :func:`orders_of` gives them: one pass over the month's orders, so that orders of
    several kinds are paid in the order of the mail's lines (D25)."""
    for seat, order in orders_of(month, *handlers):
        handler = next(h for kind, h in handlers.items() if isinstance(order, kind))
        handler(month, seat, order)


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
