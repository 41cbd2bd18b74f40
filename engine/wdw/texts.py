"""The words of Welt der Waben: the game's catalog, ``engine/wdw/locale/<lang>.po``
(docs/texts.md): the dossier, the rulings' refusals, the printouts."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import TYPE_CHECKING

from engine.catalogs import load

if TYPE_CHECKING:
    from engine.wdw.state import WdwState

TEXTS = load("engine.wdw")
"""Every text of the game."""

_GM_READS: ContextVar[int] = ContextVar("wdw_gm_reads", default=0)
"""The realm whose acknowledgement the GM is reading (the dossier's part A), or 0: the
realm reads its own. A context, not a parameter: the acknowledgement's texts are worded
in a dozen check modules that need not know who reads them."""


@contextmanager
def gm_reads(seat: int) -> Iterator[None]:
    """Within it, a text's ``{yours}`` words (``{yours}``, ``{yours_gen}``,
    ``{yours_dat}``: "Ihr Reich", "Ihres Reiches", "Ihrem Reich") name realm ``seat`` in
    the third person, as the GM reads them ("Reich 3"), so one catalog text serves both."""
    token = _GM_READS.set(seat)
    try:
        yield
    finally:
        _GM_READS.reset(token)


@cache
def _yours(lang: str, seat: int) -> dict[str, str]:
    # The reader's realm in each case the catalog's sentences need it.
    prefix = "reader.gm" if seat else "reader.realm"
    return {
        name: TEXTS.say(lang, f"{prefix}.{name}", seat=seat)
        for name in ("yours", "yours_gen", "yours_dat")
    }


def terrain_word(terrain: str, lang: str) -> str:
    """A terrain of the map file (``Sumpf``) in ``lang`` (``swamp``): the catalog's word
    (``ground.*``) for the sample map's terrains, else the map's own name."""
    key = f"ground.{terrain}"
    return TEXTS.say(lang, key) if key in TEXTS else terrain


def class_word(terrain_class: str, lang: str) -> str:
    """A terrain class (Strategie 1.1: ``schwer``) in ``lang`` (``difficult``)."""
    key = f"class.{terrain_class}"
    return TEXTS.say(lang, key) if key in TEXTS else terrain_class


def terrain_words(terrain: str) -> tuple[str, ...]:
    """Every word an order may name the map's ``terrain`` by (any case): the map's name
    and its catalog word in each language (docs/orders-wdw.md glossary)."""
    return (terrain, *(terrain_word(terrain, lang) for lang in TEXTS.languages))


def say(lang: str, key: str, **values: object) -> str:
    """The text of ``key`` in ``lang`` (English where the language lacks it). A value
    named ``structure`` that is a structure's name in the state (``rues``) is said as
    the reader reads it (``struct.rues``: Rüs, Strategie 3.2), a value named ``why`` that
    is a path's reason key (``not_adjacent``) in its words (``why.not_adjacent``), a
    ``property`` and a ``cls`` by their names (``prop.*``, ``class.*``): the notes and
    refusals keep the names and are worded when printed. The reader's own realm is
    ``{yours}`` (:func:`gm_reads`). A ``terrain`` (or a list, ``terrains``) is read in
    the reader's word (:func:`terrain_word`)."""
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
    # A terrain keeps the map file's name (``Hügelland``) and is read in the reader's
    # word (``ground.*``); a list of them (``terrains``) each.
    for name in ("terrain", "terrains"):
        value = values.get(name)
        if isinstance(value, str) and value:
            values[name] = ", ".join(terrain_word(t, lang) for t in value.split(", "))
    cls = values.get("cls")
    if isinstance(cls, str) and f"class.{cls}" in TEXTS:
        values["cls"] = TEXTS.say(lang, f"class.{cls}")
    return TEXTS.say(lang, key, **(_yours(lang, _GM_READS.get()) | values))


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
