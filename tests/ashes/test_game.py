"""Whole games: 8 bots for 30 turns, determinism, JSON round trip, the offline CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from engine.ashes.game import AshesGame
from engine.ashes.kind import ASHES
from engine.ashes.printout import printout
from engine.ashes.state import AshesState
from engine.core import NEUTRAL, Game, turn_dice
from grammar.ashes import parse
from mailserver.app.cli.offline import kind_app
from tests.ashes.bots import bot_turn, new_standard_game

app = kind_app(ASHES)


def test_ashes_game_satisfies_the_contract() -> None:
    game: Game = AshesGame()
    assert game.kind == "ashes"
    # The engine reads no order text: the order language is grammar.ashes.
    assert not hasattr(game, "parse_orders")
    assert parse("PV 5 = 0").orders[0].kind == "pv"


def test_eight_bots_play_thirty_turns_and_someone_wins() -> None:
    state = new_standard_game(seed=3)
    kinds: list[str] = []
    while not state.finished:
        state, events = bot_turn(state, bot_seed=3)
        kinds.extend(e.kind for e in events)  # type: ignore[attr-defined]
        assert AshesState.from_json(state.to_json()) == state
    assert state.turn == 30 and state.rounds == 30
    assert state.winners and state.end_reason in ("rounds", "planets", "last_player")
    assert kinds.count("game_over") == 1
    assert any(b.fought for b in state.report.battles) or "player_out" in kinds
    for p in state.players:
        text = printout(state, p.number, "en")
        assert "The game is over" in text


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_eight_bots_play_six_sensible_turns(seed: int) -> None:
    state = new_standard_game(seed=seed)
    fought = conquests = between_players = 0
    for _ in range(6):
        state, _ = bot_turn(state, bot_seed=seed)
        # Ashes 4.4.4: with PP < 0 every planet of a player revolts
        assert all(p.pp >= 0 for p in state.players), [p.pp for p in state.players]
        revolts = {n.planet for n in state.report.news if n.kind == "revolt"}
        assert len(revolts) < len([p for p in state.planets if p.owner != NEUTRAL])
        fought += sum(b.fought for b in state.report.battles)
        conquests += sum(n.kind == "conquest" for n in state.report.news)
        between_players += sum(
            b.fought
            and any(s.role == "attack" and s.player != NEUTRAL for s in b.sides)
            and b.owner != NEUTRAL
            for b in state.report.battles
        )
    assert fought and conquests and between_players
    # alliances (with their secret reports, Ashes 4.9) and wars between the players
    pairs = [state.pv[p.number][q.number] for p in state.players for q in state.players]
    assert 2 in pairs and 0 in pairs


def test_the_same_state_orders_and_seed_give_the_same_bytes() -> None:
    first = new_standard_game(seed=5)
    second = new_standard_game(seed=5)
    for _ in range(4):
        first, _ = bot_turn(first, bot_seed=5)
        second, _ = bot_turn(second, bot_seed=5)
    assert json.dumps(first.to_json()) == json.dumps(second.to_json())
    assert printout(first, 0, "de") == printout(second, 0, "de")


def test_state_json_round_trips_exactly() -> None:
    state = new_standard_game(seed=9)
    for _ in range(3):
        state, _ = bot_turn(state, bot_seed=9)
    data = state.to_json()
    assert AshesState.from_json(data).to_json() == data
    assert AshesState.from_json(json.loads(json.dumps(data))).to_json() == data
    with pytest.raises(ValueError):
        AshesState.from_json({**data, "kind": "starweb"})


def test_offline_cli_new_turn_report(tmp_path: Path) -> None:
    runner = CliRunner()
    s0, s1 = tmp_path / "s0.json", tmp_path / "s1.json"
    result = runner.invoke(
        app, ["new", "--game", "227", "--players", "4", "--seed", "7", "-o", str(s0)]
    )
    assert result.exit_code == 0, result.output
    orders = tmp_path / "p2.txt"
    orders.write_text(
        "Partie 227 Spieler 2 Kennwort x Runde 1\n2: 1 PDU 7 FP 5 OP 5 RP "
        "6 FI 3 TR\n2 / 10 / 0 / 18\nRundenzahl 15\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["turn", str(s0), "--orders", f"2={orders}", "-o", str(s1)])
    assert result.exit_code == 0, result.output
    state = AshesState.from_json(json.loads(s1.read_text("utf-8")))
    assert state.turn == 1 and state.planet(2).fp == 10
    assert state.rounds == 15
    again = (
        AshesGame()
        .run_turn(
            AshesState.from_json(json.loads(s0.read_text("utf-8"))),
            {2: parse(orders.read_text("utf-8")).orders},
            turn_dice(7, 1),
        )
        .state
    )
    assert again.to_json() == state.to_json()
    result = runner.invoke(app, ["report", str(s1), "--player", "2", "--lang", "en"])
    assert result.exit_code == 0
    assert result.output.startswith("=== Printout game 227 turn 1 ===\n")
    result = runner.invoke(app, ["report", str(s0), "--player", "0"])
    assert result.output.startswith("=== Auswertung Partie 227 Runde 0 ===\n")


@pytest.mark.parametrize("scenario", ["I", "II"])
def test_board_game_scenarios(tmp_path: Path, scenario: str) -> None:
    runner = CliRunner()
    out = tmp_path / "s.json"
    result = runner.invoke(
        app, ["new", "--game", "1", "--players", "2", "--scenario", scenario, "-o", str(out)]
    )
    assert result.exit_code == 0, result.output
    state = AshesState.from_json(json.loads(out.read_text("utf-8")))
    if scenario == "I":
        assert [p.number for p in state.owned(1)] == [1, 9, 20]
        assert [p.number for p in state.owned(2)] == [5, 13, 34]
        fleet = state.orbit(5, 2)
        assert fleet is not None and (fleet.fi, fleet.tr) == (10, 3)
        assert state.orbit(34, 2) is None
    else:
        assert len(state.owned(1)) == len(state.owned(2)) == 8
        assert state.player(2).home == 3 and state.planet(3).pm == 150
        assert sum(f.fi for f in state.fleets if f.owner == 1) == 15


def test_setup_rejects_bad_input(tmp_path: Path) -> None:
    runner = CliRunner()
    out = tmp_path / "s.json"
    for args in (
        ["--players", "9"],
        ["--scenario", "III"],
        ["--players", "3", "--scenario", "I"],
        ["--option", "nope=1"],
    ):
        result = runner.invoke(app, ["new", "--game", "1", "-o", str(out), *args])
        assert result.exit_code != 0
