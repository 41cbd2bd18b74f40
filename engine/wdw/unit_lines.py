"""The GM's lines that change units outside an open item (design §4.2): ``L`` losses by
terrain, monsters or "ins Weiße" (Strategie 1.1, 4.4: the quota is the GM's, D1) and
``GP`` good points he grants (combat experience, Strategie 4.2 → 6.2, D29).

    L 1/110 -120, 2/205 -50 (Gelände Sumpf)
    GP 1/115 +1, 1/116 +2 (Kampferfahrung)

One line of each a month names all its units (a later line replaces the earlier, as
every ruling on the same item does); the words in brackets are the cause the unit's
owner reads.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import Ruling
from engine.wdw.state import WdwState
from engine.wdw.texts import say

LOSSES = "L"
GRANTS = "GP"
UNIT_LINES = (LOSSES, GRANTS)
"""The ruling items of this module (not open items: the GM gives them when he will)."""

_CHANGE_RE = re.compile(r"^(\d+)/(\d+)\s*([+-])\s*(\d+)$")
_CAUSE_RE = re.compile(r"^(?P<changes>[^()]*?)\s*(?:\((?P<cause>[^()]*)\))?$")


@dataclass(frozen=True)
class UnitChanges:
    """An ``L`` or ``GP`` line: each unit (``realm/unit``) with its signed change, and the
    cause in the GM's words."""

    item: str
    changes: tuple[tuple[str, int], ...]
    cause: str = ""


MAX_GRANTED_GP = 10
"""Decision (Strategie 6.3, D29): the GP a GM grants a unit stay within 10 — twice the
most any cause of Tab. 6.3-1 gives; more is a typing slip, not a ruling."""


def read_line(item: str, text: str) -> UnitChanges | None:
    """The changes of an ``L`` or ``GP`` line, or None when the words are not
    understood. Losses are written with ``-``, good points with ``+`` or ``-``."""
    match = _CAUSE_RE.match(text.strip())
    if match is None or not match["changes"].strip():
        return None
    changes = []
    for part in match["changes"].split(","):
        found = _CHANGE_RE.match(part.strip())
        if found is None or (item == LOSSES and found[3] != "-"):
            return None
        value = int(found[4]) * (-1 if found[3] == "-" else 1)
        changes.append((f"{int(found[1])}/{int(found[2])}", value))
    return UnitChanges(item, tuple(changes), (match["cause"] or "").strip())


def check_line(state: WdwState, ruling: Ruling, lang: str) -> str:
    """Why an ``L`` or ``GP`` line cannot be taken ("" when it can): the words, each unit
    exists, a loss is not above its size, the GP of a unit never go below 0 (Strategie
    6.5: there are no negative GP)."""
    item = ruling.item.upper()
    line = read_line(item, ruling.text)
    if line is None:
        return say(lang, f"ruling.form_{item}")
    for key, value in line.changes:
        realm, number = (int(x) for x in key.split("/"))
        unit = state.unit(realm, number)
        if unit is None:
            return say(lang, "ruling.no_unit", unit=key)
        if item == LOSSES and -value > unit.size:
            return say(lang, "ruling.loss_above_size", unit=key, loss=-value, size=unit.size)
        if item == GRANTS and unit.gp_bonus + value < 0:
            return say(lang, "ruling.gp_below_zero", unit=key, gp=unit.gp_bonus)
        if item == GRANTS and unit.gp_bonus + value > MAX_GRANTED_GP:
            return say(lang, "ruling.gp_above_max", unit=key, most=MAX_GRANTED_GP)
    return ""


def line_of(rulings: Sequence[Ruling], item: str) -> UnitChanges | None:
    """The month's ``item`` line (the last one given counts), or None."""
    found = None
    for ruling in rulings:
        if ruling.item.upper() == item:
            found = read_line(item, ruling.text)
    return found


def over_size(state: WdwState, key: str, loss: int, lang: str) -> str:
    """Why a loss of ``loss`` elements cannot be taken from unit ``key`` (``realm/unit``):
    it is above the unit's size, or the unit is gone; "" when it can."""
    realm, number = (int(x) for x in key.split("/"))
    unit = state.unit(realm, number)
    if unit is None or loss > unit.size:
        size = unit.size if unit else 0
        return say(lang, "ruling.loss_above_size", unit=key, loss=loss, size=size)
    return ""
