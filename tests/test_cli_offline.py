"""``pbem KIND turn`` says what happened in one line of words, for any kind (here the
test kind of tests/toykind)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from engine.core import Event
from mailserver.app.cli.offline import event_words, kind_app, turn_summary
from tests.toykind import TOY

runner = CliRunner()


def test_a_turn_is_one_line_of_words(tmp_path: Path) -> None:
    app = kind_app(TOY)
    states = [tmp_path / f"s{turn}.json" for turn in range(4)]
    result = runner.invoke(app, ["new", "--game", "5", "--players", "3", "-o", str(states[0])])
    assert result.exit_code == 0, result.output
    orders = tmp_path / "orders.txt"
    orders.write_text("ADD 5\n", encoding="utf-8")
    said = []
    for turn in (1, 2, 3):
        given = ["--orders", f"1={orders}", "--orders", f"2={orders}"] if turn == 1 else []
        args = ["turn", str(states[turn - 1]), *given, "-o", str(states[turn])]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert result.stderr == ""
        said.append(result.stdout)
    assert said == [
        "Turn 1 evaluated: orders of 2 players read.\n",
        "Turn 2 evaluated: orders of 0 players read.\n",
        "Turn 3 evaluated: orders of 0 players read; game over.\n",
    ]


def test_the_common_events_in_words() -> None:
    assert event_words(Event("player_out", 3, {"reason": "nmr", "turn": 4})) == (
        "player 3 is out (missed orders)"
    )
    assert event_words(Event("player_out", 2, {"reason": "defeated"})) == (
        "player 2 is out (defeated)"
    )
    assert event_words(Event("player_out", 5, {"reason": "exiled"})) == ("player 5 is out (exiled)")
    assert event_words(Event("game_over", data={"winners": [4], "reason": "planets"})) == (
        "game over (planets), won by player 4"
    )
    assert event_words(Event("game_over", data={"winners": [1, 2, 4], "gnp": [{"x": 1}]})) == (
        "game over, won by players 1, 2 and 4"
    )
    assert event_words(Event("game_over")) == "game over"
    # Any other kind: its name, its player and its plain details; nested ones are left out.
    assert event_words(Event("rounds_decided", data={"rounds": 14, "votes": 8})) == (
        "rounds decided (rounds 14, votes 8)"
    )
    assert event_words(Event("bonus", 2, {"points": 3, "table": [1, 2]})) == (
        "bonus for player 2 (points 3)"
    )


def test_the_summary_line() -> None:
    events = [
        Event("player_out", 3, {"reason": "resigned"}),
        Event("game_over", data={"winners": [1]}),
    ]
    assert turn_summary(9, 1, events) == (
        "Turn 9 evaluated: orders of 1 player read; player 3 is out (resigned); "
        "game over, won by player 1."
    )
