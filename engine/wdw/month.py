"""The month being computed: the state (a copy, changed by the phases), the orders, the
open items and the GM's verdicts, the dice, and the notes the printouts get."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from engine.core import CORRECTION, GAME_END, NEUTRAL, Order, Ruling
from engine.dice import Dice
from engine.wdw.items import Items
from engine.wdw.options import WdwOptions
from engine.wdw.rulings import Verdict, read
from engine.wdw.state import Booking, Note, WdwState
from engine.wdw.timeline import Whereabouts


@dataclass
class Month:
    """Everything a phase reads and writes."""

    state: WdwState
    orders: Mapping[int, Sequence[Order]]
    items: Items
    rulings: Sequence[Ruling]
    dice: Dice
    options: WdwOptions
    origins: dict[str, str] = field(default_factory=dict)
    """Where each unit (``realm/unit``) stood when the month began."""

    @cached_property
    def whereabouts(self) -> Whereabouts:
        """Where the units are on each day along the month's legs, from where they
        began it (F9)."""
        return Whereabouts.along(self.state.units, self.origins, self.items.legs)

    def verdict(self, item: str) -> Verdict | None:
        """The GM's verdict on ``item`` (the last ruling counts), or None."""
        found = None
        for ruling in self.rulings:
            if ruling.item.upper() == item:
                found = read(item, ruling.text)
        return found

    @property
    def corrections(self) -> list[Ruling]:
        """The month's corrections, in the order they came."""
        return [r for r in self.rulings if r.item == CORRECTION]

    @property
    def ends_game(self) -> bool:
        """The GM ended the game with this month."""
        return any(r.item == GAME_END for r in self.rulings)

    def book(self, seat: int, cause: str, amount: int, what: str = "") -> int:
        """Change ``seat``'s treasury by ``amount`` GS, never below 0 (D25), and write the
        change in its ledger; the change made."""
        realm = self.state.realm(seat)
        change = max(-realm.treasury, amount)
        realm.treasury += change
        if change:
            self.state.ledger.append(Booking(seat, cause, change, what))
        return change

    def note(self, seat: int, key: str, **values: object) -> None:
        """A line of ``seat``'s printout (0: the GM's), worded when it is printed."""
        self.state.notes.append(Note(seat, key, [f"{k}={v}" for k, v in values.items()]))

    def lapse(self, item: str, why: str, **values: object) -> None:
        """The GM's line that the month cannot apply his ruling on ``item`` (``why``: a
        catalog key under ``lapsed.``): his overview shows it, and the host tells him with
        the drafts (engine.core.Ruled.lapsed_rulings), so no ruling is dropped unsaid."""
        self.note(NEUTRAL, f"{LAPSED}{why}", item=item, **values)


LAPSED = "lapsed."
"""The catalog keys of the GM's notes that a ruling lapsed (:meth:`Month.lapse`)."""
