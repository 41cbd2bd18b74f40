"""Work under way in exact parts of a BWP (D24): a settlement's or a wall's
``progress`` entries ``key=fraction``, whole BWP taken out as they accrue."""

from __future__ import annotations

from fractions import Fraction
from math import floor
from typing import Protocol


class Working(Protocol):
    """Anything with work under way (a settlement, a wall)."""

    progress: list[str]


def progress(place: Working, key: str) -> Fraction:
    """The exact part of a BWP done of the work ``key`` (``abriss:mil`` …)."""
    for entry in place.progress:
        name, _, value = entry.partition("=")
        if name == key:
            return Fraction(value)
    return Fraction(0)


def set_progress(place: Working, key: str, value: Fraction) -> None:
    """Keep the part of a BWP done of ``key`` (none when it is zero)."""
    place.progress = [e for e in place.progress if e.partition("=")[0] != key]
    if value:
        place.progress.append(f"{key}={value}")


def take_whole(place: Working, key: str, rate: Fraction, most: int) -> int:
    """Add this month's ``rate`` to the work ``key`` and take out the whole BWP, at most
    ``most``; what cannot be used is dropped when nothing is left to do."""
    total = progress(place, key) + rate
    whole = min(floor(total), most)
    rest = total - whole
    set_progress(place, key, rest - floor(rest))
    return whole
