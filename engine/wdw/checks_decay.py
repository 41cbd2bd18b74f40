"""Decay (Strategie 3.4; F15, D24): a settlement whose upkeep the last Einnahmetermin
did not pay loses 10 % of its BWP a year, BWP/120 a month in exact parts; when a whole
BWP falls due, the GM names the structure (the ``Z`` items, default the largest)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from engine.wdw.formulas import decay_per_month
from engine.wdw.parts import progress
from engine.wdw.state import STRUCTURES, Settlement, WdwState
from engine.wdw.texts import say

if TYPE_CHECKING:
    from engine.wdw.items import Items

DECAY = "verfall"
"""The settlement's progress key of the decay under way."""
_WORDS = {"rüs": "rues", "kaserne": "mil", "befestigung": "bef", "tempel": "tmp"}


@dataclass(frozen=True)
class Decay:
    """The GM's verdict on a ``Z`` item: the structure that loses the BWP."""

    structure: str


def due(place: Settlement) -> Fraction:
    """F15: the decay accrued after this month (whole BWP fall due)."""
    return progress(place, DECAY) + decay_per_month(place.bwp())


def largest(place: Settlement) -> str:
    """The default: the structure with the most BWP (the first in Strategie 3.2's order
    on a tie)."""
    return max(STRUCTURES, key=lambda s: (getattr(place, s), -STRUCTURES.index(s)))


def decays_of(state: WdwState) -> dict[str, tuple[str, str]]:
    """The month's ``Z`` items: each unpaid settlement a whole BWP falls due in, with
    its default structure."""
    found = [p for p in state.settlements if p.unpaid and p.bwp() and due(p) >= 1]
    return {f"Z{n}": (p.name, largest(p)) for n, p in enumerate(found, 1)}


def read_decay(text: str) -> Decay | None:
    """``Mil``, ``Rüs`` …: a structure, or None."""
    word = text.strip().lower()
    word = _WORDS.get(word, word)
    return Decay(word) if word in STRUCTURES else None


def decay_lines(state: WdwState, items: Items, lang: str) -> list[str]:
    """The dossier's decay items: where a BWP falls due and the default structure."""
    lines = []
    for item, (name, default) in items.decays.items():
        place = state.settlement(name)
        owner = place.owner if place is not None else 0
        lines.append(
            say(lang, "item.decay", item=item, settlement=name, realm=owner, structure=default)
        )
    return lines
