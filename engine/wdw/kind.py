"""The kind ``wdw`` as the host knows it (engine.core.GameKind)."""

from __future__ import annotations

from engine.core import GameKind, MessageRules, TurnShape
from engine.wdw.bots import WdwBots
from engine.wdw.game import WdwGame
from engine.wdw.options import GM_OPTIONS
from engine.wdw.setup import SCENARIOS
from engine.wdw.texts import TEXTS

WDW = GameKind(
    name="wdw",
    title="Welt der Waben",
    engine=WdwGame(),
    grammar="grammar.wdw",
    min_players=2,
    max_players=3,
    demo_players=3,  # the sample map holds three realms
    gm_options=GM_OPTIONS,  # docs/rules-wdw.md, "GM options"
    scenarios=SCENARIOS,
    shape=TurnShape.GM_ADJUDICATED,
    # D30: urgent dispatches are off unless the GM allows them.
    messages=MessageRules(urgent_dispatches=False),
    texts=TEXTS,
    printout_headings=("=== Welt der Waben",),
    bots=WdwBots(),
)
