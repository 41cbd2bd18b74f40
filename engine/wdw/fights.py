"""A combat's verdict and its days on the timeline (Strategie 6.2): the GM's ``K<n>``
words read (``Sieger A|B|Reich n|keiner; Runden n; Verluste …``), and what the verdict makes of
the fight's days — four days a round ("Für eine Kampfrunde werden vier Tage im Sinne der
Bewegungsregel gerechnet"), the units held in the field until the last round ends, and
then the winner's units going on along their paths (engine.wdw.contacts)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import ceil

from engine.core import Ruling

ROUND_DAYS = 4
"""Strategie 6.2: a round of combat takes four days of the movement rule."""

_LOSS_RE = re.compile(r"^(\d+)/(\d+)\s*-\s*(\d+)$")


@dataclass(frozen=True)
class Combat:
    """K<n>: the winner (``a``, ``b``, a realm's seat in digits — Strategie 6.2 "Kämpfe
    mit mehr als zwei Parteien": the party of that realm —, or ``none``: no fight), each
    unit's losses, and the rounds fought when the GM names them (None: as many as the BP
    allow, F9)."""

    winner: str
    losses: tuple[tuple[str, int], ...] = ()
    rounds: int | None = None


def read_combat(text: str) -> Combat | None:
    """The verdict of a ``K<n>`` ruling's words, or None when they are not understood."""
    winner = ""
    rounds: int | None = None
    losses: list[tuple[str, int]] = []
    for part in (p.strip() for p in text.split(";") if p.strip()):
        head, _, rest = part.partition(" ")
        head = head.lower()
        if head in ("sieger", "winner"):
            winner = _winner(rest)
            if not winner:
                return None
        elif head in ("runden", "rounds"):
            if not rest.strip().isdigit():
                return None
            rounds = int(rest.strip())
        elif head in ("verluste", "losses"):
            if rest.strip().lower() in ("keine", "none"):
                continue
            for loss in rest.split(","):
                match = _LOSS_RE.match(loss.strip())
                if not match:
                    return None
                losses.append((f"{int(match[1])}/{int(match[2])}", int(match[3])))
        else:
            return None
    return Combat(winner, tuple(losses), rounds) if winner else None


def _winner(words: str) -> str:
    """``A``, ``B``, ``keiner`` (``none``), or a party by one of its realms: ``Reich 3``
    (``realm 3``, or the bare seat); "" when not understood."""
    said = words.lower().split()
    if len(said) == 2 and said[0] in ("reich", "realm"):
        said = said[1:]
    if len(said) != 1:
        return ""
    word = said[0]
    if word.isdecimal() and int(word) > 0:  # isdecimal: the digits int() reads
        return str(int(word))
    return {"a": "a", "b": "b", "keiner": "none", "none": "none"}.get(word, "")


def winning_realm(verdict: Combat | None, table_a: int, table_b: int) -> int:
    """The realm whose party won (0: nobody, or no verdict yet): table side A's or B's,
    or the realm the GM named (Strategie 6.2, more than two parties)."""
    if verdict is None or verdict.winner == "none":
        return 0
    return {"a": table_a, "b": table_b}.get(verdict.winner) or int(verdict.winner)


def combat_verdict(given: Sequence[Ruling], item: str) -> Combat | None:
    """The GM's verdict on the combat ``item`` (the last understood ruling counts), or
    None while there is none."""
    found = None
    for ruling in given:
        if ruling.item.upper() == item:
            found = read_combat(ruling.text) or found
    return found


def fought_rounds(possible: int, verdict: Combat | None) -> int:
    """The rounds a combat takes on the timeline: the GM's ``Runden n`` (never more than
    the BP allow, the ruling's check refuses more), else every round possible (F9, D8)."""
    if verdict is None or verdict.rounds is None:
        return possible
    return min(verdict.rounds, possible)


def fight_end(day: Fraction, rounds: int) -> Fraction:
    """The day a combat met on ``day`` ends after ``rounds`` rounds of four days."""
    return day + ROUND_DAYS * rounds


def going_on(verdict: Combat | None, table_a: int, table_b: int) -> frozenset[int]:
    """The realm whose units go on along their paths after the fight: the winner's
    (Tab. 6.1-1: the loser retreats, or fights to its end; its allies in the fight go on
    with it, engine.wdw.contacts); nobody while the GM has not ruled, or when nobody won
    (both stand, as the meeting held them)."""
    winner = winning_realm(verdict, table_a, table_b)
    return frozenset({winner}) if winner else frozenset()


def joining_round(start: Fraction, day: Fraction) -> int:
    """Strategie 6.2 "Später ankommende Einheiten" (decision here): a unit that arrives
    on ``day`` in a field where a fight began on ``start`` joins from the next round:
    round 1 runs from ``start`` for four days, round 2 from ``start`` + 4, …; a unit
    arriving on a round's first day joins that round."""
    return ceil((day - start) / ROUND_DAYS) + 1
