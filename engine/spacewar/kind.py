"""Spacewar I as a game kind: everything the host needs to know, in one object."""

from __future__ import annotations

from engine.core import MessageRules, TurnShape, kind_of
from engine.spacewar.bots import SpacewarBots
from engine.spacewar.game import SpacewarGame
from engine.spacewar.state import Options
from engine.spacewar.texts import PRINTOUT_HEADINGS, TEXTS

SPACEWAR = kind_of(
    SpacewarGame(),
    "grammar.spacewar",
    (2, 2),
    Options(),  # the rule options and their defaults (docs/rules-spacewar.md, "Rule options")
    demo_players=2,  # the game is for two
    scenarios=("standard",),
    shape=TurnShape.STEPPED,
    # Two players: no newspaper, secret messages and urgent dispatches only.
    messages=MessageRules(newspaper=False, urgent_dispatches=True),
    texts=TEXTS,
    printout_headings=PRINTOUT_HEADINGS,
    bots=SpacewarBots(),
)
"""The Spacewar game kind (listed in ``engine.registry.KINDS``)."""
