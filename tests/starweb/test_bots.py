"""The demo bots: each character plays its own aim, in rulebook notation, deterministically."""

from __future__ import annotations

from random import Random

from engine.starweb.bots import StarwebBots
from engine.starweb.state import Character
from tests.starweb.factory import add_artifact, make_state, setv

BOTS = StarwebBots()


def test_every_bot_votes_the_end_score_in_turn_1_only() -> None:
    state = make_state(list(Character), 12)
    state.turn = 0
    for seat in range(1, 7):
        votes = [o for o in BOTS.orders(state, seat, Random(seat)) if o.startswith("E=")]
        assert len(votes) == 1 and 1000 <= int(votes[0][2:]) <= 15000
    state.turn = 1
    assert not any(o.startswith("E=") for o in BOTS.orders(state, 1, Random(1)))


def test_bots_build_ships_onto_a_key_and_send_keys_through_gates() -> None:
    state = make_state()  # home W1: 30 industry, 30 metal, 50 population; keys 1-5 empty
    setv(state.fleet(2), ships=4)
    orders = BOTS.orders(state, 1, Random(3))
    assert "W1B26F1" in orders or "W1B30F1" in orders  # the empire builder also builds industry
    assert "W1I1I" in orders
    moves = [o for o in orders if o.startswith("F2W")]
    assert moves in (["F2W2"], ["F2W8"])


def test_the_same_rng_gives_the_same_orders() -> None:
    state = make_state(list(Character), 12)
    for seat in range(1, 7):
        setv(state.fleet(5 * seat), ships=10)
        assert BOTS.orders(state, seat, Random(7)) == BOTS.orders(state, seat, Random(7))


def test_the_pirate_plunders_his_recovered_worlds_but_not_his_home() -> None:
    state = make_state((Character.PIRATE, Character.MERCHANT))
    setv(state.world(2), owner=1, population=10)
    setv(state.world(8), owner=1, population=10, recovery=2)
    orders = BOTS.orders(state, 1, Random(1))
    assert "W2X" in orders
    assert "W8X" not in orders and "W1X" not in orders


def test_the_merchant_unloads_on_a_foreign_industry_world() -> None:
    state = make_state((Character.EMPIRE_BUILDER, Character.MERCHANT))
    setv(state.fleet(6), ships=5, cargo=10, world=1)  # merchant's key at the builder's home
    assert "F6U" in BOTS.orders(state, 2, Random(1))


def test_the_collector_picks_up_artifacts_and_brings_them_home() -> None:
    state = make_state((Character.COLLECTOR, Character.MERCHANT))
    setv(state.fleet(1), ships=2, world=2)
    add_artifact(state, "Silber Degen", "Silber", "Degen", world=2)
    assert "V1F1" in BOTS.orders(state, 1, Random(1))
    state.artifact(1).world, state.artifact(1).fleet = 0, 1
    assert "F1W1" in BOTS.orders(state, 1, Random(1))
    setv(state.fleet(1), world=1)
    assert "V1W" in BOTS.orders(state, 1, Random(1))


def test_the_berserker_attacks_populations_and_fleets() -> None:
    state = make_state((Character.BERSERKER, Character.MERCHANT))
    setv(state.fleet(1), ships=8, world=3)  # at the merchant's home: robots
    setv(state.fleet(2), ships=3, world=3)
    setv(state.fleet(6), ships=2)  # the merchant's key there
    orders = BOTS.orders(state, 1, Random(1))
    assert "F1R2" in orders
    assert "F2AF6" in orders


def test_the_apostle_keeps_his_keys_at_war_on_populated_worlds() -> None:
    state = make_state((Character.APOSTLE, Character.MERCHANT))
    setv(state.fleet(1), ships=3, world=3, peace=True)
    orders = BOTS.orders(state, 1, Random(1))
    assert "F1X" in orders
    assert not any(o.startswith("F1W") for o in orders)  # stays to convert


def test_the_empire_builder_takes_neutral_worlds() -> None:
    state = make_state((Character.EMPIRE_BUILDER, Character.MERCHANT))
    setv(state.world(8), population=20)
    setv(state.fleet(1), ships=3)
    assert "F1W8" in BOTS.orders(state, 1, Random(1))
    setv(state.fleet(1), world=8)
    assert not any(o.startswith("F1W") for o in BOTS.orders(state, 1, Random(1)))


def test_a_player_out_of_the_game_sends_nothing() -> None:
    state = make_state()
    state.player(2).out = True
    assert BOTS.orders(state, 2, Random(1)) == []
