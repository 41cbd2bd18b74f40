"""SVG to PNG for the mail's map picture, with resvg (the ``resvg`` wheel's binding).

resvg is a Rust renderer shipped inside the wheel: no system library (cairosvg needs
Debian's libcairo, and was no faster here), and faster than matplotlib drew the maps
(docs/performance.md). It reads only the font shipped beside this module (DejaVu Sans,
its licence in ``fonts/``), never the machine's fonts: the same SVG gives the same
pixels on every host.

The font is read once per thread into resvg's font database (:func:`_options`), kept
in memory: given the font as a file, resvg opens and maps it again for every glyph it
lays out, which cost two thirds of a player's picture (docs/performance.md, "Map
pictures"). Once per thread, not per process: the binding's options are bound to the
thread that made them (a use from another thread panics), and the server draws maps in
its worker threads.
"""

from __future__ import annotations

import math
import threading
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from resvg.usvg import Options

FONT = resources.files("mailserver.printouts") / "fonts" / "DejaVuSans.ttf"
SCALE = 0.75
"""The mail's picture at three quarters of the drawing's size (600 pixels wide): the
rasterizer's time grows with the pixels, and the labels stay readable."""
WHITE = (255, 255, 255, 255)


_THREAD = threading.local()


def _options() -> Options:
    """resvg's options with the shipped font as the only one, loaded once per thread."""
    options: Options | None = getattr(_THREAD, "options", None)
    if options is None:
        from resvg import usvg

        options = usvg.Options.default()
        options.load_font_data(FONT.read_bytes())
        options.font_family = "DejaVu Sans"
        _THREAD.options = options
    return options


def rasterize(svg: str) -> bytes:
    """The PNG of ``svg`` at :data:`SCALE` of its own size, on white."""
    import resvg

    tree = resvg.usvg.Tree.from_str(svg, _options())
    width, height = tree.int_size()
    # Rounded half up, as resvg's own zoom does (Python's round would make 580.5 580), and
    # the drawing fills the whole picture, each axis scaled to its rounded size.
    size = (math.floor(width * SCALE + 0.5), math.floor(height * SCALE + 0.5))
    # The affine transform as (a, b, c, d, e, f): x' = a x + b y + c, y' = d x + e y + f.
    transform = (size[0] / width, 0.0, 0.0, 0.0, size[1] / height, 0.0)
    return resvg.render(tree, transform, bg_color=WHITE, bg_size=size)
