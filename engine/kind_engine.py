"""The base of a game kind's engine over the kind's own state class.

The host's :class:`engine.core.Game` hands every method a :class:`~engine.core.State`;
an engine works on its own kind's. :class:`OwnStates` does the check (:meth:`~OwnStates.own`)
and the JSON round trip once, :class:`KindEngine` adds the wrapping of a turn's result, so
that a kind's ``game.py`` holds only what is its own.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable, Mapping
from typing import Generic, Protocol, Self, TypeVar

from engine.core import Event, ForecastAcknowledging, JSONValue, SeatOrders, State, TurnResult
from engine.dice import Dice


class OwnState(State, Protocol):
    """A kind's state class: it reads itself back from its JSON form."""

    @classmethod
    def from_json(cls, data: Mapping[str, JSONValue]) -> Self: ...


S = TypeVar("S", bound=OwnState)


K = TypeVar("K", bound=State)


def state_as(state: State, state_type: type[K]) -> K:
    """``state`` as a ``state_type``, the kind's own state class (a :class:`TypeError` for
    another kind's): the host hands an engine, its bots and its views every state as a
    :class:`~engine.core.State`."""
    if not isinstance(state, state_type):
        raise TypeError(f"not a {state_type.__name__}: {type(state).__name__}")
    return state


class OwnStates(Generic[S]):
    """Base of a kind's engine whose states are ``state_type``'s: the check that a state
    is its own, the JSON round trip."""

    state_type: type[S]

    def own(self, state: State) -> S:
        """``state`` as this kind's (a :class:`TypeError` for another kind's)."""
        return state_as(state, self.state_type)

    def state_from_json(self, data: Mapping[str, JSONValue]) -> S:
        """Inverse of the state's ``to_json``."""
        return self.state_type.from_json(data)


class KindEngine(ForecastAcknowledging, OwnStates[S]):
    """Base of a kind's engine over its own states (:class:`OwnStates`; ``kind``, ``title``:
    the :class:`~engine.core.Game`'s), acknowledging a seat's orders with a forecast, its
    turn one function (:meth:`evaluate`)."""

    kind: str
    title: str

    def run_turn(self, state: State, orders: SeatOrders, dice: Dice) -> TurnResult:
        """The turn :meth:`evaluate` computes, with the log of ``dice``."""
        new, events = self.evaluate(self.own(state), orders, dice)
        return TurnResult(state=new, events=events, rolls=dice.log)

    @abstractmethod
    def evaluate(self, state: S, orders: SeatOrders, dice: Dice, /) -> tuple[S, list[Event]]:
        """The next state after ``state`` and the events the host must act on; players
        missing from ``orders`` sent none (NMR). A kind names its turn function
        (``evaluate = staticmethod(run_turn)``)."""


def web_order_form(lines: Iterable[str], asks: str) -> str:
    """A printout's order form as the web page shows it: ``lines`` without ``asks``, the
    line that asks for the password (the page needs none)."""
    return "\n".join(line for line in lines if line != asks) + "\n"
