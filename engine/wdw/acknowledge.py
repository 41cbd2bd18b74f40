"""The acknowledgement of an order (design §3.0, D37): checked against what the realm
knows — its own units, settlements and treasury, the map — and what it costs. A
rejection never names what the realm cannot see (an enemy in a field is the dossier's).
The texts name the order's own fields (``{order.code}``)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.core import Order
from engine.wdw import (
    checks_army,
    checks_build,
    checks_conquest,
    checks_conversion,
    checks_realm,
    checks_walls,
    checks_works,
    storm,
)
from engine.wdw.calculators.texts import number
from engine.wdw.checks_army import Refusal, Refused
from engine.wdw.checks_conquest import plunder_warnings
from engine.wdw.checks_spy import known_target, may_spy, target_min_ig
from engine.wdw.formulas import structure_limit
from engine.wdw.home_terrain import loss_immunity, terrain_class
from engine.wdw.mapfile import WorldMap
from engine.wdw.movement import Leg, enterable, mode_factor, walk, why_stopped
from engine.wdw.movement_rules import MovementRules
from engine.wdw.orders import Build, Convert, Fight, Special, Spy, Storm, Work
from engine.wdw.setup import options_of
from engine.wdw.sightlines import seen_by
from engine.wdw.spy_limits import spy_refusal
from engine.wdw.state import Unit, WdwState, world
from engine.wdw.terrain_losses import difficult_ground
from engine.wdw.texts import say

_COMBAT_MAIN = ("KN", "KA", "KT")
_NOT_WITH = {"KX": ("E", "P"), "KR": ("F", "W")}


def describe(
    state: WdwState,
    seat: int,
    order: Order,
    lang: str,
    orders: Sequence[Order] = (),
    seen: frozenset[str] | None = None,
) -> str:
    """The order in words for ``seat``, with the reason it fails or what it costs;
    ``orders``: the realm's orders of the month, for a check that reads the others (the
    people of a settlement build or demolish, Strategie 3.3); ``seen``: what the realm
    sees as the month begins (``sightlines.seen_by``), when the caller worked it out."""
    if isinstance(order, Build):
        return _build(state, seat, order, lang)
    if isinstance(order, checks_army.ORDERS):
        return checks_army.describe(state, seat, order, lang)
    if isinstance(order, checks_realm.ORDERS):
        return checks_realm.describe(state, seat, order, lang)
    if isinstance(order, Convert):
        return checks_conversion.describe(state, seat, order, lang)
    if isinstance(order, checks_works.WORKS):
        return checks_works.describe(state, seat, order, lang, orders)
    if isinstance(order, Storm):
        return storm.describe(state, seat, order, lang)
    if not isinstance(order, Fight | Work | Spy | Special):
        return order.describe(lang)
    unit = state.unit(seat, order.unit)
    if unit is None:
        return _refused(order, lang, "unknown_unit", unit=order.unit)
    if isinstance(order, Special):
        return say(lang, "order.special", unit=order.unit)
    if isinstance(order, Spy):
        if not may_spy(unit, options_of(state)):  # D15
            return _refused(order, lang, "needs_spy", unit=unit.id)
        limited = spy_refusal(unit, order, options_of(state))
        if limited is not None:  # Strategie 5.3, the GM's options
            return limited.of(order, lang)
        # Only what the realm knows: its own settlements and units (Tab. 5.3-1).
        ig = target_min_ig(state, order.target, seat)
        text = say(lang, "order.spy", order=order, unit=unit.id, ig=ig)
        # D37: a target the realm does not know is answered in one and the same words,
        # whether it is hidden from it or does not exist; the dossier tells the GM which.
        fields = frozenset(seen_by(state, seat, options_of(state))) if seen is None else seen
        if not known_target(state, seat, order.target, fields):
            text += f" ({say(lang, 'warn.unknown_target')})"
        return text
    if isinstance(order, Work) and order.code == "AB" and order.side:  # Strategie 3.5
        return checks_walls.describe(state, seat, order, lang)
    if isinstance(order, Work) and order.code == "AB":  # Tab. 5.2-1, D19
        return checks_build.describe(state, seat, order, options_of(state), lang)
    if isinstance(order, Work):
        if unit.arbeit < 1:
            return _refused(order, lang, "needs_worker", unit=unit.id)
        if order.code in ("AS", "AM"):  # Tab. 5.2-1: searching and mines are the GM's
            words = " ".join((order.code + order.ext, *order.path))
            return say(lang, "order.work_gm", words=words, unit=unit.id)
        return say(lang, "order.work", order=order, unit=unit.id)
    return fight_outlook(state, seat, order, lang, seen)[0]


def fight_outlook(
    state: WdwState, seat: int, order: Fight, lang: str, seen: frozenset[str] | None = None
) -> tuple[str, str | None, Leg | None]:
    """A K order in words (as :func:`describe`) and, when it is not refused, the
    difficult fields its leg enters with whether the realm is free of terrain losses
    there (Strategie 1.2, D33; ``home_terrain.difficult_ground``), or None: read from the
    realm's own provinces and the fields it knows (D37), ``seen`` when the caller worked
    them out (``sightlines.seen_by``) for many orders; and the leg as far as the realm
    foresees it (None: refused)."""
    unit = state.unit(seat, order.unit)
    if unit is None:
        return _refused(order, lang, "unknown_unit", unit=order.unit), None, None
    options = options_of(state)
    refusal = checks_conquest.check_fight(order, unit, options)
    if refusal is not None:  # D4: E needs the Mindestgröße
        return refusal.of(order, lang), None, None
    enter = enterable(state, seat, options)
    sight = frozenset(seen_by(state, seat, options)) if seen is None else seen
    the_map = world(state.map_text)
    text, leg = _fight(the_map, order, unit, enter, sight, options.movement_rules(), lang)
    if leg is None:
        return text, None, None
    way = [kf for kf, _ in leg.steps] or [unit.kf]  # where the month plunders (5.1-2)
    text += "".join(f" ({w})" for w in plunder_warnings(state, seat, order, way, sight, lang))
    resting = checks_army.training_warning(state, unit, way[-1], lang)
    text += f" ({resting})" if resting else ""
    immune = loss_immunity(state.realm(seat), state.settlements, the_map)
    fields = difficult_ground(unit, leg, the_map, immune, lang)
    ground = say(lang, "forecast.terrain", fields=", ".join(fields)) if fields else None
    return text, ground, leg


def _fight(
    the_map: WorldMap,
    order: Fight,
    unit: Unit,
    enter: frozenset[str] | None,
    known: frozenset[str],
    rules: MovementRules,
    lang: str,
) -> tuple[str, Leg | None]:
    """The order in words and the leg the realm can foresee (None: refused)."""
    ext = order.ext[:1]
    if ext and ext in _NOT_WITH.get(order.code, ()):
        return _refused(order, lang, "ext_not_with_main", ext=order.ext, code=order.code), None
    aggressive = order.code in _COMBAT_MAIN or ext in ("E", "P")
    # D5: a Kampfeinheit has Angriffsstärke or Heimatverteidigung (D13).
    if aggressive and unit.nahkampf < 1 and unit.fernkampf < 1 and not unit.heimatverteidigung:
        return _refused(order, lang, "needs_combat_unit", unit=unit.id), None
    if ext == "B" and unit.belagerung < 1:
        return _refused(order, lang, "needs_siege_unit", unit=unit.id), None
    # D37: checked only as far as the realm knows the way; a step "ins Weiße" (allowed
    # here, else ``enter`` refuses it) is the month's to find out: its terrain, rivers
    # and roads would otherwise show in the answer.
    seen = next((n for n, kf in enumerate(order.path) if kf not in known), len(order.path))
    path = order.path if enter is not None else order.path[:seen]
    factor = mode_factor(order.code, order.ext)
    leg = walk(unit, the_map, path, factor, enter, rules=rules)
    stop = leg.steps[-1][0] if leg.steps else unit.kf
    if not leg.bad and not leg.truncated and len(path) < len(order.path):
        # The first unknown step: whether it borders the known field before it is seen,
        # and whether the range left could pay even the cheapest step (its own cost is
        # unknown: never guessed, D37).
        walked = walk(
            unit, the_map, order.path[: len(path) + 1], 1, frozenset(path) | known, rules=rules
        )
        if walked.bad == "not_adjacent":
            leg = walked
        elif leg.budget - leg.used < factor * rules.cheapest_field:
            leg = replace(leg, truncated=True)
    if leg.bad:
        reason, values = why_stopped(unit, order.path, leg)
        return _refused(order, lang, reason, **values), None
    text = say(
        lang, "order.fight", unit=unit.id, code=order.code, ext=order.ext, path=" ".join(order.path)
    ).strip()
    if leg.truncated and rules.by_bp and leg.need:  # by BP: what it needs, has
        text += f" ({say(lang, 'reject.truncated_bp', kf=stop, need=leg.need, bp=leg.budget)})"
    elif leg.truncated:
        text += f" ({say(lang, 'reject.truncated', kf=stop)})"
    elif len(path) < len(order.path) and rules.by_bp:  # the BP left, the least a field costs
        least, left = factor * rules.cheapest_field, leg.budget - leg.used
        bp = number(left, lang)
        white = say(lang, "warn.into_white_bp", kf=order.path[len(path)], bp=bp, least=least)
        text += f" ({white})"
    elif len(path) < len(order.path):
        text += f" ({say(lang, 'warn.into_white', kf=order.path[len(path)])})"
    return text, leg


def _build(state: WdwState, seat: int, order: Build, lang: str) -> str:
    place = state.settlement(order.settlement)
    if place is None or place.owner != seat:
        return _refused(order, lang, "unknown_settlement", settlement=order.settlement)
    if order.bwp < 1:  # Strategie 3.1: a build adds BWP
        return _refused(order, lang, "build_none", structure=order.structure)
    field = world(state.map_text).fields[place.kf]
    structures = {s: getattr(place, s) for s in ("bev", "rues", "stv")}
    limit = structure_limit(order.structure, structures, big_site=field.big_site)
    if getattr(place, order.structure) + order.bwp > limit:
        return _refused(order, lang, "structure_max", structure=order.structure, limit=limit)
    cost = options_of(state).bwp_cost(terrain_class(state, seat, place.kf))  # D33
    treasury = state.realm(seat).treasury
    text = say(
        lang,
        "order.build",
        order=order,
        structure=order.structure,
        settlement=place.name,
        cost=cost,
    )
    if treasury < cost:
        text += f" ({say(lang, 'reject.funds', treasury=treasury, cost=cost)})"
    return text


def _refused(order: Order, lang: str, reason: str, **values: object) -> Refused:
    # Every rejection reads the same: the order in its words, then why (``reject.*``).
    return Refusal(reason, values).of(order, lang)
