"""The GM's limits on espionage (Strategie 5.3, "Spielleiter-Optionen"; design §2.7):
the chapter switched off, espionage by culture only, the least RS an action needs, and
how many G orders a realm may have a month. The acknowledgement and the month's ``G``
items read the same rules, so a refused order never becomes an item."""

from __future__ import annotations

from collections.abc import Collection

from engine.wdw.checks_army import Refusal
from engine.wdw.checks_spy import may_spy
from engine.wdw.options import WdwOptions
from engine.wdw.orders import Spy
from engine.wdw.state import Unit


def spy_refusal(unit: Unit, order: Spy, options: WdwOptions) -> Refusal | None:
    """Why the GM's options refuse ``unit``'s G order, or None."""
    if not options.chapter("espionage"):  # [R Vorwort]: the chapter is not in play
        return Refusal("chapter_espionage_off")
    if options.espionage_mode == "culture_only":  # 5.3: "ausschließlich durch Kultur"
        return Refusal("espionage_culture_only")
    least = options.least_rs(order.code)
    if unit.rs() < least:  # 5.3: "erhöhte Rüststufen für Spione"
        return Refusal(
            "spy_rs", {"unit": unit.id, "code": order.code.upper(), "rs": unit.rs(), "least": least}
        )
    return None


def over_limit(spies: Collection[int], unit: int, options: WdwOptions) -> Refusal | None:
    """5.3: "die Anzahl gleichzeitig aktiver Geheimdienstbefehle begrenzen" — the refusal
    of ``unit``'s G order when the realm's G orders before it (``spies``, by unit; a
    unit's second order replaces its first, D27) already fill ``g_max_active``."""
    limit = options.g_max_active
    if limit and unit not in spies and len(spies) >= limit:
        return Refusal("spy_max_active", {"limit": limit})
    return None


def stands(unit: Unit | None, order: Spy, options: WdwOptions) -> bool:
    """Whether ``unit`` may carry out its G order as far as the unit and the options go
    (D15, :func:`spy_refusal`): the orders that count toward ``g_max_active``."""
    return unit is not None and may_spy(unit, options) and spy_refusal(unit, order, options) is None
