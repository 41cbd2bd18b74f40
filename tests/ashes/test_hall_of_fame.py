"""The final report (Hall of Fame) of a finished game.

The snapshots were produced once by the host's ``hall_of_fame_body`` as it was before
the report moved into the engine (commit 97cf68c), from the same game and seats: the
engine's ``final_report`` must give the same bytes.
"""

from __future__ import annotations

import pytest

from engine.ashes.game import AshesGame
from engine.ashes.state import AshesState
from engine.core import Event, Game, SeatRecord
from tests.ashes.bots import new_standard_game, recorded_game, recorded_turn
from tests.ashes.snapshot import check_snapshot

SEATS = (
    SeatRecord(1, "ming@example.org", "active"),
    SeatRecord(2, "old2@example.org", "replaced", 5),
    SeatRecord(2, "new2@example.org", "active"),
    SeatRecord(3, "c@example.org", "dropped", 7),
    SeatRecord(4, "d@example.org", "resigned", 12),
    SeatRecord(5, "e@example.org", "eliminated", 20),
    SeatRecord(6, "f@example.org", "dropped", 9),
    SeatRecord(6, "f2@example.org", "active", 28),
    SeatRecord(7, "g@example.org", "active"),
    SeatRecord(8, "h@example.org", "active"),
)


@pytest.fixture(scope="module")
def finished() -> tuple[AshesState, Event]:
    """Game 227 (seed 3) to its end with the order mails eight bots once wrote for it;
    player 1 gets a long ruler name."""
    game = recorded_game("game227-seed3-to-the-end.txt")
    state = new_standard_game(seed=3)
    over: list[Event] = []
    while not state.finished:
        state, events = recorded_turn(state, game)
        over += [e for e in events if isinstance(e, Event) and e.kind == "game_over"]
    state.player(1).ruler = "Kaiserin Ming die Grausame von Mongo"
    assert len(over) == 1
    return state, over[0]


@pytest.mark.parametrize("lang", ["de", "en"])
def test_hall_of_fame_snapshot(finished: tuple[AshesState, Event], lang: str) -> None:
    game: Game = AshesGame()
    state, event = finished
    check_snapshot(f"hall-of-fame-{lang}.txt", game.final_report(state, event, SEATS, lang))


def test_hall_of_fame_without_anybody_gone(finished: tuple[AshesState, Event]) -> None:
    state, event = finished
    stayed = [s for s in SEATS if s.left_turn is None and s.status == "active"]
    text = AshesGame().final_report(state, event, stayed, "de")
    check_snapshot("hall-of-fame-nobody-left-de.txt", text)
    assert "Ausgeschiedene" not in text
