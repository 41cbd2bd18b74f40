"""The acknowledgement of a whole order list (engine.spacewar.forecast; the host's
AcknowledgingAll): the orders are played in the round's order on a copy of the seat's
position (docs/orders-spacewar.md, "The acknowledgement")."""

from __future__ import annotations

import pytest

from engine.core import AcknowledgingAll
from engine.spacewar.state import SpacewarState
from tests.spacewar.factory import GAME, after_setup, empty_board, fleet, orders, stones


def say(state: SpacewarState, text: str, lang: str = "en", seat: int = 1) -> list[str]:
    return GAME.describe_orders(state, seat, orders(text), lang, str)  # type: ignore[arg-type]


def assert_tails(texts: list[str], *tails: str) -> None:
    """One text per tail, each ending with its tail (the forecast after the order)."""
    assert len(texts) == len(tails), texts
    for text, tail in zip(texts, tails, strict=True):
        assert text.endswith(tail), text


def test_the_engine_words_the_whole_list() -> None:
    assert isinstance(GAME, AcknowledgingAll)


def test_purchases_spend_the_pe_in_the_order_written_and_a_line_too_dear_is_refused() -> None:
    state = after_setup()
    state.player(1).pe = 30
    texts = say(state, "Kaufe 2 Kreuzer W1 Flotte 1\nKaufe 1 Kreuzer W1 Flotte 1\nKaufe 1 Scout W1")
    assert_tails(
        texts,
        "costs 22 PE: PE 30 → 8",
        "will be refused: costs 11 PE, 8 PE left after the lines before",
        "costs 6 PE: PE 8 → 2",
    )


def test_the_forecast_is_worded_in_german_too() -> None:
    state = after_setup()
    state.player(1).pe = 12
    texts = say(state, "Kaufe 1 Kreuzer W1 Flotte 1\nKaufe 1 Kreuzer W1 Flotte 1", "de")
    assert texts[0] == "Kaufe 1 Kreuzer auf W1 für Flotte 1 – kostet 11 PE: PE 12 → 1"
    assert texts[1].endswith("wird abgelehnt: kostet 11 PE, nach den Zeilen davor bleiben 1 PE")


def test_purchases_run_before_loading_and_jumps_whatever_the_order_written() -> None:
    state = empty_board()
    state.player(1).pe = 20
    fleet(state, 1, 1, "W1", "KR")
    text = "Flotte 1 springt: Raumfelder, Ziel R2\nKaufe 1 Kreuzer W1 Flotte 1"
    texts = say(state, text)
    assert_tails(texts, "fleet 1 jumps with 2 ships from W1", "costs 11 PE: PE 20 → 9")


def test_a_fleet_told_to_jump_twice_jumps_by_its_first_line() -> None:
    state = after_setup()
    texts = say(
        state, "Flotte 1 springt: Raumfelder, Ziel R2\nFlotte 1 springt: Raumfelder, Ziel R3"
    )
    assert_tails(
        texts,
        "fleet 1 jumps with 6 ships from W1",
        "will not be carried out: fleet 1 jumps by line 1 already",
    )


def test_a_refused_jump_leaves_the_next_jump_of_the_fleet_to_count() -> None:
    state = after_setup()
    texts = say(state, "Flotte 1 springt: gegnerische Welten, Ziel W8\nFlotte 1 nach R3")
    assert_tails(
        texts, "will be refused: out of reach from there", "fleet 1 jumps with 6 ships from W1"
    )


@pytest.mark.parametrize(
    ("text", "first", "second"),
    [
        # More stones than empty transporters: refused, and so is the next line.
        (
            "Flotte 1 lädt Truppen 5,4,3\nFlotte 1 lädt Truppen 3",
            "will be refused: not enough empty transporters",
            "will be refused: not enough empty transporters",
        ),
        # Loading counts down the empty transporters line by line.
        (
            "Flotte 1 lädt Truppen 5\nFlotte 1 lädt Truppen 4",
            "fleet 1: empty transporters 2 → 1",
            "fleet 1: empty transporters 1 → 0",
        ),
    ],
)
def test_loading_counts_the_empty_transporters_line_by_line(
    text: str, first: str, second: str
) -> None:
    state = empty_board()
    fleet(state, 1, 1, "W1", "KR", "TR", "TR")
    state.world("W1").troops = stones(state, 1, 5, 4, 3)
    texts = say(state, text)
    assert_tails(texts, first, second)


def test_a_fleet_bought_this_round_can_take_ships_and_a_split_leaves_a_lone_cruiser() -> None:
    state = empty_board()
    state.player(1).pe = 30
    first = fleet(state, 1, 1, "W1", "KR", "KR").ships[0].id
    text = f"Flotte 1 gibt {first} an Flotte 2\nKaufe 1 Kreuzer W1\nFlotte 1 nach R2"
    texts = say(state, text)
    assert_tails(
        texts,
        "fleet 1: ships 2 → 1",
        "costs 11 PE: PE 30 → 19",
        "will be refused: only scouts jump alone",
    )


def test_the_forecast_reads_nothing_of_the_other_players_position() -> None:
    state = after_setup()
    state.player(1).pe = 30
    text = (
        "Kaufe 3 Truppen W2\nKaufe 1 Kreuzer W1 Flotte 1\nFlotte 2 nach R2\nFlotte 1 lädt Truppen 4"
    )
    before = say(state, text)
    other = state.copy()
    other.player(2).pe = 500
    other.player(2).pool = [0, 0, 0]
    for own in other.fleets:
        if own.owner == 2:
            own.ships = own.ships[:1]
    assert say(other, text) == before
