"""The toy game kinds, as a third party would declare them."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from engine.core import GameKind, MessageRules, State, TurnShape
from tests.toykind.engine import HEADING, ToyGame


class ToyBots:
    """Every bot adds its seat number."""

    def orders(self, state: State, seat: int, rng: Random) -> list[str]:
        return [f"ADD {seat + rng.randint(0, 2)}"]


TOY = GameKind(
    name="toy",
    title="Toy",
    engine=ToyGame(),
    grammar="tests.toykind.grammar",
    min_players=2,
    max_players=6,
    messages=MessageRules(urgent_postage_cents=50),
    printout_headings=(HEADING,),
    bots=ToyBots(),
)
# the other toy kinds share TOY's engine class, grammar and seats; they have no bots
TOY_STEPPED = replace(
    TOY,
    name="toy-stepped",
    title="Toy (stepped)",
    engine=ToyGame(),
    shape=TurnShape.STEPPED,
    messages=MessageRules(),
    bots=None,
)
TOY_GM = replace(
    TOY,
    name="toy-gm",
    title="Toy (GM-adjudicated)",
    engine=ToyGame(),
    shape=TurnShape.GM_ADJUDICATED,
    messages=MessageRules(newspaper=False, urgent_dispatches=False),
    bots=None,
)
