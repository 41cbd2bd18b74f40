"""The kind behind the host's contract: printouts de and en, the JSON twin, the map,
the order form, the acknowledgement, determinism, the final report."""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from random import Random

import pytest

from engine.ashes_board.fleets import distance
from engine.ashes_board.game import BoardGame
from engine.ashes_board.kind import ASHES_BOARD
from engine.ashes_board.orders import Build, Fly, Item, Relation, StartFleets, Targets
from engine.ashes_board.state import BoardState
from engine.core import Event, Order, PlayerSetup, SeatRecord, Setup
from engine.dice import Dice
from engine.registry import kind
from grammar.ashes_board import LANGUAGE
from tests.ashes_board.helpers import fleet, start

GAME = BoardGame()


def _dice(text: str) -> Dice:
    return Dice.sealed(hashlib.sha256(text.encode()).hexdigest())


def _round(state: BoardState, orders: Mapping[int, Sequence[Order]], seed: str = "x") -> BoardState:
    result = GAME.run_turn(state, orders, _dice(seed))
    assert isinstance(result.state, BoardState)
    return result.state


def test_the_kind_is_registered_with_its_scenarios_and_options() -> None:
    assert kind("ashes-board") is ASHES_BOARD
    assert ASHES_BOARD.scenarios == ("I", "II", "free")
    assert ASHES_BOARD.options["extension"] is False
    assert (ASHES_BOARD.min_players, ASHES_BOARD.max_players) == (2, 8)


def test_new_game_without_scenario_is_scenario_one_for_two_and_free_for_more() -> None:
    two = GAME.new_game(Setup(game=1, players=[PlayerSetup(1), PlayerSetup(2)]), Random(1))
    six = GAME.new_game(Setup(game=1, players=[PlayerSetup(n) for n in range(1, 7)]), Random(1))
    assert isinstance(two, BoardState) and isinstance(six, BoardState)
    assert (two.scenario, six.scenario) == ("I", "free")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("de", ("Lager", "Planeten", "Flotten", "Befehlsbogen")),
        ("en", ("Warehouses", "Planets", "Fleets", "Order form")),
    ],
)
def test_the_printout_shows_the_open_board_in_both_languages(
    lang: str, words: tuple[str, ...]
) -> None:
    state = _round(start("I"), {1: [Fly(source=1, fighters=4, transporters=0, target=10)]})
    text = GAME.printout(state, 2, lang)
    for word in words:
        assert word in text
    # player 2 sees player 1's warehouse and his fleet on space 2 of Outpost's board
    assert re.search(r"\n 10 \(Outpost\) +2 \S+ 1 +4 +0 +0\n", text)
    assert text.count("\n") > 60


def test_private_notices_reach_only_their_player_and_the_gm() -> None:
    state = start("I")
    state.player(1).oil = 0
    state = _round(state, {1: [Build(planet=1, items=(Item(what="transporter", count=1),))]})
    notice = "1 TR on 1 (Earth) not built: the warehouse is short."
    assert notice in GAME.printout(state, 1, "en")
    assert notice in GAME.printout(state, 0, "en")
    assert notice not in GAME.printout(state, 2, "en")
    assert notice not in json.dumps(GAME.report_data(state, 2, "en"))


def test_the_order_form_is_read_without_errors() -> None:
    state = start("II")
    form = "\n".join(line for line in GAME.printout(state, 1, "de").splitlines() if line)
    form = form[form.index("# Befehlsbogen") :]
    result = LANGUAGE.parse(form.replace("# Bitte", "Passwort x\n# Bitte"))
    assert result.errors == []
    assert result.header.player == 1 and result.header.turn == 1
    assert GAME.order_form(state, 1, "en").startswith("# Order form game 7 round 1")


def test_same_state_orders_and_seed_give_the_same_bytes() -> None:
    orders = {1: [Fly(source=1, fighters=10, transporters=3, target=5)], 2: []}
    a = _round(_round(start("I"), orders), {}, "y")
    b = _round(_round(start("I"), orders), {}, "y")
    assert json.dumps(a.to_json()) == json.dumps(b.to_json())
    assert GAME.printout(a, 1, "de") == GAME.printout(b, 1, "de")


