"""The map of a printout: a game's :class:`engine.views.MapView` drawn once as SVG
(:mod:`mailserver.printouts.map_svg`), shown as it is on the web page and rasterized to
PNG for the mail (:mod:`mailserver.printouts.raster`).

Only the view reaches the drawing, so the map is generic over game kinds: a kind that
provides a ``MapView`` gets both pictures, legend and the web page's pointing included.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.views import MapView
from mailserver.printouts.map_svg import legend, map_svg, swatch
from mailserver.printouts.raster import rasterize


def render_map(view: MapView) -> bytes:
    """The PNG picture of ``view`` for the mail, its legend below the map.

    The same view gives the same bytes (no time stamp or version in the file).
    """
    return rasterize(map_svg(view))


@dataclass(frozen=True)
class WebMap:
    """The map as the web page shows it: the SVG to inline, and the legend as text
    beside it (each entry's symbol a small SVG, the meaning in the reader's language)."""

    svg: str
    legend: tuple[tuple[str, str], ...]
    """(symbol as SVG, meaning) per entry; a symbol is empty for a note."""


def web_map(view: MapView) -> WebMap:
    """The web page's map of ``view``: the same drawing as the mail's, its legend as
    text (readable on a phone, where the drawing is shrunk to the screen)."""
    entries = legend(view)
    return WebMap(
        svg=map_svg(view, with_legend=False),
        legend=tuple((swatch(e) if e.symbol != "note" else "", e.text) for e in entries),
    )
