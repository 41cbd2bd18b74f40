"""``pbem gm edit``, ``pbem gm delete`` and ``pbem gm password``: a game's settings
changed after ``create``, a game in setup deleted, a lost password replaced.

A value that cannot be (a time zone that does not exist, no address, a deadline in the
past) is a wrong command line: one line, exit 2. What the game does not allow (rule
options of a game that has started, deleting a running game) exits 1 with the reason.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from mailserver.app.cli.common import LangOption, fail
from mailserver.app.cli.gm_create import (
    checked,
    checked_title,
    first_deadline_arg,
    option_arg,
    time_of_day,
)
from mailserver.app.cli.gm_session import (
    AtOption,
    ConfigOption,
    EarlyRunOption,
    EveryDaysOption,
    FirstDeadlineOption,
    GameArg,
    GmAddressOption,
    ReminderHoursOption,
    SeatArg,
    TimeZoneOption,
    console,
    game_or_fail,
    gm_session,
    utc_now,
)
from mailserver.common.catalog import say
from mailserver.common.terms import HostTerms
from mailserver.gm import mail as gm_mail
from mailserver.gm import operations as gm
from mailserver.gm.checks import check_address, check_timezone


def edit_cmd(
    number: GameArg,
    config: ConfigOption = None,
    title: Annotated[
        str | None, typer.Option(help="The game's title, as you name it ('': none).")
    ] = None,
    tz: TimeZoneOption = None,
    gm_address: GmAddressOption = None,
    every_days: EveryDaysOption = None,
    at: AtOption = None,
    first_deadline: FirstDeadlineOption = None,
    early_run: EarlyRunOption = None,
    reminder_hours: ReminderHoursOption = None,
    option: Annotated[
        list[str] | None,
        typer.Option(help="An option KEY=VALUE, repeated (rule options: setup only)."),
    ] = None,
    lang: LangOption = "de",
) -> None:
    """Change a game's settings: title, time zone, GM address, schedule, first deadline,
    reminders, early run, options (rule options while in setup)."""
    checked_title(title, lang)
    timezone = checked(check_timezone, tz, lang) if tz is not None else None
    address = checked(check_address, gm_address, lang) if gm_address is not None else None
    hours = None
    if reminder_hours is not None:
        if not all(h.strip().isdecimal() for h in reminder_hours.split(",") if h.strip()):
            fail(say(lang, "cli_bad_hours", text=reminder_hours), lang, 2)
        hours = [int(h) for h in reminder_hours.split(",") if h.strip()]
    options: dict[str, Any] | None = None
    if option:
        options = dict(option_arg(o, lang) for o in option)
    deadline_at = time_of_day(at, lang) if at is not None else None
    now = utc_now()
    with gm_session(config, lang) as (session, _settings):
        game = game_or_fail(session, number, lang)
        first, note = None, ""
        if first_deadline is not None:
            zone = timezone or game.timezone
            default = deadline_at or game.schedule_time or gm_mail.DEFAULT_DEADLINE_TIME
            read = first_deadline_arg(first_deadline, zone, default, now, lang)
            first, note = read.moment, read.note(zone, lang)
        edit = gm.GameEdit(
            timezone=timezone,
            gm_address=address,
            every_days=every_days,
            at=deadline_at,
            first_deadline=first,
            options=options,
            early_run=early_run,
            reminder_hours=hours,
            title=title,
        )
        changed = gm.edit_game(session, number, edit, now=now)
        session.refresh(game)
        shown = gm_mail.settings_text(game, lang)
    console.print(say(lang, "cli_edited", game=number, what=", ".join(changed)) + " " + shown)
    if note:
        console.print(note)


def delete_cmd(number: GameArg, config: ConfigOption = None, lang: LangOption = "de") -> None:
    """Delete a game in setup (a game that has started is ended, never deleted)."""
    with gm_session(config, lang) as (session, _settings):
        gm.delete_game(session, number)
    console.print(say(lang, "reply_deleted", game=number))


def password_cmd(
    number: GameArg, seat: SeatArg, config: ConfigOption = None, lang: LangOption = "de"
) -> None:
    """A lost password: a new one mailed to the seat's registered address; the seat's
    orders and private link stay."""
    with gm_session(config, lang) as (session, settings):
        terms = HostTerms.from_settings(settings).at(utc_now())
        player = gm.new_seat_password(session, number, seat, terms)
        address = player.address
    console.print(say(lang, "cli_new_password", game=number, seat=seat, address=address))
