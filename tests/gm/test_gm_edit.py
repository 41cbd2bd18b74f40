"""Every input of ``create`` checked; ``edit`` and ``delete`` of a game,
on the command line and by GM mail."""

from __future__ import annotations

from datetime import UTC, datetime, time, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from db.models import Game, GameStatus, InboundStatus, Outbox, Player
from db.session import make_engine
from mailserver.app.cli.gm import app
from mailserver.gm import operations as gm
from tests.factories import order_mail
from tests.gm.test_cli_gm import create, create_args, game_row, runner
from tests.gm.test_cli_gm import gm as pbem_gm
from tests.intake.helpers import GM_HEADER as HEADER
from tests.intake.helpers import feed, gm_game

P123 = ("p1@example.org", "p2@example.org", "p3@example.org")
"""Three players' addresses, seats 1 to 3."""

CREATE = create_args(5)
"""``pbem gm create`` of game 5 with nothing but its GM and seats."""


def refused(config: Path, *args: str, code: int = 2) -> str:
    """The one error line of ``pbem gm ARGS`` (no traceback), after ``code``."""
    result = runner.invoke(app, [*args, "--config", str(config)])
    assert result.exit_code == code, (result.output, result.exception)
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith(("Fehler", "Error"))]
    assert len(errors) == 1, result.output
    return errors[0]


def no_game(config: Path) -> bool:
    """Whether the database of ``config`` holds no game (or is not there)."""
    path = config.parent / "pbem.sqlite3"
    if not path.exists():
        return True
    database = make_engine(f"sqlite:///{path}")
    try:
        with Session(database) as session:
            return session.exec(select(Game)).first() is None
    finally:
        database.dispose()


# ------------------------------------------------------------------- create checks


def test_create_refuses_a_time_zone_that_does_not_exist_and_names_the_nearest(
    config: Path,
) -> None:
    line = refused(config, *CREATE, "--tz", "Europe/Berlinn", "--lang", "en")
    assert "Europe/Berlinn is no time zone; did you mean Europe/Berlin?" in line
    assert "keine Zeitzone" in refused(config, *CREATE, "--tz", "Mars/Olympus")
    assert no_game(config)


def test_create_refuses_a_gm_address_and_a_seat_address_that_are_none(config: Path) -> None:
    line = refused(config, *CREATE[:5], "--gm", "not-an-address", *CREATE[7:], "--lang", "en")
    assert "not-an-address is no mail address" in line
    line = refused(config, *CREATE, "--player", "4=anna@", "--lang", "en")
    assert "anna@ is no mail address" in line
    assert no_game(config)


def test_create_refuses_a_first_deadline_in_the_past(config: Path) -> None:
    line = refused(config, *CREATE, "--first-deadline", "2020-01-01 18:00", "--lang", "en")
    assert "2020-01-01 18:00" in line and "has passed" in line
    assert no_game(config)


def test_create_first_deadline_in_days_lands_at_the_hour_given_with_at(
    config: Path, engine: Engine
) -> None:
    before = datetime.now(UTC)
    pbem_gm(
        config, *create_args(), "--first-deadline", "+7d", "--at", "09:30", "--tz", "Asia/Tokyo"
    )
    deadline = game_row(engine).next_deadline
    assert deadline is not None
    local = deadline.astimezone(ZoneInfo("Asia/Tokyo"))
    assert local.time() == time(9, 30)
    today = before.astimezone(ZoneInfo("Asia/Tokyo")).date()
    assert local.date() in (today + timedelta(days=7), today + timedelta(days=8))


def test_create_tells_the_gm_a_first_deadline_in_the_spring_gap_was_moved(
    config: Path, engine: Engine
) -> None:
    out = pbem_gm(
        config, *create_args(), "--first-deadline", "2030-03-31 02:30", "--tz", "Europe/Berlin"
    )
    assert game_row(engine).next_deadline == datetime(2030, 3, 31, 1, 30, tzinfo=UTC)
    assert "02:30 Uhr gibt es am 31.03.2030 in Europe/Berlin nicht" in out


