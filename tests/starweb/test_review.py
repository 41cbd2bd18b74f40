"""The auditor's cases: where parts of the engine met the rulebook wrongly.

Each test quotes the rulebook sentence it checks; the numbers are worked by hand.
"""

from __future__ import annotations

from engine.starweb.artifacts import apply_black_box
from engine.starweb.cargo import unload
from engine.starweb.control import capture, conquer
from engine.starweb.conversion import convert
from engine.starweb.gifts import give
from engine.starweb.orders import Cargo, Gift, Probe, Transfer
from engine.starweb.probes import probe
from engine.starweb.scoring import score
from engine.starweb.ships import transfer_and_build
from engine.starweb.state import Character
from tests.starweb.factory import make_state, make_turn, remarks, scored_kills, setv


def test_two_merchants_unloading_consumer_goods_on_one_world_both_score() -> None:
    # Starweb "Händler": "Wenn er als Erster Konsumgüter auf einer Welt entlädt, bekommt er
    # dafür zehn Punkte; ist er der Zweite, bekommt er acht Punkte ... Diese Staffelung
    # gilt für jede Welt." docs/rules-starweb.md: "every merchant unloading there that
    # turn scores 10/8/5/3/1 by the count before the turn".
    state = make_state((Character.EMPIRE_BUILDER, Character.MERCHANT, Character.MERCHANT))
    setv(state.fleet(6), world=1, ships=2, cargo=2)
    setv(state.fleet(11), world=1, ships=2, cargo=2)
    orders = {2: [Cargo(fleet=6, action="N")], 3: [Cargo(fleet=11, action="N")]}
    turn = make_turn(state, orders)
    unload(turn)
    assert turn.scored[2] == 10 and turn.scored[3] == 10
    assert state.world(1).kg_unloads == 1


def test_a_merchant_scores_consumer_goods_after_another_player_unloaded_some() -> None:
    # The empire builder (seat 1) unloads consumer goods first; the merchant still scores.
    state = make_state((Character.EMPIRE_BUILDER, Character.MERCHANT))
    setv(state.world(5), owner=0, population=10, limit=10)
    setv(state.fleet(1), world=5, ships=1, cargo=1)
    setv(state.fleet(6), world=5, ships=1, cargo=1)
    orders = {1: [Cargo(fleet=1, action="N")], 2: [Cargo(fleet=6, action="N")]}
    turn = make_turn(state, orders)
    unload(turn)
    assert turn.scored[2] == 10
    assert turn.scored[1] == 0


def test_ships_transferred_into_a_key_that_gave_its_own_away_cannot_probe() -> None:
    # Starweb "Sonden": "Das Schiff darf allerdings nicht im selben Zug gebaut oder
    # transferiert worden sein." Key 1 (5 ships) gives all 5 to key 2, key 3 gives 5 to
    # key 1: key 1 has 5 ships again, none of them there at the start of the turn.
    state = make_state()
    setv(state.fleet(1), ships=5)
    setv(state.fleet(3), ships=5)
    orders = [
        Transfer(source="F", number=1, quantity=5, target="F", target_fleet=2),
        Transfer(source="F", number=3, quantity=5, target="F", target_fleet=1),
        Probe(source="F", number=1, world=2),
    ]
    turn = make_turn(state, {1: orders})
    transfer_and_build(turn)
    probe(turn)
    assert state.fleet(1).ships == 5
    assert remarks(turn, 1)[2] == "no_old_ship"
    assert turn.player_report(1).probed == []


def test_an_apostle_key_that_converts_nobody_leaves_no_convert_owner() -> None:
    # Starweb "Apostel": converts belong to an apostle; a world without converts has no
    # converts' owner (the printout's "C(Name)" would name him for nothing). One ship at
    # war draws once with 10 %: seed 0 draws a failure.
    state = make_state((Character.EMPIRE_BUILDER, Character.APOSTLE))
    setv(state.fleet(6), world=1, ships=1)
    turn = make_turn(state, seed=0)
    convert(turn)
    assert state.world(1).converts == 0
    assert state.world(1).convert_owner == 0


def test_the_black_box_taking_the_last_mine_stops_the_rounds_counter() -> None:
    # Starweb "Minen und Rundenzähler": "Das bedeutet also, daß eine Welt ohne Mine niemals
    # eine Rundenzahl bekommen kann." The Black Box (mines_down, every 4th turn) takes the
    # last mine of a world whose counter stands at 6.
    from tests.starweb.test_artifacts import held

    turn = held("mines_down", 8, mines=1, turns=6)
    apply_black_box(turn)
    world = turn.state.world(turn.state.player(1).home)
    assert (world.mines, world.turns) == (0, 0)


