"""The unit designer and training planner (design §9.4): properties → Rüststufe (F6),
the cost of an element and of the unit (F5), normal raising at RS 1 plus training
against Soforrüstung, the months with and without ``training_halfyear`` (D22), BP (F8),
upkeep (F7, D23), stationing (F4) and the free immunities left [R 4.3]."""

from __future__ import annotations

from dataclasses import dataclass

from engine.wdw.calculators.texts import say
from engine.wdw.formulas import element_cost, movement_points, rs_of, training_months, upkeep
from engine.wdw.movement import speed_range
from engine.wdw.options import WdwOptions
from engine.wdw.property_words import WORDS

LEVELLED = ("nahkampf", "fernkampf", "arbeit", "belagerung", "transport", "verteidigung")
"""Strategie 4.3: the properties with levels (each further level costs one RS)."""
FLAT = ("beritten", "marineinfanterie", "immun_extrem", "immun_sturm", "spion", "heerfuehrer")
"""Strategie 4.3: the properties without levels."""
ALIASES = {
    **WORDS,
    "hv": "heimatverteidigung",
    "home_defence": "heimatverteidigung",
}
"""The property words orders read (engine.wdw.property_words), and Heimatverteidigung
without its province."""
ONLY = {
    "beritten": "land",
    "marineinfanterie": "land",
    "spion": "character",
    "heerfuehrer": "character",
}
"""Strategie 4.2-1a, 4.3: properties open to one class only."""


class DesignError(ValueError):
    """A property list the designer cannot use: ``why`` is the catalog's reason key."""

    def __init__(self, why: str, word: str) -> None:
        super().__init__(why)
        self.why = why
        self.word = word


def read_properties(text: str, unit_class: str) -> dict[str, int]:
    """``"Nahkampf 3, Geschwindigkeit 1, Beritten"`` → levels by property (a name
    without a number is level 1; German or English names, some short forms)."""
    found: dict[str, int] = {}
    words = text.replace(",", " ").replace(";", " ").split()
    i = 0
    while i < len(words):
        original = words[i]
        name = ALIASES.get(original.lower(), original.lower())
        if name not in (*LEVELLED, *FLAT, "geschwindigkeit", "heimatverteidigung"):
            raise DesignError("unknown_property", original)
        level = 1
        # isdecimal: the digits int() reads ("Nahkampf ²" names no level)
        if i + 1 < len(words) and words[i + 1].isdecimal():
            level = int(words[i + 1])
            i += 1
        if name in FLAT and level != 1:
            raise DesignError("flat_property", original)
        if name in ONLY and ONLY[name] != unit_class:
            raise DesignError("property_not_allowed", original)
        found[name] = found.get(name, 0) + level
        i += 1
    if not found:
        raise DesignError("no_property", text)
    return found


@dataclass(frozen=True)
class Design:
    """The designer's figures for ``elements`` elements of ``unit_class``."""

    unit_class: str
    elements: int
    properties: tuple[tuple[str, int], ...]
    rs: int
    element_cost: int
    sofort: int
    """Soforrüstung: the whole cost, all of it against the Rüstkapazität (F5)."""
    raising: int
    """Normal raising at RS 1 (against the Rüstkapazität)."""
    training: int
    """Training from RS 1 to ``rs`` (no capacity limit)."""
    months: int
    months_halfyear: int
    bp: int
    range: int
    """Strategie 7.1 with its speed (D21): KF a month off roads; 0 when the game moves by BP."""
    upkeep: int
    upkeep_surcharged: int
    stationing: int
    """Foot-equivalents in the barracks (mounted count 2; F4)."""
    free_immunities: int
    from_rs: int = 0
    """Training an existing unit: its RS now (0: a new unit)."""
    retrain: int = 0
    retrain_months: int = 0


def design(
    unit_class: str,
    elements: int,
    properties: dict[str, int],
    options: WdwOptions,
    *,
    from_rs: int = 0,
) -> Design:
    """F4–F8 for a unit with ``properties`` (D22, D23); ``from_rs``: the RS of a unit
    being trained to them."""
    rs = rs_of(properties, provinces=properties.get("heimatverteidigung", 0))
    each = element_cost(unit_class, rs)
    mounted = bool(properties.get("beritten"))
    surcharged = WdwOptions(upkeep_rs_surcharge=True, income_months=options.income_months)
    plain = WdwOptions(upkeep_rs_surcharge=False, income_months=options.income_months)
    months = training_months(rs)
    done = from_rs or 1
    speed = properties.get("geschwindigkeit", 0)
    return Design(
        unit_class=unit_class,
        elements=elements,
        properties=tuple(sorted(properties.items())),
        rs=rs,
        element_cost=each,
        sofort=each * elements,
        raising=element_cost(unit_class, 1) * elements,
        training=(each - element_cost(unit_class, 1)) * elements,
        months=months,
        months_halfyear=training_months(rs, halfyear=True),
        bp=movement_points(unit_class, speed=speed, mounted=mounted),
        range=speed_range(unit_class, speed, mounted) if options.movement == "ranges" else 0,
        upkeep=upkeep(unit_class, elements, rs, plain),
        upkeep_surcharged=upkeep(unit_class, elements, rs, surcharged),
        stationing=elements * (2 if mounted else 1) if unit_class == "land" else 0,
        free_immunities=rs - 1,
        from_rs=from_rs,
        retrain=max(0, each - element_cost(unit_class, done)) * elements if from_rs else 0,
        retrain_months=max(0, months - training_months(done)) if from_rs else 0,
    )


def render(result: Design, lang: str) -> list[str]:
    """The design in lines (the texts name its fields: ``{design.rs}``)."""
    props = ", ".join(
        say(lang, f"designer.prop.{name}") + ("" if name in FLAT else f" {level}")
        for name, level in result.properties
    )
    unit_class = say(lang, f"class.{result.unit_class}")
    keys = ["head", "cost", "normal", "sofort", "bp", "upkeep", "immunities"]
    if result.range:
        keys.insert(keys.index("bp") + 1, "range")
    if result.from_rs:
        keys.append("retrain")
    return [
        say(lang, f"designer.{key}", design=result, unit_class=unit_class, properties=props)
        for key in keys
    ]
