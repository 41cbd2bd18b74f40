"""Demolition, repair and sieges (Strategie 3.3, 6.4; F13, F14, F17, D19, D20, D24):
what a month's work does in exact parts of a BWP, why an order fails, and the sieges
the GM confirms (the ``B`` items). The acknowledgement, the dossier and the month's
works phase read the same rules."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.core import Order
from engine.wdw.calculators.texts import number
from engine.wdw.checks_army import Refusal
from engine.wdw.formulas import demolition_rate, repair_rate, siege_rate, structure_limit
from engine.wdw.mapfile import WorldMap
from engine.wdw.movement import Leg
from engine.wdw.orders import Build, Demolish, Fight, Repair
from engine.wdw.setup import options_of
from engine.wdw.state import Settlement, Unit, WdwState, world
from engine.wdw.texts import say
from engine.wdw.walls import siege_strength, targets

WORKS = (Demolish, Repair)
"""The orders this module checks (engine.wdw.acknowledge dispatches them here)."""
REPAIR_COST = 5000
"""Strategie 6.4: "Die Reparatur eines Bauwertpunktes kostet 5.000 GS" (D24)."""
OTHERS = ("mil", "rues", "lab", "tmp", "bev")
"""Strategie 6.4: the other structures a siege destroys once Bef and Stv are gone, in
this order (a decision here: the military ones first; another order is a Sonderbefehl)."""


def damaged(place: Settlement, structure: str) -> int:
    """The BWP of ``structure`` a siege destroyed that are not repaired yet."""
    for entry in place.damage:
        name, _, value = entry.partition("=")
        if name == structure:
            return int(value)
    return 0


def set_damaged(place: Settlement, structure: str, bwp: int) -> None:
    """Keep the repairable damage of ``structure``."""
    place.damage = [e for e in place.damage if e.partition("=")[0] != structure]
    if bwp:
        place.damage.append(f"{structure}={bwp}")


def room(state: WdwState, place: Settlement, structure: str) -> int:
    """F4, Strategie 3.2: the BWP ``structure`` may still grow in ``place``."""
    field = world(state.map_text).fields[place.kf]
    structures = {s: getattr(place, s) for s in ("bev", "rues", "stv")}
    limit = structure_limit(structure, structures, big_site=field.big_site)
    have: int = getattr(place, structure)
    return limit - have


def repairable(state: WdwState, place: Settlement, structure: str) -> int:
    """Strategie 6.4 with F4: the destroyed BWP of ``structure`` a repair may restore
    now; the structure's limit stands for a repair too (3.2: "Befestigungen
    (Voraussetzung: Stadtverteidigung) … Maximalwert: Bauwert für Stadtverteidigung", so a
    Bef waits for its Stv's repair)."""
    return max(0, min(damaged(place, structure), room(state, place, structure)))


def repair_limit(state: WdwState, place: Settlement, structure: str) -> Refusal | None:
    """Why the damage of ``structure`` cannot be repaired now (None: it can): its limit
    (F4) leaves no room, a Bef above a destroyed Stv."""
    if repairable(state, place, structure):
        return None
    limit = getattr(place, structure) + max(0, room(state, place, structure))
    return Refusal("repair_max", {"settlement": place.name, "structure": structure, "limit": limit})


def workers(state: WdwState, seat: int, place: Settlement, units: tuple[int, ...]) -> int | Refusal:
    """D32: the Arbeitsstärke (elements × level) of the units named, each the realm's,
    standing in the settlement, a worker; a unit named twice works once."""
    strength = 0
    for unit_id in dict.fromkeys(units):
        unit = state.unit(seat, unit_id)
        if unit is None:
            return Refusal("unknown_unit", {"unit": unit_id})
        if unit.kf != place.kf:
            return Refusal("not_there", {"unit": unit_id, "settlement": place.name})
        if unit.arbeit < 1:
            return Refusal("needs_worker", {"unit": unit_id})
        strength += unit.size * unit.arbeit
    return strength


def _own(state: WdwState, seat: int, name: str, units: tuple[int, ...]) -> Settlement | Refusal:
    if not name and units:  # D20 "201 AB Abriss Mil 2": where the worker stands
        return _standing(state, seat, units[0])
    place = state.settlement(name)
    if place is None or place.owner != seat:
        return Refusal("unknown_settlement", {"settlement": name})
    return place


