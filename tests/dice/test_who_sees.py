"""Each game's dice by name, with the seats that may see them (docs/dice.md, "The dice of
each game"): the rolls the bots' games rarely make, set up by hand."""

from __future__ import annotations

from engine.ashes.combat import battle
from engine.ashes.orders import Research
from engine.ashes.research import research
from engine.ashes.revolt import revolt_phase
from engine.ashesmap.galaxy import standard_galaxy
from engine.core import NEUTRAL
from engine.dice import PRIVATE, Dice
from engine.starweb.cargo import unload
from engine.starweb.movement import move
from engine.starweb.orders import Cargo, Move
from engine.starweb.state import Character
from tests.ashes.helpers import bare, standard
from tests.dice.test_draws import SEED
from tests.starweb.factory import make_state, make_turn, setv


def test_the_ashes_landing_lot_is_private_and_picks_among_the_tied() -> None:
    # Ashes 6.2.4: same TR, TM% and FI, "danach das Los"; seats 3 and 5 land 4 TR each.
    state = standard()
    bare(state.planet(37), pdu=5, pm=100)
    fleet = state.orbit(37, NEUTRAL)
    assert fleet is not None
    fleet.fi = fleet.tr = 0
    state.add_fleet(3, 37, 2, 4)
    state.add_fleet(5, 37, 2, 4)
    dice = Dice.sealed(SEED)
    report = battle(state, standard_galaxy(), state.planet(37), dice, {})
    (lot,) = dice.log
    assert (lot.label, lot.sides, lot.seen_by) == ("landing P37", 2, PRIVATE)
    assert report is not None and report.new_owner == [3, 5][lot.value - 1]


def test_an_ashes_revolt_is_seen_by_the_planets_owner_alone() -> None:
    state = standard()
    owner = bare(state.planet(2), pdu=5).owner  # HD 6: 0 to 6 PDU destroyed, a d7
    dice = Dice.sealed(SEED)
    revolt_phase(state, dice)
    (roll,) = dice.log
    assert (roll.label, roll.sides, roll.seen_by) == ("revolt P2", 7, frozenset({owner}))
    (news,) = [n for n in state.report.news if n.kind == "revolt"]
    assert news.number == min(5, roll.value - 1)


def test_ashes_research_is_a_d2_per_pp_seen_by_the_researcher() -> None:
    state = standard()
    state.player(4).pp = 10
    dice = Dice.sealed(SEED)
    research(state, 4, Research(pp=6, target="PR", planet=9), dice)
    assert {(r.label, r.sides, r.seen_by) for r in dice.log} == {
        ("research seat 4 PR P9", 2, frozenset({4}))
    }
    assert [r.index for r in dice.log] == list(range(6))
    assert state.report.notices[-1].number == sum(r.value - 1 for r in dice.log)


def test_the_starweb_black_hole_throw_is_private() -> None:
    # Starweb "Schwarze Löcher": "Niemand weiß, was genau geschieht".
    state = make_state((Character.EMPIRE_BUILDER, Character.PIRATE))
    setv(state.world(2), black_hole=True)
    setv(state.fleet(1), ships=5)
    turn = make_turn(state, {1: [Move(fleet=1, path=(2, 3))]})
    turn.dice = Dice.sealed(SEED)
    move(turn)
    (roll,) = turn.dice.log
    assert (roll.label, roll.sides, roll.seen_by) == ("black hole F1", 7, PRIVATE)
    assert state.fleet(1).world == [1, 3, 4, 5, 6, 7, 8][roll.value - 1]


def test_starweb_reconversion_is_seen_by_the_unloader_alone() -> None:
    # Seat 2 (an apostle) and his key on world 3 witness it, but the goods were cargo.
    state = make_state((Character.MERCHANT, Character.APOSTLE))
    setv(state.fleet(1), world=3, ships=5, cargo=10)
    setv(state.fleet(6), world=3, ships=1)
    setv(state.world(3), converts=40, convert_owner=2)
    turn = make_turn(state, {1: [Cargo(fleet=1, action="N", quantity=6)]})
    turn.dice = Dice.sealed(SEED)
    unload(turn)
    assert {(r.label, r.sides, r.seen_by) for r in turn.dice.log} == {
        ("reconvert W3 seat 1", 2, frozenset({1}))
    }
    assert len(turn.dice.log) == 6
    assert state.world(3).converts == 40 - sum(r.value == 1 for r in turn.dice.log)


def test_a_starweb_worlds_witnesses_are_its_owner_and_the_keys_there_at_the_start() -> None:
    state = make_state((Character.EMPIRE_BUILDER, Character.MERCHANT, Character.PIRATE))
    setv(state.fleet(6), world=1)  # seat 2's key at seat 1's home
    setv(state.fleet(11), world=2)  # seat 3's key elsewhere
    turn = make_turn(state)
    setv(turn.state.fleet(11), world=1)  # arriving during the turn does not count
    assert turn.witnesses(1) == frozenset({1, 2})
    assert turn.witnesses(2) == frozenset({3})  # a neutral world, a key of seat 3
    assert turn.witnesses(4) == frozenset()
