"""Ashes 7.10 The GNP table (Ashes 4.5): twelve categories, ranks with shared places, average."""

from __future__ import annotations

from fractions import Fraction

from engine.ashes.economy import gip
from engine.ashes.state import AshesState, GnpRow

CATEGORIES = ("PL", "FP", "OP", "RP", "FY", "TY", "PDU", "SP", "FI", "TR", "GIP", "PP")


def empire_values(state: AshesState, player: int) -> list[int]:
    """The twelve values of Ashes 4.5 for one empire.

    Ships count wherever they are; cargo ships belong to none.
    """
    own = state.owned(player)
    fleets = [f for f in state.fleets if f.owner == player]
    return [
        len(own),
        sum(p.fp for p in own),
        sum(p.op for p in own),
        sum(p.rp for p in own),
        sum(p.fy for p in own),
        sum(p.ty for p in own),
        sum(p.pdu for p in own),
        sum(p.stock for p in own),
        sum(f.fi for f in fleets),
        sum(f.tr for f in fleets),
        sum(gip(p) for p in own),
        state.player(player).pp,
    ]


def ranks(values: list[int]) -> list[int]:
    """Rank 1 for the highest value; equal values share the better rank (Ashes 4.5)."""
    return [1 + sum(1 for other in values if other > v) for v in values]


def gnp_table(state: AshesState) -> list[GnpRow]:
    """The table of the players still in the game, in player order."""
    players = [p.number for p in state.active()]
    values = [empire_values(state, n) for n in players]
    columns = [ranks([v[i] for v in values]) for i in range(len(CATEGORIES))]
    rows = []
    for row, number in enumerate(players):
        place = [columns[i][row] for i in range(len(CATEGORIES))]
        rows.append(GnpRow(player=number, values=values[row], ranks=place, rank_sum=sum(place)))
    return rows


def gnp(row: GnpRow) -> Fraction:
    """GNP: the average of the twelve ranks (Ashes 4.5); 1 is best."""
    return Fraction(row.rank_sum, len(CATEGORIES))


def leaders(rows: list[GnpRow]) -> list[int]:
    """The players with the best GNP, then most planets (docs/rules-ashes.md)."""
    if not rows:
        return []
    best = min((r.rank_sum, -r.values[0]) for r in rows)
    return [r.player for r in rows if (r.rank_sum, -r.values[0]) == best]
