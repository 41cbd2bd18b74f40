"""The dossier's ruling form in the GM's language: each item's default ruling
(engine.wdw.rulings.default_ruling) read as a verdict and worded from the catalog, in
words the ruling reader takes in either language. A verdict of a kind not worded here
keeps the default's own words. The form's lines are each taken on the items as the lines
above them leave them, so that the form sent back unchanged is taken whole."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core import Order, Ruling
from engine.wdw.appearance import Appearance
from engine.wdw.checks_decay import Decay
from engine.wdw.fights import Combat
from engine.wdw.items import Items, find_items
from engine.wdw.rulings import SpecialResult, SpyResult, default_ruling, read
from engine.wdw.state import WdwState
from engine.wdw.texts import say


def form_words(item: str, items: Items, lang: str) -> str:
    """The default ruling of ``item`` in ``lang``, as the ruling form offers it."""
    default = default_ruling(item, items)
    verdict = read(item, default)
    if isinstance(verdict, Appearance):
        words = say(lang, "form.appearance", side=verdict.superior.upper())
    elif isinstance(verdict, Combat) and not verdict.losses and verdict.winner == "none":
        words = say(lang, "form.combat_none")
    elif isinstance(verdict, Combat) and not verdict.losses and verdict.winner.isdecimal():
        words = say(lang, "form.combat_realm", realm=verdict.winner)
    elif isinstance(verdict, Combat) and not verdict.losses:
        words = say(lang, "form.combat", winner=verdict.winner.upper())
    elif isinstance(verdict, SpyResult) and verdict.success is False and not verdict.discovered:
        words = say(lang, "form.spy_failed")
    elif isinstance(verdict, SpecialResult) and not verdict.accepted and not verdict.text:
        words = say(lang, "form.refused")
    elif isinstance(verdict, Decay):  # the structure's short name, as the printouts say it
        words = say(lang, f"struct.{verdict.structure}")
    else:
        words = default
    return words


def form_lines(
    state: WdwState, orders: Mapping[int, Sequence[Order]], items: Items, lang: str
) -> list[str]:
    """The ruling form's lines (``K1 Sieger A``), in the dossier's order: each item's
    default on the items as the form's lines above it leave them. Tab. 6.1-1: an E item
    answered "A überlegen" sends B back, so its fight (K) is no item any more and the form
    does not propose one; a winner that goes on may meet others, whose items it adds."""
    given: list[Ruling] = []
    lines = []
    while todo := [item for item in items.ids() if item not in {r.item for r in given}]:
        item = todo[0]
        words = form_words(item, items, lang)
        given.append(Ruling(item, words))
        lines.append(f"{item} {words}")
        if item in items.meetings:  # only a meeting's ruling changes the month's items
            items = find_items(state, orders, given)
    return lines
