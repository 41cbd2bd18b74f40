"""The GM's options that change how a unit moves (Strategie 7.1, 4.4; docs/rules-wdw.md
"GM options"), built once from a game's options (``WdwOptions.movement_rules``) and
handed to every reader of a move — the month's legs and interceptions, the
acknowledgement, the forecast, the movement planner and the dossier — so that all of
them count a path alike (engine.wdw.movement)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

MOUNTED_HS3 = ("per_field", "once")
"""Strategie 7.1 "Für Reiter reduziert sich die Reichweite in Höhenstufe 3 um 1 KF": a
rider pays one field more for each HS 3 field it enters (``per_field``), or once a move
(``once``, WDW.md D21)."""


@dataclass(frozen=True)
class MovementRules:
    """How units move in a game: by ranges or by BP (``prices``), and how a rider pays
    for HS 3 (``hs3_once``)."""

    prices: Mapping[str, int] | None = None
    """The BP a field of each terrain costs to enter (movement by BP, Strategie 4.4), or
    None: movement by ranges (Strategie 7.1)."""
    hs3_once: bool = False
    """D21: a rider's one field more at HS 3 is paid once a move, not per field."""

    @property
    def by_bp(self) -> bool:
        """Whether units move by BP (the option ``movement`` ``bp``)."""
        return self.prices is not None

    @property
    def cheapest_field(self) -> int:
        """What entering a field costs at least, whatever field it is: one field of the
        range (Strategie 7.1), by BP the cheapest terrain of the GM's table (4.4). All a
        realm may be told of a step into a field it does not know (D37): less than this
        left, the unit surely stops; more, only the month shows."""
        return 1 if self.prices is None else min(self.prices.values())

    def hs3_charged(self, entered_hs3: bool) -> bool:
        """Strategie 7.1 (D21): whether a rider entering an HS 3 field pays its one field
        more, when it has (``entered_hs3``) or has not entered one earlier this move."""
        return not (self.hs3_once and entered_hs3)


RANGES = MovementRules()
"""The default: movement by ranges, a rider paying for each HS 3 field."""
