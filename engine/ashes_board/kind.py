"""The board-game Ashes of Empire as a game kind: everything the host needs, in one object."""

from __future__ import annotations

from engine.ashes_board.bots import BoardBots
from engine.ashes_board.game import BoardGame
from engine.ashes_board.setup import FREE, MAX_PLAYERS, MIN_PLAYERS, SCENARIOS
from engine.ashes_board.state import Options
from engine.ashes_board.texts import TEXTS
from engine.core import MessageRules, kind_of

ASHES_BOARD = kind_of(
    BoardGame(),
    "grammar.ashes_board",
    (MIN_PLAYERS, MAX_PLAYERS),
    Options(),  # the rule options and their defaults (docs/rules-ashes-board.md)
    scenarios=(*SCENARIOS, FREE),
    messages=MessageRules(newspaper=True, urgent_dispatches=True),
    texts=TEXTS,
    printout_headings=TEXTS.lines("printout_headings"),
    bots=BoardBots(),
    demo_players=2,  # two players start scenario I (decision D-13); --players 6: free
)
"""The board game's kind (listed in ``engine.registry.KINDS``)."""
