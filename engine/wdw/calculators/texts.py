"""The words of the calculators: this package's catalog (``locale/<lang>.po``)."""

from __future__ import annotations

from fractions import Fraction

from engine.catalogs import load

TEXTS = load("engine.wdw.calculators")
"""Every text of the calculators."""


def say(lang: str, key: str, **values: object) -> str:
    """The text of ``key`` in ``lang`` (English where the language lacks it)."""
    return TEXTS.say(lang, key, **values)


def number(value: Fraction | int) -> str:
    """An exact value as the reader reads it: whole, or with two decimals."""
    if isinstance(value, int) or value.denominator == 1:
        return str(int(value))
    return f"{float(value):.2f}"
