"""The words of the board game (``engine/ashes_board/locale/<lang>.po``, docs/texts.md)."""

from __future__ import annotations

from engine.catalogs import load

TEXTS = load("engine.ashes_board")
"""Every text of the kind."""

WORDS = TEXTS.section("words.")
"""Units, goods, relations: the pieces the other texts are made of."""
ORDERS = TEXTS.section("orders.")
"""The orders in plain words (the acknowledgement's echo)."""
REPORT = TEXTS.section("report.")
"""The lines of the round's report (``Line.key``)."""
PRINT = TEXTS.section("print.")
"""The headings and rows of the printout."""
