"""The words of the unit properties (Strategie 4.3), German, English and short forms, as
orders (grammar/wdw.lark's PROPERTY) and the unit designer (calculators/designer.py) read
them: one list, so both read the same words."""

from __future__ import annotations

WORDS = {
    "nahkampf": "nahkampf", "nk": "nahkampf", "melee": "nahkampf",
    "fernkampf": "fernkampf", "fk": "fernkampf", "ranged": "fernkampf",
    "arbeit": "arbeit", "arbeitsstärke": "arbeit", "arbeiterstärke": "arbeit",
    "arbeitsstaerke": "arbeit", "arbeiterstaerke": "arbeit", "arbeiter": "arbeit",
    "work": "arbeit", "workers": "arbeit",
    "belagerung": "belagerung", "siege": "belagerung",
    "transport": "transport",
    "verteidigung": "verteidigung", "defence": "verteidigung", "defense": "verteidigung",
    "geschwindigkeit": "geschwindigkeit", "geschw": "geschwindigkeit", "speed": "geschwindigkeit",
    "beritten": "beritten", "mounted": "beritten",
    "marineinfanterie": "marineinfanterie", "marines": "marineinfanterie",
    "spion": "spion", "spy": "spion",
    "heerführer": "heerfuehrer", "heerfuehrer": "heerfuehrer", "leader": "heerfuehrer",
}  # fmt: skip
"""Strategie 4.3: a property's word → its name (Heimatverteidigung, which names its
province, and the terrain immunities are read on their own)."""

FLAGS = ("beritten", "marineinfanterie", "spion", "heerfuehrer")
"""Strategie 4.3: the properties a unit has or has not (no level, "(1..n)" the others)."""


def terminal() -> str:
    """The words as one regular-expression alternation, longest first (so ``nk`` never
    cuts ``nkXYZ`` short)."""
    return "|".join(sorted(WORDS, key=lambda w: (-len(w), w)))
