"""Where the GM may rule a unit's terrain losses on its month's leg, and why a unit is
free of them (Strategie 1.1, 1.2, 4.3; D33). The server computes no loss — the quota is
the Basismodul's (D1), the GM's ``L`` line — so it marks each difficult field and each
river crossing the leg makes with the immunity that spares the unit there: its realm's
(engine.wdw.home_terrain), its own "Geländeimmunität" (4.3, ``Unit.immune``), the
automatic one of the terrain it was raised in (4.3 "Automatische Eigenschaften"), or
the river-crossing immunity (4.3: "oder von Verlusten bei Flußübergängen")."""

from __future__ import annotations

from engine.wdw.home_terrain import NORMAL, LossImmunity
from engine.wdw.mapfile import Field, WorldMap
from engine.wdw.movement import Leg
from engine.wdw.orders import RIVER
from engine.wdw.rivers import river_at
from engine.wdw.state import Unit
from engine.wdw.texts import say


def why_free(unit: Unit, field: Field, realm: LossImmunity) -> str:
    """Why ``unit`` takes no terrain losses in the difficult ``field``: its realm's
    reason (:meth:`LossImmunity.why_free`: ``home``, ``core``, ``riders``), else its own
    immunity to the field's type — ``immune`` (4.3: "im entsprechenden Geländetyp aller
    Höhenstufen keine Verluste"), ``storm`` in deep water (extreme water: "Sturm- und
    Strudelfestigkeit bedeutet Immunität gegen die geländebedingten Verluste der
    Tiefsee", the monsters stay the GM's) — or ``raised`` in the type it was raised in
    ("Einheiten, die in Kleinfeldern eines bestimmten Typs schwierigen Geländes gerüstet
    werden, haben automatisch Geländeimmunität"); a rider at height 4 keeps its extra
    losses there (``immune_riders``: "Berittene Einheiten können nicht gegen die
    zusätzlichen Verluste in Höhenstufe 4 immunisiert werden"); "" when the GM rules
    its losses."""
    found = realm.why_free(field, unit.beritten)
    if found:
        return found
    if field.terrain in unit.immune:
        own = "storm" if field.water and field.terrain_class == "extrem" else "immune"
    elif field.terrain == unit.raised_terrain:
        own = "raised"
    else:
        return ""
    return "immune_riders" if unit.beritten and field.height == 4 else own


def difficult_ground(
    unit: Unit, leg: Leg, the_map: WorldMap, realm: LossImmunity, lang: str
) -> list[str]:
    """The difficult fields and the river crossings ``leg`` makes in words, where the
    GM may rule terrain losses (the ``L`` line, Strategie 1.1, 4.3), each marked when
    the unit is free of them there (:func:`why_free`; a crossing with ``Fluss`` in its
    immunities); none when the leg stays in normal terrain and crosses no river."""
    entries = []
    here = unit.kf
    for kf, _day in leg.steps:
        # Strategie 7.1: only a land unit crosses a river side (a fleet sails along it).
        if unit.unit_class == "land" and river_at(the_map, here, kf):
            key = "terrain.river_free" if RIVER in unit.immune else "terrain.river"
            entries.append(say(lang, key, a=here, b=kf))
        here = kf
        field = the_map.fields[kf]
        if field.terrain_class == NORMAL:
            continue
        why = why_free(unit, field, realm) or "losses"
        words = {"kf": kf, "terrain": field.terrain, "cls": field.terrain_class}
        entries.append(say(lang, f"terrain.{why}", **words))
    return entries
