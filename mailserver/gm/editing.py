"""A game's settings changed after ``create``, and a game in setup deleted.

:func:`edit_game` changes what the GM set at creation: the title, the time zone, the GM's
address, the schedule and the first deadline, the reminders, an early run, and, while the
game is in setup, its rule options (tried on the engine again, as at creation). Each value is
checked as at creation (:mod:`mailserver.gm.checks`). :func:`delete_game` removes a game
that has not started; a game that has started is never deleted (its players have
printouts and orders): it is ended.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from datetime import datetime, time
from typing import Any

from sqlalchemy import delete, update
from sqlmodel import Session, col, select

from config.game_options import HOST_KEY, host_settings, rule_options, split_options
from db import repo
from db.models import (
    DiceSecret,
    Game,
    GameMessage,
    GameStatus,
    GmReport,
    GmRuling,
    InboundMail,
    LedgerEntry,
    Outbox,
    Player,
    Standby,
    Submission,
    TurnSnapshot,
    WebAccess,
)
from engine.core import PlayerSetup, Setup, turn_rng
from mailserver.common.kinds import game_kind
from mailserver.gm.checks import (
    check_address,
    check_future,
    check_rule_options,
    check_timezone,
    check_title,
)
from mailserver.gm.lookup import GmError, locked_game


@dataclass(frozen=True)
class GameEdit:
    """What to change; ``None``: leave as it is."""

    timezone: str | None = None
    gm_address: str | None = None
    every_days: int | None = None
    """A deadline every this many days; 0: the GM sets each deadline."""
    at: time | None = None
    """The local time of the scheduled deadlines."""
    first_deadline: datetime | None = None
    """The first deadline (setup only; a running game's is set by ``deadline``)."""
    options: Mapping[str, Any] | None = None
    """Rule options and host options to set (setup only for rule options)."""
    early_run: bool | None = None
    reminder_hours: Sequence[int] | None = None
    title: str | None = None
    """The game's title; empty: none."""

    def given(self) -> list[str]:
        """The names of the fields given."""
        return [f.name for f in fields(self) if getattr(self, f.name) is not None]


def edit_game(session: Session, number: int, edit: GameEdit, *, now: datetime) -> list[str]:
    """Change the game's settings (see :class:`GameEdit`); the names of those changed.

    A finished game is not changed; the rule options and the first deadline only while
    the game is in setup. Every value is checked before anything changes."""
    game = locked_game(session, number)
    if not edit.given():
        raise GmError("gm_error_edit_nothing")
    if game.status == GameStatus.FINISHED:
        raise GmError("gm_error_game_over", number=number)
    setup = game.status == GameStatus.SETUP
    timezone = check_timezone(edit.timezone) if edit.timezone is not None else game.timezone
    title = check_title(edit.title) if edit.title is not None else None
    if edit.every_days is not None and edit.every_days < 0:
        raise GmError("gm_error_every_days_must_1_or")
    if edit.reminder_hours is not None and any(h < 0 for h in edit.reminder_hours):
        raise GmError("gm_error_reminder_hours")
    options = dict(game.options)
    if edit.options is not None:
        raw, host = split_options(edit.options)
        if raw and not setup:
            raise GmError("gm_error_edit_setup_only", number=number, what=", ".join(sorted(raw)))
        check_rule_options(game_kind(game.kind), raw)
        options = {**rule_options(game.options), **raw}
        options[HOST_KEY] = {**host_settings(game.options), **host}
        if raw:
            _try_setup(session, game, rule_options(options))
    if edit.first_deadline is not None:
        if not setup:
            raise GmError("gm_error_edit_first_deadline", number=number)
        check_future(edit.first_deadline, now, timezone)
    if edit.gm_address is not None:
        game.gm_address = repo.normalise_address(check_address(edit.gm_address))
    game.timezone = timezone
    if edit.every_days is not None:
        game.schedule_every_days = edit.every_days or None
    if edit.at is not None:
        game.schedule_time = edit.at
    if game.schedule_every_days is not None and game.schedule_time is None:
        game.schedule_time = time(18, 0)
    if edit.first_deadline is not None:
        game.next_deadline = edit.first_deadline
    if edit.early_run is not None:
        game.early_run = edit.early_run
    if edit.reminder_hours is not None:
        game.reminder_hours = sorted(set(edit.reminder_hours), reverse=True)
    if edit.title is not None:
        game.title = title
    game.options = options
    repo.saved(session, game)
    return edit.given()


def option_value(text: str) -> Any:
    """An option's value as the GM wrote it: JSON if it reads as JSON (numbers,
    ``true``), else the text."""
    try:
        return json.loads(text.strip())
    except ValueError:
        return text.strip()


def _try_setup(session: Session, game: Game, options: dict[str, Any]) -> None:
    """The game's setup with ``options`` tried on the engine, as at creation."""
    players = repo.current_players(session, game.id or 0)
    setup = Setup(
        game=game.number,
        players=[PlayerSetup(p.seat, p.ruler_name, p.seat_fields or {}) for p in players],
        scenario=game.name,
        options=options,
        seed=game.seed,
    )
    try:
        game_kind(game.kind).engine.new_game(setup, turn_rng(game.seed, 0))
    except ValueError as err:
        raise GmError("gm_error_game_cannot_set_up_like", err=err) from None


def delete_game(session: Session, number: int) -> None:
    """Remove a game in setup with its seats; a game that has started is refused (it is
    ended, never deleted). Mails already in or out keep their rows, without the game."""
    game = locked_game(session, number)
    if game.status != GameStatus.SETUP:
        raise GmError("gm_error_delete_started", number=number, status=game.status.value)
    game_id = game.id or 0
    if session.exec(select(LedgerEntry.id).where(LedgerEntry.game_id == game_id)).first():
        raise GmError("gm_error_delete_bookings", number=number)
    players = select(Player.id).where(Player.game_id == game_id)
    for table in (InboundMail, Outbox):
        session.execute(
            update(table).where(col(table.game_id) == game_id).values(game_id=None, player_id=None)
        )
    session.execute(
        update(Standby)
        .where(col(Standby.assigned_player_id).in_(players))
        .values(assigned_player_id=None)
    )
    for owned in (Submission, GameMessage, GmReport, GmRuling, DiceSecret, TurnSnapshot, WebAccess):
        session.execute(delete(owned).where(col(owned.game_id) == game_id))
    session.execute(delete(Player).where(col(Player.game_id) == game_id))
    session.delete(game)
    session.flush()