def test_create_refuses_a_negative_schedule_as_a_wrong_command_line(config: Path) -> None:
    line = refused(config, *CREATE, "--every-days", "-3", "--lang", "en")
    assert "--every-days -3" in line and "from 0 to 366" in line


def test_create_game_itself_refuses_a_bad_time_zone_for_every_front_end(
    db_engine: Engine,
) -> None:
    with pytest.raises(gm.GmError, match="Europe/Berlin"):
        gm_game(db_engine, *P123, number=9, timezone="Europe/Berlinn")


# --------------------------------------------------------------------------- edit


def test_edit_changes_time_zone_address_and_schedule_of_a_game_in_setup(
    config: Path,
    engine: Engine,
) -> None:
    create(config)
    out = pbem_gm(
        config,
        "edit",
        "227",
        "--tz",
        "America/New_York",
        "--gm",
        "Neu@Example.org",
        "--every-days",
        "3",
        "--at",
        "20:15",
        "--first-deadline",
        "2030-05-01 20:00",
        "--option",
        "newspaper=false",
        "--lang",
        "en",
    )
    assert "Game 227 changed" in out and "America/New_York" in out
    game = game_row(engine)
    assert (game.timezone, game.gm_address, game.schedule_every_days) == (
        "America/New_York",
        "neu@example.org",
        3,
    )
    assert game.schedule_time == time(20, 15)
    assert game.next_deadline == datetime(2030, 5, 2, 0, 0, tzinfo=UTC)  # 20:00 EDT
    assert game.options["host"]["newspaper"] is False


def test_edit_refuses_bad_values_with_one_line_and_changes_nothing(
    config: Path,
    engine: Engine,
) -> None:
    create(config)
    assert "did you mean Europe/Berlin" in refused(
        config, "edit", "227", "--tz", "Europe/Berlinn", "--lang", "en"
    )
    assert "no mail address" in refused(config, "edit", "227", "--gm", "nobody", "--lang", "en")
    assert "has passed" in refused(
        config, "edit", "227", "--first-deadline", "01.01.2020 18:00", "--lang", "en"
    )
    assert game_row(engine).timezone == "Europe/Berlin"


def test_create_and_edit_refuse_an_unreadable_first_deadline_in_the_gms_language(
    config: Path,
) -> None:
    # One reading of --first-deadline: edit once answered in English whatever --lang said.
    unreadable = "„bald“ ist kein Datum, das sich lesen lässt"
    assert unreadable in refused(config, *CREATE, "--first-deadline", "bald", "--lang", "de")
    assert no_game(config)
    create(config)
    assert unreadable in refused(config, "edit", "227", "--first-deadline", "bald", "--lang", "de")


def test_edit_of_rule_options_and_first_deadline_waits_for_no_started_game(
    config: Path,
    engine: Engine,
) -> None:
    create(config)
    pbem_gm(config, "start", "227")
    line = refused(config, "edit", "227", "--option", "foo=1", "--lang", "en", code=1)
    assert "only before the start" in line
    line = refused(config, "edit", "227", "--first-deadline", "+3d", "--lang", "en", code=1)
    assert "pbem gm deadline" in line
    assert "Europe/Vienna" in pbem_gm(config, "edit", "227", "--tz", "Europe/Vienna")


# ------------------------------------------------------------------------- delete


def test_delete_removes_a_game_in_setup_and_its_number_is_free_again(
    config: Path,
    engine: Engine,
) -> None:
    create(config)
    assert "Game 227 is deleted" in pbem_gm(config, "delete", "227", "--lang", "en")
    with Session(engine) as session:
        assert session.exec(select(Game)).first() is None
        assert session.exec(select(Player)).first() is None
    create(config)


