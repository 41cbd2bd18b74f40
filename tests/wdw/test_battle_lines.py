"""A combat in each side's printout (design §8 "the month", Strategie 6.2): where, the
day, the enemy's strength as seen, its own units and sizes, the outcome, its own losses
and the enemy's as guessed — and nothing of the enemy it could not see."""

from __future__ import annotations

import json

import pytest

from engine.core import NEUTRAL, Ruling
from engine.wdw.state import WdwState
from tests.wdw.helpers import GAME, sample, unit_of
from tests.wdw.test_month import draft

VERDICT = Ruling("K1", "Sieger B; Verluste 1/101 -300, 2/101 -137")
"""Isyrial's 101 (2000) attacks Tharn's 101 (1937 here) in 1/20 on day 20 and loses."""


def fought() -> WdwState:
    state = sample()
    enemy = unit_of(state, 2, 101)
    enemy.size = 1937
    return draft(VERDICT, state=state)


def month_lines(state: WdwState, seat: int, lang: str) -> list[str]:
    text = GAME.printout(state, seat, lang)
    return text.split("\n\n")[-1].splitlines()


@pytest.mark.parametrize(
    ("seat", "lang", "lines"),
    [
        (
            1,
            "de",
            [
                "Kampf in 1/20: verloren.",
                "  Am Tag 20 gegen fremde Truppen von etwa 1900 Elementen; eigene Truppen: 2000 "
                "Elemente (101: 2000).",
                "  Verluste: eigene 300, die des Gegners etwa 140.",
                "Einheit 101 verliert 300 (1700 übrig).",
            ],
        ),
        (
            2,
            "en",
            [
                "Combat in 1/20: won.",
                "  On day 20 against foreign troops of about 2000 elements; own troops: 1937 "
                "elements (101: 1937).",
                "  Losses: own 137, the enemy's about 300.",
                "Unit 101 loses 137 (1800 left).",
            ],
        ),
    ],
)
def test_each_side_reads_where_when_both_strengths_the_outcome_and_the_losses(
    seat: int, lang: str, lines: list[str]
) -> None:
    told = month_lines(fought(), seat, lang)
    start = told.index(lines[0])
    assert told[start : start + len(lines)] == lines


def test_a_combat_without_a_winner_still_tells_the_strengths_and_losses() -> None:
    state = draft(Ruling("K1", "Sieger keiner; Verluste 1/101 -20"))
    told = month_lines(state, 2, "de")
    start = told.index("In 1/20 setzt sich keine Seite durch (kein Sieger).")
    assert told[start + 2] == "  Verluste: eigene 0, die des Gegners etwa 20."


def test_the_loser_reads_nothing_of_the_enemy_it_could_not_see() -> None:
    state = fought()
    printout = GAME.printout(state, 1, "de")
    data = json.dumps(GAME.report_data(state, 1, "de"), ensure_ascii=False)
    # Tharn's 101: its exact size, loss and what is left, its key; and who fought.
    for secret in ("1937", "137", "1800", "2/101"):
        assert secret not in printout, secret
        assert secret not in data, secret
    assert "Tharn" not in printout and "Reich 2" not in printout
    # The GM reads the exact figures of both sides.
    overview = GAME.printout(state, NEUTRAL, "de")
    assert "2: Einheit 101 verliert 137 (1800 übrig)." in overview
