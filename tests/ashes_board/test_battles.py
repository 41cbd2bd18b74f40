"""Phase 9 (B A.4.9.2-A.4.9.4, 2.5; decision D-1): space battles, landings, equipping,
morale - with the dice given."""

from __future__ import annotations

from engine.ashes_board.battles import extra_dice, kills
from engine.ashes_board.fleets import refuge
from engine.ashes_board.state import BoardState, Fleet
from engine.core import NEUTRAL
from tests.ashes_board.helpers import bare, fleet, keys, on_space, orbiting, own, play


def _war() -> BoardState:
    """Player 1 holds Outpost (10, 2 troops) and Earth (1); player 2 holds Lenin (5)."""
    state = bare()
    own(state, 1, 10)
    own(state, 1, 1)
    own(state, 2, 5)
    state.player(1).hp, state.player(2).hp = 10, 5
    return state


def _d(label: str, *values: int) -> list[tuple[str | None, int]]:
    return [(label, v) for v in values]


def test_kills_are_the_sum_divided_by_six_rounded_down() -> None:
    state = bare()
    assert [kills(state, t) for t in (0, 5, 6, 11, 12, 17)] == [0, 0, 1, 1, 2, 2]
    state.options.battle_rounding = "nearest"
    assert [kills(state, t) for t in (2, 3, 8, 9, 14, 15)] == [0, 1, 1, 2, 2, 3]


def test_morale_adds_a_die_per_four_ships_or_three_troops() -> None:
    assert [extra_dice(n, "fighter", True) for n in (3, 4, 9)] == [0, 1, 2]
    assert [extra_dice(n, "troops", True) for n in (2, 3, 7)] == [0, 1, 2]
    assert extra_dice(8, "transporter", False) == 0


def test_the_side_with_more_losses_flees_to_its_home_planet() -> None:
    state = _war()
    fleet(state, 1, 10, 3)
    fleet(state, 2, 10, 4, 2, space=1)
    rolls = _d("battle P10 seat 1", 6, 6, 5) + _d("battle P10 seat 2", 1, 1, 1, 1)
    state, _, dice = play(state, rolls=rolls)
    assert len(dice.log) == len(rolls)
    assert orbiting(state, 1, 10) == (3, 0)
    # 17 / 6 = 2 kills, on fighters first; the rest flees to Lenin, a 3 away.
    assert on_space(state, 2, 5, 3) == (2, 2)
    assert orbiting(state, 2, 10) == (0, 0)


def test_a_tie_in_losses_goes_to_the_defenders() -> None:
    state = _war()
    fleet(state, 1, 10, 1)
    fleet(state, 2, 10, 2, 1, space=1)
    rolls = _d("battle P10 seat 1", 6) + _d("battle P10 seat 2", 3, 3)
    state, _, _ = play(state, rolls=rolls)
    battle = next(line for line in state.report if line.key == "battle")
    assert battle.values()["winner"] == "defenders"
    assert state.planet(10).owner == 1  # no landing after a lost battle
    assert on_space(state, 2, 5, 3) == (1, 1)


def test_attackers_without_fighters_roll_nothing_and_lose() -> None:
    state = _war()
    fleet(state, 1, 10, 1)
    fleet(state, 2, 10, 0, 3, space=1)
    state, _, _ = play(state, rolls=_d("battle P10 seat 1", 1))
    assert on_space(state, 2, 5, 3) == (0, 3)
    assert state.planet(10).owner == 1


def test_a_won_battle_is_followed_by_a_landing_that_conquers() -> None:
    state = _war()
    fleet(state, 1, 10, 1)
    fleet(state, 2, 10, 2, 3, space=1)
    rolls = (
        _d("battle P10 seat 1", 1)
        + _d("battle P10 seat 2", 6, 6)
        + _d("landing P10 seat 2", 6, 6, 6)
        + _d("landing P10 troops", 1, 1)
    )
    state, _, dice = play(state, rolls=rolls)
    assert len(dice.log) == len(rolls)
    planet = state.planet(10)
    assert (planet.owner, planet.troops) == (2, 0)
    assert planet.factories == []  # it was a player's planet: no new factory (B A.4.9.4)
    assert orbiting(state, 2, 10) == (2, 3)
    assert state.player(1).hp == 1  # the lost home planet is replaced


