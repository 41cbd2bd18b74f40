"""Where the places of a map go, and their colours.

The layout is networkx's Kamada-Kawai (a pure wheel, with scipy): it places the nodes so
that drawn distances follow the game's own distances (a distance table) or the number of
links between them, and it needs no chance, so a map looks the same every turn and the
bytes are reproducible.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING

from engine.views import UNKNOWN

if TYPE_CHECKING:
    import networkx as nx

PALETTE = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#ff7f0e",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#17becf",
    "#bcbd22",
    "#7f7f7f",
    "#393b79",
    "#ad494a",
    "#637939",
    "#8c6d31",
    "#843c39",
)
"""One colour per seat (seat 1 the first); nobody's places white, unknown ones grey."""
NOBODY_COLOUR = "#ffffff"
UNKNOWN_COLOUR = "#d9d9d9"

Positions = Mapping[int, tuple[float, float]]


def seat_colour(owner: int) -> str:
    """The colour of a seat's places (and of nobody's and unknown ones)."""
    if owner == UNKNOWN:
        return UNKNOWN_COLOUR
    if owner <= 0:
        return NOBODY_COLOUR
    return PALETTE[(owner - 1) % len(PALETTE)]


@functools.lru_cache(maxsize=64)
def layout(
    nodes: tuple[int, ...],
    links: tuple[tuple[int, int], ...],
    distances: tuple[tuple[tuple[int, int], int], ...],
) -> Positions:
    """Positions for ``nodes``: by ``distances`` when given, else by the links.

    Cached: a game's map keeps its shape from turn to turn, and laying out is most of the
    time a picture takes.
    """
    import networkx as nx

    graph: nx.Graph[int] = nx.Graph()
    graph.add_nodes_from(nodes)
    if distances:
        dist: dict[int, dict[int, float]] = {n: {} for n in nodes}
        for (a, b), d in distances:
            if a in dist and b in dist:
                # Distance class 0 still keeps two planets apart.
                dist[a][b] = dist[b][a] = float(d) + 1.0
        raw = nx.kamada_kawai_layout(graph, dist=dist, pos=nx.circular_layout(graph))
        return {int(n): (float(x), float(y)) for n, (x, y) in raw.items()}
    graph.add_edges_from((a, b) for a, b in links if a in graph and b in graph)
    return _by_components(graph)


def _by_components(graph: nx.Graph[int]) -> dict[int, tuple[float, float]]:
    """Kamada-Kawai per connected part, the parts packed in rows, each drawn at a size
    that grows with its number of places (a player's known worlds need not hang
    together, and a large part must not shrink to the size of a lone world)."""
    import networkx as nx

    parts = sorted((sorted(c) for c in nx.connected_components(graph)), key=lambda c: (-len(c), c))
    sides = [len(part) ** 0.5 for part in parts]
    row_width = max(max(sides, default=1.0), sum(s * s for s in sides) ** 0.5 * 1.3)
    positions: dict[int, tuple[float, float]] = {}
    x = y = row_height = 0.0
    for part, side in zip(parts, sides, strict=True):
        if x > 0 and x + side > row_width:
            x, y, row_height = 0.0, y - row_height - 0.4, 0.0
        local: dict[int, tuple[float, float]] = {part[0]: (0.0, 0.0)}
        if len(part) > 1:
            sub = graph.subgraph(part)
            raw = nx.kamada_kawai_layout(sub, pos=nx.circular_layout(sub))
            local = {int(n): (float(px), float(py)) for n, (px, py) in raw.items()}
        for n, (px, py) in local.items():
            positions[n] = (x + side / 2 * (1 + px), y - side / 2 * (1 - py))
        x += side + 0.4
        row_height = max(row_height, side)
    return positions
