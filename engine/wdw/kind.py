"""The kind ``wdw`` as the host knows it (engine.core.GameKind)."""

from __future__ import annotations

from engine.core import GameKind, MessageRules, TurnShape
from engine.wdw.bots import WdwBots
from engine.wdw.game import WdwGame
from engine.wdw.setup import SCENARIOS
from engine.wdw.texts import TEXTS

WDW = GameKind(
    name="wdw",
    title="Welt der Waben",
    engine=WdwGame(),
    grammar="grammar.wdw",
    min_players=2,
    max_players=3,
    gm_options=frozenset(
        {
            "map",
            "into_white",
            "training_halfyear",
            "upkeep_rs_surcharge",
            "espionage",
            "g_max_active",
            "bukaz_display",
            "income_months",
            "max_rounds",
            "min_size_land",
            "min_size_mounted",
            "sight_radius",
            "bwp_cost_normal",
            "bwp_cost_schwer",
            "bwp_cost_extrem",
            "allied_meeting",
            "show_odds",
        }
    ),
    scenarios=SCENARIOS,
    shape=TurnShape.GM_ADJUDICATED,
    # D30: urgent dispatches are off unless the GM allows them.
    messages=MessageRules(urgent_dispatches=False),
    texts=TEXTS,
    printout_headings=("=== Welt der Waben",),
    bots=WdwBots(),
)
