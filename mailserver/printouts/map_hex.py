"""Where the fields of a hex map go in the drawing (a :class:`engine.views.MapView` with
``hexes``): pointy-top hexes, odd rows shifted half a hex to the right, sized so the
widest row fills the drawing's width, and where a side of a hex runs. Pure geometry:
the same view, the same numbers, written the same way (:func:`num`)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

ROOT3 = math.sqrt(3)
LARGEST = 48.0
"""The largest hex radius: a small map is not blown up to the whole width."""


@dataclass(frozen=True)
class HexGrid:
    """The hexes' centres in the drawing, by place, and their common radius."""

    centres: dict[int, tuple[float, float]]
    radius: float

    @property
    def bottom(self) -> float:
        """The lowest point of the lowest hex."""
        return max((y for _, y in self.centres.values()), default=0.0) + self.radius


def hex_grid(
    hexes: Mapping[int, tuple[int, int]], left: float, top: float, width: float
) -> HexGrid:
    """The centres of ``hexes`` (place → column, row) in a box ``width`` wide whose
    top left corner is (``left``, ``top``); the grid starts at its first used column
    and row (moved by an even number of rows, so odd rows stay the shifted ones)."""
    if not hexes:
        return HexGrid({}, LARGEST)
    first_col = min(c for c, _ in hexes.values())
    rows = [r for _, r in hexes.values()]
    first_row = min(rows) - min(rows) % 2
    columns = max(c for c, _ in hexes.values()) - first_col + 1
    radius = min(LARGEST, width / (ROOT3 * (columns + 0.5)))
    centres = {}
    for place, (col, row) in hexes.items():
        shift = 0.5 if row % 2 else 0.0
        x = left + ROOT3 * radius * (col - first_col + shift + 0.5)
        y = top + radius + 1.5 * radius * (row - first_row)
        centres[place] = (round(x, 1), round(y, 1))
    return HexGrid(centres, radius)


def num(value: float) -> str:
    """A coordinate or size as the drawing writes it: one decimal at most, no trailing
    zeros (the same view, the same bytes)."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def hex_corners(x: float, y: float, radius: float) -> list[tuple[float, float]]:
    """The six corners of the pointy-top hex around (``x``, ``y``), the top one first."""
    return [
        (
            round(x + radius * math.cos(math.radians(90 - 60 * i)), 1),
            round(y - radius * math.sin(math.radians(90 - 60 * i)), 1),
        )
        for i in range(6)
    ]


def side_ends(x: float, y: float, radius: float, side: int) -> tuple[tuple[float, float], ...]:
    """The two corners of ``side`` (1 the upper right, the others clockwise, as
    :class:`engine.views.MapEdge` numbers them) of the hex around (``x``, ``y``)."""
    corners = hex_corners(x, y, radius)
    return corners[side - 1], corners[side % 6]


def side_middle(x: float, y: float, radius: float, side: int) -> tuple[float, float]:
    """The middle of ``side`` of the hex around (``x``, ``y``): where a line through the
    hex meets the neighbour's on that side."""
    (x1, y1), (x2, y2) = side_ends(x, y, radius, side)
    return round((x1 + x2) / 2, 1), round((y1 + y2) / 2, 1)
