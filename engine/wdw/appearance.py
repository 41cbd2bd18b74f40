"""The GM's answers to the KT question (Strategie 5.1-1 KT, 6.1, Tab. 6.1-1; D7): when a
row asks who *appears* superior, the GM rules ``E<n> A überlegen``, ``B überlegen`` or
``beide überlegen``, and the row's branch for that answer is what the units do — one
side retreats and the other goes on, or they fight as the row the answer points to.

``beide überlegen`` means that the KT side sees itself as superior (Tab. 6.1-1 KT ⇔ KT:
"Sehen beide sich selbst als überlegen"); in a row where only the KT side judges, it is
the answer that the KT side does not give way. An unanswered question holds both sides
and keeps the row's combat open, as the row reads before the GM has ruled.

The answer is an input of the day timeline (like the ``D`` answers): the side that goes
on meets who is further on its path, so the items after it may change."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import Ruling
from engine.wdw.tables import Outcome, encounter


@dataclass(frozen=True)
class Appearance:
    """E<n>: who appears superior in a KT encounter (Tab. 6.1-1)."""

    superior: str
    """``a``, ``b`` or ``both``."""


@dataclass(frozen=True)
class Branch:
    """What the table sides A and B do after the GM's answer: the row that applies (the
    question's own row, or the row a fight goes by), whether they fight, whether each
    stops in the field, and whether each retreats (before a combat, Strategie 6.1)."""

    outcome: Outcome
    fight: bool
    held: tuple[bool, bool]
    back: tuple[bool, bool]


# The branches of Tab. 6.1-1's KT rows: "A" retreats and B goes on, "B" the other way
# round, "A bleibt" A retreats while B stays, or the pair of main orders the fight goes by
# ("sonst wie KA ⇔ KV").
_Then = str | tuple[str, str]
_ROWS: dict[tuple[str, str], dict[str, _Then]] = {
    ("KN", "KT"): {"a": "B", "b": ("KN", "KA"), "both": ("KN", "KA")},
    ("KA", "KT"): {"a": "B", "b": ("KA", "KA"), "both": ("KA", "KA")},
    ("KT", "KT"): {"a": "B", "b": "A", "both": ("KA", "KA")},
    ("KT", "KV"): {"a": ("KA", "KV"), "b": "A", "both": ("KA", "KV")},
    ("KT", "KI"): {"a": "B", "b": "A", "both": "B"},
    ("KT", "KX"): {"a": "B", "b": "A", "both": "B"},
    ("KT", "KH"): {"a": ("KA", "KH"), "b": "A bleibt", "both": ("KA", "KH")},
}
_GIVE_WAY = {
    "A": ((True, False), (True, False)),
    "B": ((False, True), (False, True)),
    "A bleibt": ((True, True), (True, False)),
}


def branch(a: str, b: str, superior: str) -> Branch:
    """Strategie 6.1, Tab. 6.1-1: the branch of the KT row for table sides with main
    orders ``a`` and ``b`` (as the table lists them) when ``superior`` (``a``, ``b``,
    ``both``) appears superior."""
    question, _ = encounter(a, b)
    then = _ROWS[(a, b)][superior]
    if isinstance(then, tuple):
        row, _ = encounter(*then)
        return Branch(row, True, (True, True), (False, False))
    held, back = _GIVE_WAY[then]
    return Branch(question, False, held, back)


def read_appearance(text: str) -> Appearance | None:
    """The verdict of an ``E<n>`` ruling's words, or None when they are not understood."""
    words = text.lower().replace(",", " , ").split()[:2]
    if words in (["a", "überlegen"], ["a", "superior"], ["b", "unterlegen"]):
        return Appearance("a")
    if words in (["b", "überlegen"], ["b", "superior"], ["a", "unterlegen"]):
        return Appearance("b")
    if words in (["beide", "überlegen"], ["both", "superior"]):
        return Appearance("both")
    return None


def answered(given: Sequence[Ruling], item: str, a: str, b: str) -> Branch | None:
    """The branch the GM's answer on ``item`` gives the row of ``a`` and ``b`` (the last
    ruling on it counts), or None while it is not answered."""
    found = None
    for ruling in given:
        if ruling.item.upper() == item:
            found = read_appearance(ruling.text) or found
    return None if found is None else branch(a, b, found.superior)
