"""engine.kind_engine.state_as: an engine and its bots take only their own kind's state
(the host hands them every state as an engine.core.State)."""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

import pytest

from engine.core import GameKind, JSONValue
from engine.registry import kinds


@dataclass
class Foreign:
    """A state of no kind."""

    game: int = 7
    turn: int = 0
    seed: int = 0

    def to_json(self) -> dict[str, JSONValue]:
        return {}


@pytest.mark.parametrize("kind", kinds(), ids=lambda k: k.name)
def test_an_engine_and_its_bots_refuse_a_state_of_another_kind(kind: GameKind) -> None:
    with pytest.raises(TypeError, match=r"^not a \w+State: Foreign$"):
        kind.engine.printout(Foreign(), 1, "en")
    assert kind.bots is not None
    with pytest.raises(TypeError, match=r"^not a \w+State: Foreign$"):
        kind.bots.orders(Foreign(), 1, Random(0))
