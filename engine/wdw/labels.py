"""A settlement's label (Strategie 3.1, D34): Burg, Stadt, Festung, Metropole, Garnison
or Tempel, derived from its structures and inhabitants unless the GM names one by
correction (``Ansiedlung Guru Art FST``; ``Art automatisch`` derives it again)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.wdw.state import Settlement, WdwState
from engine.wdw.texts import say

LABELS = ("BRG", "STD", "FST", "MET", "GAR", "TMP")
"""Strategie 3.1: the six kinds of settlement."""
METROPOLIS = 50_000
"""Strategie 3.1: "mit mehr als 50.000 Bevölkerung heißen Metropolen"."""
CASTLE = 10_000
"""Strategie 3.1: a Burg is a fortified settlement "bis 10.000 Einwohnern"."""

_LABEL_RE = re.compile(
    r"^(?:ansiedlung|settlement)\s+(\S+)\s+(?:art|kind)\s+(\w+)$",
    re.IGNORECASE,
)
_DERIVED = ("automatisch", "auto")


def label(place: Settlement) -> str:
    """The settlement's label: the GM's, else derived (D34): MET above 50,000
    inhabitants; without Bev a GAR, or a TMP when Tmp is all it has; with Bef a BRG up
    to 10,000 inhabitants and a FST above; without Bef a STD."""
    if place.label:
        return place.label
    if place.population > METROPOLIS:
        return "MET"
    if not place.bev:
        return "TMP" if place.tmp and place.bwp() == place.tmp else "GAR"
    if place.bef:
        return "BRG" if place.population <= CASTLE else "FST"
    return "STD"


@dataclass(frozen=True)
class Relabel:
    """A correction of a settlement's label (``label`` "": derived again, D34)."""

    settlement: str
    label: str
    word: str


def read_relabel(text: str) -> Relabel | None:
    """``Ansiedlung Guru Art FST`` / ``Art automatisch`` (English ``Settlement Guru
    kind FST`` / ``kind auto``), or None when the text is not one."""
    match = _LABEL_RE.match(text.strip())
    if match is None:
        return None
    word = match[2]
    return Relabel(match[1], "" if word.lower() in _DERIVED else word.upper(), word)


def check_relabel(state: WdwState, fix: Relabel, lang: str) -> str:
    """Why the label cannot be given ("" when it can): the settlement exists and the
    label is one of Strategie 3.1's six."""
    if state.settlement(fix.settlement) is None:
        return say(lang, "ruling.no_settlement", settlement=fix.settlement)
    if fix.label and fix.label not in LABELS:
        return say(lang, "ruling.no_label", label=fix.word, labels=" ".join(LABELS))
    return ""


def apply_relabel(state: WdwState, fix: Relabel) -> None:
    """Give the settlement the label (checked when the correction came in)."""
    place = state.settlement(fix.settlement)
    if place is not None:
        place.label = fix.label
