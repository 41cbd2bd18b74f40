"""The German rulebook by default, the English 7th edition's readings as rule options
(docs/rules-starweb.md, "The German rulebook first"): for each difference a test of the
German reading and one of the option, numbers by hand."""

from __future__ import annotations

from random import Random

from engine.dice import Dice
from engine.starweb.artifacts import all_artifacts
from engine.starweb.cargo import load, unload
from engine.starweb.economy import produce
from engine.starweb.orders import Cargo, DropBomb, StarwebOrder
from engine.starweb.printout import printout
from engine.starweb.scoring import end_score, score
from engine.starweb.state import Character, Options, StarwebState
from engine.starweb.turn import run_turn
from engine.starweb.views import report_data
from tests.starweb.factory import make_state, make_turn, setv

MERCHANT = (Character.MERCHANT, Character.EMPIRE_BUILDER)
"""Player 1 the merchant (home W1, keys 1-5), player 2 an empire builder (home W3)."""


def _merchant_unloads_10_on_neutral_w5(options: Options) -> StarwebState:
    state = make_state(MERCHANT, options=options)
    setv(state.world(5), industry=3, population=20, limit=40)
    setv(state.fleet(1), world=5, ships=5, cargo=10)
    return state


def test_merchant_scores_on_a_neutral_world_with_industry() -> None:
    # "Händler": "acht Punkte pro Metall, das er auf einer Welt entlädt, die ihm nicht
    # gehört": a neutral world is not his. 3 industries: points for 6 metal, 48.
    state = _merchant_unloads_10_on_neutral_w5(Options(worlds=8))
    turn = make_turn(state, {1: [Cargo(fleet=1, action="U")]})
    unload(turn)
    assert turn.merchant_metal[(1, 5)] == 6
    score(turn)
    assert turn.player_report(1).gained == 8 * 6


def test_merchant_players_worlds_only_scores_nothing_on_a_neutral_world() -> None:
    # English §4B: "you do NOT get points for unloading onto a NEUTRAL world".
    options = Options(worlds=8, merchant_players_worlds_only=True)
    state = _merchant_unloads_10_on_neutral_w5(options)
    turn = make_turn(state, {1: [Cargo(fleet=1, action="U")]})
    unload(turn)
    assert turn.merchant_metal[(1, 5)] == 0
    score(turn)
    assert turn.player_report(1).gained == 0
    assert state.world(5).metal == 10  # the metal lies there all the same


def _merchant_unloads_4_where_the_owner_loads_5(options: Options) -> StarwebState:
    state = make_state(MERCHANT, options=options)
    setv(state.fleet(1), world=3, ships=4, cargo=4)  # the merchant THRAWN at BORG's home
    setv(state.fleet(6), ships=5)  # BORG's key at home, loading there
    orders = {1: [Cargo(fleet=1, action="U")], 2: [Cargo(fleet=6, action="L", quantity=5)]}
    turn = make_turn(state, orders)
    unload(turn)
    load(turn)
    assert state.fleet(6).cargo == 5
    score(turn)
    return state


def test_no_merchant_points_where_anyone_loads_on_that_world() -> None:
    # "Händler": "Er bekommt keine Punkte, wenn auf einer Welt gleichzeitig ein- und
    # ausgeladen wird": BORG's loading at W3 takes the merchant's 4 × 8.
    state = _merchant_unloads_4_where_the_owner_loads_5(Options(worlds=8))
    assert state.player(1).score == 0


def test_merchant_own_loading_only_scores_when_another_loads() -> None:
    # English §4B: "If you UNLOAD and LOAD metal at the same world": his own loading only.
    options = Options(worlds=8, merchant_own_loading_only=True)
    state = _merchant_unloads_4_where_the_owner_loads_5(options)
    assert state.player(1).score == 4 * 8


