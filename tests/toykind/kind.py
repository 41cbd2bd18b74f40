"""The toy game kinds, as a third party would declare them."""

from __future__ import annotations

from dataclasses import replace
from random import Random

from engine.core import GameKind, MessageRules, State, TurnShape
from tests.toykind.calculators import CalculatingRuledToyGame
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


def _variant(name: str, title: str, shape: TurnShape, messages: MessageRules) -> GameKind:
    """Another toy kind: TOY's engine class, grammar and seats, no bots."""
    return replace(
        TOY, name=name, title=title, engine=ToyGame(), shape=shape, messages=messages, bots=None
    )


TOY_STEPPED = _variant("toy-stepped", "Toy (stepped)", TurnShape.STEPPED, MessageRules())
TOY_GM = _variant(
    "toy-gm",
    "Toy (GM-adjudicated)",
    TurnShape.GM_ADJUDICATED,
    MessageRules(newspaper=False, urgent_dispatches=False),
)
TOY_RULED = replace(
    TOY_GM, name="toy-ruled", title="Toy (GM rules on open items)", engine=CalculatingRuledToyGame()
)
