"""German output says everything in German, and says precisely what is wrong:
the GM's status, refusals of ``gm create``, dates, the Starweb GM
printout's Black Box; the public page's headings and turns are in tests/web."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import Engine
from sqlmodel import Session
from typer.testing import CliRunner

from db.session import transaction
from engine.starweb.printout import black_box
from engine.starweb.state import StarwebState
from mailserver.app.cli.main import app
from mailserver.gm import operations as gm
from mailserver.gm.lookup import GmError
from mailserver.gm.status import status
from mailserver.turns.deadlines import WhenError, parse_when
from tests.dice.games import new_game
from tests.factories import make_game

NOW = datetime(2026, 11, 1, 12, tzinfo=UTC)


def test_the_status_names_game_and_seats_in_german(db_engine: Engine, db_session: Session) -> None:
    with transaction(db_engine) as session:
        make_game(session, players=[(2, "alice@example.org", "x")])
    view = status(db_session, 227, now=NOW)
    assert "Status: läuft." in view and "[spielt]" in view
    assert "running" not in view and "[active]" not in view
    assert "status: running." in status(db_session, 227, now=NOW, lang="en")


def _create(session: Session, **changed: object) -> None:
    seats = [gm.SeatSpec(1, "a@example.org"), gm.SeatSpec(2, "b@example.org")]
    values: dict[str, object] = {
        "kind": "ashes",
        "number": 5,
        "gm_address": "gm@example.org",
        "gm_password": "geheim-spielleiter",
        "seats": seats,
        "now": NOW,
    }
    gm.create_game(session, **{**values, **changed})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("changed", "german"),
    [
        (
            {"kind": "schach"},
            "Unbekannte Spielart „schach“ (bekannt: ashes, starweb, ashes-board, spacewar, wdw).",
        ),
        ({"options": {"bogus": 1}}, "Unbekannte Regeloption „bogus“ für The Ashes of Empire"),
        (
            {"number": 0},
            "Die Partienummer 0 ist ungültig: eine Partienummer ist eine ganze Zahl von 1 bis"
            " 999999.",
        ),
        (
            {"number": 1_000_000},
            "Die Partienummer 1000000 ist ungültig: eine Partienummer ist eine ganze Zahl von 1"
            " bis 999999.",
        ),
        ({"number": 227}, "Die Partienummer 227 ist schon vergeben (an eine Partie ashes)."),
    ],
)
def test_create_says_in_german_what_is_wrong(
    db_engine: Engine, changed: dict[str, object], german: str
) -> None:
    with transaction(db_engine) as session:
        make_game(session)
    with transaction(db_engine) as session, pytest.raises(GmError) as refused:
        _create(session, **changed)
    assert refused.value.message("de").startswith(german)


def test_a_date_that_does_not_exist_is_explained_in_the_gm_s_language() -> None:
    with pytest.raises(WhenError) as refused:
        parse_when("2026-13-45 18:00", "Europe/Berlin", now=NOW)
    assert refused.value.say("de") == "„2026-13-45 18:00“: dieses Datum gibt es nicht."
    assert "no such date" in refused.value.say("en")


def test_a_negative_every_days_is_not_called_no_whole_number() -> None:
    result = CliRunner().invoke(
        app,
        [
            *("gm", "create", "--kind", "ashes", "--number", "1", "--gm", "gm@example.org"),
            *("--player", "1=a@example.org", "--player", "2=b@example.org", "--every-days", "-3"),
        ],
    )
    assert result.exit_code == 2
    assert "von 0 bis 366" in result.stderr and "keine ganze Zahl" not in result.stderr


def test_the_black_box_of_the_gm_printout_is_worded_in_german() -> None:
    state = new_game("starweb", 7, 4)
    assert isinstance(state, StarwebState)
    state.options.black_box = "nothing"
    assert black_box(state, "de") == "tut gar nichts"
    assert black_box(state, "en") == "does nothing at all"
