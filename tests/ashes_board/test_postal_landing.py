"""Option ``landing`` = postal (decision D-1, reading (b)): the landing attempt by Ashes
6.2.4's formulas on the board, without dice - transporters for AT, land troops for PDU,
TM% and PM% 100 %, AD 1."""

from __future__ import annotations

import pytest

from engine.ashes_board.setup import SetupError, options_from
from engine.ashes_board.state import BoardState
from engine.core import NEUTRAL
from tests.ashes_board.helpers import bare, fleet, keys, orbiting, own, play, start


def _landing(troops: int, *transporters: tuple[int, int]) -> BoardState:
    """Outpost (10) of player 1 with ``troops`` and no fighters; (seat, TR) arriving."""
    state = bare(players=3, landing="postal")
    own(state, 1, 10, troops=troops)
    own(state, 1, 1)
    state.player(1).hp = 1
    for seat, tr in transporters:
        own(state, seat, seat + 4)
        state.player(seat).hp = seat + 4
        fleet(state, seat, 10, 0, tr, space=1)
    return state


def test_the_option_is_known_and_a_reading_that_is_none_is_refused() -> None:
    assert options_from({"landing": "postal"}).landing == "postal"
    assert start("I", landing="postal").options.landing == "postal"
    with pytest.raises(SetupError, match="landing"):
        options_from({"landing": "formula"})


def test_more_transporters_than_troops_conquer_without_a_die() -> None:
    state, _, dice = play(_landing(2, (2, 3)))
    assert not dice.log  # Ashes 6.2.4 has no dice
    planet = state.planet(10)
    assert (planet.owner, planet.troops) == (2, 0)
    # AS 3 > DS 2; TR lost: INT(2 × 3 / 3) = 2; troops destroyed: min(3, 2) = 2.
    assert orbiting(state, 2, 10) == (0, 1)
    line = next(line for line in state.report if line.key == "landing_postal")
    assert line.values() == {
        "planet": "10",
        "owner": "2",
        "tr": "3",
        "troops": "2",
        "lost": "2",
        "kills": "2",
    }
    assert state.player(1).hp == 1


def test_as_many_transporters_as_troops_fail_and_are_lost() -> None:
    state, _, dice = play(_landing(3, (2, 3)))
    assert not dice.log
    planet = state.planet(10)
    assert (planet.owner, planet.troops) == (1, 0)  # a tie goes to the defenders
    assert "landing_failed" in keys(state)
    assert orbiting(state, 2, 10) == (0, 0)  # INT(3 × 3 / 3) = 3 lost


def test_fewer_transporters_kill_as_many_troops_as_they_are() -> None:
    state, _, _ = play(_landing(5, (2, 2)))
    assert (state.planet(10).owner, state.planet(10).troops) == (1, 3)
    assert orbiting(state, 2, 10) == (0, 0)


def test_two_attackers_share_the_losses_by_their_transporters_and_the_most_take_it() -> None:
    state, _, dice = play(_landing(3, (2, 4), (3, 2)))
    assert not dice.log
    # AS 6 > DS 3; losses INT(3 × 4 / 6) = 2 and INT(3 × 2 / 6) = 1.
    assert state.planet(10).owner == 2
    assert orbiting(state, 2, 10) == (0, 2)
    assert orbiting(state, 3, 10) == (0, 1)


def test_a_tie_for_the_planet_is_the_lot() -> None:
    state = _landing(2, (2, 3), (3, 3))
    state, _, dice = play(state, rolls=[("landing P10 lot", 2)])
    assert [r.label for r in dice.log] == ["landing P10 lot"]
    assert state.planet(10).owner == 3
    assert orbiting(state, 2, 10) == orbiting(state, 3, 10) == (0, 2)  # INT(2 × 3 / 6) = 1


def test_a_failed_postal_landing_on_a_neutral_planet_refills_it() -> None:
    state = bare(landing="postal")
    own(state, 1, 1)
    beyond = state.planet(21)
    beyond.fighters, beyond.troops = 0, 1
    fleet(state, 1, 21, 0, 1, space=1)
    state, _, _ = play(state)
    assert state.planet(21).owner == NEUTRAL
    assert state.planet(21).troops == 1  # refilled to the board's population (D-5)
    assert orbiting(state, 1, 21) == (0, 0)
