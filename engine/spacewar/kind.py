"""Spacewar I as a game kind: everything the host needs to know, in one object."""

from __future__ import annotations

from engine.core import GameKind, MessageRules, TurnShape
from engine.plaindata import to_plain
from engine.spacewar.bots import SpacewarBots
from engine.spacewar.game import SpacewarGame
from engine.spacewar.state import Options
from engine.spacewar.texts import PRINTOUT_HEADINGS, TEXTS

RULE_OPTIONS = to_plain(Options())
"""The rule options and their defaults (docs/rules-spacewar.md, "Rule options")."""

SPACEWAR = GameKind(
    name=SpacewarGame.kind,
    title=SpacewarGame.title,
    engine=SpacewarGame(),
    grammar="grammar.spacewar",
    min_players=2,
    max_players=2,
    demo_players=2,  # the game is for two
    options=RULE_OPTIONS,
    gm_options=frozenset(RULE_OPTIONS),
    scenarios=("standard",),
    shape=TurnShape.STEPPED,
    # Two players: no newspaper, secret messages and urgent dispatches only.
    messages=MessageRules(newspaper=False, urgent_dispatches=True),
    texts=TEXTS,
    printout_headings=PRINTOUT_HEADINGS,
    bots=SpacewarBots(),
)
"""The Spacewar game kind (listed in ``engine.registry.KINDS``)."""
