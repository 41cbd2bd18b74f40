"""Who may take a G order (Strategie 5.3, D15): characters with spy training, or, with
the GM option ``g_any_character``, every character. The acknowledgement and the month's
items (``G<n>``) read the same rule. And which IG a spy has on a target (D14), for the
espionage phase and the dossier."""

from __future__ import annotations

from collections.abc import Sequence

from engine.wdw.options import WdwOptions
from engine.wdw.state import Spying, Unit


def may_spy(unit: Unit, options: WdwOptions) -> bool:
    """D15: "Spionen und anderen Einzelcharakteren und Spezialisten mit
    Spionageausbildung" — spy training, or any character with ``g_any_character``."""
    return unit.spion or (options.g_any_character and unit.unit_class == "character")


def infiltration(
    spying: Sequence[Spying], seat: int, unit: int, target: str, options: WdwOptions
) -> Spying | None:
    """F19, D14: the record of the spy's IG on ``target`` (None: it starts at 1). One
    per target; with ``ig_carry_over`` the spy's one IG whatever its target (Strategie
    5.3: "Jeder Spion hat einen Infiltrationsgrad")."""
    for record in spying:
        same = options.ig_carry_over or record.target.lower() == target.lower()
        if (record.realm, record.unit) == (seat, unit) and same:
            return record
    return None
