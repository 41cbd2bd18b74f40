"""The acknowledgement's contract (engine.core): a kind words a seat's whole order list
(``AcknowledgingAll.describe_orders``), or each order alone (``describe_order``), or
leaves it to ``Order.describe`` — ``GameKind.describe_orders`` asks whichever it has."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from random import Random

from engine.core import (
    Acknowledging,
    AcknowledgingAll,
    ForecastAcknowledging,
    Order,
    Outlook,
    PlanetNamer,
    PlayerSetup,
    Setup,
    State,
)
from tests.toykind.engine import Add
from tests.toykind.kind import TOY

ORDERS: list[Order] = [Add(amount=1, line=2), Add(amount=2, line=3)]


class _Wrapping:
    """The toy kind's engine with what a subclass adds: everything else is the toy's."""

    def __init__(self, engine: object) -> None:
        self._engine = engine

    def __getattr__(self, name: str) -> object:
        return getattr(self._engine, name)


class _OneByOne(_Wrapping):
    """A kind's engine written against ``describe_order`` alone (as new kinds may be)."""

    def describe_order(
        self, state: State, seat: int, order: Order, lang: str, place_name: PlanetNamer
    ) -> str:
        assert isinstance(order, Add)
        return f"seat {seat} adds {order.amount}"


class _Whole(_OneByOne):
    """A kind's engine that words the whole list (a running total)."""

    def describe_orders(
        self,
        state: State,
        seat: int,
        orders: Sequence[Order],
        lang: str,
        place_name: PlanetNamer,
    ) -> list[str]:
        total, out = 0, []
        for order in orders:
            assert isinstance(order, Add)
            total += order.amount
            out.append(f"+{order.amount} = {total}")
        return out


class _Forecasting(_Wrapping, ForecastAcknowledging):
    """A kind's engine that forecasts the list (a running total, warned above 2)."""

    def forecast(
        self, state: State, seat: int, orders: Sequence[Order], lang: str
    ) -> list[Outlook]:
        total, out = 0, []
        for order in orders:
            assert isinstance(order, Add)
            total += order.amount
            out.append(Outlook(forecast=str(total), warnings=["over 2"] if total > 2 else []))
        return out

    def warned(self, text: str, warnings: list[str], lang: str) -> str:
        return " ! ".join([text, *warnings])


def _state() -> State:
    setup = Setup(game=1, players=[PlayerSetup(1), PlayerSetup(2)])
    return TOY.engine.new_game(setup, Random(1))


def test_a_kind_without_acknowledging_words_each_order_itself() -> None:
    assert TOY.acknowledging is None
    assert TOY.describe_orders(_state(), 1, ORDERS, "en", str) == ["Add 1", "Add 2"]


def test_a_kind_with_describe_order_alone_keeps_working_order_by_order() -> None:
    engine = _OneByOne(TOY.engine)
    kind = dataclasses.replace(TOY, engine=engine)  # type: ignore[arg-type]
    assert isinstance(engine, Acknowledging) and not isinstance(engine, AcknowledgingAll)
    assert kind.describe_orders(_state(), 2, ORDERS, "en", str) == [
        "seat 2 adds 1",
        "seat 2 adds 2",
    ]


def test_a_kind_that_words_the_whole_list_is_asked_for_it() -> None:
    engine = _Whole(TOY.engine)
    kind = dataclasses.replace(TOY, engine=engine)  # type: ignore[arg-type]
    assert isinstance(engine, AcknowledgingAll)
    assert kind.describe_orders(_state(), 2, ORDERS, "en", str) == ["+1 = 1", "+2 = 3"]


def test_a_forecasting_kind_words_each_order_with_its_forecast_and_warnings() -> None:
    engine = _Forecasting(TOY.engine)
    kind = dataclasses.replace(TOY, engine=engine)  # type: ignore[arg-type]
    assert isinstance(engine, AcknowledgingAll)
    said = kind.describe_orders(_state(), 1, ORDERS, "en", str)
    assert said == ["Add 1 → 1", "Add 2 → 3 ! over 2"]
    # Alone, an order is the list of that one order: nothing before it counts.
    assert engine.describe_order(_state(), 1, ORDERS[1], "en", str) == "Add 2 → 2"
