"""A storm assault on a fortified settlement (Strategie 3.2 "nur mit Belagerungseinheiten
oder in einem (schwierigen) Sturmangriff zu erobern", 6.4 "alle Verteidiger durch einen
Sturmangriff getötet"): the order's checks, the ``S<n>`` items with what the server
computes (both sides' Kampfkraft, F10, with the defenders' GP from the settlement, Tab.
6.3-1), the GM's verdict and its checks. The month's storm phase carries it out."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from engine.core import Order
from engine.wdw.calculators import combat
from engine.wdw.calculators.texts import number
from engine.wdw.characters import with_the_army
from engine.wdw.checks_army import Refusal
from engine.wdw.movement import Leg
from engine.wdw.orders import Storm
from engine.wdw.setup import options_of
from engine.wdw.sightlines import seen_by
from engine.wdw.state import Settlement, Unit, WdwState
from engine.wdw.texts import say
from engine.wdw.unit_lines import LOSSES, over_size, read_line

if TYPE_CHECKING:
    from engine.wdw.items import Items

CAPITAL_DEFENCE_GP = 3
"""Tab. 6.3-1: "+3 als Verteidiger aus der Hauptstadt heraus"."""
DEFAULT = "abgeschlagen; Verluste keine"
"""The ruling form's default: a storm is "schwierig" (Strategie 3.2); it fails."""


def check_storm(state: WdwState, seat: int, order: Storm) -> Settlement | Refusal:
    """A settlement the realm knows (in a field it knows or sees now, D37:
    engine.wdw.sightlines.seen_by), not its own, of a realm it does not count an ally
    (attacking an ally is a Sonderbefehl, Strategie 5.1), and units of the realm that are
    Kampfeinheiten (D5)."""
    place = state.settlement(order.settlement)
    realm = state.realm(seat)
    if place is None or place.kf not in seen_by(state, seat, options_of(state)):
        return Refusal("storm_unknown", {"settlement": order.settlement})
    if place.owner == seat:
        return Refusal("storm_own", {"settlement": place.name})
    if place.owner in realm.allies:
        return Refusal("storm_ally", {"settlement": place.name})
    if not order.units:
        return Refusal("storm_units", {"settlement": place.name})
    for unit_id in order.units:
        unit = state.unit(seat, unit_id)
        if unit is None:
            return Refusal("unknown_unit", {"unit": unit_id})
        if unit.nahkampf < 1 and unit.fernkampf < 1 and not unit.heimatverteidigung:
            return Refusal("needs_combat_unit", {"unit": unit_id})
    return place


def stormers(order: Storm) -> tuple[int, ...]:
    """The units of a storm, each once (``mit 101 101`` is one unit, not two)."""
    return tuple(dict.fromkeys(order.units))


def describe(state: WdwState, seat: int, order: Storm, lang: str) -> str:
    """The acknowledgement of a storm (D37: nothing the realm cannot see); a unit named
    twice is refused the second time and counts once."""
    found = check_storm(state, seat, order)
    if isinstance(found, Refusal):
        return found.of(order, lang)
    units = stormers(order)
    text = say(lang, "order.storm", settlement=found.name, kf=found.kf, units=_ids(units))
    twice = tuple(n for n in units if order.units.count(n) > 1)
    return text + (f" ({say(lang, 'reject.storm_twice', units=_ids(twice))})" if twice else "")


def _ids(units: Sequence[int]) -> str:
    return " ".join(map(str, units))


@dataclass(frozen=True)
class Assault:
    """``S<n>``: a storm on ``settlement`` in ``kf`` by ``realm``'s units there, against
    the owner's units there, with each side's Kampfkraft (F10) and the defenders' GP
    from the settlement (Stv 1 per BWP, the capital +3; Tab. 6.3-1)."""

    kf: str
    settlement: str
    realm: int
    owner: int
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    attack: Fraction
    defence: Fraction
    town_gp: int
    bef: int


