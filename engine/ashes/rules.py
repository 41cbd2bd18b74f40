"""Numbers of the rulebook that several phases share (costs, bounds, thresholds)."""

from __future__ import annotations

from fractions import Fraction

from engine.ashes.state import Options

# Ashes 6.1.1-6.1.8: A needed to build one item (OP: see op_cost, errata 1 of the data README)
A_COST: dict[str, int] = {
    "PDU": 15,
    "FP": 5,
    "OP": 4,
    "RP": 10,
    "FY": 15,
    "TY": 20,
    "FI": 10,
    "TR": 20,
}
# Ashes 6.1.7, 6.1.8: goods for one ship (FUEL, ORE, RARE)
SHIP_GOODS: dict[str, tuple[int, int, int]] = {"FI": (1, 1, 3), "TR": (2, 3, 1)}

STORAGE_PER_PLANT = 10  # Ashes 4.4.5
PM_HOME, PM_COLONY = 150, 100  # Ashes 4.4.2
PM_GROWTH, PM_MAX = 10, 250  # Ashes 4.4.2
PM_AFTER_CHANGE = 50  # Ashes 4.4.2: conquest or revolution
PR_MAX60 = 150  # Ashes 4.4.3: PR at most 2.5 = 150/60
GIP_PER_A, GIP_PER_PR = 40, 200  # Ashes 4.4.1
MORALE_MIN, MORALE_MAX = 5000, 15000  # Ashes 6.2.5: 50 % .. 150 % in hundredths
MORALE_REGEN_BELOW, MORALE_REGEN = 9500, 500  # Ashes 6.2.5: +5 a turn below 95 %
MORALE_STEP = 100  # Ashes 6.2.5: one percent point
AD_MAX = Fraction(5, 2)  # Ashes 6.2.3
SPY_COST = 7  # Ashes 6.3.4
ESCORT_PER_TR = 5  # Ashes 6.1.8


def a_cost(item: str, options: Options) -> int:
    """A to build one ``item`` (Ashes 6.1; OP per the rule option ``op_cost``)."""
    return options.op_cost if item == "OP" else A_COST[item]


def pr(pr60: int) -> Fraction:
    """The production rate as an exact fraction (PR is a multiple of 1/60)."""
    return Fraction(pr60, 60)
