"""A GM's mail of rulings checked as a whole (design §4.2): each ruling on the month as
the rulings taken before it leave it — the answers, their order and their words those of
checking one ruling after the other —, the month found a few times, not once per ruling
(a crowded month has hundreds of open items; a mail ruling them all took minutes).

The month reads the rulings only through its questions (engine.wdw.asking). A finding
of the month keeps its questions and answers: for the rulings taken so far it is the
same month up to the first question they answer otherwise, and the same month wholly
when they answer none otherwise. A ruling on a meeting needs the month only up to the
meeting (its question is asked as it is met): that it is met, its sides and its rounds —
unless a combat's ruling names a unit or realm beside the two sides (a late arrival, a
further party, Strategie 6.2), which the rest of the fight decides. Every other open
item (a siege, plunder, a storm) comes of the whole month; spies, Sonderbefehle,
provinces and decays of the state and the orders alone.

The first finding assumes the whole mail taken (the ruling form sent back, the usual
mail); a ruling it cannot answer for finds the month again on the rest of the mail
assumed taken, and only if that cannot either, on exactly the rulings taken."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from engine.core import CORRECTION, GAME_END, Order, Ruling, taken
from engine.wdw.asking import Record, by_item
from engine.wdw.fights import Combat
from engine.wdw.items import Items, Meeting, find_items
from engine.wdw.rulings import check, read
from engine.wdw.state import WdwState
from engine.wdw.texts import say

_OF_THE_MONTH = re.compile(r"[DEKBPS]\d+")
"""The ids of the items the rulings may change: meetings (D, E, K), and sieges,
plunder and storms (B, P, S: they come of the units' legs as the meetings leave them)."""
_MEETINGS = ("D", "E", "K")


@dataclass
class _Finding:
    """One finding of the month: the rulings it was found on (by item), its items, its
    questions, and where the rulings taken so far first answer otherwise, by item."""

    rulings: dict[str, tuple[Ruling, ...]]
    items: Items
    record: Record
    apart: dict[str, int] = field(default_factory=dict)

    def compare(self, item: str, rulings: tuple[Ruling, ...]) -> None:
        """The rulings taken on ``item`` are now ``rulings``."""
        place = None
        if rulings != self.rulings.get(item, ()):
            place = self.record.first_apart(item, rulings)
        if place is None:
            self.apart.pop(item, None)
        else:
            self.apart[item] = place


class RulingMail:
    """The rulings of one mail checked one after the other on a month's state and its
    standing orders (engine.wdw.forecast.standing), after the rulings ``given``."""

    def __init__(
        self, state: WdwState, orders: dict[int, list[Order]], given: Sequence[Ruling]
    ) -> None:
        self.state, self.orders = state, orders
        self.given = list(given)
        self.rulings = by_item(self.given)
        self.findings: list[_Finding] = []
        self._unruled: Items | None = None

    def answers(
        self, rulings: Sequence[Ruling], lang: str, command: Callable[[Ruling], str]
    ) -> list[str]:
        """Why each of ``rulings`` cannot be taken ("" when it can), each after the ones
        before it that are taken (a later ruling on an item replaces the earlier one;
        corrections add up); ``command`` answers a ``Korrektur`` or ``Spielende``."""
        found = []
        for n, ruling in enumerate(rulings):
            if ruling.item in (GAME_END, CORRECTION):
                why = command(ruling)
            else:
                why = self._check(ruling, rulings[n:], lang)
            found.append(why)
            if not why:
                self._take(ruling)
        return found

    def _check(self, ruling: Ruling, rest: Sequence[Ruling], lang: str) -> str:
        """As engine.wdw.game.WdwGame.check_item: a meeting the rulings taken did away
        with (an E answer that sends a side back, Tab. 6.1-1) lapses; else
        engine.wdw.rulings.check."""
        item = ruling.item.upper()
        items = self._items_for(ruling, rest)
        if self.given and item not in items.meetings and item in self._without().meetings:
            return say(lang, "ruling.meeting_gone", item=item)
        return check(self.state, items, ruling, lang)

    def _take(self, ruling: Ruling) -> None:
        self.given = taken(self.given, ruling)
        item = ruling.item.upper()
        mine = tuple(r for r in self.given if r.item.upper() == item)
        if mine:
            self.rulings[item] = mine
        else:
            self.rulings.pop(item, None)
        for finding in self.findings:
            finding.compare(item, mine)

    def _items_for(self, ruling: Ruling, rest: Sequence[Ruling]) -> Items:
        """Items that are the month's as far as ``ruling``'s check reads them."""
        for finding in reversed(self.findings):
            if _serves(finding, ruling):
                return finding.items
        assumed = self.given
        seats = {r.seat for r in self.state.realms}
        for later in rest:  # the rest of the mail assumed taken, but what never can be
            if not _no_realm(later, seats):
                assumed = taken(assumed, later)
        tried = [f.rulings for f in self.findings]
        if by_item(assumed) != self.rulings and by_item(assumed) not in tried:
            finding = self._find(assumed)
            if _serves(finding, ruling):
                return finding.items
        return self._find(self.given).items  # the month of exactly the rulings taken

    def _find(self, rulings: list[Ruling]) -> _Finding:
        record = Record()
        items = find_items(self.state, self.orders, rulings, record)
        finding = _Finding(by_item(rulings), items, record)
        for item in finding.rulings.keys() | self.rulings.keys():
            finding.compare(item, self.rulings.get(item, ()))
        self.findings.append(finding)
        return finding

    def _without(self) -> Items:
        """The month's items without any ruling (the dossier's)."""
        if self._unruled is None:
            self._unruled = find_items(self.state, self.orders)
        return self._unruled


def _serves(finding: _Finding, ruling: Ruling) -> bool:
    """Whether ``finding``'s items answer ``ruling`` as the month of the rulings taken
    would: the same month wholly, or — for a ruling on a meeting it has — up to the
    meeting; an item of the state and the orders alone, always."""
    item = ruling.item.upper()
    if not _OF_THE_MONTH.fullmatch(item):
        return True
    if not finding.apart:
        return True
    meeting = finding.items.meetings.get(item)
    if meeting is None or item[0] not in _MEETINGS:
        return False
    met = finding.record.at.get(item)
    if not met or met[0] > min(finding.apart.values()):
        return False
    return item[0] != "K" or not _beside_the_sides(meeting, ruling)


def _no_realm(ruling: Ruling, seats: set[int]) -> bool:
    """Whether ``ruling`` names a combat's winner by a realm the state does not have:
    never a party, so never taken — and a month found with it would ask that realm's
    hostility (Strategie 6.2: who goes on with the winner)."""
    if not ruling.item.upper().startswith("K"):
        return False
    verdict = read("K", ruling.text)
    return (
        isinstance(verdict, Combat)
        and verdict.winner.isdecimal()
        and (int(verdict.winner) not in seats)
    )


def _beside_the_sides(meeting: Meeting, ruling: Ruling) -> bool:
    """Whether a combat's ruling names a winner realm or a unit's losses beyond the
    two sides as they met (a late arrival, a further party: Strategie 6.2), which the
    rest of the month decides."""
    verdict = read(ruling.item.upper(), ruling.text)
    if not isinstance(verdict, Combat):
        return False
    realms = (meeting.a.realm, meeting.b.realm)
    if verdict.winner.isdecimal() and int(verdict.winner) not in realms:
        return True
    units = {*meeting.a.units, *meeting.b.units}
    return any(key not in units for key, _loss in verdict.losses)