def _standing(state: WdwState, seat: int, unit_id: int) -> Settlement | Refusal:
    unit = state.unit(seat, unit_id)
    if unit is None:
        return Refusal("unknown_unit", {"unit": unit_id})
    place = next((s for s in state.settlements if s.kf == unit.kf and s.owner == seat), None)
    if place is None:
        return Refusal("no_own_settlement", {"unit": unit_id, "kf": unit.kf})
    return place


Work = tuple[Settlement, Fraction]
"""Where the work is done and the BWP of this month's work."""


def people_build(orders: Sequence[Order], place: Settlement) -> bool:
    """Strategie 3.3: the people either build or demolish; they build in ``place`` this
    month when the realm's ``orders`` have a Build there."""
    name = place.name.lower()
    return any(isinstance(o, Build) and o.settlement.lower() == name for o in orders)


def demolition(
    state: WdwState, seat: int, order: Demolish, orders: Sequence[Order] = ()
) -> Work | Refusal:
    """F13, D19: the people demolish 1 BWP a month (the option ``build_people``) unless
    the realm's ``orders`` have them build there (:func:`people_build`), workers
    Arbeitsstärke/1,000 (Bef /2,500); the BWP of this month's work."""
    place = _own(state, seat, order.settlement, order.units)
    if isinstance(place, Refusal):
        return place
    if getattr(place, order.structure) < 1:
        return Refusal("nothing_there", {"settlement": place.name, "structure": order.structure})
    strength = workers(state, seat, place, order.units)
    if isinstance(strength, Refusal):
        return strength
    options = options_of(state)
    people = 0 if people_build(orders, place) else options.build_people
    return place, people + demolition_rate(strength, order.structure, options)


def repair(state: WdwState, seat: int, order: Repair) -> Work | Refusal:
    """F17: 10,000 inhabitants or Arbeitsstärke 5,000 repair a BWP a month, only what a
    siege destroyed (D24), within the structure's limit (:func:`repairable`)."""
    place = _own(state, seat, order.settlement, order.units)
    if isinstance(place, Refusal):
        return place
    if not damaged(place, order.structure):
        return Refusal("no_damage", {"settlement": place.name, "structure": order.structure})
    refused = repair_limit(state, place, order.structure)
    if refused is not None:
        return refused
    strength = workers(state, seat, place, order.units)
    if isinstance(strength, Refusal):
        return strength
    return place, repair_rate(place.population, strength)


def describe(
    state: WdwState, seat: int, order: Order, lang: str, orders: Sequence[Order] = ()
) -> str:
    """The acknowledgement of a demolition or a repair (D37), among the realm's
    ``orders`` of the month (a build there keeps the people from demolishing)."""
    if isinstance(order, Demolish):
        found = demolition(state, seat, order, orders)
        key = "order.demolish"
    elif isinstance(order, Repair):
        found = repair(state, seat, order)
        key = "order.repair"
    else:
        return order.describe(lang)
    if isinstance(found, Refusal):
        return found.of(order, lang)
    place, rate = found
    text = say(
        lang,
        key,
        settlement=place.name,
        structure=order.structure,
        rate=number(rate, lang),
        bwp=getattr(order, "bwp", 0),
        cost=REPAIR_COST,
    )
    treasury = state.realm(seat).treasury
    if isinstance(order, Repair) and treasury < REPAIR_COST:
        text += f" ({say(lang, 'reject.funds_repair', treasury=treasury, cost=REPAIR_COST)})"
    return text


# -- sieges


@dataclass(frozen=True)
class Siege:
    """``B<n>``: a realm's units with the extension B in the field of a settlement of a
    realm it does not count an ally (Strategie 5.1-2, 6.4)."""

    kf: str
    settlement: str
    realm: int
    units: tuple[str, ...]


def _extension(unit: Unit, chosen: Mapping[tuple[int, int], Order]) -> str:
    # The extension of the unit's K order this month, else of its standing one (D27).
    order = chosen.get((unit.realm, unit.id))
    return order.ext if isinstance(order, Fight) else unit.order[2:]


def besieging(unit: Unit, chosen: Mapping[tuple[int, int], Order]) -> bool:
    """The unit's K order this month (or its standing one, D27) has the extension B
    against a settlement, or is a ship's B1–B6 (it may aim at a settlement on the shore,
    :func:`ashore`; a land unit's B1–B6 aim at walls: engine.wdw.checks_walls)."""
    ext = _extension(unit, chosen)
    return ext == "B" or (unit.unit_class == "sea" and ext[:1] == "B" and ext[1:].isdecimal())