def test_a_pirate_who_captures_keys_on_a_world_does_not_take_the_world_that_turn() -> None:
    # Starweb "Pirat": "Sollte ein Pirat eine fremde Flotte nach der oben beschriebenen Regel
    # überfallen, geht die Welt nicht in derselben Runde in seinen Besitz über."
    # "Kontrolle über eine Welt": "Ein Pirat, der in einer Runde eine feindliche Flotte
    # kapert, gilt in dieser Runde noch nicht als einziger Spieler auf dieser Welt."
    # The merchant's key at peace does not stop the conquest; the pirate (4 ships at war
    # against 1) takes it, so the neutral populated W2 stays neutral this turn.
    state = make_state((Character.PIRATE, Character.MERCHANT))
    setv(state.world(2), population=10, mines=2)
    setv(state.fleet(1), world=2, ships=4)
    setv(state.fleet(6), world=2, ships=1, peace=True)
    turn = make_turn(state)
    conquer(turn)
    capture(turn)
    assert state.fleet(6).owner == 1
    assert state.world(2).owner == 0
    # The next turn, alone at war there, he takes it.
    turn = make_turn(state)
    conquer(turn)
    assert state.world(2).owner == 1


def test_the_apostle_scores_5_for_a_world_of_his_converts_only_whoever_owns_it() -> None:
    # Starweb "Apostel": "Außerdem erhält er für jede Welt, auf der ausschließlich Bekehrte
    # leben, fünf zusätzliche Punkte." ("…auf einen Blick": "5 Punkte in jeder Runde für
    # jede Welt, auf der nur Bekehrte leben".) He gave W2 away this turn: 20 converts
    # -> 2, the world of converts only -> 5, no world of his own.
    state = make_state((Character.EMPIRE_BUILDER, Character.APOSTLE))
    setv(state.world(3), owner=0, population=0, industry=0, mines=0, i_ships=0, p_ships=0)
    setv(state.world(2), owner=1, population=20, converts=20, convert_owner=2)
    turn = make_turn(state)
    score(turn)
    assert turn.player_report(2).gained == 2 + 5


def test_a_robot_world_cannot_be_given_to_a_player_who_is_no_berserker() -> None:
    # Starweb "Berserker": "Ein Spieler, der kein Berserker ist, kann eine Welt, die von
    # Robotern bevölkert ist, nicht erobern oder besitzen".
    state = make_state((Character.BERSERKER, Character.EMPIRE_BUILDER))
    setv(state.world(1), population=0, robots=20)
    turn = make_turn(state, {1: [Gift(what="W", number=1, player="BORG")]})
    give(turn)
    assert state.world(1).owner == 1
    assert remarks(turn, 1) == ["robot_world"]


def test_a_merchants_key_given_away_keeps_one_metal_per_ship() -> None:
    # Starweb "Fracht": "Jedes Schiff kann maximal ein Metall laden, Händler zwei." and
    # "Kapert ein Pirat eine Händlerflotte, die mehr als ein Metall pro Schiff trägt, so
    # wird die überzählige Fracht verschwinden." The same holds for a gift: 3 ships with
    # 6 metal keep 3 with their new owner.
    state = make_state((Character.EMPIRE_BUILDER, Character.MERCHANT))
    setv(state.fleet(6), ships=3, cargo=6)
    turn = make_turn(state, {2: [Gift(what="F", number=6, player="THRAWN")]})
    give(turn)
    assert (state.fleet(6).owner, state.fleet(6).cargo) == (1, 3)


def test_an_apostle_in_jihad_killing_his_own_converts_pays_for_them_once() -> None:
    # Starweb "Apostel" (Djihad): "erhält statt dessen zwei Punkte für jede getötete
    # Bevölkerung" (of the jihad's target); "Sollte ein Charakter Bevölkerungen vernichten
    # … dann verliert er für jede getötete Bevölkerung einen Punkt" (his own converts),
    # and "Er bekommt dann keine Punkte mehr für Märtyrer". As forces.kill_people records
    # them: 10 of the target's people (victim 2), 3 of his own converts (victim 6).
    # 2 * 10 - 3 = 17.
    state = scored_kills({(6, 2): 10, (6, 6): 3}, {(6, 6): 3}, jihad=2)
    assert state.player(6).score == 17
