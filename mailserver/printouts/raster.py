"""SVG to PNG for the mail's map picture, with resvg (the ``resvg-py`` wheel).

resvg is a Rust renderer shipped inside the wheel: no system library (cairosvg needs
Debian's libcairo, and was no faster here), and faster than matplotlib drew the maps
(docs/performance.md). It reads only the font shipped beside this module (DejaVu Sans,
its licence in ``fonts/``), never the machine's fonts: the same SVG gives the same
pixels on every host.
"""

from __future__ import annotations

from importlib import resources

FONT = resources.files("mailserver.printouts") / "fonts" / "DejaVuSans.ttf"
SCALE = 0.75
"""The mail's picture at three quarters of the drawing's size (600 pixels wide): the
rasterizer's time grows with the pixels, and the labels stay readable."""


def rasterize(svg: str) -> bytes:
    """The PNG of ``svg`` at :data:`SCALE` of its own size, on white."""
    import resvg_py

    with resources.as_file(FONT) as font:
        png: bytes = resvg_py.svg_to_bytes(
            svg_string=svg,
            background="#ffffff",
            zoom=SCALE,
            skip_system_fonts=True,
            font_files=[str(font)],
            font_family="DejaVu Sans",
            sans_serif_family="DejaVu Sans",
        )
    return png
