"""Standing orders (Starweb "Alliierte", "Apostel", "Fracht", "Flotten im Frieden")."""

from __future__ import annotations

from engine.starweb.diplomacy import apply
from engine.starweb.orders import Diplomacy, LoadingRight, Stance
from engine.starweb.state import Character
from tests.starweb.factory import make_state, make_turn, remarks


def test_allies_need_a_met_player_and_unknown_names_are_remarked() -> None:
    state = make_state((Character.EMPIRE_BUILDER, Character.PIRATE, Character.MERCHANT))
    state.player(1).met = [2]
    orders = [
        Diplomacy(action="A", player="borg"),
        Diplomacy(action="A", player="NECRON"),
        Diplomacy(action="A", player="NOBODY"),
    ]
    turn = make_turn(state, {1: orders})
    apply(turn)
    assert state.player(1).allies == [2]
    assert remarks(turn, 1) == ["", "not_met:NECRON", "unknown_player:NOBODY"]
    turn = make_turn(state, {1: [Diplomacy(action="N", player="BORG")]})
    apply(turn)
    assert state.player(1).allies == []


def test_jihad_only_for_the_apostle_and_its_target_may_change() -> None:
    state = make_state((Character.APOSTLE, Character.PIRATE, Character.MERCHANT))
    turn = make_turn(
        state,
        {1: [Diplomacy(action="J", player="BORG")], 2: [Diplomacy(action="J", player="THRAWN")]},
    )
    apply(turn)
    assert state.player(1).jihad == 2 and state.player(2).jihad == 0
    assert remarks(turn, 2) == ["apostle_only"]
    apply(make_turn(state, {1: [Diplomacy(action="J", player="NECRON")]}))
    assert state.player(1).jihad == 3


def test_loading_rights_granted_and_taken_back() -> None:
    state = make_state()
    apply(make_turn(state, {1: [LoadingRight(player="BORG")]}))
    assert state.player(1).loaders == [2]
    apply(make_turn(state, {1: [LoadingRight(player="BORG", grant=False)]}))
    assert state.player(1).loaders == []


def test_peace_and_war_only_for_own_keys() -> None:
    state = make_state()
    turn = make_turn(state, {1: [Stance(fleet=1, peace=True), Stance(fleet=6, peace=True)]})
    apply(turn)
    assert state.fleet(1).peace and not state.fleet(6).peace
    assert remarks(turn, 1) == ["", "not_your_fleet"]
    apply(make_turn(state, {1: [Stance(fleet=1, peace=False)]}))
    assert not state.fleet(1).peace
