"""Ashes 7.4 Production: PDU, FP, OP, RP, FY, TY, FI, TR within A, yards and goods (Ashes 6.1)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.ashes.orders import PRODUCTION_ITEMS
from engine.ashes.rules import SHIP_GOODS, a_cost
from engine.ashes.state import Options, Planet

GOODS = ("FUEL", "ORE", "RARE")
YARD_FOR = {"FI": "FY", "TR": "TY"}


@dataclass
class Built:
    """What one planet built this turn and which resource cut an order short."""

    items: dict[str, int] = field(default_factory=dict)
    short: list[str] = field(default_factory=list)
    """The resources that ran short, in the order first met (A, FUEL, ORE, RARE, FY, TY)."""


def _stock(planet: Planet, good: str) -> int:
    return {"FUEL": planet.fuel, "ORE": planet.ore, "RARE": planet.rare}[good]


def build(planet: Planet, wanted: Mapping[str, int], options: Options) -> Built:
    """Build the wanted items in the order of Ashes 7.4, as far as A, yards and goods allow.

    A is the workforce of this turn (Ashes 6.1); each yard builds one ship a turn (Ashes 4.4.6), and
    yards built earlier in the same turn already work (they come first in Ashes 7.4).
    """
    result = Built()
    a_left = planet.a
    for item in PRODUCTION_ITEMS:
        want = wanted.get(item, 0)
        if want <= 0:
            continue
        limits = {"A": a_left // a_cost(item, options)}
        if item in SHIP_GOODS:
            for good, need in zip(GOODS, SHIP_GOODS[item], strict=True):
                limits[good] = _stock(planet, good) // need
            yard = YARD_FOR[item]
            limits[yard] = planet.fy if yard == "FY" else planet.ty
        count = min(want, *limits.values())
        if count < want:
            short = next(name for name, limit in limits.items() if limit == count)
            if short not in result.short:
                result.short.append(short)
        if count <= 0:
            continue
        a_left -= count * a_cost(item, options)
        _add(planet, item, count)
        result.items[item] = count
    return result


def _add(planet: Planet, item: str, count: int) -> None:
    """Put ``count`` built items on the planet; ships take their goods (Ashes 6.1.7, 6.1.8)."""
    if item in SHIP_GOODS:
        fuel, ore, rare = SHIP_GOODS[item]
        planet.fuel -= fuel * count
        planet.ore -= ore * count
        planet.rare -= rare * count
        return
    attr = item.lower()
    setattr(planet, attr, getattr(planet, attr) + count)
