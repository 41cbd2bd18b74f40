"""The words of Welt der Waben: the game's catalog, ``engine/wdw/locale/<lang>.po``
(docs/texts.md): the dossier, the rulings' refusals, the printouts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.catalogs import load

if TYPE_CHECKING:
    from engine.wdw.state import WdwState

TEXTS = load("engine.wdw")
"""Every text of the game."""


def say(lang: str, key: str, **values: object) -> str:
    """The text of ``key`` in ``lang`` (English where the language lacks it). A value
    named ``structure`` that is a structure's name in the state (``rues``) is said as
    the reader reads it (``struct.rues``: Rüs, Strategie 3.2), a value named ``why`` that
    is a path's reason key (``not_adjacent``) in its words (``why.not_adjacent``), a
    ``property`` and a ``cls`` by their names (``prop.*``, ``class.*``): the notes and
    refusals keep the names and are worded when printed."""
    structure = values.get("structure")
    if isinstance(structure, str) and f"struct.{structure}" in TEXTS:
        values["structure"] = TEXTS.say(lang, f"struct.{structure}")
    # A path's end is kept as its reason key (``not_adjacent``) and read in words.
    why = values.get("why")
    if isinstance(why, str) and f"why.{why}" in TEXTS:
        values["why"] = TEXTS.say(lang, f"why.{why}")
    # A refusal keeps a property (``nahkampf``, ``heimatverteidigung Nord``) and a unit
    # class (``land``) by their state names; the player reads them in words.
    named = values.get("property")
    if isinstance(named, str) and f"prop.{named.split(' ')[0]}" in TEXTS:
        first, _, rest = named.partition(" ")
        values["property"] = " ".join(filter(None, (TEXTS.say(lang, f"prop.{first}"), rest)))
    cls = values.get("cls")
    if isinstance(cls, str) and f"class.{cls}" in TEXTS:
        values["cls"] = TEXTS.say(lang, f"class.{cls}")
    return TEXTS.say(lang, key, **values)


def heading(lang: str, key: str, state: WdwState, turn: int) -> str:
    """The heading ``key`` of a dossier: the game, its Myra date, ``turn``."""
    return say(lang, key, game=state.game, month=state.month, year=state.year, turn=turn)


def played_month(state: WdwState) -> tuple[int, int]:
    """The month and year a state's last turn played: the calendar has already turned to
    the next month (engine.wdw.phases.calendar); before the first turn, the first month."""
    if state.turn == 0:
        return state.month, state.year
    if state.month == 1:
        return 12, state.year - 1
    return state.month - 1, state.year


def printout_heading(lang: str, key: str, state: WdwState) -> str:
    """The heading ``key`` of a printout or final report: the game, the month it reports
    on (the dossier of that month names the same month) and the turn."""
    month, year = played_month(state)
    return say(lang, key, game=state.game, month=month, year=year, turn=state.turn)