def _merchant_unloads_4_on_w3_and_takes_it(options: Options) -> StarwebState:
    state = make_state(MERCHANT, options=options)
    setv(state.fleet(1), world=3, ships=4, cargo=4)  # the merchant THRAWN at BORG's home
    turn = make_turn(state, {1: [Cargo(fleet=1, action="U")]})
    unload(turn)
    state.world(3).owner = 1  # conquered in step 7 (BORG's ships gone, say)
    score(turn)
    return state


def test_merchant_who_conquers_the_world_scores_what_he_unloaded_before() -> None:
    # "Händler": "auf einer Welt entlädt, die ihm nicht gehört": when he unloads (step 1)
    # W3 is BORG's; that it is his at the end of the turn does not matter.
    state = _merchant_unloads_4_on_w3_and_takes_it(Options(worlds=8))
    assert state.player(1).score == 4 * 8


def test_merchant_owner_start_end_scores_nothing_on_a_world_he_owns_at_the_end() -> None:
    # English §4B: no points on "a world that you own either at the BEGINNING or at the
    # END of the turn".
    options = Options(worlds=8, merchant_owner_start_end=True)
    state = _merchant_unloads_4_on_w3_and_takes_it(options)
    assert state.player(1).score == 0


def _run_turn(state: StarwebState, orders: dict[int, list[StarwebOrder]]) -> StarwebState:
    """The whole turn after ``state`` (``engine.starweb.turn.run_turn``)."""
    return run_turn(state, orders, Dice.legacy(Random(0)))[0]


def _whole_game(state: StarwebState) -> StarwebState:
    """``state`` with the hundred artifacts (the turn's Black Box needs them), on W8."""
    state.artifacts = [setv(a, world=8) for a in all_artifacts()]
    return state


def _w5_bombed_then_a_turn_later(options: Options) -> tuple[StarwebState, StarwebState]:
    """BORG (a berserker) drops a planet-buster on the neutral W5 in turn 2; turn 3 after."""
    characters = (Character.EMPIRE_BUILDER, Character.BERSERKER)
    state = _whole_game(make_state(characters, options=options))
    setv(state.world(5), population=20, limit=40, mines=2)
    setv(state.fleet(6), world=5, ships=30, bomb=True)
    bombed = _run_turn(state, {2: [DropBomb(fleet=6)]})
    return bombed, _run_turn(bombed, {1: [], 2: []})


def _w5_destroyed(state: StarwebState) -> tuple[bool, bool]:
    """Whether the GM's printout shows W5 VERNICHTET, and the JSON twin ``destroyed``."""
    line = next(x for x in printout(state, 0, "de").splitlines() if x.startswith("W5 "))
    world = next(w for w in report_data(state, 0, "de")["worlds"] if w["number"] == 5)
    return "VERNICHTET" in line, world["destroyed"]


def test_vernichtet_is_shown_in_the_turn_of_the_bomb_only() -> None:
    # "Der Printout" 17: "VERNICHTET" (in dieser Runde wurde eine Planeten-Bruch-Bombe
    # abgeworfen).
    bombed, after = _w5_bombed_then_a_turn_later(Options(worlds=8))
    assert bombed.world(5).bombed and bombed.world(5).population == 0
    assert _w5_destroyed(bombed) == (True, True)
    assert _w5_destroyed(after) == (False, False)


def test_destroyed_every_turn_shows_it_in_every_turn_after_the_bomb() -> None:
    # English §27: "If a PBB has been dropped at this world during the game so far,
    # "BUSTED" will appear."
    bombed, after = _w5_bombed_then_a_turn_later(Options(worlds=8, destroyed_every_turn=True))
    assert _w5_destroyed(bombed) == (True, True)
    assert _w5_destroyed(after) == (True, True)
    line = next(x for x in printout(after, 0, "en").splitlines() if x.startswith("W5 "))
    assert "BUSTED" in line


def _neutral_w5_after_a_turn(options: Options) -> StarwebState:
    """The neutral W5 (3 mines, 50 people of 100, no metal) after the end of a turn."""
    state = _whole_game(make_state(MERCHANT, options=options))
    setv(state.world(5), mines=3, population=50, limit=100)
    produce(make_turn(state))
    return state


