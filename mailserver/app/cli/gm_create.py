"""``pbem gm create``: a game from command-line options or a game file (TOML or JSON).

The options and the file's keys are the same (``players`` a list of seats, each
``SEAT=ADDRESS[,LANG][,FIELD=VALUE...]`` or a table); an option given on the command
line wins over the file. A wrong value exits 2 naming it; the game itself is checked by
:func:`mailserver.gm.operations.create_game` (exit 1).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable
from datetime import datetime, time
from pathlib import Path
from typing import Annotated, Any

import typer

from engine.core import GAME_MAX
from mailserver.app.cli.common import (
    DB_INT_MAX,
    LangOption,
    fail,
    game_number,
    read_input,
    whole_number,
)
from mailserver.app.cli.gm_session import (
    AtOption,
    ConfigOption,
    EarlyRunOption,
    EveryDaysOption,
    FirstDeadlineOption,
    GmAddressOption,
    ReminderHoursOption,
    TimeZoneOption,
    console,
    gm_session,
    utc_now,
)
from mailserver.common.catalog import DEFAULT_LANGUAGE, either, say
from mailserver.common.catalog import languages as host_languages
from mailserver.gm import operations as gm
from mailserver.gm.checks import (
    EVERY_DAYS_MAX,
    check_address,
    check_future,
    check_timezone,
    check_title,
)
from mailserver.turns import deadlines as schedule


def _seat_spec(text: str, lang: str) -> gm.SeatSpec:
    """``1=anna@example.org[,en][,FIELD=VALUE...]`` (the game kind's per-seat fields)."""
    seat, sep, rest = text.partition("=")
    address, *parts = rest.split(",")
    if not sep or not seat.strip().isdecimal() or "@" not in address:
        fail(say(lang, "cli_bad_seat", text=text), lang, 2)
    checked(check_address, address, lang)
    fields = dict(
        (key.strip(), value.strip())
        for key, _, value in (p.partition("=") for p in parts if "=" in p)
    )
    languages = [p.strip().lower() for p in parts if "=" not in p and p.strip()]
    language = languages[0] if languages else DEFAULT_LANGUAGE
    if len(languages) > 1 or language not in host_languages():
        fail(say(lang, "cli_bad_seat_language", text=text, languages=either(lang)), lang, 2)
    return gm.SeatSpec(seat=int(seat), address=address.strip(), language=language, fields=fields)


def checked(check: Callable[[str], str], value: str, lang: str) -> str:
    """``check(value)``; its :class:`GmError` is a wrong command line: one line, exit 2."""
    try:
        return check(value)
    except gm.GmError as exc:
        fail(exc.message(lang), lang, 2)


def checked_title(title: str | None, lang: str) -> None:
    """``--title`` refused (exit 2) if it is too long."""
    if title is not None:
        checked(lambda text: check_title(text) or "", title, lang)


def option_arg(text: str, lang: str) -> tuple[str, Any]:
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
    if not isinstance(data, dict):  # a JSON array or value: no keys to read
        fail(say(lang, "cli_bad_game_file", file=path, reason=say(lang, "cli_no_table")), lang, 2)
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


def _in_file_range(key: str, value: Any, low: int, high: int, lang: str) -> None:
    """A game file's whole number ``key``: exit 2 if it is none or outside ``low``..``high``."""
    text = str(value).strip()
    if isinstance(value, bool) or not text.removeprefix("-").isdecimal():
        fail(say(lang, "cli_bad_whole_number", key=key, value=value), lang, 2)
    # Past 30 digits it is out of range whatever the bounds (int() of it would be slow).
    if len(text) > 30 or not low <= int(text) <= high:
        fail(say(lang, "cli_out_of_range", name=key, value=text, low=low, high=high), lang, 2)


def time_of_day(text: str, lang: str) -> time:
    """``HH:MM`` (``--at``); exit 2 naming it otherwise."""
    try:
        return time.fromisoformat(text.strip())
    except ValueError:
        fail(say(lang, "cli_bad_time", text=text), lang, 2)


def first_deadline_arg(
    text: str, timezone: str, at: time, now: datetime, lang: str
) -> schedule.ReadWhen:
    """The first deadline as written (``--first-deadline``, a game file's
    ``first_deadline``), in the future; exit 2 if not. A day without a time is at ``at``."""
    try:
        first = schedule.read_when(
            text, timezone, now=now, default_time=at, days_at_default_time=True
        )
    except ValueError as exc:
        why = exc.say(lang) if isinstance(exc, schedule.WhenError) else str(exc)
        fail(f"--first-deadline: {why}", lang, 2)
    try:
        check_future(first.moment, now, timezone)
        return first
    except gm.GmError as exc:
        fail(exc.message(lang), lang, 2)


def create_cmd(
    config: ConfigOption = None,
    file: Annotated[
        Path | None,
        typer.Option("--file", help="A game file (TOML or JSON) with the options below."),
    ] = None,
    kind: Annotated[
        str | None, typer.Option(help="The game kind (pbem --help lists them).")
    ] = None,
    number: Annotated[
        int | None,
        typer.Option(help="The game number (unique).", **game_number("--number")),
    ] = None,
    gm_address: GmAddressOption = None,
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
    every_days: EveryDaysOption = None,
    at: AtOption = None,
    tz: TimeZoneOption = None,
    first_deadline: FirstDeadlineOption = None,
    early_run: EarlyRunOption = None,
    option: Annotated[
        list[str] | None, typer.Option(help="A rule option KEY=VALUE, repeated.")
    ] = None,
    scenario: Annotated[str | None, typer.Option(help="The engine's scenario.")] = None,
    reminder_hours: ReminderHoursOption = None,
    seed: Annotated[
        int | None,
        typer.Option(
            help="The game's seed (default: random).",
            **whole_number("--seed", 0),
        ),
    ] = None,
    title: Annotated[str | None, typer.Option(help="The game's title, as you name it.")] = None,
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
        "title": title,
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
    options.update(option_arg(o, lang) for o in option or [])
    hours = data.get("reminder_hours", [48, 12])
    if reminder_hours is not None:
        if not all(h.strip().isdecimal() for h in reminder_hours.split(",") if h.strip()):
            fail(say(lang, "cli_bad_hours", text=reminder_hours), lang, 2)
        hours = [int(h) for h in reminder_hours.split(",") if h.strip()]
    timezone = checked(check_timezone, str(data.get("timezone", "Europe/Berlin")), lang)
    checked(check_address, str(data["gm"]), lang)
    checked_title(None if data.get("title") is None else str(data["title"]), lang)
    for spec in seats:
        checked(check_address, spec.address, lang)
        if spec.timezone is not None:
            checked(check_timezone, str(spec.timezone), lang)
    deadline_at = time_of_day(str(data.get("at", "18:00")), lang)
    now = utc_now()
    written = data.get("first_deadline")
    first = first_deadline_arg(str(written), timezone, deadline_at, now, lang) if written else None
    days = data.get("every_days", 14)
    bounds = [("number", data["number"], 1, GAME_MAX), ("every_days", days, 0, EVERY_DAYS_MAX)]
    if data.get("seed") is not None:
        bounds.append(("seed", data["seed"], 0, DB_INT_MAX))
    for key, value, low, high in bounds:  # from a game file; the options are checked typed
        _in_file_range(key, value, low, high, lang)
    with gm_session(config, lang, may_create=True) as (session, _settings):
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
            first_deadline=None if first is None else first.moment,
            early_run=bool(data.get("early_run", False)),
            reminder_hours=hours,
            seed=None if data.get("seed") is None else int(data["seed"]),
            title=str(data["title"]) if data.get("title") is not None else None,
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
        if first is not None and first.skipped is not None:
            console.print(first.note(timezone, lang))
        if generated is not None:
            console.print(say(lang, "cli_gm_password", password=generated))
