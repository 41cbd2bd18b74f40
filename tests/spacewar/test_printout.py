"""The printout, the acknowledgement's checks, the order form (docs/rules-spacewar.md,
"What a player sees"; the host's Acknowledging and PrefilledOrders)."""

from __future__ import annotations

from engine.spacewar.orders import Buy, Jump, PlaceFleet
from grammar.spacewar import LANGUAGE
from tests.spacewar.factory import GAME, after_setup, forced, new_state, orders


def say(state: object, seat: int, order: object, lang: str = "en") -> str:
    return GAME.describe_order(state, seat, order, lang, str)  # type: ignore[arg-type]


def test_the_acknowledgement_warns_of_a_fleet_that_is_not_there() -> None:
    text = say(after_setup(), 1, Jump(fleet=7, group="space"))
    assert text.startswith("Fleet 7 jumps") and "the fleet is not there" in text


def test_the_acknowledgement_warns_of_a_target_out_of_reach() -> None:
    text = say(after_setup(), 1, Jump(fleet=1, group="enemy", targets=("W8",)))
    assert "out of reach from there" in text


def test_the_acknowledgement_names_the_cost_or_the_missing_pe() -> None:
    state = after_setup()
    buy = Buy(count=2, unit="KR", world="W1", fleet=1)
    assert say(state, 1, buy).endswith(
        "will be refused: costs 22 PE, 0 PE left after the lines before"
    )
    state.player(1).pe = 30
    assert (
        say(state, 1, buy, "de") == "Kaufe 2 Kreuzer auf W1 für Flotte 1 – kostet 22 PE: PE 30 → 8"
    )


def test_placements_are_for_the_setup_step_only() -> None:
    assert "only in the setup step" in say(after_setup(), 1, PlaceFleet(fleet=1, world="W2"))
    assert say(new_state(), 1, PlaceFleet(fleet=1, world="W2")) == "Fleet 1 starts at W2"


def test_the_printout_names_the_next_step_and_ends_in_a_form_with_the_standing_orders() -> None:
    given = {
        1: orders("Kein Angriff R2\nNotsprung F1 bei Verlust 50\nVerteidigung W2 schwach zuerst")
    }
    state = GAME.run_turn(after_setup(), given, forced([])).state
    text = GAME.printout(state, 1, "de")
    assert "Nächster Schritt: Runde 2: Befehle" in text
    assert text.startswith("SPACEWAR I – Spiel 7, Runde 2")
    form = GAME.order_form(state, 1, "de")
    assert form.splitlines()[0] == "Partie 7 Spieler 1 Runde 3"
    assert "Kein Angriff R2" in form and "Notsprung Flotte 1 bei Verlust 50" in form
    # the form reads back as the same standing orders
    back = LANGUAGE.parse(form)
    assert not back.errors and {o.kind for o in back.orders} == {"attack", "emergency", "lineup"}
    assert "Aufstellung W2: schwach zuerst" in form
    assert back.header.game == 7 and back.header.player == 1 and back.header.turn == 3


def test_the_gm_sees_both_players_worlds_and_fleets() -> None:
    text = GAME.printout(after_setup(), 0, "en")
    assert "game master's view" in text
    assert "Fleet 1 (player 1)" in text and "Fleet 1 (player 2)" in text
    assert "W7: 20 PE, troops 5, 5, 4, 4, 3, 3" in text
