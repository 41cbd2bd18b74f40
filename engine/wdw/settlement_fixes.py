"""The GM's corrections of a settlement's structures and inhabitants (design §4.2):
``Ansiedlung Guru Bef -1`` takes a BWP of a structure away or gives one (a saboteur's
damage, what a plunder of stage 3 burnt, a Sonderbefehl's effect, the former
capital's shrinking of Strategie 3.1 "um einen Punkt pro Mond"), ``Ansiedlung Guru
Einwohner -5000`` moves the inhabitants within what its Bev houses (Strategie 3.2).
English ``Settlement Guru bef -1``, ``Settlement Guru inhabitants -5000``."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.wdw.checks_decay import read_decay
from engine.wdw.checks_works import room
from engine.wdw.population import PER_BWP, set_structure
from engine.wdw.state import WdwState
from engine.wdw.texts import say

INHABITANTS = "population"
"""The ``what`` of a correction of the inhabitants."""
_FIX_RE = re.compile(r"^(?:ansiedlung|settlement)\s+(\S+)\s+(\S+)\s+([+-]\d+)$", re.IGNORECASE)
_PEOPLE_WORDS = ("einwohner", "inhabitants")


@dataclass(frozen=True)
class SettlementFix:
    """A correction of settlement ``settlement``: ``what`` (a structure, or
    :data:`INHABITANTS`) by ``delta`` BWP or inhabitants."""

    settlement: str
    what: str
    delta: int


def read_settlement_fix(text: str) -> SettlementFix | None:
    """``Ansiedlung Guru Bef -1`` / ``Ansiedlung Guru Einwohner +5000`` (a signed
    number), or None when the text is not one."""
    match = _FIX_RE.match(text.strip())
    if match is None:
        return None
    word = match[2].lower()
    if word in _PEOPLE_WORDS:
        return SettlementFix(match[1], INHABITANTS, int(match[3]))
    decay = read_decay(word)  # the structure's words, as a Z item's verdict reads them
    if decay is None:
        return None
    return SettlementFix(match[1], decay.structure, int(match[3]))


def check_settlement_fix(state: WdwState, fix: SettlementFix, lang: str) -> str:
    """Why the correction cannot be made ("" when it can): the settlement exists; a
    structure keeps 0 BWP or more and its limit (F4, Strategie 3.2); the inhabitants
    stay between 0 and what its Bev houses (10,000 a BWP)."""
    place = state.settlement(fix.settlement)
    if place is None:
        return say(lang, "ruling.no_settlement", settlement=fix.settlement)
    if fix.what == INHABITANTS:
        most, value = PER_BWP * place.bev, place.population + fix.delta
        if not 0 <= value <= most:
            return say(
                lang, "ruling.inhabitants_range", settlement=place.name, value=value,
                most=most, bev=place.bev,
            )  # fmt: skip
        return ""
    have: int = getattr(place, fix.what)
    if have + fix.delta < 0:
        return say(
            lang, "ruling.structure_below", settlement=place.name, structure=fix.what, have=have
        )
    if fix.delta > room(state, place, fix.what):
        limit = have + max(0, room(state, place, fix.what))
        return say(lang, "reject.structure_max", structure=fix.what, limit=limit)
    return ""


def apply_settlement_fix(state: WdwState, fix: SettlementFix) -> None:
    """Make the correction (checked when it came in); a change of Bev moves the
    inhabitants with it (engine.wdw.population)."""
    place = state.settlement(fix.settlement)
    if place is None:
        return
    if fix.what == INHABITANTS:
        place.population += fix.delta
    else:
        set_structure(place, fix.what, getattr(place, fix.what) + fix.delta)
