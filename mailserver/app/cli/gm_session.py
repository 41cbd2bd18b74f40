"""The ground every ``pbem gm`` command stands on: its database, its transaction, and a
command carried out as a GM mail would.

:func:`gm_session` opens the database of ``--config`` (migrated first, the game kinds
loaded) for one transaction; a :class:`~mailserver.gm.operations.GmError` exits 1 with
its message. The options every command shares are here too.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, OperationalError
from sqlmodel import Session

from config.settings import Settings, environment_settings
from db.models import Game
from db.repo import get_game_by_number
from db.session import make_engine, transaction, upgrade
from grammar import gm as lang_gm
from mailserver.app.cli.common import fail, game_number, whole_number
from mailserver.app.cli.settings import LOCAL_CONFIG, config_file, settings_or_fail
from mailserver.common.catalog import say
from mailserver.common.kinds import UnknownGameKind, load_kinds
from mailserver.common.terms import HostTerms
from mailserver.gm import mail as gm_mail
from mailserver.gm import operations as gm
from mailserver.gm.checks import EVERY_DAYS_MAX

ConfigOption = Annotated[
    Path | None,
    typer.Option(
        "--config",
        help="TOML settings file (database_url, smtp.from_address; default: ./pbem.toml if there).",
    ),
]
GameArg = Annotated[int, typer.Argument(help="The game number.", **game_number("GAME"))]
SeatArg = Annotated[
    int,
    typer.Argument(
        help="The seat (player number).",
        **whole_number("SEAT", 1, lang_gm.SEAT_MAX),
    ),
]

# The schedule and GM of a game, as ``pbem gm create`` and ``pbem gm edit`` take them.
GmAddressOption = Annotated[str | None, typer.Option("--gm", help="The GM's address.")]
TimeZoneOption = Annotated[str | None, typer.Option("--tz", help="The game's time zone.")]
EveryDaysOption = Annotated[
    int | None,
    typer.Option(
        help=f"A deadline every this many days, {EVERY_DAYS_MAX} at most (0: GM sets each).",
        **whole_number("--every-days", 0, EVERY_DAYS_MAX),
    ),
]
AtOption = Annotated[str | None, typer.Option(help="Local time of the deadlines, HH:MM.")]
FirstDeadlineOption = Annotated[
    str | None,
    typer.Option(help="The first deadline (setup only), e.g. '2026-12-01 18:00' or '+14d'."),
]
EarlyRunOption = Annotated[
    bool | None,
    typer.Option("--early-run/--no-early-run", help="Run once every player is final."),
]
ReminderHoursOption = Annotated[
    str | None, typer.Option(help="Reminders this many hours before, e.g. 48,12.")
]


console = Console(highlight=False, soft_wrap=True)


def utc_now() -> datetime:
    """The moment a command runs (UTC)."""
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
def gm_session(
    config: Path | None, lang: str, *, may_create: bool = False
) -> Iterator[tuple[Session, Settings]]:
    """One transaction on the configured database (migrated first); a GmError exits 1
    with its message in ``lang``. Only with ``may_create`` is a missing SQLite file made
    (creating a game or a standby entry), so that a command in the wrong folder does not
    leave an empty database behind and report on it."""
    settings = settings_or_fail(config, lang)
    url = settings.database_url
    if config is None:
        # No --config names the database: say which one this is (by default a file in
        # the current folder, which differs from one shell to the next).
        from_env = "PBEM_DATABASE_URL" in (name.upper() for name in environment_settings())
        text = "cli_database_from_env" if from_env else "cli_database_default"
        if not from_env and config_file(None) is not None:
            text = "cli_database_from_local"
        typer.echo(say(lang, text, database=_shown(url), file=LOCAL_CONFIG), err=True)
    try:
        load_kinds(settings.game_kinds)
    except UnknownGameKind as exc:
        fail(str(exc), lang)
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
        fail(exc.message(lang, "cli"), lang)
    finally:
        engine.dispose()


def game_or_fail(session: Session, number: int, lang: str) -> Game:
    """The game ``number``; exits 1 saying there is none."""
    game = get_game_by_number(session, number)
    if game is None:
        fail(say(lang, "cli_no_game", game=number), lang)
    return game


def one_command(line: str, lang: str) -> lang_gm.GmCommand:
    """A command written as in a GM mail (``ZAT +3d``); a bad one exits with the reason."""
    result = lang_gm.parse(line)
    if result.errors or len(result.commands) != 1:
        messages = [e.message(lang) for e in result.errors]
        fail(" ".join(messages) or say(lang, "cli_unreadable_command", line=line), lang)
    return result.commands[0]


def perform(config: Path | None, number: int, command: lang_gm.GmCommand, lang: str) -> None:
    """Carry out one typed command as a GM mail would, and print what it did."""
    with gm_session(config, lang) as (session, settings):
        game = game_or_fail(session, number, lang)
        turn = HostTerms.from_settings(settings).at(utc_now())
        ctx = gm_mail.GmContext(turn, preview_to=game.gm_address, lang=lang, via="cli")
        outcome = gm_mail.perform(session, game, command, ctx)
    console.print(outcome.message)
