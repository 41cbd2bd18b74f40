"""The words of the printouts (Ashes 4): the game's catalog, ``engine/ashes/locale/<lang>.po``.

One catalog for every text of the game (docs/texts.md); the printout's tables are its
sections (``words.title``, ``news.nmr`` …). In the host's mails about an Ashes game it
overlays the host's catalog (``newspaper``: the Galactic Media, Ashes 5.1).
"""

from __future__ import annotations

from engine.catalogs import load

TEXTS = load("engine.ashes")
"""Every text of the game."""

WORDS = TEXTS.section("words.")
"""Single words and lines of the printout."""
NEWS = TEXTS.section("news.")
"""The Galactic Media's items (``News.kind``)."""
REASONS = TEXTS.section("reasons.")
"""Why a player left or the game ended (``News.item``)."""
NOTICES = TEXTS.section("notices.")
"""Private notices to one player (``News.kind``)."""
ORDER_FORM = TEXTS.section("order_form.")
"""The order form at the end of a printout."""
HALL_OF_FAME = TEXTS.section("hall_of_fame.")
"""The final report (Hall of Fame, Ashes 4.5, 7.11) the GM gets at the end of a game."""
SEAT_STATUS = TEXTS.section("seat_status.")
"""How the Hall of Fame names what became of an occupant (``SeatRecord.status``)."""

PRINTOUT_HEADINGS = TEXTS.lines("printout_headings")
"""How the sections of a printout start in every language (``title``, ``pv_head``,
``fleet_head``; also the original program's printouts): a quoted printout in an order mail
is recognised by these lines (``GameKind.printout_headings``)."""
