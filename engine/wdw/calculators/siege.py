"""The siege and repair planner (design §9.6, dossier part F): the BWP a month the
besiegers destroy (F17) and the defenders repair (F17, D24: netted, never more than the
damage), the months to a breach of the Befestigung (F16: 20 %), to its end, and then to
the end of the Stadtverteidigung [R 6.4: Stv only after Bef]; the repair capacity and
the gold it needs (5,000 GS a BWP [R 6.4]). It starts from the damage already done: the
settlement's destroyed BWP not yet repaired and the part of a BWP under way (D24)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import ceil

from engine.wdw.calculators.texts import number, say
from engine.wdw.checks_works import damaged
from engine.wdw.formulas import repair_rate, siege_rate
from engine.wdw.parts import progress
from engine.wdw.state import Settlement, Unit
from engine.wdw.walls import siege_strength

REPAIR_GOLD = 5000
"""Strategie 6.4: "Die Reparatur eines Bauwertpunktes kostet 5.000 GS"."""


@dataclass(frozen=True)
class Forces:
    """The strengths at a siege (D32: elements × the level of the ability): the
    besiegers' siege, work and combat strength, the defenders' repair (inhabitants and
    worker strength), and the defenders' combat strength: while it is above 0 the
    besiegers' workers cannot work [R 6.4]."""

    siege: int
    workers: int
    combat: int
    inhabitants: int
    repairers: int
    defence: int


@dataclass(frozen=True)
class SiegePlan:
    """The planner's answer for one settlement (months are whole months from now;
    None: not within the rates, the repair keeps up)."""

    settlement: str
    bef: int
    stv: int
    forces: Forces
    bef_rate: Fraction
    stv_rate: Fraction
    other_rate: Fraction
    repair: Fraction
    repair_gold: Fraction
    breach: int | None
    bef_gone: int | None
    stv_gone: int | None
    bef_damage: Fraction = Fraction(0)
    """The Befestigung's BWP destroyed and not repaired, with the part under way (D24)."""
    stv_damage: Fraction = Fraction(0)
    """The same of the Stadtverteidigung."""


def forces_of(
    besiegers: tuple[Unit, ...], defenders: tuple[Unit, ...], place: Settlement
) -> Forces:
    """The strengths of the units at a siege (D32; ships 1:50 with a ranged attack,
    Strategie 6.4)."""
    return Forces(
        siege=sum(siege_strength(u) for u in besiegers),
        workers=sum(u.size * u.arbeit for u in besiegers),
        combat=sum(u.size * u.nahkampf for u in besiegers),
        inhabitants=place.population,
        repairers=sum(u.size * u.arbeit for u in defenders),
        # D5: Heimatverteidigung alone makes a Kampfeinheit; it counts its elements.
        defence=sum(u.size * max(u.nahkampf, u.fernkampf, 1) for u in defenders if u.combat_unit()),
    )


def _months(amount: Fraction, rate: Fraction) -> int | None:
    # Whole months until ``amount`` BWP are gone at ``rate`` a month (0: nothing to do).
    if amount <= 0:
        return 0
    return ceil(amount / rate) if rate > 0 else None


def siege_plan(place: Settlement, forces: Forces) -> SiegePlan:
    """Strategie 6.4 (F16, F17, D24): the rates and the months from the damage already
    done (a breach at 20 % of the whole wall, standing and destroyed); a structure's
    destruction starts the month after the one before it falls."""
    workers = 0 if forces.defence else forces.workers
    repair = repair_rate(forces.inhabitants, forces.repairers)
    bef_rate = siege_rate("bef", forces.siege, workers, forces.combat)
    stv_rate = siege_rate("stv", forces.siege, workers, forces.combat)
    other = siege_rate("mil", forces.siege, workers, forces.combat)
    bef_net, stv_net = bef_rate - repair, stv_rate - repair
    bef_begun, stv_begun = progress(place, "belagerung:bef"), progress(place, "belagerung:stv")
    bef_damage = damaged(place, "bef") + bef_begun
    wall = place.bef + damaged(place, "bef")
    bef_gone = _months(place.bef - bef_begun, bef_net)
    breach = _months(Fraction(wall, 5) - bef_damage, bef_net) if place.bef else None
    stv = _months(place.stv - stv_begun, stv_net)
    return SiegePlan(
        settlement=place.name,
        bef=place.bef,
        stv=place.stv,
        forces=forces,
        bef_rate=bef_rate,
        stv_rate=stv_rate,
        other_rate=other,
        repair=repair,
        repair_gold=repair * REPAIR_GOLD,
        breach=breach,
        bef_gone=bef_gone,
        stv_gone=None if bef_gone is None or stv is None else bef_gone + stv,
        bef_damage=bef_damage,
        stv_damage=damaged(place, "stv") + stv_begun,
    )


def render(result: SiegePlan, lang: str) -> list[str]:
    """The plan in lines (the texts name its fields: ``{plan.bef}``, ``{forces.siege}``)."""
    f = result.forces

    def when(months: int | None) -> str:
        if months == 0:
            return say(lang, "siege.now")
        return say(lang, "siege.never") if months is None else say(lang, "siege.after", n=months)

    idle = say(lang, "siege.idle") if f.defence and f.workers else ""
    bef, stv, other = (
        number(r, lang) for r in (result.bef_rate, result.stv_rate, result.other_rate)
    )
    repair, gold = number(result.repair, lang), number(result.repair_gold, lang)
    lines = [
        say(lang, "siege.head", plan=result),
        *_damage_lines(result, lang),
        say(lang, "siege.forces", forces=f, idle=idle),
        say(lang, "siege.rates", bef=bef, stv=stv, other=other),
        say(lang, "siege.repair", forces=f, rate=repair, gold=gold),
    ]
    if result.bef:
        lines.append(say(lang, "siege.bef", breach=when(result.breach), gone=when(result.bef_gone)))
    lines.append(say(lang, "siege.stv", gone=when(result.stv_gone)))
    return lines


def _damage_lines(result: SiegePlan, lang: str) -> list[str]:
    # D24: the damage already done, when there is any.
    if not (result.bef_damage or result.stv_damage):
        return []
    bef, stv = number(result.bef_damage, lang), number(result.stv_damage, lang)
    return [say(lang, "siege.damage", bef=bef, stv=stv)]
