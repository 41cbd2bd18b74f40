"""The map picture of a printout: a game's :class:`engine.views.MapView` drawn as PNG.

Drawn with networkx (the layout) and matplotlib (the picture), both pure wheels: no
system library to install on the host, and the same picture on every machine. The
layout is Kamada-Kawai: it places the nodes so that drawn distances follow the game's
own distances (a distance table) or the number of links between them, and it needs no
chance, so a map looks the same every turn and the bytes are reproducible.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Mapping
from typing import TYPE_CHECKING

from engine.views import UNKNOWN, MapPlace, MapView

if TYPE_CHECKING:
    import networkx as nx

SIZE_INCHES = 8.0
DPI = 100
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


def render_map(view: MapView) -> bytes:
    """The PNG picture of ``view``: places in their owners' colours, links, own ships.

    The same view gives the same bytes (no time stamp or version in the file).
    """
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot as plt
    from matplotlib.patches import Patch

    places = sorted(view.places, key=lambda p: p.number)
    positions = layout(
        tuple(p.number for p in places),
        tuple(sorted(view.links)),
        tuple(sorted(view.distances.items())),
    )
    figure, axes = plt.subplots(figsize=(SIZE_INCHES, SIZE_INCHES), dpi=DPI)
    try:
        axes.set_axis_off()
        if view.title:
            # At the top of the axes, where matplotlib would place it: with the axes off
            # nothing is above them to make room for, and a given ``y`` spares the search.
            axes.set_title(view.title, fontsize=11, y=1.0)
        for a, b in view.links:
            if a in positions and b in positions:
                (x1, y1), (x2, y2) = positions[a], positions[b]
                axes.plot([x1, x2], [y1, y2], color="#9e9e9e", linewidth=0.6, zorder=1)
        under_way: dict[int, list[str]] = {}
        for move in view.moves:
            if move.target not in positions:
                continue
            if move.origin in positions:
                axes.annotate(
                    "",
                    xy=positions[move.target],
                    xytext=positions[move.origin],
                    arrowprops={"arrowstyle": "->", "color": "#000000", "lw": 1.2},
                    zorder=2,
                )
            if move.label:
                under_way.setdefault(move.target, []).append(move.label)
        xs = [x for x, _ in positions.values()] or [0.0]
        ys = [y for _, y in positions.values()] or [0.0]
        width, height = (max(xs) - min(xs)) or 1.0, (max(ys) - min(ys)) or 1.0
        dx, dy = 0.015 * width, 0.025 * height
        # Room for the labels right of the rightmost places and below the lowest.
        axes.set_xlim(min(xs) - 0.04 * width, max(xs) + 0.16 * width)
        axes.set_ylim(min(ys) - 0.08 * height, max(ys) + 0.05 * height)
        for target, labels in sorted(under_way.items()):
            x, y = positions[target]
            text = "\n".join(labels[:3]) + (f"\n+{len(labels) - 3}" if len(labels) > 3 else "")
            axes.text(x + dx, y - dy, text, fontsize=5.5, va="top", ha="left", zorder=5)
        # One scatter per marker shape and outline: a call per place costs ten times more.
        groups: dict[tuple[str, bool], list[MapPlace]] = {}
        for place in places:
            shape = "s" if "home" in place.marks else ("X" if "black_hole" in place.marks else "o")
            own = view.viewer > 0 and place.owner == view.viewer
            groups.setdefault((shape, own), []).append(place)
        for (shape, own), group in sorted(groups.items()):
            axes.scatter(
                [positions[p.number][0] for p in group],
                [positions[p.number][1] for p in group],
                s=260 if shape == "s" else 150,
                c=[seat_colour(p.owner) for p in group],
                edgecolors="#000000" if own else "#555555",
                linewidths=2.4 if own else 0.7,
                marker=shape,
                zorder=3,
            )
        fleets = [positions[p.number] for p in places if "fleet" in p.marks]
        if fleets:
            axes.scatter(
                [x for x, _ in fleets],
                [y for _, y in fleets],
                s=30,
                c="#000000",
                marker="^",
                zorder=4,
            )
        for place in places:
            x, y = positions[place.number]
            shift = 1.8 * dx if "home" in place.marks else dx  # clear of the larger square
            axes.text(x + shift, y, place.label, fontsize=6.5, va="bottom", ha="left", zorder=5)
        owners = sorted({p.owner for p in places if p.owner > 0})
        if owners:
            handles = [
                Patch(
                    facecolor=seat_colour(o), edgecolor="#555555", label=view.owners.get(o, str(o))
                )
                for o in owners
            ]
            axes.legend(handles=handles, loc="lower left", fontsize=7, frameon=False)
        figure.subplots_adjust(left=0.02, right=0.98, bottom=0.02, top=0.95)
        out = io.BytesIO()
        figure.savefig(out, format="png", metadata={"Software": None})
        return out.getvalue()
    finally:
        plt.close(figure)


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
