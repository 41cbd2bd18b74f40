"""The words of the Starweb printouts: the game's catalog, ``engine/starweb/locale/<lang>.po``.

German words are the rulebook's (its THRAWN example and the reference list after it);
English words follow the English 7th edition (section 27 "The Printout"). Remarks on
orders and private notices arrive as codes (``no_gate:W5``); :func:`coded` words them
and shows an unknown code as it is, so a new code never breaks a printout. One catalog
for every text of the game (docs/texts.md); the printout's tables are its sections.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.catalogs import Catalog, load

TEXTS = load("engine.starweb")
"""Every text of the game."""

WORDS = TEXTS.section("words.")
"""Single words and lines of the printout."""
CHARACTERS = TEXTS.section("characters.")
"""The six characters by their rulebook name (Starweb "Die Charaktere"; English rules
section 4)."""
WORLD_FLAGS = TEXTS.section("world_flags.")
"""What happened to a world this turn (``WorldNote.flags``; items 15-19)."""
FLEET_FLAGS = TEXTS.section("fleet_flags.")
"""What a key did or suffered this turn (``FleetNote.flags``; item 22 d-m)."""
REMARKS = TEXTS.section("remarks.")
"""Why an order was not (fully) carried out (``EchoLine.remark``): code -> wording;
``{0}``, ``{1}`` are the code's arguments (``no_gate:W5``), ``{p0}`` … the argument read
as a player's number and shown as his code name."""
BLACK_BOX = TEXTS.section("black_box.")
"""What a game's Black Box does (``Options.black_box``), for the GM."""
NOTICES = TEXTS.section("notices.")
"""Private notices (``PlayerReport.notices``): code -> wording, arguments as in
:data:`REMARKS`; ``{rest}`` is everything after the matched code."""
ORDER_FORM = TEXTS.section("order_form.")
"""The prefilled order section: a header the order grammar reads (game, seat, turn; the
player adds his password as in Ashes) and comment lines as a reminder."""

PRINTOUT_HEADINGS = TEXTS.lines("printout_headings")
"""How the sections of a printout start in every language (``title``, ``contacts_head``,
``scores_head``, ``echo_head``): a pasted printout in an order mail is cut from these lines
on (``GameKind.printout_headings``). The order section's line (:func:`order_section_line`)
is deliberately not one: what follows it is what the player sends back."""


def order_section_line(turn: int, lang: str) -> str:
    """The line opening the order section: ``=== Befehle für Runde 8 ===``."""
    return TEXTS.say(lang, "order_section", turn=turn)


def coded(
    table: Catalog,
    code: str,
    lang: str,
    player_name: Callable[[str], str],
) -> str:
    """A remark, notice or flag code (``name:arg:arg``) worded from ``table``.

    The longest known prefix of the colon-separated parts wins (``black_box:metal``
    before ``black_box``); the remaining parts are the arguments ``{0}``, ``{1}`` …,
    ``{p0}`` … the same read as a player's number and named by ``player_name``, ``{rest}``
    all of them. A code without wording is shown as it is.
    """
    parts = code.split(":")
    for cut in range(len(parts), 0, -1):
        key = ":".join(parts[:cut])
        if key in table:
            args = parts[cut:]
            names = {f"p{i}": player_name(a) for i, a in enumerate(args)}
            try:
                return table.text(lang, key).format(*args, rest=":".join(args), **names)
            except (IndexError, KeyError):
                return code
    return code
