"""The dossier's ruling form in the GM's language: each item's default ruling
(engine.wdw.rulings.default_ruling) read as a verdict and worded from the catalog, in
words the ruling reader takes in either language. A verdict of a kind not worded here
keeps the default's own words. The form's lines are each taken on the items as the lines
above them leave them, so that the form sent back unchanged is taken whole."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.core import Order, Ruling
from engine.wdw.appearance import Appearance
from engine.wdw.asking import by_item
from engine.wdw.checks_decay import Decay
from engine.wdw.fights import Combat
from engine.wdw.items import Finding, Items, find_items
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
    state: WdwState,
    orders: Mapping[int, Sequence[Order]],
    items: Items,
    lang: str,
    finding: Finding | None = None,
) -> list[str]:
    """The ruling form's lines (``K1 Sieger A``), in the dossier's order: each item's
    default on the items as the form's rulings leave them. Tab. 6.1-1: an E item answered
    "A überlegen" sends B back, so its fight (K) is no item any more and the form does not
    propose one; a winner that goes on may meet others, whose items it adds. ``finding``,
    if kept, holds the questions the finding of ``items`` asked (engine.wdw.asking):
    defaults that answer each alike leave the month as it is, not found again."""
    ruled = _settled(state, orders, items, lang, finding)
    ruled = ruled or _one_by_one(state, orders, items, lang)
    return [f"{item} {words}" for item, words in ruled]


SETTLING_ROUNDS = 8
"""How often :func:`_settled` takes every meeting's default at once before it leaves the
form to :func:`_one_by_one`."""


def _settled(
    state: WdwState,
    orders: Mapping[int, Sequence[Order]],
    items: Items,
    lang: str,
    finding: Finding | None,
) -> list[tuple[str, str]] | None:
    """Every meeting's default at once, then again on the items those rulings leave,
    until the items and their defaults agree: the meetings of the month so ruled are
    exactly the form's, each with its default (the form sent back unchanged is taken
    whole). A month is found a few times, not once per meeting as one by one; None when
    they do not agree within SETTLING_ROUNDS. Defaults that answer the month's questions
    as ``finding`` (that of ``items``) has them leave that month: it is not found again
    (a month of fights alone); else the month is found on the finding's combat scene,
    whose sides' figures are already worked out."""
    given: dict[str, str] = {}
    for _ in range(SETTLING_ROUNDS):
        words = {item: form_words(item, items, lang) for item in items.meetings}
        rulings = [Ruling(item, w) for item, w in words.items()]
        if words == given or (finding is not None and finding.record.alike(by_item(rulings))):
            return [
                (i, words[i] if i in words else form_words(i, items, lang)) for i in items.ids()
            ]
        given, finding = words, Finding.of(state) if finding is None else finding.again()
        items = find_items(state, orders, rulings, finding.record, finding.scene)
    return None


def _one_by_one(
    state: WdwState, orders: Mapping[int, Sequence[Order]], items: Items, lang: str
) -> list[tuple[str, str]]:
    """Each item's default in the dossier's order, the month found again after each
    meeting's (only a meeting's ruling changes the month's items)."""
    given: list[Ruling] = []
    while todo := [item for item in items.ids() if item not in {r.item for r in given}]:
        item = todo[0]
        given.append(Ruling(item, form_words(item, items, lang)))
        if item in items.meetings:
            items = find_items(state, orders, given)
    return [(r.item, r.text) for r in given]
