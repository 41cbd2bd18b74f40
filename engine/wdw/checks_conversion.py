"""Converting Heimatverteidigung and Nahkampf (Strategie 4.3, D13): "Die Eigenschaft
Heimatverteidigung kann in eine Stufe Angriff (Nahkampf) umgewandelt werden und
umgekehrt … Der Vorgang dauert 6 Monate in denen beide Fähigkeiten nicht verfügbar
sind." Also from one province to another. No cost is given: it is free."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Order
from engine.wdw.checks_army import HV, Refusal, ability_words
from engine.wdw.orders import Convert
from engine.wdw.provinces import province_named
from engine.wdw.state import WdwState
from engine.wdw.texts import say

CONVERSION_MONTHS = 6
"""Strategie 4.3: "Der Vorgang dauert 6 Monate"."""
CONVERTIBLE = ("nahkampf", HV)


@dataclass(frozen=True)
class Conversion:
    """A legal conversion: what the unit gives up now and gains after six months, each
    ``nahkampf`` or ``heimatverteidigung=<province>``."""

    source: str
    target: str


def check_convert(state: WdwState, seat: int, order: Convert) -> Conversion | Refusal:
    """Strategie 4.3: a land unit of the realm, not converting or training, has what it
    gives up; a new province is an approved one it does not defend yet."""
    unit = state.unit(seat, order.unit)
    if unit is None:
        return Refusal("unknown_unit", {"unit": order.unit})
    if unit.unit_class != "land":
        return Refusal("property_not_allowed", {"property": HV, "cls": unit.unit_class})
    if unit.conversion_months:
        return Refusal("converting", {"unit": unit.id, "months": unit.conversion_months})
    if unit.training_months:
        return Refusal("in_training", {"unit": unit.id, "months": unit.training_months})
    for side in (order.source, order.target):
        if side not in CONVERTIBLE:
            return Refusal("convert_what", {"property": side})
    source = "nahkampf"
    if order.source == HV:
        held = {p.lower(): p for p in unit.heimatverteidigung}
        if order.source_province.lower() not in held:
            what = f"{HV} {order.source_province}"
            return Refusal("lacks_property", {"unit": unit.id, "property": what})
        source = f"{HV}={held[order.source_province.lower()]}"
    elif unit.nahkampf < 1:
        return Refusal("lacks_property", {"unit": unit.id, "property": "nahkampf"})
    target = "nahkampf"
    if order.target == HV:
        found = province_named(state.realm(seat), order.target_province)
        if found is None:
            return Refusal("unknown_province", {"name": order.target_province})
        if found in unit.heimatverteidigung:
            return Refusal("already_defends", {"unit": unit.id, "name": found})
        target = f"{HV}={found}"
    if source == target:
        return Refusal("convert_same", {})
    return Conversion(source, target)


def describe(state: WdwState, seat: int, order: Order, lang: str) -> str:
    """The acknowledgement of a conversion (D37)."""
    if not isinstance(order, Convert):
        return order.describe(lang)
    found = check_convert(state, seat, order)
    if isinstance(found, Refusal):
        return found.of(order, lang)
    return say(
        lang,
        "order.convert",
        unit=order.unit,
        source=ability_words(found.source, lang),
        target=ability_words(found.target, lang),
        months=CONVERSION_MONTHS,
    )