def ashore(state: WdwState, the_map: WorldMap, unit: Unit, kf: str, ext: str) -> str | None:
    """Strategie 5.1-2 B1–B6 ("Schiffe mit Fernkampf- und Belagerungsfähigkeit benutzen
    B1-6, um Wälle und Ansiedlungen an Küsten anzugreifen"): the field beside ``kf`` at
    the side of a ship's B<s> when no wall there is its target first (the walls facing
    it, engine.wdw.walls.targets); None for a land unit, a B without side or a wall."""
    if unit.unit_class != "sea" or ext[:1] != "B" or not ext[1:].isdecimal():
        return None
    side = int(ext[1:])
    if not 1 <= side <= 6 or targets(state, the_map, kf, side, unit.realm):
        return None
    return the_map.fields[kf].neighbours[side - 1]


def at_siege(
    state: WdwState, unit: Unit, siege: Siege, chosen: Mapping[tuple[int, int], Order]
) -> bool:
    """The besieger stands at its siege now: in the settlement's field, or a ship beside
    it with its B<s> towards it (:func:`ashore`)."""
    if not besieging(unit, chosen):
        return False
    if unit.kf == siege.kf:
        return True
    the_map = world(state.map_text)
    return ashore(state, the_map, unit, unit.kf, _extension(unit, chosen)) == siege.kf


def sieges_of(
    state: WdwState, chosen: Mapping[tuple[int, int], Order], legs: Mapping[str, Leg]
) -> dict[str, Siege]:
    """The month's sieges, numbered by field and realm: where each besieger's leg ends,
    a ship's the field ashore it attacks (:func:`ashore`)."""
    the_map = world(state.map_text)
    found: dict[tuple[str, int], list[str]] = {}
    for unit in state.units:
        if not besieging(unit, chosen):
            continue
        leg = legs.get(unit.key)
        kf = leg.steps[-1][0] if leg is not None and leg.steps else unit.kf
        ext = _extension(unit, chosen)
        if ext != "B":
            target = ashore(state, the_map, unit, kf, ext)
            if target is None:
                continue
            kf = target
        found.setdefault((kf, unit.realm), []).append(unit.key)
    sieges: dict[str, Siege] = {}
    for kf, realm in sorted(found, key=lambda k: (*(int(x) for x in k[0].split("/")), k[1])):
        for place in state.settlements:
            allies = state.realm(realm).allies
            if place.kf == kf and place.owner != realm and place.owner not in allies:
                siege = Siege(kf, place.name, realm, tuple(found[(kf, realm)]))
                sieges[f"B{len(sieges) + 1}"] = siege
    return sieges


def siege_work(state: WdwState, siege: Siege, units: list[Unit]) -> tuple[str, Fraction]:
    """F17 with its conditions (Strategie 6.4): Bef first, by siege strength/2,500; then
    Stv by (siege + workers)/1,000; then the others by (siege + workers)/1,000 + combat
    /2,500; a ship's siege strength 50 a ship (1:50, engine.wdw.walls.siege_strength).
    Workers, and siege units without a ranged attack against the others, only
    when no combat unit of the owner (D5: Heimatverteidigung too) stands in the field.
    The structure and the BWP of this month's work ("" when nothing is left to
    destroy)."""
    place = state.settlement(siege.settlement)
    if place is None:
        return "", Fraction(0)
    defended = any(
        u.realm == place.owner and u.kf == place.kf and u.combat_unit() for u in state.units
    )
    strength = sum(siege_strength(u) for u in units)  # ships 1:50 (Strategie 6.4)
    work = 0 if defended else sum(u.size * u.arbeit for u in units)
    if place.bef:
        return "bef", siege_rate("bef", strength, 0, 0)
    if place.stv:
        return "stv", siege_rate("stv", strength, work, 0)
    ranged = sum(siege_strength(u) for u in units if u.fernkampf or not defended)
    combat = sum(u.size * u.nahkampf for u in units)
    for structure in OTHERS:
        if getattr(place, structure):
            return structure, siege_rate(structure, ranged, work, combat)
    return "", Fraction(0)


def siege_line(state: WdwState, item: str, siege: Siege, lang: str) -> str:
    """The dossier's siege item (part F): what it destroys this month as the units stand
    now (the month's combats may change it)."""
    units = [u for u in state.units if u.key in siege.units]
    structure, rate = siege_work(state, siege, units)
    return say(
        lang,
        "item.siege",
        item=item,
        settlement=siege.settlement,
        kf=siege.kf,
        realm=siege.realm,
        units=" ".join(siege.units),
        structure=structure or "-",
        rate=number(rate, lang),
    )
