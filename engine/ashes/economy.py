"""The economy of a planet: GIP, home defense, goods, growth (Ashes 4.4.1-4.4.5, 7.6)."""

from __future__ import annotations

from fractions import Fraction

from engine.ashes.rules import (
    GIP_PER_A,
    GIP_PER_PR,
    PM_GROWTH,
    PM_MAX,
    PR_MAX60,
    STORAGE_PER_PLANT,
)
from engine.ashes.state import AshesState, Options, Planet
from engine.core import NEUTRAL


def trunc(value: Fraction | int) -> int:
    """The rulebook's INT: the integer part, truncated toward zero."""
    return int(value)


def trunc_div(numerator: int, denominator: int) -> int:
    """``trunc(Fraction(numerator, denominator))`` for a positive denominator, in ints.

    The formulas every planet needs each turn are computed this way: exactly the same
    integers, without building a Fraction (and its gcd) for every term.
    """
    if numerator >= 0:
        return numerator // denominator
    return -(-numerator // denominator)


def gip(planet: Planet) -> int:
    """GIP = INT(FP + OP + RP + A * PR / 20 + SP / 10) (Ashes 4.4.1).

    Over the common denominator 1200 (PR is in sixtieths): plants * 1200 + A * PR60 +
    SP * 120.
    """
    return trunc_div(planet.plants * 1200 + planet.a * planet.pr60 + planet.stock * 120, 1200)


def home_defense(a: int) -> int:
    """HD = INT((A - 1) / 40) + 1 (Ashes 4.4.4)."""
    return trunc_div(a - 1, 40) + 1


def goods_output(plants: int, pr60: int) -> int:
    """What ``plants`` produce in a turn: INT(plants * PR) (Ashes 4.4.3, 4.4.5)."""
    return trunc_div(plants * pr60, 60)


def storage(plants: int) -> int:
    """Storage capacity: 10 units per plant (Ashes 4.4.5, 6.1.2)."""
    return plants * STORAGE_PER_PLANT


def produce_goods(planet: Planet) -> None:
    """Add each plant type's output; what exceeds the storage is lost (Ashes 4.4.5, 7.6)."""
    planet.fuel = min(planet.fuel + goods_output(planet.fp, planet.pr60), storage(planet.fp))
    planet.ore = min(planet.ore + goods_output(planet.op, planet.pr60), storage(planet.op))
    planet.rare = min(planet.rare + goods_output(planet.rp, planet.pr60), storage(planet.rp))


def growth_steps(gip_value: int, per: int, options: Options) -> int:
    """How many times GIP exceeds ``per`` (Ashes 4.4.1: "steigt das GIP über 40 ...")."""
    if options.growth_above:
        return max(0, (gip_value - 1) // per)
    return max(0, gip_value // per)


def growth(gip_value: int, printed_gip: int, per: int, options: Options) -> int:
    """How much A (``per`` 40) or PR (``per`` 200, in sixtieths) grow (Ashes 4.4.1).

    By default every turn by the multiples the GIP is above; with ``growth_every_turn``
    off only by those it rose above since the printout before the turn showed
    ``printed_gip`` (docs/rules-ashes.md, E-3).
    """
    steps = growth_steps(gip_value, per, options)
    if options.growth_every_turn:
        return steps
    return max(0, steps - growth_steps(printed_gip, per, options))


def grow(planet: Planet, options: Options, printed_gip: int) -> None:
    """PM% +10 up to 250 (Ashes 4.4.2); then GIP, A, PR and HD anew (Ashes 4.4.1, 4.4.4, 7.6).

    ``printed_gip`` is the planet's GIP as the printout before the turn showed it.
    """
    planet.pm = max(planet.pm, min(PM_MAX, planet.pm + PM_GROWTH))
    value = gip(planet)
    planet.a += growth(value, printed_gip, GIP_PER_A, options)
    planet.pr60 = min(PR_MAX60, planet.pr60 + growth(value, printed_gip, GIP_PER_PR, options))
    planet.hd = home_defense(planet.a)


def economy_phase(state: AshesState, before: AshesState) -> None:
    """Ashes 7.6: goods, then PM%, GIP, A, PR, HD; neutral planets keep PDU >= HD for free.

    ``before`` is the state the players' printouts showed (for ``growth_every_turn``).
    """
    for planet in state.planets:
        produce_goods(planet)
        grow(planet, state.options, gip(before.planet(planet.number)))
        if planet.owner == NEUTRAL:
            planet.pdu = max(planet.pdu, planet.hd)