def test_a_failed_landing_on_a_neutral_planet_refills_it() -> None:
    state = _war()
    beyond = state.planet(21)
    beyond.fighters, beyond.troops = 2, 1
    fleet(state, 1, 21, 2, 1, space=1)
    rolls = (
        _d("battle P21 neutral", 1, 1)
        + _d("battle P21 seat 1", 6, 1)
        + _d("landing P21 seat 1", 6)
        + _d("landing P21 troops", 6)
    )
    state, _, _ = play(state, rolls=rolls)
    lost = next(line for line in state.report if line.key == "neutral_lost")
    assert lost.values() == {"planet": "21", "n": "1"}  # the one left of the beaten two
    assert "landing_failed" in keys(state)
    assert (beyond.owner, state.planet(21).troops, state.planet(21).fighters) == (NEUTRAL, 1, 1)
    # refilled to the start quantity: Beyond's population 1 (decision D-5)
    assert orbiting(state, 1, 21) == (2, 0)  # the transporter was shot down


def test_the_first_conquest_of_a_neutral_planet_brings_the_factory_of_choice() -> None:
    state = _war()
    state.planet(21).troops = 1
    state.player(1).factory_choice = "hightech"
    fleet(state, 1, 21, 0, 1, space=1)
    rolls = _d("landing P21 seat 1", 6) + _d("landing P21 troops", 5)
    state, _, _ = play(state, rolls=rolls)
    assert state.planet(21).owner == 1
    assert state.planet(21).factories == ["hightech"]
    assert state.planet(21).ever_owned
    # Beyond produced at once (phase 10): high tech 5 + 1 (Earth's factory-less: none).
    assert state.player(1).hightech == 6


def test_two_attackers_with_equal_transporters_left_draw_lots() -> None:
    state = _war()
    state.planet(21).troops = 1
    fleet(state, 1, 21, 0, 1, space=1)
    fleet(state, 2, 21, 0, 1, space=1)
    rolls = (
        _d("landing P21 seat 1", 6)
        + _d("landing P21 seat 2", 1)
        + _d("landing P21 troops", 1)
        + _d("landing P21 lot", 2)
    )
    state, _, dice = play(state, rolls=rolls)
    assert state.planet(21).owner == 2
    assert dice.log[-1].sides == 2


def test_kills_on_several_opponents_are_spread_by_a_die() -> None:
    state = _war()
    state.planet(21).fighters = 2
    fleet(state, 1, 21, 2, space=1)
    fleet(state, 2, 21, 2, space=1)
    rolls = (
        _d("battle P21 neutral", 6, 6)
        + _d("battle P21 neutral target", 2, 2)
        + _d("battle P21 seat 1", 1, 1)
        + _d("battle P21 seat 2", 1, 1)
    )
    state, _, _ = play(state, rolls=rolls)
    assert state.fleets_of(2) == []  # both kills fell on player 2
    assert orbiting(state, 1, 10) == (2, 0)  # player 1 fled home to Outpost, a "D" away


def test_fighters_that_beat_more_fighters_turn_their_morale_up() -> None:
    state = _war()
    state.player(1).morale_fighters = True
    fleet(state, 1, 10, 5)
    fleet(state, 2, 10, 2, space=1)
    rolls = _d("battle P10 seat 1", 1, 1, 1, 1, 1, 1) + _d("battle P10 seat 2", 6, 6)
    # player 1 rolls 5 + 1 morale die; he loses against fewer and turns his counter back
    state, _, _ = play(state, rolls=rolls)
    assert state.player(2).morale_fighters
    assert not state.player(1).morale_fighters


