"""The words of the calculators: this package's catalog (``locale/<lang>.po``)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from math import floor

from engine.catalogs import Text, filled, load

TEXTS = load("engine.wdw.calculators")
"""Every text of the calculators."""


@lru_cache(maxsize=1024)
def _entry(lang: str, key: str) -> Text:
    # The dossier words thousands of lines: each entry is looked up once.
    return TEXTS.entry(lang, key)


def say(lang: str, key: str, **values: object) -> str:
    """The text of ``key`` in ``lang`` (English where the language lacks it; a plural in
    the form for its count)."""
    return filled(_entry(lang, key), values)


def number(value: Fraction | int, lang: str) -> str:
    """An exact value as the reader reads it: whole, or with two decimals rounded half
    up (exactly, never through a float) and the language's decimal point (``2,50``)."""
    if isinstance(value, int) or value.denominator == 1:
        return str(int(value))
    cents = str(floor(abs(value) * 100 + Fraction(1, 2))).rjust(3, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{cents[:-2]}{say(lang, 'decimal_point')}{cents[-2:]}"