def test_delete_refuses_a_game_that_has_started_and_says_it_is_ended(
    config: Path,
    engine: Engine,
) -> None:
    create(config)
    pbem_gm(config, "start", "227")
    line = refused(config, "delete", "227", "--lang", "en", code=1)
    assert "has started" in line and "ended, never deleted" in line
    assert game_row(engine).status == GameStatus.RUNNING


# ---------------------------------------------------------------------- by mail


def _reply(db_session: Session) -> str:
    db_session.rollback()
    rows = db_session.exec(select(Outbox).where(Outbox.to_address == "gm@example.org")).all()
    return rows[-1].body


def test_the_settings_change_by_gm_mail_and_a_bad_zone_is_answered_not_crashed(
    db_engine: Engine, db_session: Session
) -> None:
    gm_game(db_engine, *P123, seed=3)
    text = (
        HEADER + "Zeitzone Europe/Berlinn\nZeitzone Europe/Vienna\nRhythmus 7 Tage 19:30\n"
        "SL-Adresse neu@example.org\nOption newspaper=false\nZAT 01.12.2030 18:00\n"
    )
    assert feed(db_engine, order_mail("gm@example.org", text)).status == InboundStatus.PROCESSED
    reply = _reply(db_session)
    assert "meinten Sie Europe/Berlin?" in reply
    assert "Interner Fehler" not in reply
    game = db_session.exec(select(Game).where(Game.number == 88)).one()
    assert (game.timezone, game.gm_address, game.schedule_every_days) == (
        "Europe/Vienna",
        "neu@example.org",
        7,
    )
    assert game.schedule_time == time(19, 30)
    assert game.next_deadline == datetime(2030, 12, 1, 17, 0, tzinfo=UTC)
    # Before the start nobody is told of the first deadline.
    assert {m.to_address for m in db_session.exec(select(Outbox))} == {"gm@example.org"}


def test_a_game_in_setup_is_deleted_by_gm_mail_and_the_gm_is_answered(
    db_engine: Engine, db_session: Session
) -> None:
    gm_game(db_engine, *P123, seed=3)
    outcome = feed(db_engine, order_mail("gm@example.org", HEADER + "Partie löschen\nStatus\n"))
    assert outcome.status == InboundStatus.PROCESSED
    reply = _reply(db_session)
    assert "Partie 88 ist gelöscht." in reply and "Es gibt keine Partie 88" in reply
    assert db_session.exec(select(Game)).first() is None


def test_deleting_a_running_game_by_mail_is_refused(db_engine: Engine, db_session: Session) -> None:
    gm_game(db_engine, *P123, seed=3)
    feed(db_engine, order_mail("gm@example.org", HEADER + "Start\n"))
    feed(db_engine, order_mail("gm@example.org", HEADER + "Delete game\n"))
    assert "beendet, nie gelöscht" in _reply(db_session)
    game = db_session.exec(select(Game).where(Game.number == 88)).one()
    assert game.status == GameStatus.RUNNING


def test_a_title_is_given_at_create_changed_by_edit_and_by_mail_and_shown_by_status(
    config: Path, engine: Engine, db_engine: Engine, db_session: Session
) -> None:
    create(config)
    pbem_gm(config, "edit", "227", "--title", "Der  lange Krieg")
    assert game_row(engine).title == "Der lange Krieg"
    assert "Titel: Der lange Krieg" in pbem_gm(config, "status", "227")
    assert "at most 120" in refused(config, "edit", "227", "--title", "x" * 121, "--lang", "en")
    gm_game(db_engine, *P123, seed=3)
    feed(db_engine, order_mail("gm@example.org", HEADER + "Titel Die Belagerung\nStatus\n"))
    assert "Titel: Die Belagerung" in _reply(db_session)
    feed(db_engine, order_mail("gm@example.org", HEADER + "Titel\n"))
    db_session.rollback()  # a new read transaction: what the mail committed
    db_session.expire_all()
    game = db_session.exec(select(Game).where(Game.number == 88)).one()
    assert game.title is None