def test_neutral_people_grow_but_neutral_worlds_do_not_mine() -> None:
    # "Bevölkerung": "Die Bevölkerung wächst pro Runde etwa um zehn Prozent" on every
    # world: 50 + 5. "Der Printout": W84 [---] (Minen=3,Bevoelkerung=20,Limit=46) has no
    # metal in turn 7: neutral worlds do not mine.
    world = _neutral_w5_after_a_turn(Options(worlds=8)).world(5)
    assert (world.population, world.metal, world.turns) == (55, 0, 0)


def test_growth_owned_only_leaves_neutral_people_as_they_are() -> None:
    # English §10: "The population of an owned world will grow approximately 10%".
    world = _neutral_w5_after_a_turn(Options(worlds=8, growth_owned_only=True)).world(5)
    assert (world.population, world.metal, world.turns) == (50, 0, 0)


def test_a_neutral_worlds_newborn_are_nobodys_converts() -> None:
    # The last seat is an apostle: a neutral world's owner (0) must not be read as him.
    state = make_state((Character.EMPIRE_BUILDER, Character.APOSTLE))
    setv(state.world(5), population=50, limit=100)
    produce(make_turn(_whole_game(state)))
    assert (state.world(5).population, state.world(5).converts) == (55, 0)


def _votes_2000_and_two_missing(options: Options) -> StarwebState:
    characters = (Character.EMPIRE_BUILDER, Character.PIRATE, Character.MERCHANT)
    state = make_state(characters, options=options)
    setv(state.player(1), end_vote=2000)
    return state


def test_end_score_averages_all_players_a_missing_vote_counts_the_default() -> None:
    # "Was ist Sache?": "Der Durchschnitt der Zahlen aller Spieler ergibt die
    # Endpunktzahl": 2000 and twice end_score_default (5000) -> 12000 // 3.
    assert end_score(_votes_2000_and_two_missing(Options(worlds=8))) == 4000


def test_end_score_voters_only_leaves_out_who_gave_no_number() -> None:
    # English §30: "If you fail to give a number, … we just won't include you".
    options = Options(worlds=8, end_score_voters_only=True)
    state = _votes_2000_and_two_missing(options)
    assert end_score(state) == 2000
    state.player(1).end_vote = 0  # nobody voted: the default
    assert end_score(state) == 5000


def _emigrants_4_over_the_limit_and_a_turn_after(options: Options) -> list[tuple[int, int]]:
    """W1 (6 mines, limit 2, no metal, no building) as 4 emigrants arrive on its 2 people:
    (population, metal) at the end of the arrival turn and of the turn after."""
    state = _whole_game(make_state(options=options))
    setv(state.world(1), population=6, limit=2, mines=6, metal=0, industry=0, turns=0)
    turn = make_turn(state)
    turn.arrivals[1] = 4
    produce(turn)
    seen = [(state.world(1).population, state.world(1).metal)]
    produce(make_turn(state))
    return [*seen, (state.world(1).population, state.world(1).metal)]


def test_emigrants_over_the_limit_work_the_turn_they_arrive_then_die() -> None:
    # "Bevölkerung": "Auswanderer, die diese Grenze sprengen, sterben; sie können jedoch
    # noch für eine Runde lang zur Produktion eingesetzt werden": all six mine (6 metal),
    # four die; then the two left mine 2.
    options = Options(worlds=8)
    assert _emigrants_4_over_the_limit_and_a_turn_after(options) == [(2, 6), (2, 8)]


def test_emigrants_build_next_turn_keeps_them_one_turn_longer() -> None:
    # English §10: "they will have one turn in which to build before they die": they
    # mine in the arrival turn and again in the next, then die.
    options = Options(worlds=8, emigrants_build_next_turn=True)
    assert _emigrants_4_over_the_limit_and_a_turn_after(options) == [(6, 6), (2, 12)]
