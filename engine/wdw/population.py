"""A settlement's inhabitants follow its Bev (Strategie 3.2, Tab. 3.2-1: "Bevölkerung …
10.000 Einwohner und 1.500 GS Steuern pro Halbjahr" a BWP): a BWP of Bev built brings
10,000 inhabitants, one lost (demolished, destroyed in a siege, decayed, taken by the
GM) takes 10,000 away, and no settlement houses more than its Bev × 10,000. Income
(F1), repair (F17) and the labels (D34) read the inhabitants, so they follow too."""

from __future__ import annotations

from engine.wdw.state import Settlement

PER_BWP = 10_000
"""Strategie 3.2: "Strukturen für 10.000 Einwohner kosten einen Bauwertpunkt"."""


def follow(population: int, bev_before: int, bev_after: int) -> int:
    """The inhabitants after Bev went from ``bev_before`` to ``bev_after`` BWP:
    10,000 more or fewer a BWP, never below 0 nor above Bev × 10,000."""
    moved = population + PER_BWP * (bev_after - bev_before)
    return max(0, min(moved, PER_BWP * bev_after))


def set_structure(place: Settlement, structure: str, bwp: int) -> None:
    """Give ``structure`` of ``place`` ``bwp`` BWP; a change of Bev moves the
    inhabitants with it (:func:`follow`)."""
    if structure == "bev":
        place.population = follow(place.population, place.bev, bwp)
    setattr(place, structure, bwp)
