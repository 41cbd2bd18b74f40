"""Starweb as a game kind: the registry, the seat fields, ``pbem gm create`` with
characters and code names, the engine's names, warnings and final report."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from db.models import Outbox, OutboxKind, Player
from engine.core import Event, SeatRecord
from engine.registry import kind
from engine.starweb.kind import STARWEB
from engine.starweb.orders import Move
from engine.starweb.state import Character, Options
from tests.gm.conftest import config, engine  # noqa: F401
from tests.gm.test_cli_gm import gm
from tests.starweb.factory import make_state

GAME = STARWEB.engine


def test_starweb_is_registered_with_its_seat_fields_and_options() -> None:
    assert kind("starweb") is STARWEB
    assert (STARWEB.min_players, STARWEB.max_players) == (2, 15)
    assert STARWEB.grammar == "grammar.starweb"
    character, name = STARWEB.seat_fields
    assert character.name == "character" and character.choices[:6] == tuple(
        c.value for c in Character
    )
    assert "Pirate" in character.choices and "Empire Builder" in character.choices
    assert name.name == "code_name" and name.unique and not name.choices
    assert STARWEB.options["worlds"] == Options().worlds
    assert STARWEB.gm_options == frozenset(STARWEB.options)
    assert STARWEB.bots is not None and STARWEB.printout_headings
    assert STARWEB.scenarios == ("standard", "small")


def create(config: Path, *players: str, code: int = 0) -> str:  # noqa: F811
    args = ["create", "--kind", "starweb", "--number", "31", "--gm", "gm@example.org"]
    args += ["--gm-password", "mondschein-42", "--seed", "5", "--scenario", "small"]
    for player in players:
        args += ["--player", player]
    return gm(config, *args, code=code)


def test_gm_create_with_characters_and_code_names(config: Path, engine: Engine) -> None:  # noqa: F811
    out = create(
        config,
        "1=anna@example.org,de,character=Pirat,code_name=BORG",
        "2=bob@example.org,en,character=Merchant,code_name=Thrawn",
        "3=carl@example.org,character=Berserker,code_name=NECRON",
    )
    assert "Partie 31 (starweb) mit 3 Spielern angelegt" in out
    with Session(engine) as session:
        fields = {p.seat: p.seat_fields for p in session.exec(select(Player)).all()}
    assert fields[2] == {"character": "Merchant", "code_name": "Thrawn"}
    gm(config, "start", "31")
    with Session(engine) as session:
        printouts = session.exec(
            select(Outbox).where(Outbox.kind == OutboxKind.PRINTOUT).order_by(col(Outbox.id))
        ).all()
    assert len(printouts) == 3
    assert "THRAWN" in printouts[1].body


def test_an_unknown_character_is_one_clear_error_line(config: Path) -> None:  # noqa: F811
    out = create(
        config,
        "1=anna@example.org,character=Koch,code_name=BORG",
        "2=bob@example.org,character=Pirat,code_name=THRAWN",
        code=1,
    )
    errors = [line for line in out.splitlines() if "Koch" in line]
    assert len(errors) == 1 and "Spieler 1: Charakter 'Koch' gibt es nicht" in errors[0]


@pytest.mark.parametrize(
    ("first", "second", "error"),
    [
        pytest.param(
            "1=anna@example.org,character=Pirat",
            "THRAWN",
            "Spieler 1: Codename fehlt (code_name=…).",
            id="code-name-missing",
        ),
        pytest.param(
            "1=anna@example.org,character=Pirat,code_name=borg",
            "BORG",
            "Codename: jeder Wert nur einmal.",
            id="code-name-twice-in-other-case",
        ),
        pytest.param(
            "1=anna@example.org,character=Pirat,code_name=BORG 2",
            "THRAWN",
            "code name 'BORG 2'",
            id="code-name-not-one-word",
        ),
    ],
)
def test_code_names_are_required_and_unique(
    config: Path,  # noqa: F811
    first: str,
    second: str,
    error: str,
) -> None:
    out = create(config, first, f"2=bob@example.org,character=Apostel,code_name={second}", code=1)
    assert error in out


def test_names_are_code_names_and_worlds_have_none() -> None:
    state = make_state()
    names = GAME.names(state)
    assert names.rulers == {1: "THRAWN", 2: "BORG"} and names.places == {}


def test_describe_order_keeps_the_order_and_warns() -> None:
    state = make_state()
    assert GAME.describe_order(state, 1, Move(fleet=7, path=(4,)), "de", str) == (
        "F7W4: Flotte 7 nach Welt 4 — Warnung: Flotte 7 gehört Dir nicht"
    )


def test_the_final_report_ranks_everybody_and_each_character() -> None:
    state = make_state((Character.PIRATE, Character.MERCHANT, Character.PIRATE), 8)
    for player, score in zip(state.players, (900, 1200, 1000), strict=True):
        player.score = score
    state.end_score, state.turn = 1100, 12
    seats = [
        SeatRecord(1, "a@x", "active"),
        SeatRecord(2, "b@x", "active"),
        SeatRecord(3, "c@x", "dropped", left_turn=7),
    ]
    text = GAME.final_report(state, Event("game_over", data={"turn": 12}), seats, "de")
    assert "Ende nach Runde 12; Endpunktzahl 1100" in text
    assert "Sieger: BORG" in text
    lines = text.splitlines()
    table = lines.index(next(line for line in lines if line.startswith("Platz")))
    assert [line.split()[2] for line in lines[table + 1 : table + 4]] == [
        "BORG",
        "NECRON",
        "THRAWN",
    ]
    assert "  Pirat: 1. NECRON (1000), 2. THRAWN (900)" in lines
    assert "  Spieler 3 (c@x): ausgeschieden (NMR) nach Runde 7" in lines
    english = GAME.final_report(state, Event("game_over"), seats, "en")
    assert "  Pirate: 1. NECRON (1000), 2. THRAWN (900)" in english.splitlines()
