"""Ashes of Empire as a game kind: the GameKind object agrees with the rules and docs."""

from __future__ import annotations

import re
from pathlib import Path
from random import Random

import pytest

from engine.ashes.game import AshesGame
from engine.ashes.kind import ASHES
from engine.ashes.printout import printout
from engine.ashes.setup import SetupError, read_options
from engine.ashes.state import AshesState, Options
from engine.core import Bots, GameKind, MessageRules, PlayerSetup, Setup
from grammar.ashes import parse
from mailserver.inbound.cleaning import printout_start
from tests.ashes.bots import bot_turn, new_standard_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules-ashes.md"


def _documented_options() -> dict[str, object]:
    """The "Rule options" table of docs/rules-ashes.md: option -> default."""
    table = DOCS.read_text("utf-8").split("## Rule options", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `(\w+)` \| `([^`]+)` \|", table, re.MULTILINE)
    values = {"true": True, "false": False}
    return {name: values.get(raw, int(raw) if raw.isdigit() else raw) for name, raw in rows}


def test_the_kind_names_its_engine_and_grammar() -> None:
    assert isinstance(ASHES, GameKind)
    assert ASHES.name == "ashes" and isinstance(ASHES.engine, AshesGame)
    assert ASHES.title == ASHES.engine.title and ASHES.engine.kind == ASHES.name
    assert ASHES.grammar == "grammar.ashes"
    assert ASHES.messages == MessageRules(
        newspaper=True, urgent_dispatches=True, urgent_postage_cents=0
    )


def test_options_are_the_documented_rule_options_with_their_defaults() -> None:
    documented = _documented_options()
    assert dict(ASHES.options) == documented
    assert ASHES.gm_options == frozenset(documented)
    assert read_options(ASHES.options) == Options()
    assert read_options({**ASHES.options, **ASHES.host_options}).nmr_out_after == 0
    assert dict(ASHES.host_options) == {"nmr_out_after": 0}


@pytest.mark.parametrize("players", [1, 2, 8, 9])
def test_player_counts(players: int) -> None:
    setup = Setup(game=1, players=[PlayerSetup(n) for n in range(1, players + 1)])
    if ASHES.min_players <= players <= ASHES.max_players:
        ASHES.engine.new_game(setup, Random(0))
    else:
        with pytest.raises(SetupError):
            ASHES.engine.new_game(setup, Random(0))
    assert (ASHES.min_players, ASHES.max_players) == (2, 8)


@pytest.mark.parametrize("scenario", ASHES.scenarios)
def test_every_scenario_starts_a_two_player_game(scenario: str) -> None:
    setup = Setup(game=1, players=[PlayerSetup(1), PlayerSetup(2)], scenario=scenario)
    state = ASHES.engine.new_game(setup, Random(0))
    assert isinstance(state, AshesState)
    assert state.scenario == (None if scenario == "standard" else scenario)
    assert ASHES.scenarios == ("standard", "I", "II")


def test_bots_write_order_lines_the_grammar_reads() -> None:
    assert ASHES.bots is not None
    bots: Bots = ASHES.bots
    state = new_standard_game(seed=2)
    for _ in range(3):
        for seat in (1, 5):
            lines = bots.orders(state, seat, Random(seat))
            assert lines and not lines[0].startswith("Partie")
            header = f"Partie {state.game} Spieler {seat} Kennwort x Runde {state.turn + 1}"
            result = parse("\n".join([header, *lines]))
            assert result.errors == [] and result.orders
        state, _ = bot_turn(state, bot_seed=2)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("player", [0, 2])
def test_printouts_start_their_sections_with_the_headings(lang: str, player: int) -> None:
    state = new_standard_game(seed=4)
    text = printout(state, player, lang)
    assert text.startswith(ASHES.printout_headings)
    starts = [line for line in text.splitlines() if line.startswith(ASHES.printout_headings)]
    assert len(starts) >= (1 if player == 0 else 3)


def test_the_mail_reader_knows_every_heading() -> None:
    assert ASHES.printout_headings
    pattern = printout_start(ASHES.printout_headings)
    assert pattern is not None
    for heading in ASHES.printout_headings:
        assert pattern.match(heading), heading
