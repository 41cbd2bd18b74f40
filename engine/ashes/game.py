"""Ashes of Empire behind the host's contract (:class:`engine.core.Game`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random

from engine.ashes.gnp import gnp_table
from engine.ashes.printout import printout, ruler
from engine.ashes.setup import new_game
from engine.ashes.state import AshesState
from engine.ashes.turn import run_turn
from engine.core import (
    JSONValue,
    Names,
    Order,
    Setup,
    State,
    TurnResult,
)


class AshesGame:
    """The Ashes of Empire rules engine (the order language is ``grammar.ashes``)."""

    kind = "ashes"
    title = "The Ashes of Empire"

    def new_game(self, setup: Setup, rng: Random) -> AshesState:
        """Turn 0, the start position (Ashes 3.2); it needs no chance, ``rng`` is unused."""
        state = new_game(setup)
        state.report.gnp = gnp_table(state)
        return state

    def run_turn(
        self, state: State, orders: Mapping[int, Sequence[Order]], rng: Random
    ) -> TurnResult:
        """Evaluate the next turn (Ashes 7.1-7.11); players missing from ``orders`` are NMR.

        The Galactic Media (articles, the GM's notices at ``orders[NEUTRAL]``, the
        evaluation's notices) is part of the new state and printed in every printout.
        """
        new, events = run_turn(_ashes(state), orders, rng)
        return TurnResult(state=new, events=events)

    def printout(self, state: State, player: int, lang: str) -> str:
        """The printout of ``player`` (0: the game master) for the state's turn."""
        return printout(_ashes(state), player, lang)

    def state_from_json(self, data: Mapping[str, JSONValue]) -> AshesState:
        """Inverse of :meth:`AshesState.to_json`."""
        return AshesState.from_json(data)

    def names(self, state: State, lang: str = "de") -> Names:
        """Ruler names as the printouts show them and the planets' current names."""
        return _names(_ashes(state), lang)


def _names(state: AshesState, lang: str) -> Names:
    return Names(
        rulers={p.number: ruler(state, p.number, lang) for p in state.players},
        places={p.number: p.name for p in state.planets},
    )


def _ashes(state: State) -> AshesState:
    if not isinstance(state, AshesState):
        raise TypeError(f"not an Ashes of Empire state: {type(state).__name__}")
    return state
