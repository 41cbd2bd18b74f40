"""The module's formulas, exact (ints and Fractions), each with its section.

The numbering F1… follows the design note (docs/rules-wdw.md, "Formulas"); every rate
the Basismodul would set is a GM option (:class:`engine.wdw.options.WdwOptions`).
"""

from __future__ import annotations

from fractions import Fraction

from engine.wdw.options import WdwOptions

UNIT_BASE = {"land": 5, "sea": 100, "character": 1000}
"""The raising cost of one element at RS 1 is the base; cost(RS) = base·RS(RS+1)/2."""
TERRAIN_CLASSES = ("normal", "schwer", "extrem")
UPKEEP_PER_BWP = {"normal": 100, "schwer": 200, "extrem": 300}


def income(
    population: int, bwp: int, terrain_class: str, *, atoll: bool = False, exact: bool = False
) -> int:
    """F1, Strategie 2.1: net income of a settlement per Einnahmetermin: 1,500 GS per
    full 10,000 inhabitants (D10; ``exact``: 1,500·population/10,000, truncated), less
    100/200/300 GS per BWP by terrain class (an atoll yields no gross income, 1.1)."""
    gross = 1500 * population // 10000 if exact else 1500 * (population // 10000)
    gross = 0 if atoll else gross
    return gross - bwp * UPKEEP_PER_BWP[terrain_class]


def structure_limit(structure: str, structures: dict[str, int], *, big_site: bool) -> int:
    """F4, Strategie 3.2: the largest BWP a structure may have: Bev 5 (10 on a coast at
    HS 1 or on a navigable river), Rüs ≤ Bev, Bef ≤ Stv; the others are unlimited here
    (the Basismodul's limits are GM options not in this module)."""
    if structure == "bev":
        return 10 if big_site else 5
    if structure == "rues":
        return structures.get("bev", 0)
    if structure == "bef":
        return structures.get("stv", 0)
    return 10**6


def rues_capacity(rues: int) -> int:
    """F4, Strategie 3.2: the Rüstkapazität of a half-year in GS: 10,000 per BWP Rüs."""
    return 10000 * rues


def barracks(mil: int) -> int:
    """F4, Strategie 3.2/4.1: stationing capacity in foot-equivalents: two minimum sizes
    (2,000) per BWP Mil; a mounted element counts 2."""
    return 2000 * mil


def element_cost(unit_class: str, rs: int) -> int:
    """F5, Strategie 4.2 (Tab. 4.2-1b): the cost of one element at Rüststufe ``rs``:
    base·RS(RS+1)/2 (land 5, sea 100, character 1,000)."""
    if rs < 1:
        raise ValueError(f"Rüststufe {rs} < 1")
    return UNIT_BASE[unit_class] * rs * (rs + 1) // 2


def training_months(rs: int, *, halfyear: bool = False) -> int:
    """F5, Strategie 4.2: months to reach RS from RS 1: 3(RS−1); with the option
    ``training_halfyear`` rounded down to 6-month steps (D22)."""
    months = 3 * (rs - 1)
    return months - months % 6 if halfyear else months


def training_cost(unit_class: str, rs_from: int, rs_to: int, elements: int) -> int:
    """F5, Strategie 4.2: training pays the difference in cost per element."""
    return (element_cost(unit_class, rs_to) - element_cost(unit_class, rs_from)) * elements


def rs_of(properties: dict[str, int], *, provinces: int = 0) -> int:
    """F6, Strategie 4.2/4.3: the Rüststufe the properties give: 1 for the first
    property, +1 for each further level of Nahkampf, Fernkampf, Arbeit, Belagerung,
    Transport or Verteidigung, Beritten 1, Geschwindigkeit s costs s(s+1)/2, an
    extreme-terrain or Sturm/Strudel immunity 1 each, Marineinfanterie 1, Heimatverteidigung
    1 per province (the first free when it is the only levelled property: Tab. 4.2-1a);
    a character's second specialist training 1; other immunities are
    free (checked elsewhere)."""
    levelled = ("nahkampf", "fernkampf", "arbeit", "belagerung", "transport", "verteidigung")
    levels = sum(properties.get(p, 0) for p in levelled)
    rs = 1 + max(0, levels - 1)
    speed = properties.get("geschwindigkeit", 0)
    rs += speed * (speed + 1) // 2
    for flat in ("beritten", "marineinfanterie"):
        rs += 1 if properties.get(flat, 0) else 0
    # Strategie 4.3: each immunity against extreme terrain "kostet immer eine komplette
    # Rüststufe" (Sumpf and Vulkan: two)
    rs += properties.get("immun_extrem", 0) + properties.get("immun_sturm", 0)
    defended = provinces if properties.get("heimatverteidigung", 0) else 0
    # Tab. 4.2-1a: Heimatverteidigung may be the first property, free at RS 1.
    rs += defended - (1 if defended and not levels else 0)
    # Strategie 4.1 "Heerführer": a character's first specialist training is its RS 1
    # (Tab. 4.2-1a), a further one costs a Rüststufe.
    rs += max(0, properties.get("spion", 0) + properties.get("heerfuehrer", 0) - 1)
    return rs


