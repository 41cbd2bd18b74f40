"""``pbem gm`` against a temporary SQLite database: DB rows and outbox contents."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from sqlalchemy import Engine
from sqlmodel import Session, col, select
from typer.testing import CliRunner

from db.models import Game, GameMessage, GameStatus, MessageKind, Outbox, OutboxKind, Standby
from mailserver.app.cli.gm import app
from mailserver.gm import operations as gm_ops

runner = CliRunner()


def gm(config: Path, *args: str, stdin: str | None = None, code: int = 0) -> str:
    """Run ``pbem gm ARGS --config FILE``; the output (and the exit code checked)."""
    result = runner.invoke(app, [*args, "--config", str(config)], input=stdin)
    assert result.exit_code == code, (result.output, result.exception)
    return result.output


def outbox(engine: Engine) -> list[Outbox]:
    with Session(engine) as session:
        return list(session.exec(select(Outbox).order_by(col(Outbox.id))).all())


def game_row(engine: Engine, number: int = 227) -> Game:
    with Session(engine) as session:
        return session.exec(select(Game).where(Game.number == number)).one()


def create_args(number: int = 227) -> list[str]:
    """``pbem gm create`` of Ashes game ``number`` with its GM and three seats, no more."""
    return [
        "create",
        "--kind",
        "ashes",
        "--number",
        str(number),
        "--gm",
        "gm@example.org",
        "--gm-password",
        "mondschein-42",
        "--player",
        "1=anna@example.org",
        "--player",
        "2=bob@example.org,en",
        "--player",
        "3=carl@example.org,de",
    ]


def create(config: Path, number: int = 227) -> str:
    return gm(
        config,
        *create_args(number),
        "--every-days",
        "7",
        "--at",
        "19:30",
        "--tz",
        "Europe/Berlin",
        "--seed",
        "5",
    )


def test_a_game_from_create_to_resend(config: Path, engine: Engine) -> None:
    assert "Partie 227 (ashes) mit 3 Spielern angelegt, Status setup" in create(config)
    game = game_row(engine)
    assert (game.status, game.schedule_every_days, game.timezone) == (
        GameStatus.SETUP,
        7,
        "Europe/Berlin",
    )

    out = gm(config, "start", "227", "--show-passwords", "--lang", "en")
    assert "Game 227 started: 3 turn 0 printouts in the outbox" in out
    assert "outbox only" in out
    printouts = [m for m in outbox(engine) if m.kind == OutboxKind.PRINTOUT]
    assert sorted(m.to_address for m in printouts) == [
        "anna@example.org",
        "bob@example.org",
        "carl@example.org",
    ]
    assert all(m.turn == 0 for m in printouts)
    assert game_row(engine).status == GameStatus.RUNNING

    out = gm(config, "status", "227")
    assert "Partie 227 (ashes)" in out and "Spieler 2 bob@example.org" in out
    assert "Game 227 (ashes)" in gm(config, "status", "227", "--lang", "en")

    before = len(outbox(engine))
    out = gm(config, "deadline", "227", "01.12.2030 18:00")
    assert "Abgabeschluss für Runde 1: So., 01.12.2030, 18:00 Uhr MEZ" in out
    assert game_row(engine).next_deadline == datetime(2030, 12, 1, 17, 0, tzinfo=UTC)
    notices = outbox(engine)[before:]
    assert {m.kind for m in notices} == {OutboxKind.NOTICE} and len(notices) == 3

    gm(config, "news", "227", "Der Krieg beginnt.")
    gm(config, "news", "227", stdin="Zweite Meldung\nüber zwei Zeilen\n")
    gm(config, "secret", "227", "2", "Treffen bei Crab.", "--from", "1")
    with Session(engine) as session:
        messages = list(session.exec(select(GameMessage).order_by(col(GameMessage.id))).all())
    assert [(m.kind, m.text) for m in messages if m.kind == MessageKind.GM_NEWS] == [
        (MessageKind.GM_NEWS, "Der Krieg beginnt."),
        (MessageKind.GM_NEWS, "Zweite Meldung\nüber zwei Zeilen"),
    ]
    secret = next(m for m in messages if m.kind == MessageKind.SECRET)
    assert (secret.addressee_seat, secret.sender_seat) == (2, 1)

    before = len(outbox(engine))
    # Nobody has sent orders: the run names who is missing and waits for --force.
    refused = gm(config, "run", "227", "--lang", "en", code=1)
    assert "orders are still missing from player 1 (" in refused and "--force" in refused
    assert game_row(engine).turn == 0
    out = gm(config, "run", "227", "--force", "--lang", "en")
    assert "Turn 1 is evaluated" in out
    assert game_row(engine).turn == 1
    turn_one = [m for m in outbox(engine)[before:] if m.kind == OutboxKind.PRINTOUT]
    assert len(turn_one) == 3 and {m.turn for m in turn_one} == {1}
    # The news and the secret message went out with the printouts.
    assert all("Der Krieg beginnt." in m.body for m in turn_one)
    bob = next(m for m in turn_one if m.to_address == "bob@example.org")
    assert "Treffen bei Crab." in bob.body
    assert not any("Treffen bei Crab." in m.body for m in turn_one if m is not bob)

    before = len(outbox(engine))
    out = gm(config, "resend", "227", "3", "--turn", "0")
    assert "Runde 0 für Spieler 3" in out
    (again,) = outbox(engine)[before:]
    assert (again.to_address, again.turn, again.kind) == (
        "carl@example.org",
        0,
        OutboxKind.PRINTOUT,
    )

    out = gm(config, "list")
    assert "227" in out and "läuft" in out and "ashes" in out and "Abgabeschluss" in out
    assert "running" not in out  # the status in the GM's language
    assert "running" in gm(config, "list", "--lang", "en")


def test_create_from_a_game_file(config: Path, engine: Engine, tmp_path: Path) -> None:
    game_file = tmp_path / "game.toml"
    game_file.write_text(
        'kind = "ashes"\nnumber = 300\ngm = "gm@example.org"\ngm_password = "x-spielleiter"\n'
        'every_days = 14\nat = "18:00"\ntimezone = "Europe/Berlin"\n'
        'first_deadline = "2030-01-10 18:00"\nearly_run = true\nreminder_hours = [24]\n'
        '[[players]]\nseat = 1\naddress = "a@example.org"\n'
        '[[players]]\nseat = 2\naddress = "b@example.org"\nlanguage = "en"\n',
        encoding="utf-8",
    )
    gm(config, "create", "--file", str(game_file), "--player", "3=c@example.org")
    game = game_row(engine, 300)
    assert game.early_run and game.reminder_hours == [24]
    assert game.next_deadline == datetime(2030, 1, 10, 17, 0, tzinfo=UTC)
    gm(config, "start", "300")
    assert len([m for m in outbox(engine) if m.kind == OutboxKind.PRINTOUT]) == 3


def test_postpone_pause_resume(config: Path, engine: Engine) -> None:
    create(config)
    gm(config, "start", "227")
    deadline = game_row(engine).next_deadline
    assert deadline is not None
    gm(config, "postpone", "227", "2 Tage")
    assert game_row(engine).next_deadline == deadline + timedelta(days=2)
    gm(config, "pause", "227")
    assert game_row(engine).status == GameStatus.PAUSED
    gm(config, "resume", "227")
    assert game_row(engine).status == GameStatus.RUNNING


def test_standby_and_replace(config: Path, engine: Engine) -> None:
    create(config)
    gm(config, "start", "227")
    assert "empty" in gm(config, "standby", "list", "--lang", "en")
    gm(config, "standby", "add", "dora@example.org", "--name", "Dora", "--language", "en")
    assert "dora@example.org" in gm(config, "standby", "list")
    out = gm(config, "replace", "227", "2", "--lang", "en")
    assert "dora@example.org (en) takes over seat 2" in out
    with Session(engine) as session:
        (entry,) = session.exec(select(Standby)).all()
    assert entry.assigned_player_id is not None
    assert any(m.to_address == "dora@example.org" for m in outbox(engine))
    gm(config, "drop", "227", "3")


def test_preview_prints_and_stores_nothing(config: Path, engine: Engine) -> None:
    create(config)
    gm(config, "start", "227")
    before = len(outbox(engine))
    out = gm(config, "preview", "227", "--lang", "en")
    assert "turn 1: seat 1" in out and "turn 1: seat 3" in out
    assert len(outbox(engine)) == before and game_row(engine).turn == 0


def test_errors_exit_non_zero_with_the_message(config: Path, engine: Engine) -> None:
    create(config)
    assert "Es gibt keine Partie 999" in gm(config, "status", "999", code=1)
    assert "There is no game 999" in gm(config, "status", "999", "--lang", "en", code=1)
    assert "Es gibt keine Partie 228" in gm(config, "start", "228", code=1)
    gm(config, "start", "227")
    assert "gestartet" in gm(config, "start", "227", code=1)
    assert "keinen Spieler 9" in gm(config, "drop", "227", "9", code=1)
    # An error carries its message per language; the CLI says it in the one asked for.
    assert "has no player 9" in gm(config, "drop", "227", "9", "--lang", "en", code=1)
    assert "There is no date" in gm(config, "deadline", "227", "31.02.2030", "--lang", "en", code=1)


def test_create_without_a_gm_password_generates_a_strong_one(config: Path, engine: Engine) -> None:
    """The GM password is generated by default and shown once."""
    out = gm(
        config,
        "create",
        "--kind",
        "ashes",
        "--number",
        "228",
        "--gm",
        "gm@example.org",
        "--player",
        "1=anna@example.org",
        "--player",
        "2=bob@example.org",
        "--lang",
        "en",
    )
    (line,) = [x for x in out.splitlines() if "GM password is" in x]
    password = line.split("GM password is ")[1].split()[0]
    assert len(password) >= 16
    with Session(engine) as session:
        assert gm_ops.verify_gm(session, 228, password).number == 228


def test_status_without_a_number_takes_the_only_game_and_names_several(
    config: Path, engine: Engine
) -> None:
    create(config)
    assert "Game 227 (ashes)" in gm(config, "status", "--lang", "en")
    create(config, 228)
    out = gm(config, "status", "--lang", "en", code=2)
    assert "There are several games (227, 228): name one" in out
    assert "Traceback" not in out


def test_the_command_lines_refusal_to_run_and_pause_name_its_own_commands(
    config: Path, engine: Engine
) -> None:
    create(config)
    gm(config, "start", "227")
    refused = gm(config, "run", "227", code=1)
    assert "pbem gm run 227 --force" in refused and "Auswerten trotzdem" not in refused
    paused = gm(config, "pause", "227", "--lang", "en")
    assert "pbem gm resume 227" in paused and '"Resume"' not in paused