def test_acknowledgement_checks_the_warehouse_and_the_planets_owned() -> None:
    state = start("I")
    namer = LANGUAGE.namer()
    big = Build(planet=1, items=(Item(what="fighter", count=3),))
    said = GAME.describe_order(state, 1, big, "en", namer)
    assert said.startswith("Build on 1 (Earth): 3 FI")
    assert "Builds 2 FI for 2 oil, 2 steel, 4 high tech" in said
    assert said.endswith("1 FI on 1 (Earth) not built: the warehouse is short.")
    foreign = GAME.describe_order(state, 1, Build(planet=5, items=big.items), "de", namer)
    assert "5 (Lenin) gehört Ihnen nicht" in foreign


def test_acknowledgement_forecasts_a_flight() -> None:
    state = start("I")
    fly = Fly(source=1, fighters=12, transporters=0, target=10)
    said = GAME.describe_order(state, 1, fly, "en", LANGUAGE.namer())
    assert ": 12 FI, 0 TR → It lands on space 2 and reaches the orbit in 2 rounds." in said
    assert "Only 10 FI and 0 TR could leave 1 (Earth) for 10 (Outpost)." in said
    assert said.endswith("Left in the orbit of 1 (Earth) then: 0 FI, 3 TR.")


def test_a_flight_of_one_space_reaches_the_orbit_next_round_in_words() -> None:
    state = start("I")
    near = next(n for n in range(2, 41) if distance(1, n) == 1)
    fly = Fly(source=1, fighters=1, transporters=0, target=near)
    said = GAME.describe_order(state, 1, fly, "de", LANGUAGE.namer())
    assert "erreicht die Umlaufbahn in der nächsten Runde." in said
    assert "in 1 Runden" not in said


def test_the_json_twin_and_the_map_show_fleets_on_their_spaces() -> None:
    state = start("I")
    fleet(state, 2, 12, 4, 1, space=2)
    data = GAME.report_data(state, 1, "en")
    assert data["schema"] == "ashes-board-report/1"
    assert json.loads(json.dumps(data)) == data
    assert {"owner": 2, "planet": 12, "space": 2}.items() <= data["fleets"][-1].items()
    view = GAME.map_view(state, 1, "en")
    assert len(view.places) == 40
    assert view.places[0].label == "1 Earth 3/3 F1 H0"
    assert "home" in view.places[0].marks
    assert [(m.target, m.label) for m in view.moves] == [(12, "player 2 @2: 4 FI 1 TR")]


def test_final_report_lists_points_winners_and_who_left() -> None:
    state = start("I")
    event = Event(
        "game_over",
        data={
            "winners": [2],
            "reason": "points",
            "turn": 14,
            "points": [
                {"player": 2, "points": 60, "planets": 4, "out": False},
                {"player": 1, "points": 50, "planets": 3, "out": False},
            ],
        },
    )
    seats = [SeatRecord(1, "a@example.org", "resigned", 12)]
    text = GAME.final_report(state, event, seats, "en")
    assert "1. player 2: 60 points, 4 planets" in text
    assert "Winner: player 2" in text
    assert "Player 1 (a@example.org): resigned in round 12" in text


def test_acknowledgement_warns_of_orders_the_rules_do_not_allow_now() -> None:
    namer = LANGUAGE.namer()
    basic = start("I")
    assert "Only with the extension rules." in GAME.describe_order(
        basic, 1, Relation(seat=2, value=2), "en", namer
    )
    extension = start("I", extension=True)
    assert "no other player 3" in GAME.describe_order(
        extension, 1, Relation(seat=3, value=0), "en", namer
    )
    assert GAME.describe_order(basic, 1, Targets(seats=(2, 5)), "en", namer).endswith(
        "There is no other player 5 in this game."
    )
    later = _round(start("I"), {})
    assert GAME.describe_order(later, 1, StartFleets(planets=(20,)), "de", namer).endswith(
        "Nur in Runde 1."
    )
