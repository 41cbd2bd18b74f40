"""Building by worker units (Strategie 5.2, Tab. 5.2-1 ``AB``; 3.1, 3.2; F12, D19, D25):
a worker builds at a structure of its realm's settlement in its own field at
Arbeitsstärke/1,000 BWP a month (Befestigungen /2,500), each whole BWP paid at the
terrain's BWP price when it is done. The acknowledgement and the month's works phase
read the same rules."""

from __future__ import annotations

from fractions import Fraction

from engine.wdw.checks_army import Refusal
from engine.wdw.formulas import build_rate, structure_limit
from engine.wdw.options import WdwOptions
from engine.wdw.orders import Work
from engine.wdw.setup import options_of
from engine.wdw.state import Settlement, WdwState, world
from engine.wdw.texts import say


def building(state: WdwState, seat: int, order: Work) -> tuple[Settlement, Fraction] | Refusal:
    """Tab. 5.2-1 AB, D19: the settlement the unit builds in (its own field, its realm's)
    and the BWP of this month's work, or why it cannot build."""
    unit = state.unit(seat, order.unit)
    if unit is None:
        return Refusal("unknown_unit", {"unit": order.unit})
    if unit.arbeit < 1:
        return Refusal("needs_worker", {"unit": unit.id})
    if not order.structure:
        return Refusal("build_what", {"unit": unit.id})
    place = next((s for s in state.settlements if s.kf == unit.kf and s.owner == seat), None)
    if place is None:  # "am eigenen Standort": a settlement of the realm in its field
        return Refusal("no_own_settlement", {"unit": unit.id, "kf": unit.kf})
    free = room(state, place, order.structure)
    if free < 1:
        limit = getattr(place, order.structure) + free
        return Refusal("structure_max", {"structure": order.structure, "limit": limit})
    return place, build_rate(unit.size * unit.arbeit, order.structure, options_of(state))


def room(state: WdwState, place: Settlement, structure: str) -> int:
    """F4, Strategie 3.2: the BWP ``structure`` may still grow in ``place``."""
    field = world(state.map_text).fields[place.kf]
    structures = {s: getattr(place, s) for s in ("bev", "rues", "stv")}
    limit = structure_limit(structure, structures, big_site=field.big_site)
    have: int = getattr(place, structure)
    return limit - have


def bwp_price(state: WdwState, options: WdwOptions, place: Settlement) -> int:
    """F2, D11: the price of one BWP in the settlement's terrain class."""
    return options.bwp_cost(world(state.map_text).fields[place.kf].terrain_class)


def describe(state: WdwState, seat: int, order: Work, options: WdwOptions, lang: str) -> str:
    """The acknowledgement of an AB order: where, the BWP of work a month and the price
    of a BWP, or why it fails (D37: only what the realm knows)."""
    found = building(state, seat, order)
    if isinstance(found, Refusal):
        return found.of(order, lang)
    place, rate = found
    return say(
        lang,
        "order.unit_build",
        unit=order.unit,
        code=order.code,
        ext=order.ext,
        settlement=place.name,
        structure=order.structure,
        rate=rate,
        cost=bwp_price(state, options, place),
    )
