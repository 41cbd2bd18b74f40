"""How many a realm's Heerführer can lead (Strategie 4.1, "Heerführer"; design §5 part 8,
GM option ``leader_capacity``): "Heere mit zuwenig Heerführern agieren nur mit der
Anzahl, für die die Heerführer ausreichen", mounted elements counting twice ("zählen
auch doppelt gegen die Höchstzahl"). The Basismodul's number is missing (D1), so the
check is off unless the GM sets the elements one Heerführer leads. What the surplus does
is the GM's: the acknowledgement warns and the combat workbench notes it."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.wdw.options import WdwOptions
from engine.wdw.state import Unit
from engine.wdw.texts import say


@dataclass(frozen=True)
class Shortfall:
    """An army whose Heerführer lead fewer elements than it has."""

    elements: int
    leaders: int
    most: int


def shortfall(units: Iterable[Unit], options: WdwOptions) -> Shortfall | None:
    """The shortfall of the army ``units`` (one realm's, in one field), or None when the
    option is off or its Heerführer suffice; characters are led by nobody."""
    if not options.leader_capacity:
        return None
    army = list(units)
    leaders = sum(1 for u in army if u.unit_class == "character" and u.heerfuehrer)
    elements = sum(u.size * (2 if u.beritten else 1) for u in army if u.unit_class != "character")
    most = leaders * options.leader_capacity
    return Shortfall(elements, leaders, most) if elements > most else None


def shortfall_text(short: Shortfall, lang: str, key: str, **values: object) -> str:
    """The shortfall in words (``key``: the acknowledgement's warning or the workbench's
    line)."""
    return say(lang, key, elements=short.elements, leaders=short.leaders, most=short.most, **values)
