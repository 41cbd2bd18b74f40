"""Option ``battle_mode = rounds``: one step per battle round, awaiting both players'
battle orders (decision 1, reading b; docs/rules-spacewar.md, "The space battle by
mail")."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from engine.core import Order
from engine.dice import Dice, Roll, sha256_hex
from engine.spacewar.state import SpacewarState
from mailserver.app.cli.main import app as pbem_cli
from tests.spacewar.factory import GAME, bot_game, empty_board, fleet, new_state, orders


def dice(words: str) -> Dice:
    """Sealed dice seeded by ``words``."""
    return Dice.sealed(sha256_hex(words))


def board(mode: str) -> SpacewarState:
    """Two fleets of each side face each other in R2: a battle of several rounds."""
    state = empty_board(battle_mode=mode)
    fleet(state, 1, 1, "R2", "ST", "KR", "KR")
    fleet(state, 2, 1, "R2", "ST", "KR", "KR")
    return state


def step(
    state: SpacewarState, dice: Dice, given: dict[int, list[Order]] | None = None
) -> tuple[SpacewarState, tuple[Roll, ...]]:
    result = GAME.run_turn(state, given or {}, dice)
    assert isinstance(result.state, SpacewarState)
    return result.state, result.rolls


def position(state: SpacewarState) -> dict[str, object]:
    """What a battle leaves behind: fleets, bases, stranded Jäger, pools, worlds."""
    data = state.to_json()
    return {k: data[k] for k in ("fleets", "bases", "stranded", "worlds", "players", "round")}


def test_a_battle_in_rounds_pauses_after_each_round_and_awaits_both_players() -> None:
    state, rolls = step(board("rounds"), dice("pause"))
    assert state.phase == "battle" and state.fights[0].round == 1
    assert GAME.awaiting(state) == frozenset({1, 2})
    assert GAME.step_name(state, "en") == "Round 1: battle at R2, battle round 2"
    assert GAME.step_name(state, "de") == "Runde 1: Gefecht R2, Kampfrunde 2"
    assert state.round == 1  # the round goes on: no income yet
    assert "Battle orders for the next battle round" in GAME.order_form(state, 1, "en")
    assert any(r.label.startswith("fire R2") for r in rolls)


def test_without_new_orders_the_rounds_fight_as_the_automatic_battle() -> None:
    auto, auto_rolls = step(board("auto"), dice("same"))
    values = [(r.label, r.value) for r in auto_rolls]
    state, steps = board("rounds"), 0
    while True:
        state, rolls = step(state, Dice.forced(values))
        values = values[len(rolls) :]
        steps += 1
        if state.phase != "battle":
            break
    assert steps > 2 and not values
    assert position(state) == position(auto)


def test_battle_orders_mailed_in_the_pause_count_from_the_next_round() -> None:
    state, _ = step(board("rounds"), dice("orders"))
    assert state.phase == "battle"
    given = {1: orders("Notsprung Flotte 1 nach Runde 2")}
    after, rolls = step(state, dice("orders 2"), given)
    assert state.player(1).standing.jumps == []
    assert after.player(1).standing.jumps == ["1:round:2"]
    assert any(r.label == "jump R2 P1 F1" for r in rolls)


def test_a_purchase_in_a_battle_step_is_refused_by_the_acknowledgement_and_ignored() -> None:
    state, _ = step(board("rounds"), dice("buy"))
    state.player(1).pe = 50
    buy = orders("Kaufe 1 Kreuzer W1")
    text = GAME.describe_orders(state, 1, buy, "en", str)  # type: ignore[arg-type]
    assert text[0].endswith("warning: in a battle round only battle and standing orders count")
    after, _ = step(state, dice("buy 2"), {1: buy})
    assert after.player(1).pe == 50


def test_the_round_ends_after_the_last_battle_with_ground_combat_and_income() -> None:
    state, _ = step(board("rounds"), dice("end"))
    pe = state.player(1).pe
    while state.phase == "battle":
        state, _ = step(state, dice(f"end {state.turn}"))
    assert state.round == 2 and not state.fights
    assert state.player(1).pe > pe


def test_a_paused_battle_survives_the_state_json_round_trip() -> None:
    state, _ = step(board("rounds"), dice("json"))
    again = SpacewarState.from_json(json.loads(json.dumps(state.to_json())))
    assert again == state
    one, _ = step(state, dice("next"))
    two, _ = step(again, dice("next"))
    assert one.to_json() == two.to_json()


def test_the_offline_turn_command_plays_a_battle_round_step(tmp_path: Path) -> None:
    state, _ = step(board("rounds"), dice("cli"))
    assert state.phase == "battle" and state.fights[0].round == 1
    before = tmp_path / "s1.json"
    before.write_text(json.dumps(state.to_json()), encoding="utf-8")
    mail = tmp_path / "p1.txt"
    mail.write_text("Ziele: Träger, Kreuzer\n", encoding="utf-8")
    after = tmp_path / "s2.json"
    args = ["spacewar", "turn", str(before), "-o", str(after), "--orders", f"1={mail}"]
    result = CliRunner().invoke(pbem_cli, args)
    assert result.exit_code == 0, result.output
    played = SpacewarState.from_json(json.loads(after.read_text(encoding="utf-8")))
    assert played.turn == state.turn + 1
    assert played.player(1).standing.targets == ["ST", "KR"]
    assert played.phase == "battle" and played.fights[0].round == 2


def test_bots_play_a_game_of_battle_rounds_to_its_end() -> None:
    states = list(bot_game(new_state(seed=5, battle_mode="rounds"), 5, 1999))
    state = states[-1]
    assert state.over and state.winner in (1, 2)
    paused = sum(s.phase == "battle" for s in states)
    assert paused > 0
