"""The BükAz as a realm reads it (Strategie 6.5: the GM "muß dies aber nicht unbedingt in
Form des genauen Werts tun, sondern kann ungefähre Angaben machen, etwa „gut“ oder
„schlecht“"): the number, or with the option ``bukaz_display = "verbal"`` a word for its
band. The GM always reads the number."""

from __future__ import annotations

from engine.wdw.options import WdwOptions
from engine.wdw.texts import say

BANDS = (
    (75, "very_good"),
    (25, "good"),
    (0, "calm"),
    (-49, "restless"),
    (-74, "bad"),
    (-99, "very_bad"),
    (-100, "civil_war"),
)
"""The lowest BükAz of each band, highest first. Decision (Strategie 6.5): the bands
follow the module's thresholds — a GP per 25 points above 0, unrest below 0, the
characters' GP halved from −50 and gone from −75, civil war at −100."""


def band(bukaz: int) -> str:
    """The band of a BükAz (−100…+100): ``very_good`` … ``civil_war``."""
    return next(name for lowest, name in BANDS if bukaz >= lowest)


def bukaz_words(bukaz: int, options: WdwOptions, lang: str, *, exact: bool = False) -> str:
    """The BükAz as its realm reads it: the number, or the band's word when the GM shows
    it verbally (``exact``: the GM's own view, always the number)."""
    if exact or options.bukaz_display == "exact":
        return str(bukaz)
    return say(lang, f"bukaz.{band(bukaz)}")


HOSTILE_NSC = -75
"""Strategie 6.5: "Ab einem Bükaz von -75 kann der Spielleiter einen
Nichtspieler-Charakter (NSC) des Reiches mit einem dem Spieler unbekanntem REP besetzen"."""
CIVIL_WAR = -100
"""Strategie 6.5: "Bei einem Stand von -100 bricht automatisch ein Bürgerkrieg aus"."""


def unrest_flag(bukaz: int, lang: str) -> str:
    """Strategie 6.5: the GM's reminder at a threshold of inner unrest ("" above −75):
    from −75 the GM may give an NSC of the realm a hostile REP, at −100 the civil war
    breaks out by itself; what it costs the realm stays the GM's (a correction)."""
    if bukaz <= CIVIL_WAR:
        return say(lang, "dossier.bukaz_civil_war", bukaz=bukaz)
    if bukaz <= HOSTILE_NSC:
        return say(lang, "dossier.bukaz_hostile_nsc", bukaz=bukaz)
    return ""
