"""``pbem gm``: the GM's commands on the command line, for any game in the database.

    pbem gm create --config pbem.toml --kind KIND --number 227 --gm gm@example.org \\
        --gm-password geheim --player 1=anna@example.org --player 2=bob@example.org,en
    pbem gm start 227 --config pbem.toml
    pbem gm deadline 227 "01.12.2026 18:00"      pbem gm postpone 227 "2 Tage"
    pbem gm status 227                            pbem gm list

Every command opens the database of ``--config`` (``database_url``; migrated first), does
its work in one transaction and commits. Without ``--config`` the database comes from
``PBEM_DATABASE_URL`` or the default, and the command says which. Only ``create`` and
``standby add`` make a database that is not there; every other command says it is missing.
Mails (printouts, notices) only go into the outbox: the running service (``pbem serve``)
sends them. Deadlines and durations are written as in a GM mail (docs/gm-commands.md) and
read in the game's time zone. Output and errors are in the language of ``--lang``; an
error is one line on stderr, exit code 1 when the GM asked for something impossible, 2
when the command line is wrong (mailserver/app/cli/common.py).
"""

from __future__ import annotations

import json
import mimetypes
import sys
import tomllib
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, OperationalError
from sqlmodel import Session, col, select

from config.settings import Settings, environment_settings
from db.models import Game, Standby, StandbyStatus
from db.repo import current_players, get_game_by_number, set_web_access
from db.session import make_engine, transaction, upgrade
from grammar import gm as lang_gm
from mailserver.app.cli.common import LangOption, fail, read_input, settings_or_fail
from mailserver.common import tokens as web_tokens
from mailserver.common.catalog import DEFAULT_LANGUAGE, either, say
from mailserver.common.catalog import languages as host_languages
from mailserver.common.formats import format_when
from mailserver.common.kinds import UnknownGameKind, load_kinds
from mailserver.common.links import configure as configure_links
from mailserver.gm import mail as gm_mail
from mailserver.gm import operations as gm
from mailserver.outbound.smtp import Attachment
from mailserver.turns import deadlines as schedule

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Game master commands (docs/gm-commands.md). " + say("en", "cli_outbox_note"),
)
standby_app = typer.Typer(
    add_completion=False, no_args_is_help=True, help="The standby list (docs/host-rules.md)."
)
app.add_typer(standby_app, name="standby")

ConfigOption = Annotated[
    Path | None,
    typer.Option("--config", help="TOML settings file (database_url, smtp.from_address)."),
]
GameArg = Annotated[int, typer.Argument(help="The game number.")]
SeatArg = Annotated[int, typer.Argument(help="The seat (player number).")]

console = Console(highlight=False, soft_wrap=True)


def _now() -> datetime:
    return datetime.now(UTC)


