"""The dossier's ruling form in the GM's language: each item's default ruling
(engine.wdw.rulings.default_ruling) read as a verdict and worded from the catalog, in
words the ruling reader takes in either language. A verdict of a kind not worded here
keeps the default's own words."""

from __future__ import annotations

from engine.wdw.appearance import Appearance
from engine.wdw.checks_decay import Decay
from engine.wdw.fights import Combat
from engine.wdw.items import Items
from engine.wdw.rulings import SpecialResult, SpyResult, default_ruling, read
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
