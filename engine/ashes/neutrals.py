"""What the evaluation does for the neutral planets (Ashes 0.1, 7.3, 7.4, 7.6).

Neutral planets are played by the program: they build FI first, then TR, and spend the
rest of their A on FI yards and plants (Ashes 7.4); they send fleets from their orbit to
random targets (Ashes 7.3). Their PDU never fall below HD (Ashes 7.6, in economy.py).
"""

from __future__ import annotations

from engine.ashes.production import Built, build
from engine.ashes.rules import a_cost
from engine.ashes.state import AshesState, Planet
from engine.ashesmap.galaxy import load_galaxy
from engine.core import NEUTRAL
from engine.dice import PRIVATE, Dice

SPARE_A_CYCLE = ("FY", "FP", "OP", "RP")
"""Ashes 7.4: the rest of a neutral planet's A goes to FI yards and plants, one at a time."""


def neutral_production(planet: Planet, state: AshesState) -> Built:
    """Ashes 7.4 for a neutral planet: as many FI as possible, then TR, then yards and plants."""
    options = state.options
    ships = build(planet, {"FI": planet.a, "TR": planet.a}, options)
    a_left = planet.a - sum(a_cost(k, options) * n for k, n in ships.items.items())
    spare: dict[str, int] = {}
    while True:
        progress = False
        for item in SPARE_A_CYCLE:
            cost = a_cost(item, options)
            if a_left >= cost:
                a_left -= cost
                spare[item] = spare.get(item, 0) + 1
                progress = True
        if not progress:
            break
    for item, count in spare.items():
        setattr(planet, item.lower(), getattr(planet, item.lower()) + count)
        ships.items[item] = count
    return Built(items=ships.items)


def neutral_sorties(state: AshesState, dice: Dice) -> None:
    """Ashes 7.3: each neutral planet may send half of its orbit fleet to a random planet.

    The chance is 1 in ``options.neutral_fleet_one_in`` per planet and turn; the fleet
    starts at the distance class of its target, like any flight (Ashes 6.2.1). The dice
    (``sortie P5``, ``sortie P5 target``) are private: they tell a neutral orbit fleet and
    where it flies, which no player's printout shows.
    """
    galaxy = load_galaxy(state.galaxy_text)
    for planet in state.planets:
        if planet.owner != NEUTRAL:
            continue
        fleet = state.orbit(planet.number, NEUTRAL)
        if fleet is None:
            continue
        label = f"sortie P{planet.number}"
        if dice.below(label, state.options.neutral_fleet_one_in, seen_by=PRIVATE) != 0:
            continue
        # the other planets, numbered 1..size-1 here and shifted past this one below
        target = 1 + dice.below(f"{label} target", galaxy.size - 1, seen_by=PRIVATE)
        if target >= planet.number:
            target += 1
        fi, tr = fleet.fi // 2, fleet.tr // 2
        if fi + tr == 0:
            continue
        fleet.fi -= fi
        fleet.tr -= tr
        state.add_fleet(NEUTRAL, target, fi, tr, galaxy.distance(planet.number, target))
