"""``pbem KIND turn`` says what happened in one line of words, for any kind (here the
test kind of tests/toykind); ``pbem KIND new`` takes a kind's per-seat fields (Starweb's)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from engine.core import Event
from engine.starweb.kind import STARWEB
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


def test_new_takes_the_seats_fields_and_deals_the_rest(tmp_path: Path) -> None:
    app = kind_app(STARWEB)
    out = tmp_path / "s0.json"
    seats = ["--seat", "1,character=merchant,code_name=Borg", "--seat", "2,code_name=THRAWN"]
    args = ["new", "--players", "3", "--scenario", "small", *seats, "-o", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    state = json.loads(out.read_text("utf-8"))
    assert state["game"] == 1  # --game defaults to 1
    players = state["players"]
    assert (players[0]["code_name"], players[0]["character"]) == ("BORG", "Händler")
    assert players[1]["code_name"] == "THRAWN" and players[2]["code_name"]
    for bad, said in (
        ("4,code_name=X", "a seat 1-3"),
        ("x,code_name=X", "a seat 1-3"),
        ("²,code_name=X", "a seat 1-3"),  # a digit to str.isdigit, no number to int()
        ("1,colour=red", "'colour=red' is no FIELD=VALUE (fields: character, code_name)"),
        ("1,code_name", "is no FIELD=VALUE"),
    ):
        result = runner.invoke(app, ["new", "--players", "3", "--seat", bad, "-o", str(out)])
        assert result.exit_code == 2 and said in result.stderr, (bad, result.stderr)