def upkeep(unit_class: str, elements: int, rs: int, options: WdwOptions) -> int:
    """F7, Strategie 4.2: per Einnahmetermin half of 40 % of the RS-1 cost a year:
    0.2·base per element; with ``upkeep_rs_surcharge`` +100 % per 3 full RS after the
    first (D23)."""
    per_year = UNIT_BASE[unit_class] * elements * 40 // 100
    half = per_year // 2
    if options.upkeep_rs_surcharge:
        half *= 1 + (rs - 1) // 3
    return half


def movement_points(unit_class: str, *, speed: int = 0, mounted: bool = False) -> int:
    """F8, Strategie 4.2-1a/4.3/4.4: BP a month: land (15 + 5s), doubled when mounted
    after all other bonuses; sea 30 + 10s; characters 40."""
    if unit_class == "land":
        return (15 + 5 * speed) * (2 if mounted else 1)
    if unit_class == "sea":
        return 30 + 10 * speed
    return 40


def day_of_step(step: int, steps: int) -> Fraction:
    """F9, Strategie 4.4: "Vergangene Tage = X * 30 / N"."""
    return Fraction(30 * step, steps)


def rounds_possible(bp_left: Fraction, bp_month: int, max_rounds: int) -> int:
    """F9, Strategie 4.4 (D8): a round of combat lasts four days and costs 4N/30 BP;
    at most ``max_rounds`` a month."""
    per_round = Fraction(4 * bp_month, 30)
    return min(max_rounds, int(bp_left // per_round))


def kampfkraft(strength: int, gp: int) -> Fraction:
    """F10, Strategie 6.3: each GP adds 20 % of the strength: Stärke·(5 + GP)/5."""
    return Fraction(strength * (5 + gp), 5)


def bukaz_gp(bukaz: int, gp: int, character_gp: int) -> int:
    """F11, Strategie 6.5: per 25 points above zero one GP (at most 4); per 25 below one
    GP less, never below 0; characters give half (rounded down) at −50 or less, none at
    −75 or less. Order: character GP, the sum, then the BükAz deduction."""
    if bukaz <= -75:
        character_gp = 0
    elif bukaz <= -50:
        character_gp //= 2
    total = gp + character_gp
    if bukaz > 0:
        return total + min(4, bukaz // 25)
    return max(0, total - (-bukaz) // 25)


def attack_gp_from_settlement(stv: int) -> int:
    """F3, Strategie 3.2/6.3: attacking out of a settlement: 1 GP per 1.5 BWP Stv."""
    return stv * 2 // 3


def build_rate(worker_strength: int, structure: str, options: WdwOptions) -> Fraction:
    """D19, Strategie 3.1/5.2 (AB): BWP a month a worker unit builds: strength/1,000
    (Befestigungen /2,500; the options ``build_strength`` and ``build_strength_bef``)."""
    per = options.build_strength_bef if structure == "bef" else options.build_strength
    return Fraction(worker_strength, per)


def demolition_rate(worker_strength: int, structure: str, options: WdwOptions) -> Fraction:
    """F13, Strategie 3.3: demolition goes "analog zur Bauregel" (D19): the build rate."""
    return build_rate(worker_strength, structure, options)


def breached(wall_bwp: int, damage: Fraction) -> bool:
    """F16, Strategie 3.5/6.4: a wall is breached once 20 % of it is destroyed."""
    return wall_bwp > 0 and damage * 5 >= wall_bwp


def siege_rate(structure: str, siege: int, workers: int, combat: int) -> Fraction:
    """F17, Strategie 6.4: BWP destroyed a month: Befestigung siege/2,500;
    Stadtverteidigung (siege + workers)/1,000; other structures (siege + workers)/1,000
    + combat/2,500."""
    if structure == "bef":
        return Fraction(siege, 2500)
    if structure == "stv":
        return Fraction(siege + workers, 1000)
    return Fraction(siege + workers, 1000) + Fraction(combat, 2500)


def repair_rate(inhabitants: int, worker_strength: int) -> Fraction:
    """F17, Strategie 6.4: 10,000 inhabitants or worker strength 5,000 repair one BWP a
    month (at 5,000 GS per BWP)."""
    return Fraction(inhabitants, 10000) + Fraction(worker_strength, 5000)


def plunder_days(stage: int, strength: int) -> Fraction:
    """F18, Strategie 5.1-2 (D31): strength 1,000 plunders a KF in 30 days at stage 1;
    days = 30·stage·1,000/strength."""
    if not 1 <= stage <= 3 or strength <= 0:
        raise ValueError("plunder needs a stage 1-3 and a strength above 0")
    return Fraction(30 * stage * 1000, strength)


def decay_per_month(bwp: int) -> Fraction:
    """F15, Strategie 3.4: unpaid buildings lose 10 % of their BWP a year: BWP/120 a
    month."""
    return Fraction(bwp, 120)