def _shown(url: str) -> str:
    """The database as a GM recognises it: an SQLite file by its full path, a server's
    URL without the password."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        return url
    if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
        return str(Path(str(parsed.database)).resolve())
    return parsed.render_as_string(hide_password=True)


def _missing(url: str) -> bool:
    """Whether ``url`` is an SQLite file that is not there. A server's database that is
    not there is not created either: connecting to it fails and says so."""
    parsed = make_url(url)
    database = parsed.database
    return (
        parsed.get_backend_name() == "sqlite"
        and database not in (None, "", ":memory:")
        and not Path(str(database)).exists()
    )


@contextmanager
def _session(
    config: Path | None, lang: str, *, may_create: bool = False
) -> Iterator[tuple[Session, Settings]]:
    """One transaction on the configured database (migrated first); a GmError exits 1
    with its message in ``lang``. Only with ``may_create`` is a missing SQLite file made
    (creating a game or a standby entry), so that a command in the wrong folder does not
    leave an empty database behind and report on it."""
    settings = settings_or_fail(config, lang)
    url = settings.database_url
    if config is None:
        # No file names the database: say which one this is (by default a file in the
        # current folder, which differs from one shell to the next).
        from_env = "PBEM_DATABASE_URL" in (name.upper() for name in environment_settings())
        text = "cli_database_from_env" if from_env else "cli_database_default"
        typer.echo(say(lang, text, database=_shown(url)), err=True)
    try:
        load_kinds(settings.game_kinds)
    except UnknownGameKind as exc:
        fail(str(exc), lang)
    configure_links(settings.web)
    try:
        if not may_create and _missing(url):
            fail(say(lang, "cli_database_missing", database=_shown(url)), lang)
        upgrade(url)
    except (ArgumentError, OperationalError) as exc:
        reason = str(getattr(exc, "orig", None) or exc)
        fail(say(lang, "cli_database_unusable", database=_shown(url), reason=reason), lang)
    engine = make_engine(url)
    try:
        with transaction(engine) as session:
            yield session, settings
    except gm.GmError as exc:
        fail(exc.message(lang), lang)
    finally:
        engine.dispose()


def _game(session: Session, number: int, lang: str) -> Game:
    game = get_game_by_number(session, number)
    if game is None:
        fail(say(lang, "cli_no_game", game=number), lang)
    return game


def _one_command(line: str, lang: str) -> lang_gm.GmCommand:
    """A command written as in a GM mail (``ZAT +3d``); a bad one exits with the reason."""
    result = lang_gm.parse(line)
    if result.errors or len(result.commands) != 1:
        messages = [e.message(lang) for e in result.errors]
        fail(" ".join(messages) or say(lang, "cli_unreadable_command", line=line), lang)
    return result.commands[0]


def _perform(config: Path | None, number: int, command: lang_gm.GmCommand, lang: str) -> None:
    with _session(config, lang) as (session, settings):
        game = _game(session, number, lang)
        ctx = gm_mail.GmContext(
            now=_now(),
            from_address=settings.smtp.from_address,
            preview_to=game.gm_address,
            lang=lang,
            turn_fee_cents=settings.fees.turn_fee,
            currency=settings.fees.currency,
        )
        outcome = gm_mail.perform(session, game, command, ctx)
    console.print(outcome.message)


# ----------------------------------------------------------------------------- create


def _seat_spec(text: str, lang: str) -> gm.SeatSpec:
    """``1=anna@example.org[,en][,FIELD=VALUE...]`` (the game kind's per-seat fields)."""
    seat, sep, rest = text.partition("=")
    address, *parts = rest.split(",")
    if not sep or not seat.strip().isdigit() or "@" not in address:
        fail(say(lang, "cli_bad_seat", text=text), lang, 2)
    fields = dict(
        (key.strip(), value.strip())
        for key, _, value in (p.partition("=") for p in parts if "=" in p)
    )
    languages = [p.strip().lower() for p in parts if "=" not in p and p.strip()]
    language = languages[0] if languages else DEFAULT_LANGUAGE
    if len(languages) > 1 or language not in host_languages():
        fail(say(lang, "cli_bad_seat_language", text=text, languages=either(lang)), lang, 2)
    return gm.SeatSpec(seat=int(seat), address=address.strip(), language=language, fields=fields)


def _option_value(text: str, lang: str) -> tuple[str, Any]:
    """``key=value``; the value is JSON if it reads as JSON (numbers, true), else text."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        fail(say(lang, "cli_bad_option", text=text), lang, 2)
    try:
        return key.strip(), json.loads(value.strip())
    except ValueError:
        return key.strip(), value.strip()


def _read_game_file(path: Path, lang: str) -> dict[str, Any]:
    """A game file (TOML or JSON; keys as the ``create`` options, ``players`` a list)."""
    try:
        text = read_input(path, lang).decode("utf-8")
        data: dict[str, Any] = (
            json.loads(text) if path.suffix.lower() == ".json" else tomllib.loads(text)
        )
    except ValueError as exc:  # not UTF-8, not JSON, not TOML
        fail(say(lang, "cli_bad_game_file", file=path, reason=exc), lang, 2)
    return data


def _seats_from_file(players: Any, lang: str) -> list[gm.SeatSpec]:
    if not isinstance(players, list):
        fail(say(lang, "cli_bad_players"), lang, 2)
    seats = []
    for entry in players:
        if isinstance(entry, str):
            seats.append(_seat_spec(entry, lang))
            continue
        try:
            seats.append(
                gm.SeatSpec(
                    seat=int(entry["seat"]),
                    address=str(entry["address"]),
                    language=str(entry.get("language", "de")),
                    ruler_name=entry.get("ruler_name"),
                    timezone=entry.get("timezone"),
                    fields={str(k): str(v) for k, v in dict(entry.get("fields", {})).items()},
                )
            )
        except (TypeError, KeyError, ValueError, AttributeError):
            # Not a table, or one without a seat number and an address.
            fail(say(lang, "cli_bad_player", entry=entry), lang, 2)
    return seats


def _time_of_day(text: str, lang: str) -> time:
    try:
        return time.fromisoformat(text.strip())
    except ValueError:
        fail(say(lang, "cli_bad_time", text=text), lang, 2)


@app.command("create")
def create_cmd(
    config: ConfigOption = None,
    file: Annotated[
        Path | None,
        typer.Option("--file", help="A game file (TOML or JSON) with the options below."),
    ] = None,
    kind: Annotated[
        str | None, typer.Option(help="The game kind (pbem --help lists them).")
    ] = None,
    number: Annotated[int | None, typer.Option(help="The game number (unique).")] = None,
    gm_address: Annotated[str | None, typer.Option("--gm", help="The GM's address.")] = None,
    gm_password: Annotated[
        str | None,
        typer.Option(
            "--gm-password",
            help="The GM's password for GM mails (at least 10 characters); without it a "
            "strong one is generated and shown once.",
        ),
    ] = None,
    player: Annotated[
        list[str] | None,
        typer.Option(
            "--player",
            help="SEAT=ADDRESS[,LANG][,FIELD=VALUE...], repeated (LANG "
            + " or ".join(host_languages())
            + "; the fields the game kind asks for, e.g. a character).",
        ),
    ] = None,
    every_days: Annotated[
        int | None, typer.Option(help="A deadline every this many days (0: GM sets each).")
    ] = None,
    at: Annotated[str | None, typer.Option(help="Local time of the deadlines, HH:MM.")] = None,
    tz: Annotated[str | None, typer.Option("--tz", help="The game's time zone.")] = None,
    first_deadline: Annotated[
        str | None,
        typer.Option(help="The first deadline, e.g. '2026-12-01 18:00' or '+14d'."),
    ] = None,
    early_run: Annotated[
        bool | None,
        typer.Option("--early-run/--no-early-run", help="Run once every player is final."),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option(help="A rule option KEY=VALUE, repeated.")
    ] = None,
    scenario: Annotated[str | None, typer.Option(help="The engine's scenario.")] = None,
    reminder_hours: Annotated[
        str | None, typer.Option(help="Reminders this many hours before, e.g. 48,12.")
    ] = None,
    seed: Annotated[int | None, typer.Option(help="The game's seed (default: random).")] = None,
    lang: LangOption = "de",
) -> None:
    """Create a game (status setup) from options or a game file; `start` starts it."""
    data = _read_game_file(file, lang) if file is not None else {}
    given = {
        "kind": kind,
        "number": number,
        "gm": gm_address,
        "gm_password": gm_password,
        "every_days": every_days,
        "at": at,
        "timezone": tz,
        "first_deadline": first_deadline,
        "early_run": early_run,
        "scenario": scenario,
        "seed": seed,
    }
    data.update({key: value for key, value in given.items() if value is not None})
    generated = None
    if data.get("gm_password") in (None, ""):
        generated = data["gm_password"] = gm.new_gm_password()
    for key in ("kind", "number", "gm"):
        if data.get(key) in (None, ""):
            fail(say(lang, "cli_required", option="--" + key.replace("_", "-")), lang, 2)
    seats = _seats_from_file(data.get("players", []), lang)
    seats += [_seat_spec(p, lang) for p in player or []]
    options: dict[str, Any] = dict(data.get("options", {}))
    options.update(_option_value(o, lang) for o in option or [])
    hours = data.get("reminder_hours", [48, 12])
    if reminder_hours is not None:
        if not all(h.strip().isdigit() for h in reminder_hours.split(",") if h.strip()):
            fail(say(lang, "cli_bad_hours", text=reminder_hours), lang, 2)
        hours = [int(h) for h in reminder_hours.split(",") if h.strip()]
    timezone = str(data.get("timezone", "Europe/Berlin"))
    deadline_at = _time_of_day(str(data.get("at", "18:00")), lang)
    now = _now()
    first: datetime | None = None
    if data.get("first_deadline"):
        try:
            first = schedule.parse_when(
                str(data["first_deadline"]), timezone, now=now, default_time=deadline_at
            )
        except ValueError as exc:
            fail(f"--first-deadline: {exc}", lang, 2)
    days = data.get("every_days", 14)
    for key, value in (("number", data["number"]), ("every_days", days)):
        if not str(value).isdigit():  # from a game file; the options are typed
            fail(say(lang, "cli_bad_whole_number", key=key, value=value), lang, 2)
    with _session(config, lang, may_create=True) as (session, _settings):
        game = gm.create_game(
            session,
            kind=str(data["kind"]),
            number=int(data["number"]),
            gm_address=str(data["gm"]),
            gm_password=str(data["gm_password"]),
            seats=seats,
            options=options,
            scenario=data.get("scenario"),
            every_days=int(days) or None,
            at=deadline_at,
            timezone=timezone,
            first_deadline=first,
            early_run=bool(data.get("early_run", False)),
            reminder_hours=hours,
            seed=data.get("seed"),
            now=now,
        )
        console.print(
            say(
                lang,
                "cli_created",
                game=game.number,
                kind=game.kind,
                players=len(seats),
                status=game.status.value,
            )
        )
        if generated is not None:
            console.print(say(lang, "cli_gm_password", password=generated))


# ------------------------------------------------------------------------ life


@app.command("start")
def start_cmd(
    number: GameArg,
    config: ConfigOption = None,
    show_passwords: Annotated[
        bool, typer.Option(help="Also print the players' new passwords here.")
    ] = False,
    lang: LangOption = "de",
) -> None:
    """Start a game: turn 0 printouts with each player's password go into the outbox."""
    with _session(config, lang) as (session, settings):
        passwords = gm.start_game(
            session,
            number,
            now=_now(),
            from_address=settings.smtp.from_address,
            currency=settings.fees.currency,
        )
        game = _game(session, number, lang)
        deadline = (
            format_when(game.next_deadline, game.timezone, lang)
            if game.next_deadline is not None
            else say(lang, "cli_no_deadline")
        )
    console.print(
        say(lang, "cli_started", game=number, count=len(passwords), deadline=deadline)
        + " "
        + say(lang, "cli_outbox_note")
    )
    if show_passwords:
        table = Table(*say(lang, "cli_password_columns").split("|"))
        for seat, password in sorted(passwords.items()):
            table.add_row(str(seat), password)
        console.print(table)


@app.command("deadline")
def deadline_cmd(
    number: GameArg,
    when: Annotated[
        str, typer.Argument(help="'01.12.2026 18:00', '2026-12-01 18:00', '+3d', 'morgen 18:00'.")
    ],
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """Set the next deadline (in the game's time zone); the players are told."""
    _perform(config, number, _one_command("ZAT " + when, lang), lang)


@app.command("postpone")
def postpone_cmd(
    number: GameArg,
    duration: Annotated[str, typer.Argument(help="'2 Tage', '36h', '1 week'.")],
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """Move the deadline later (docs/host-rules.md, "Deadlines"); the players are told."""
    _perform(config, number, _one_command("Verschieben " + duration, lang), lang)


@app.command("pause")
def pause_cmd(number: GameArg, config: ConfigOption = None, lang: LangOption = "de") -> None:
    """Pause a game: no turn runs until `resume`."""
    _perform(config, number, lang_gm.Pause(line=1), lang)


@app.command("resume")
def resume_cmd(number: GameArg, config: ConfigOption = None, lang: LangOption = "de") -> None:
    """Resume a paused game."""
    _perform(config, number, lang_gm.Resume(line=1), lang)


@app.command("release")
def release_cmd(number: GameArg, config: ConfigOption = None, lang: LangOption = "de") -> None:
    """Release a turn held for the GM (e.g. most players without orders)."""
    _perform(config, number, lang_gm.Release(line=1), lang)


@app.command("run")
def run_cmd(number: GameArg, config: ConfigOption = None, lang: LangOption = "de") -> None:
    """Evaluate the pending turn now; the printouts go into the outbox."""
    _perform(config, number, lang_gm.ProcessNow(line=1), lang)


@app.command("report")
def report_cmd(
    number: GameArg,
    seat: SeatArg,
    file: Annotated[Path, typer.Argument(help="The report's text (UTF-8).")],
    attach: Annotated[
        list[Path] | None, typer.Option(help="A file sent with the report, repeatable.")
    ] = None,
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """Keep the report to one seat for the turn waiting for the GM (adjudicated games)."""
    try:
        text = read_input(file, lang).decode("utf-8")
    except UnicodeDecodeError:
        fail(say(lang, "cli_not_utf8", file=file), lang, 2)
    files = [
        Attachment(path.name, _content_type(path), read_input(path, lang)) for path in attach or []
    ]
    with _session(config, lang) as (session, _settings):
        gm.record_report(session, number, seat, text, attachments=files, now=_now())
    console.print(say(lang, "cli_report_kept", seat=seat, game=number, count=len(files)))


def _content_type(path: Path) -> str:
    guessed, _ = mimetypes.guess_type(path.name)
    return guessed or "application/octet-stream"


@app.command("publish")
def publish_cmd(number: GameArg, config: ConfigOption = None, lang: LangOption = "de") -> None:
    """Send the GM's reports of the waiting turn as its printouts (adjudicated games)."""
    with _session(config, lang) as (session, settings):
        result = gm.publish(
            session,
            number,
            now=_now(),
            from_address=settings.smtp.from_address,
            turn_fee_cents=settings.fees.turn_fee,
            currency=settings.fees.currency,
        )
    console.print(
        say(lang, "cli_published", turn=result.turn, game=number, count=len(result.outbox_ids))
    )


@app.command("preview")
def preview_cmd(
    number: GameArg,
    config: ConfigOption = None,
    seat: Annotated[
        int | None, typer.Option(help="Only this seat's printout (0: the GM's summary).")
    ] = None,
    lang: LangOption = "de",
) -> None:
    """Print the printouts the pending turn would give; nothing is stored or sent."""
    with _session(config, lang) as (session, _settings):
        game = _game(session, number, lang)
        printouts = gm.preview(session, number, now=_now())
    for each, text in sorted(printouts.items()):
        if seat is not None and each != seat:
            continue
        who = say(lang, "cli_preview_gm") if each == 0 else say(lang, "cli_preview_seat", seat=each)
        console.print(
            Rule(say(lang, "cli_preview_title", game=game.number, turn=game.turn + 1, who=who))
        )
        console.print(text, markup=False)


@app.command("replace")
def replace_cmd(
    number: GameArg,
    seat: SeatArg,
    config: ConfigOption = None,
    address: Annotated[
        str | None, typer.Option(help="The new player's address (default: next standby).")
    ] = None,
    language: Annotated[str | None, typer.Option(help="The new player's language.")] = None,
    lang: LangOption = "de",
) -> None:
    """A new player takes over a seat and gets its password and current printout."""
    command = lang_gm.ReplacePlayer(line=1, seat=seat, address=address, language=language)
    _perform(config, number, command, lang)


@app.command("drop")
def drop_cmd(
    number: GameArg, seat: SeatArg, config: ConfigOption = None, lang: LangOption = "de"
) -> None:
    """A player leaves the game."""
    _perform(config, number, lang_gm.DropPlayer(line=1, seat=seat), lang)


def _text_argument(text: str | None, lang: str) -> str:
    value = sys.stdin.read() if text in (None, "-") else str(text)
    if not value.strip():
        fail(say(lang, "cli_empty_text"), lang, 2)
    return value.strip("\n")


@app.command("news")
def news_cmd(
    number: GameArg,
    text: Annotated[str | None, typer.Argument(help="The news; - or nothing: stdin.")] = None,
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """GM news for the newspaper of the next printouts."""
    _perform(config, number, lang_gm.PublishNews(line=1, text=_text_argument(text, lang)), lang)


@app.command("secret")
def secret_cmd(
    number: GameArg,
    seat: Annotated[int, typer.Argument(help="The addressee's seat.")],
    text: Annotated[str | None, typer.Argument(help="The message; - or nothing: stdin.")] = None,
    from_seat: Annotated[
        int | None, typer.Option("--from", help="The sender's seat (default: the GM).")
    ] = None,
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """Forward a secret message; it goes with the addressee's next printout."""
    command = lang_gm.ForwardSecret(
        line=1, to_seat=seat, text=_text_argument(text, lang), from_seat=from_seat
    )
    _perform(config, number, command, lang)


@app.command("resend")
def resend_cmd(
    number: GameArg,
    seat: SeatArg,
    turn: Annotated[int | None, typer.Option(help="The turn (default: the latest).")] = None,
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """Put a player's printout into the outbox again."""
    _perform(config, number, lang_gm.ResendPrintout(line=1, seat=seat, turn=turn), lang)


@app.command("status")
def status_cmd(number: GameArg, config: ConfigOption = None, lang: LangOption = "de") -> None:
    """Who has submitted, who is late, the next deadline, whether the turn is held."""
    _perform(config, number, lang_gm.ShowStatus(line=1), lang)


@app.command("list")
def list_cmd(config: ConfigOption = None, lang: LangOption = "de") -> None:
    """All games with status, turn, players and next deadline."""
    with _session(config, lang) as (session, _settings):
        games = list(session.exec(select(Game).order_by(col(Game.number))).all())
        rows = []
        for game in games:
            assert game.id is not None
            players = len(current_players(session, game.id))
            deadline = (
                format_when(game.next_deadline, game.timezone, lang)
                if game.next_deadline is not None
                else "-"
            )
            status = game.status.value + (say(lang, "cli_held") if game.held else "")
            rows.append(
                (str(game.number), game.kind, status, str(game.turn), str(players), deadline)
            )
    if not rows:
        console.print(say(lang, "cli_no_games"))
        return
    table = Table(*say(lang, "cli_game_columns").split("|"))
    for row in rows:
        table.add_row(*row)
    console.print(table)


# ------------------------------------------------------------------------ standby


@standby_app.command("add")
def standby_add_cmd(
    address: Annotated[str, typer.Argument(help="The standby player's address.")],
    config: ConfigOption = None,
    name: Annotated[str | None, typer.Option(help="The name.")] = None,
    language: Annotated[str, typer.Option(help=" or ".join(host_languages()) + ".")] = "de",
    kind: Annotated[str | None, typer.Option(help="Only for this game kind.")] = None,
    lang: LangOption = "de",
) -> None:
    """Put someone on the standby list."""
    with _session(config, lang, may_create=True) as (session, _settings):
        entry = gm.add_standby(
            session, address, name=name, language=language, kind=kind, now=_now()
        )
        console.print(
            say(lang, "cli_standby_added", address=entry.address, language=entry.language)
        )


@standby_app.command("list")
def standby_list_cmd(config: ConfigOption = None, lang: LangOption = "de") -> None:
    """The standby list, longest waiting first."""
    with _session(config, lang) as (session, _settings):
        entries = list(
            session.exec(
                select(Standby)
                .where(Standby.status == StandbyStatus.WAITING)
                .order_by(col(Standby.created_at), col(Standby.id))
            ).all()
        )
    if not entries:
        console.print(say(lang, "cli_standby_empty"))
        return
    table = Table(*say(lang, "cli_standby_columns").split("|"))
    for position, entry in enumerate(entries, 1):
        table.add_row(
            str(position),
            entry.address,
            entry.name or "",
            entry.language,
            entry.preferred_kind or say(lang, "cli_any_kind"),
            f"{entry.created_at:%Y-%m-%d}",
        )
    console.print(table)


@app.command("web-link")
def web_link_cmd(
    number: GameArg,
    seat: Annotated[int, typer.Argument(help="The seat (player number); 0: the GM page.")],
    renew: Annotated[
        bool, typer.Option("--renew", help="A new link; the old one stops working.")
    ] = False,
    revoke: Annotated[bool, typer.Option("--revoke", help="No link works until --renew.")] = False,
    config: ConfigOption = None,
    lang: LangOption = "de",
) -> None:
    """Show a seat's secret web link (docs/web.md); renew or revoke it."""
    if renew and revoke:
        fail(say(lang, "cli_web_both"), lang, 2)
    with _session(config, lang) as (session, settings):
        game = _game(session, number, lang)
        if web_tokens.occupant_id(session, game, seat) is None:
            fail(say(lang, "cli_no_seat", game=number, seat=seat), lang)
        if renew or revoke:
            set_web_access(session, game.id or 0, seat, renew=renew, revoke=revoke, now=_now())
        url = web_tokens.seat_url(session, settings.web, game, seat)
    console.print(url if url is not None else say(lang, "cli_web_revoked", game=number, seat=seat))
