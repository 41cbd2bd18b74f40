"""Turn 0 of a Starweb game: seats, characters, code names, options, the Black Box."""

from __future__ import annotations

import json
from random import Random

import pytest

from engine.core import JSONValue, PlayerSetup, Setup
from engine.starweb.artifacts import BLACK_BOX_EFFECTS
from engine.starweb.setup import SCENARIOS, SetupError, character, code_name, new_game
from engine.starweb.state import Character, StarwebState

CHARACTERS = ["Reichsgründer", "Händler", "Pirat", "Kunstsammler", "Berserker", "Apostel"]


def seats(n: int) -> list[PlayerSetup]:
    return [
        PlayerSetup(n + 1, fields={"character": CHARACTERS[n % 6], "code_name": f"spieler{n + 1}"})
        for n in range(n)
    ]


def game(
    players: int = 15,
    seed: int = 1,
    scenario: str | None = None,
    **options: JSONValue,
) -> StarwebState:
    return new_game(
        Setup(game=9, players=seats(players), scenario=scenario, options=options, seed=seed),
        Random(seed),
    )


def test_full_game_at_turn_zero() -> None:
    state = game()
    assert state.turn == 0 and state.game == 9 and state.seed == 1
    assert len(state.worlds) == 255 and len(state.fleets) == 255 and len(state.artifacts) == 100
    assert [p.code_name for p in state.players][:2] == ["SPIELER1", "SPIELER2"]
    assert state.players[1].character == "Händler"
    for player, report in zip(state.players, state.report.players, strict=True):
        home = state.world(player.home)
        assert home.owner == home.home_of == player.number
        assert report.player == player.number and report.seen == [player.home]
        keys = [f for f in state.fleets if f.owner == player.number]
        assert len(keys) == 5 and all(f.world == player.home and f.ships == 0 for f in keys)
    assert state.options.black_box in BLACK_BOX_EFFECTS
    assert StarwebState.from_json(state.to_json()).to_json() == state.to_json()


def test_same_seed_same_game_other_seed_other_game() -> None:
    first = json.dumps(game(seed=2).to_json(), sort_keys=True)
    assert first == json.dumps(game(seed=2).to_json(), sort_keys=True)
    assert first != json.dumps(game(seed=3).to_json(), sort_keys=True)


def test_black_box_drawn_per_game_unless_chosen() -> None:
    drawn = {game(players=2, seed=s, scenario="small").options.black_box for s in range(12)}
    assert len(drawn) > 1
    assert game(players=2, scenario="small", black_box="industry").options.black_box == "industry"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Reichsgründer", Character.EMPIRE_BUILDER),
        ("reichsgruender", Character.EMPIRE_BUILDER),
        ("Empire Builder", Character.EMPIRE_BUILDER),
        ("HÄNDLER", Character.MERCHANT),
        ("merchant", Character.MERCHANT),
        ("Pirate", Character.PIRATE),
        ("artifact collector", Character.COLLECTOR),
        ("Kunstsammler", Character.COLLECTOR),
        ("berserker", Character.BERSERKER),
        ("Apostle", Character.APOSTLE),
        ("apostel", Character.APOSTLE),
    ],
)
def test_characters_in_german_and_english(text: str, expected: Character) -> None:
    assert character(text) is expected


def test_unknown_character_and_bad_code_names() -> None:
    with pytest.raises(SetupError, match="unknown character"):
        character("Kaufmann")
    assert code_name(" borg ") == "BORG"
    assert code_name("Thrawn7") == "THRAWN7"
    for bad in ("", "7UP", "A B", "ABCDEFGHIJK", "Bärbel"):
        with pytest.raises(SetupError, match="code name"):
            code_name(bad)


def test_code_names_unique_and_seats_numbered() -> None:
    players = seats(3)
    players[2] = PlayerSetup(3, fields={"character": "Pirat", "code_name": "Spieler1"})
    with pytest.raises(SetupError, match="SPIELER1"):
        new_game(Setup(game=1, players=players, scenario="small"), Random(1))
    with pytest.raises(SetupError, match="numbered"):
        new_game(Setup(game=1, players=[seats(3)[0], seats(3)[2]]), Random(1))


def test_seats_without_character_and_code_name_are_dealt_by_the_seed() -> None:
    def dealt(seed: int, players: list[PlayerSetup]) -> StarwebState:
        return new_game(Setup(game=1, players=players, scenario="small", seed=seed), Random(seed))

    state = dealt(4, [PlayerSetup(n) for n in range(1, 13)])
    # Two packs of the six: every character twice.
    assert sorted(p.character for p in state.players) == sorted(CHARACTERS * 2)
    names = [p.code_name for p in state.players]
    assert len(set(names)) == 12 and all(code_name(n) == n for n in names)
    again = dealt(4, [PlayerSetup(n) for n in range(1, 13)])
    assert again.to_json() == state.to_json()
    other = dealt(5, [PlayerSetup(n) for n in range(1, 13)])
    assert [p.character for p in other.players] != [p.character for p in state.players]
    # What a seat gives stays; the rest is dealt after the map, which stays the seed's.
    given = [PlayerSetup(1, fields={"character": "merchant"}), *seats(3)[1:]]
    mixed = dealt(4, given)
    assert mixed.players[0].character == "Händler" and mixed.players[0].code_name not in {
        "SPIELER2",
        "SPIELER3",
    }
    assert mixed.players[1].code_name == "SPIELER2"
    assert mixed.worlds == dealt(4, seats(3)).worlds


def test_options_checked() -> None:
    with pytest.raises(SetupError, match="unknown rule option 'planets'"):
        game(players=2, scenario="small", planets=40)
    with pytest.raises(SetupError, match="must be int"):
        game(players=2, scenario="small", worlds="40")
    with pytest.raises(SetupError, match="must be bool"):
        game(players=2, scenario="small", neutral_fire_back=1)
    with pytest.raises(SetupError, match="Black Box"):
        game(players=2, scenario="small", black_box="gold")
    with pytest.raises(SetupError, match="end scores"):
        game(players=2, scenario="small", end_score_min=20000)
    with pytest.raises(SetupError, match="unknown scenario"):
        game(players=2, scenario="huge")
    with pytest.raises(ValueError, match="players"):
        game(players=1, scenario="small")


def test_small_scenario_scales_with_players_and_options_override_it() -> None:
    assert SCENARIOS["small"](4) == {"worlds": 68, "black_holes": 1}
    assert SCENARIOS["small"](15) == {"worlds": 255, "black_holes": 5}
    assert len(game(players=4, scenario="small").worlds) == 68
    state = game(players=4, scenario="Small", worlds=100, black_holes=3)
    assert len(state.worlds) == 100 and sum(w.black_hole for w in state.worlds) == 3
