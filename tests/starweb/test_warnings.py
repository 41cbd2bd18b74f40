"""The acknowledgement's warnings: checks that need the position (Starweb "Die Befehle")."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from engine.starweb.orders import (
    FLEET,
    I_SHIPS,
    BuildBomb,
    Diplomacy,
    EndScoreVote,
    Fire,
    Move,
    Plunder,
    RobotAttack,
    Scrap,
    Transfer,
)
from engine.starweb.state import Character
from engine.starweb.warnings import decorate, warnings
from tests.starweb.factory import make_state, setv


def test_a_move_of_ones_own_key_through_gates_has_no_warning() -> None:
    state = make_state()  # a ring: world 1 has gates to 2 and 8
    setv(state.fleet(1), ships=3)
    setv(state.fleet(2), world=2)  # his keys show him W2 and W3 with their gates
    setv(state.fleet(3), world=3)
    assert warnings(state, 1, Move(fleet=1, path=(2, 3, 4)), "de") == []


def test_the_gates_of_a_world_the_player_has_not_seen_are_not_told() -> None:
    state = make_state()  # player 1 sees W1 alone: his home with all his keys
    setv(state.fleet(1), ships=3)
    gates_unknown = "whether a gate leads from W2 to W5 you do not know yet (not checked)"
    # W2 has no gate to W5, and none to W3 either: neither is his to know.
    assert warnings(state, 1, Move(fleet=1, path=(2, 5)), "en") == [gates_unknown]
    assert warnings(state, 1, Move(fleet=1, path=(2, 3)), "en") == [
        gates_unknown.replace("W5", "W3")
    ]


def test_someone_elses_key_no_gate_and_no_ships_are_warned_about() -> None:
    state = make_state()
    assert warnings(state, 1, Move(fleet=6, path=(4,)), "de") == ["Flotte 6 gehört Dir nicht"]
    setv(state.fleet(1), ships=2)
    setv(state.fleet(2), world=2)  # W2 seen: its gates are his to know
    assert warnings(state, 1, Move(fleet=1, path=(2, 5)), "en") == ["no gate leads from W2 to W5"]
    assert warnings(state, 1, Move(fleet=1, path=(3,)), "de") == ["von W1 führt kein Tor nach W3"]
    setv(state.fleet(1), ships=0)
    assert warnings(state, 1, Move(fleet=1, path=(2,)), "en") == ["fleet 1 has only 0 ships"]


def test_the_acknowledgement_line_keeps_the_order_and_adds_the_warning() -> None:
    state = make_state()
    order = Move(fleet=12, path=(5,))
    text = decorate(order.code, warnings(state, 1, order, "de"), "de")
    assert text == "F12W5 — Warnung: Flotte 12 gehört Dir nicht"
    assert decorate("F1W2", [], "de") == "F1W2"


def test_enough_ships_for_a_transfer_and_for_scrapping() -> None:
    state = make_state()  # the empire builder at home on W1 with 1 I-ship
    setv(state.fleet(1), ships=4)
    order = Transfer(source=FLEET, number=1, quantity=5, target=FLEET, target_fleet=2)
    assert warnings(state, 1, order, "en") == ["fleet 1 has only 4 ships"]
    # Starweb "Industrien aus verschrotteten Schiffen bauen": 4 I-ships per industry for
    # the empire builder, 6 for the merchant.
    setv(state.world(1), i_ships=4)
    assert warnings(state, 1, Scrap(world=1, quantity=1), "en") == []
    setv(state.world(3), i_ships=4)
    assert warnings(state, 2, Scrap(world=3, quantity=1), "en") == ["world 3 has only 4 I-ships"]
    assert warnings(state, 1, Transfer(source=I_SHIPS, number=3, quantity=1, target="P"), "en") == [
        "world 3 is not yours"
    ]


def test_fire_at_a_key_elsewhere_and_plunder_of_a_foreign_world() -> None:
    state = make_state()
    order = Fire(source=FLEET, number=1, target="F", target_fleet=6)  # key 6 is on W3
    assert warnings(state, 1, order, "de") == ["Flotte 6 steht nicht auf Welt 1"]
    assert warnings(state, 1, Plunder(world=3), "de") == ["Welt 3 gehört Dir nicht"]


def test_character_orders_code_names_bombs_and_the_vote() -> None:
    state = make_state((Character.EMPIRE_BUILDER, Character.BERSERKER, Character.APOSTLE), 8)
    assert warnings(state, 1, RobotAttack(fleet=1, quantity=2), "de") == [
        "nur für den Charakter Berserker"
    ]
    setv(state.fleet(6), ships=2)
    assert warnings(state, 2, RobotAttack(fleet=6, quantity=2), "en") == [
        "fleet 6 must keep one ship (has 2)"
    ]
    assert warnings(state, 1, Diplomacy(action="A", player="borg"), "de") == []
    assert warnings(state, 1, Diplomacy(action="A", player="NOBODY"), "de") == [
        "niemand heißt NOBODY"
    ]
    assert warnings(state, 1, Diplomacy(action="J", player="BORG"), "en") == [
        "for the character Apostle only"
    ]
    setv(state.fleet(1), ships=25)
    assert warnings(state, 1, BuildBomb(fleet=1), "en") == [
        "for a bomb fleet 1 needs more than 25 ships (has 25)"
    ]
    assert warnings(state, 1, EndScoreVote(score=5000), "en") == [
        "the end score is voted in turn 1 only"
    ]
    state.turn = 0
    assert warnings(state, 1, EndScoreVote(score=99), "de") == [
        "die Endpunktzahl liegt zwischen 1000 und 15000"
    ]


def test_every_german_starweb_text_says_du_as_the_rulebook_does() -> None:
    # docs/rules-starweb.md, "How the game speaks to the player": the acknowledgement's
    # warnings said "Ihnen" while the printout said "Dir".
    catalog = Path(__file__).parents[2] / "engine" / "starweb" / "locale" / "de.po"
    with catalog.open("rb") as f:
        texts = [m.string for m in read_po(f) if m.id and isinstance(m.string, str)]
    polite = re.compile(r"\b(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrer|Ihrem|Ihres)\b")
    assert [t for t in texts if polite.search(t)] == []
    assert any(re.search(r"\b(Du|Dir|Dein)\b", t) for t in texts)