def storms_of(
    state: WdwState, orders: Mapping[int, Sequence[Order]], legs: Mapping[str, Leg]
) -> dict[str, Assault]:
    """The month's storms by seat and line: a legal storm order on a fortified settlement
    (Bef > 0) with at least one of its units in the field where its leg ends."""

    def where(unit: Unit) -> str:
        leg = legs.get(unit.key)
        return leg.steps[-1][0] if leg is not None and leg.steps else unit.kf

    found: dict[str, Assault] = {}
    scene: combat.Scene | None = None  # made for the first storm only (most months have none)
    for seat in sorted(orders):
        for order in orders[seat]:
            if not isinstance(order, Storm):
                continue
            place = check_storm(state, seat, order)
            if isinstance(place, Refusal) or place.bef < 1:
                continue
            named = (state.unit(seat, n) for n in stormers(order))
            attackers = [u for u in named if u is not None and where(u) == place.kf]
            if not attackers:
                continue
            # The owner's army in the field (6.1: its leading characters give their GP,
            # Tab. 6.3-1); the defenders whose losses the GM rules are its units without
            # the characters, whose fate is the GM's (a correction).
            army = [
                u
                for u in state.units
                if u.realm == place.owner and where(u) == place.kf and with_the_army(u, state)
            ]
            scene = scene or combat.Scene.of(state)
            attack, defence = _powers(scene, place.kf, attackers, army, legs)
            found[f"S{len(found) + 1}"] = Assault(
                place.kf,
                place.name,
                seat,
                place.owner,
                tuple(u.key for u in attackers),
                tuple(u.key for u in army if u.unit_class != "character"),
                attack,
                defence,
                place.stv + (CAPITAL_DEFENCE_GP if place.capital else 0),
                place.bef,
            )
    return found


def _powers(
    scene: combat.Scene,
    kf: str,
    attackers: Sequence[Unit],
    defenders: Sequence[Unit],
    legs: Mapping[str, Leg],
) -> tuple[Fraction, Fraction]:
    """Both sides' Kampfkraft in melee as the combat workbench computes it for a fight
    in ``kf`` (F10, Tab. 6.3-1, F11: ``combat.figures``, one computation for every
    fight): the stormers attack (the table's A) as they came along their legs; the
    owner's army defends out of its settlement (Stv, capital), standing there once the
    month's moves are done. A settlement without defenders has no Kampfkraft."""
    attack = combat.approach([u.key for u in attackers], "KA", kf, scene.units, legs)
    defence = combat.Approach(tuple(defenders), "KV")
    power = combat.figures(scene, kf, attack, defence, True).melee
    if not defenders:
        return power, Fraction(0)
    return power, combat.figures(scene, kf, defence, attack, False).melee


@dataclass(frozen=True)
class StormResult:
    """The GM's verdict on ``S<n>``: taken (every defender falls, Strategie 6.4) or
    repulsed, and each unit's losses."""

    taken: bool
    losses: tuple[tuple[str, int], ...] = ()


_TAKEN = ("gelungen", "genommen", "erfolg", "taken", "success", "succeeded")
_REPULSED = ("abgeschlagen", "misslungen", "mißlungen", "repulsed", "failed")


def read_storm(text: str) -> StormResult | None:
    """``gelungen; Verluste 1/101 -300`` or ``abgeschlagen; Verluste 1/101 -500,
    2/102 -200`` (``Verluste keine``), or None when the words are not understood."""
    parts = [p.strip() for p in text.split(";") if p.strip()]
    if not parts or parts[0].lower() not in (*_TAKEN, *_REPULSED):
        return None
    losses: tuple[tuple[str, int], ...] = ()
    for part in parts[1:]:
        head, _, rest = part.partition(" ")
        if head.lower() not in ("verluste", "losses"):
            return None
        if rest.strip().lower() in ("keine", "none"):
            continue
        line = read_line(LOSSES, re.sub(r"\s+", " ", rest))
        if line is None:
            return None
        losses += tuple((key, -value) for key, value in line.changes)
    return StormResult(parts[0].lower() in _TAKEN, losses)


def check_verdict(state: WdwState, assault: Assault, verdict: StormResult, lang: str) -> str:
    """Why a storm verdict cannot be taken: losses name units of the storm and are not
    above their size; a storm taken names losses of the attackers only (the defenders
    all fall)."""
    for key, loss in verdict.losses:
        if key not in (*assault.attackers, *assault.defenders):
            return say(lang, "ruling.not_in_storm", unit=key)
        if verdict.taken and key in assault.defenders:
            return say(lang, "ruling.storm_defenders", unit=key)
        if too_many := over_size(state, key, loss, lang):
            return too_many
    return ""


def storm_lines(items: Items, lang: str) -> list[str]:
    """The dossier's lines of the storms: the settlement, both sides with their
    Kampfkraft and the defenders' GP from the settlement."""
    lines = []
    for item, assault in items.storms.items():
        lines.append(
            say(
                lang,
                "item.storm",
                item=item,
                a=assault,
                attackers=" ".join(assault.attackers),
                defenders=" ".join(assault.defenders) or "-",
                attack=number(assault.attack, lang),
                defence=number(assault.defence, lang),
            )
        )
    return lines
