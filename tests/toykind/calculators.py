"""The toy game's calculators (engine.calculating.Calculating), for the host's tests of
the calculator pages: a sum of two numbers, and a forecast of a seat's score after an
addition, which a player may ask only of his own seat (the GM of every seat)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.calculating import CalculatorField, CalculatorForm, CalculatorInputError
from engine.core import State
from tests.toykind.engine import RuledToyGame, ToyState


def _number(params: Mapping[str, str], name: str, lang: str) -> int:
    """A whole number from the form, or the error naming the field."""
    value = params.get(name, "").strip()
    try:
        return int(value)
    except ValueError:
        said = "ist keine ganze Zahl" if lang == "de" else "is not a whole number"
        raise CalculatorInputError(f"{name}: „{value}“ {said}") from None


class ToyCalculators:
    """The calculators of the toy game."""

    def calculators(self, state: State, seat: int | None, lang: str) -> Sequence[CalculatorForm]:
        de = lang == "de"
        return (
            CalculatorForm(
                "sum",
                "Summe" if de else "Sum",
                "Zählt zwei Zahlen zusammen." if de else "Adds two numbers.",
                (CalculatorField("a", "a", "1"), CalculatorField("b", "b", "2")),
            ),
            CalculatorForm(
                "score",
                "Punkte danach" if de else "Score after",
                "Die Punkte eines Platzes nach einer Addition."
                if de
                else "A seat's score after an addition.",
                (
                    CalculatorField("seat", "Platz" if de else "Seat", str(seat or 1)),
                    CalculatorField(
                        "add",
                        "ADD",
                        "5",
                        ("1", "5", "9"),
                        ("eins", "fünf", "neun") if de else ("one", "five", "nine"),
                    ),
                ),
            ),
        )

    def calculate(
        self, state: State, seat: int | None, key: str, params: Mapping[str, str], lang: str
    ) -> str:
        assert isinstance(state, ToyState)
        if key == "sum":
            a, b = _number(params, "a", lang), _number(params, "b", lang)
            return f"{a} + {b} = {a + b}\n"
        if key == "score":
            asked, add = _number(params, "seat", lang), _number(params, "add", lang)
            if asked not in state.scores or seat not in (None, asked):
                said = "unbekannt" if lang == "de" else "unknown"
                raise CalculatorInputError(f"seat: {asked} {said}")
            score = state.scores[asked]
            return f"Seat {asked}: {score} + {add} = {score + add}\n"
        raise CalculatorInputError(f"{key}?")


class CalculatingRuledToyGame(ToyCalculators, RuledToyGame):
    """The ruled toy with its calculators."""
