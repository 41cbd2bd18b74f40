"""Who may take a G order (Strategie 5.3, D15): characters with spy training, or, with
the GM option ``g_any_character``, every character. The acknowledgement and the month's
items (``G<n>``) read the same rule."""

from __future__ import annotations

from engine.wdw.options import WdwOptions
from engine.wdw.state import Unit


def may_spy(unit: Unit, options: WdwOptions) -> bool:
    """D15: "Spionen und anderen Einzelcharakteren und Spezialisten mit
    Spionageausbildung" — spy training, or any character with ``g_any_character``."""
    return unit.spion or (options.g_any_character and unit.unit_class == "character")
