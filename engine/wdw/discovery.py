"""The KX discovery question (Strategie 5.1 Tab. 5.1-1 KX, 6.1, Tab. 6.1-1 footnote ²;
design §6 R2): when a hiding unit meets a hostile one that does not ignore it, the GM
rules ``D<n> entdeckt`` or ``D<n> nicht entdeckt`` (the default: it hides). Undiscovered
it passes on as if nobody were there; discovered, the table's row applies and the
finder's realm learns of it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import Ruling

DEFAULT = "nicht entdeckt"
"""The ruling form's default: a hiding unit stays hidden."""


@dataclass(frozen=True)
class Discovery:
    """D<n>: whether the hiding side was discovered."""

    found: bool


def read_discovery(text: str) -> Discovery | None:
    """The verdict of a ``D<n>`` ruling's words, or None when they are not understood."""
    words = " ".join(text.lower().split())
    if words in ("entdeckt", "discovered", "ja", "yes"):
        return Discovery(True)
    if words in ("nicht entdeckt", "unentdeckt", "not discovered", "undiscovered", "nein", "no"):
        return Discovery(False)
    return None


def discovered(given: Sequence[Ruling], item: str) -> bool:
    """The GM found the hiding side of ``item`` (the last ruling on it counts)."""
    found = False
    for ruling in given:
        if ruling.item.upper() == item:
            verdict = read_discovery(ruling.text)
            found = verdict.found if verdict is not None else found
    return found