def test_troops_that_repel_more_transporters_turn_their_morale_up() -> None:
    state = _war()
    fleet(state, 2, 10, 0, 3, space=1)
    rolls = _d("landing P10 seat 2", 1, 1, 1) + _d("landing P10 troops", 6, 6)
    state, _, _ = play(state, rolls=rolls)
    assert state.planet(10).owner == 1
    assert state.player(1).morale_troops
    assert orbiting(state, 2, 10) == (0, 1)  # 2 shot down; the third tries again


def test_beaten_ships_flee_to_the_nearest_planet_when_the_home_planet_is_the_battle() -> None:
    state = _war()
    assert refuge(state, 1, 10) == 1  # HP 10 is the battle planet: Earth is the other
    own(state, 1, 2)  # Crab is a "D" from Outpost, Earth a 1
    assert refuge(state, 1, 10) == 2
    assert refuge(state, 2, 5) is None  # no other planet: the ships are lost
    assert refuge(state, NEUTRAL, 10) is None


def test_transporters_cannot_conquer_more_troops_in_one_landing() -> None:
    # n dice make at most n kills: without morale dice a landing against more troops
    # always fails, so the transporters' counter cannot turn up before it is up (D-20).
    state = _war()
    own(state, 1, 10, troops=3)
    state.planet(10).pop = 2
    fleet(state, 2, 10, 0, 2, space=1)
    rolls = _d("landing P10 seat 2", 6, 6) + _d("landing P10 troops", 1, 1, 1)
    state, _, _ = play(state, rolls=rolls)
    assert state.planet(10).owner == 1 and state.planet(10).troops == 1
    assert not state.player(2).morale_transporters


def test_transporters_with_morale_roll_the_extra_die_and_can_conquer_more_troops() -> None:
    state = _war()
    own(state, 1, 10, troops=5)
    state.planet(10).pop = 2
    state.player(2).morale_transporters = True
    fleet(state, 2, 10, 0, 4, space=1)
    rolls = _d("landing P10 seat 2", 6, 6, 6, 6, 6) + _d("landing P10 troops", *([1] * 5))
    state, _, dice = play(state, rolls=rolls)
    assert len(dice.log) == 10  # 4 transporters + 1 morale die, 5 troops
    assert state.planet(10).owner == 2
    assert state.player(2).morale_transporters


def test_freight_is_lost_with_its_transporters() -> None:
    state = _war()
    fleet(state, 1, 10, 1)
    state.fleets.append(Fleet(2, 10, 1, 0, 2, pop=2))
    state, _, _ = play(state, rolls=_d("battle P10 seat 1", 6))
    # one transporter shot down with its population; the other flees home with its own
    (fled,) = state.fleets_of(2)
    assert (fled.planet, fled.space, fled.transporters, fled.pop) == (5, 3, 1, 1)


def test_the_shooter_names_who_takes_his_kills() -> None:
    state = bare(3)
    own(state, 1, 10)
    own(state, 2, 5)
    own(state, 3, 3)
    for seat, hp in ((1, 10), (2, 5), (3, 3)):
        state.player(seat).hp = hp
    state.player(1).targets = [3, 2]
    fleet(state, 1, 10, 2)
    fleet(state, 2, 10, 1, space=1)
    fleet(state, 3, 10, 2, space=1)
    rolls = (
        _d("battle P10 seat 1", 6, 6)  # 2 kills, both on player 3: no die decides
        + _d("battle P10 seat 2", 1)
        + _d("battle P10 seat 3", 1, 1)
    )
    state, _, dice = play(state, rolls=rolls)
    assert len(dice.log) == len(rolls)
    assert state.fleets_of(3) == []
    assert sum(f.fighters for f in state.fleets_of(2)) == 1
