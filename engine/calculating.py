"""Calculators: forms a game kind offers on its web pages and in the GM's dossier.

A calculator answers a "what if" from the state without changing it (a combat
workbench, an economy forecast, a movement planner …). The host shows each
:class:`CalculatorForm` as a form and prints the kind's plain-text answer; it knows
nothing of what is computed. A player's calculators use only what that player knows;
the GM's (``seat`` None) see everything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from engine.core import State


@dataclass(frozen=True)
class CalculatorField:
    """One input of a calculator's form."""

    name: str
    """The form field's name, the key of the ``params`` handed to :meth:`Calculating.calculate`."""
    label: str
    """What the field is called, in the reader's language."""
    default: str = ""
    choices: tuple[str, ...] = ()
    """The allowed values; empty: free text."""
    choice_labels: tuple[str, ...] = ()
    """What each of ``choices`` is called, in the reader's language (empty: the values
    themselves); the form sends the value."""


@dataclass(frozen=True)
class CalculatorForm:
    """A calculator as its form: a key, a title, a line saying what it answers, the fields."""

    key: str
    title: str
    intro: str
    fields: tuple[CalculatorField, ...]


class CalculatorInputError(ValueError):
    """A calculator's input cannot be used; the message is written for the reader (in
    the language of the call) and names the field and why."""


@runtime_checkable
class Calculating(Protocol):
    """A game engine that offers calculators (optional)."""

    def calculators(self, state: State, seat: int | None, lang: str) -> Sequence[CalculatorForm]:
        """The calculators ``seat`` may use (None: the GM), in ``lang``."""
        ...

    def calculate(
        self,
        state: State,
        seat: int | None,
        key: str,
        params: Mapping[str, str],
        lang: str,
    ) -> str:
        """The plain-text answer of calculator ``key`` for ``params``, computed with
        what ``seat`` knows (None: the GM, everything). Raises
        :class:`CalculatorInputError` for input it cannot use (an unknown key too)."""
        ...
