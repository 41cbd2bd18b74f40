"""The GM's rulings as the month's finding asks for them (design §4.2; engine.wdw.items
.find_items): each question names its item (``D3``, ``E7``, ``K2``) and reads only the
rulings on it, so the rulings are looked up by item once, not searched for every
question. A caller may keep a :class:`Record` of the questions and their answers in the
order asked: the month is worked out from the state, the orders and these answers
alone, so another set of rulings that answers every question alike gives the same
month, and one that first answers otherwise gives the same month up to that question
(engine.wdw.ruling_mail checks a GM's mail of rulings on few findings of the month)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from engine.core import Ruling
from engine.wdw.appearance import Branch, answered
from engine.wdw.discovery import discovered

T = TypeVar("T")

How = Callable[[Sequence[Ruling]], object]
"""How a question is answered from the rulings on its item (in the order given)."""


def by_item(given: Sequence[Ruling]) -> dict[str, tuple[Ruling, ...]]:
    """The rulings of ``given`` by their item (in capitals, as the month's ids are), each
    item's in the order given: the lookups let the last understood one count."""
    found: dict[str, list[Ruling]] = {}
    for ruling in given:
        found.setdefault(ruling.item.upper(), []).append(ruling)
    return {item: tuple(rulings) for item, rulings in found.items()}


@dataclass(frozen=True)
class Question:
    """One question of a month's finding: its item, the answer it got, and how it is
    answered from the rulings on that item (to ask it again of other rulings)."""

    item: str
    answer: object
    how: How


@dataclass
class Record:
    """The questions of one finding of the month, in the order asked."""

    asked: list[Question] = field(default_factory=list)
    at: dict[str, list[int]] = field(default_factory=dict)
    """Each item's questions by their place in ``asked``; the first is where the month
    came to the item (a meeting's question is asked as it is met)."""

    def add(self, question: Question) -> None:
        """``question`` asked next."""
        self.at.setdefault(question.item, []).append(len(self.asked))
        self.asked.append(question)

    def first_apart(self, item: str, rulings: Sequence[Ruling]) -> int | None:
        """The first place where ``rulings`` on ``item`` answer a question otherwise than
        the recorded answer (None: every one alike)."""
        for place in self.at.get(item, ()):
            question = self.asked[place]
            if question.how(rulings) != question.answer:
                return place
        return None

    def alike(self, rulings: Mapping[str, Sequence[Ruling]]) -> bool:
        """Whether ``rulings`` (by item, :func:`by_item`) answer every question as
        recorded: the month found on them is this finding's own."""
        return all(self.first_apart(item, rulings.get(item, ())) is None for item in self.at)


class Asking:
    """The rulings ``given`` asked by item, each question kept in ``record`` if any."""

    def __init__(self, given: Sequence[Ruling], record: Record | None = None) -> None:
        self._rulings: Mapping[str, Sequence[Ruling]] = by_item(given)
        self._record = record

    def __call__(self, item: str, how: Callable[[Sequence[Ruling]], T]) -> T:
        """The answer of ``how`` on the rulings on ``item``."""
        answer = how(self._rulings.get(item, ()))
        if self._record is not None:
            self._record.add(Question(item, answer, how))
        return answer

    def discovered(self, item: str) -> bool:
        """Whether the GM found the hiding side of the meeting ``item`` (engine.wdw.discovery)."""
        return self(item, lambda rulings: discovered(rulings, item))

    def answered(self, item: str, a: str, b: str) -> Branch | None:
        """The branch of the KT question ``item`` for the row of ``a`` and ``b``
        (engine.wdw.appearance)."""
        return self(item, lambda rulings: answered(rulings, item, a, b))
