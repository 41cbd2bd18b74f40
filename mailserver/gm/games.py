"""A new game: its seats, options and schedule checked and stored, then its start.

:func:`create_game` tries the setup on the engine at once, so a bad option or seat list
is refused before anything is stored; :func:`start_game` makes turn 0 and mails every
player a password and the first printout.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, time
from typing import Any

from sqlmodel import Session

from config.game_options import HOST_KEY, rule_options, split_options
from db import repo
from db.models import Game, GameStatus, Player
from db.passwords import hash_password
from engine.catalogs import FALLBACK
from engine.core import GAME_MAX, GameKind, PlayerSetup, Setup, turn_rng
from grammar.reader import name_problem
from mailserver.common.kinds import UnknownGameKind, game_kind, kind_names
from mailserver.common.terms import TurnContext
from mailserver.gm.checks import (
    check_address,
    check_future,
    check_rule_options,
    check_timezone,
    check_title,
)
from mailserver.gm.lookup import GmError, locked_game
from mailserver.printouts.compose import new_password
from mailserver.turns.deadlines import next_deadline
from mailserver.turns.mails import start_game_printouts
from mailserver.turns.sealing import draw_secret


@dataclass
class SeatSpec:
    """One seat of a new game."""

    seat: int
    address: str
    language: str = "de"
    ruler_name: str | None = None
    timezone: str | None = None
    fields: dict[str, str] = field(default_factory=dict)
    """Values of the game kind's per-seat fields (a character, a code name)."""


def create_game(
    session: Session,
    *,
    kind: str,
    number: int,
    gm_address: str,
    gm_password: str,
    seats: Sequence[SeatSpec],
    options: Mapping[str, Any] | None = None,
    scenario: str | None = None,
    every_days: int | None = 14,
    at: time | None = time(18, 0),
    timezone: str = "Europe/Berlin",
    first_deadline: datetime | None = None,
    early_run: bool = False,
    reminder_hours: Sequence[int] = (48, 12),
    seed: int | None = None,
    title: str | None = None,
    now: datetime,
) -> Game:
    """A new game in status ``setup`` with its seats, options and schedule.

    ``options`` are the engine's rule options plus the host's (:mod:`config.game_options`:
    ``nmr_drop_after``, ``gm_language``, the message rules). The kind's ``host_options``
    apply unless given (e.g. a rule that drops players itself is switched off: the host
    drops players, docs/host-rules.md). The setup is tried on the engine at once, so a
    bad option or seat list is refused here, as are a time zone, an address or a first
    deadline that cannot be (:mod:`mailserver.gm.checks`). ``title`` is the GM's name
    for the game.
    """
    try:
        game_type = game_kind(kind)
    except UnknownGameKind:
        raise GmError("gm_error_unknown_kind", kind=kind, known=", ".join(kind_names())) from None
    engine = game_type.engine
    if not 1 <= number <= GAME_MAX:  # a game the header line cannot name: no mail reaches it
        raise GmError("gm_error_game_number_invalid", number=number, most=GAME_MAX)
    if (taken := repo.get_game_by_number(session, number)) is not None:
        raise GmError("gm_error_game_number_taken", number=number, kind=taken.kind)
    if every_days is not None and every_days < 1:
        raise GmError("gm_error_every_days_must_1_or")
    if not game_type.min_players <= len(seats) <= game_type.max_players:
        raise GmError(
            "gm_error_takes_players",
            title=game_type.title,
            min_players=game_type.min_players,
            max_players=game_type.max_players,
        )
    _check_seat_fields(game_type, seats)
    _check_gm_password(gm_password)
    timezone = check_timezone(timezone)
    gm_address = check_address(gm_address)
    for spec in seats:
        spec.address = check_address(spec.address)
        if spec.timezone is not None:
            spec.timezone = check_timezone(spec.timezone)
    if first_deadline is not None:
        check_future(first_deadline, now, timezone)
    for spec in seats:
        problem = name_problem(spec.ruler_name) if spec.ruler_name else None
        if problem is not None:
            raise GmError("gm_error_seat_problem", seat=spec.seat, problem=problem)
    numbers = [s.seat for s in seats]
    if len(set(numbers)) != len(numbers):
        raise GmError("gm_error_each_seat_only_once")
    raw, host = split_options(options or {})
    raw = {**game_type.host_options, **raw}
    check_rule_options(game_type, raw)
    seed = secrets.randbits(64) if seed is None else seed
    setup = Setup(
        game=number,
        players=[PlayerSetup(s.seat, s.ruler_name, s.fields) for s in seats],
        scenario=scenario,
        options=raw,
        seed=seed,
    )
    try:
        engine.new_game(setup, turn_rng(seed, 0))
    except ValueError as err:
        raise GmError("gm_error_game_cannot_set_up_like", err=err) from None
    game = Game(
        kind=kind,
        number=number,
        seed=seed,
        options={**raw, HOST_KEY: host},
        gm_address=repo.normalise_address(gm_address),
        gm_password_hash=hash_password(gm_password),
        schedule_every_days=every_days,
        schedule_time=at,
        timezone=timezone,
        next_deadline=first_deadline,
        reminder_hours=list(reminder_hours),
        early_run=early_run,
        created_at=now,
        title=check_title(title) if title is not None else None,
    )
    if scenario is not None:
        game.name = scenario
    repo.saved(session, game)
    for spec in seats:
        session.add(
            Player(
                game_id=game.id or 0,
                seat=spec.seat,
                address=repo.normalise_address(spec.address),
                # Replaced by start_game; nobody can log in before the start.
                password_hash=hash_password(secrets.token_urlsafe(32)),
                ruler_name=spec.ruler_name,
                seat_fields=dict(spec.fields) or None,
                language=spec.language,
                timezone=spec.timezone,
                created_at=now,
            )
        )
    session.flush()
    return game


GM_PASSWORD_MIN = 10


def new_gm_password() -> str:
    """A GM password no guesser finds: 16 characters of the players' unambiguous alphabet."""
    return new_password(16)


def _check_gm_password(password: str) -> None:
    """The GM password opens every seat (a replacement mails its password): it must not
    be guessable in a few tries. ``pbem gm create`` generates one when none is given."""
    if len(password) < GM_PASSWORD_MIN or len(set(password)) < 5 or password.isdigit():
        raise GmError("gm_error_gm_password_too_weak_at", GM_PASSWORD_MIN=GM_PASSWORD_MIN)


def _check_seat_fields(kind: GameKind, seats: Sequence[SeatSpec]) -> None:
    """Every seat gives the kind's per-seat fields, each with an allowed value; a field
    marked unique has a different value at every seat."""
    known = {f.name for f in kind.seat_fields}
    names = ", ".join(sorted(known)) or "-"
    for spec in seats:
        for name in spec.fields:
            if name not in known:
                raise GmError(
                    "gm_error_has_no_seat_field_known", title=kind.title, name=name, names=names
                )
    for seat_field in kind.seat_fields:
        values = [spec.fields.get(seat_field.name) for spec in seats]
        label = {FALLBACK: seat_field.name, **seat_field.labels}
        for spec, value in zip(seats, values, strict=True):
            if value is None:
                if seat_field.required:
                    raise GmError(
                        "gm_error_seat_field_missing",
                        seat=spec.seat,
                        label=label,
                        name=seat_field.name,
                    )
            elif seat_field.choices and value not in seat_field.choices:
                choices = ", ".join(seat_field.choices)
                raise GmError(
                    "gm_error_seat_field_unknown",
                    seat=spec.seat,
                    label=label,
                    value=value,
                    choices=choices,
                )
        given = [v.casefold() for v in values if v is not None]
        if seat_field.unique and len(set(given)) != len(given):
            raise GmError("gm_error_seat_field_twice", label=label)


def start_game(session: Session, number: int, ctx: TurnContext) -> dict[int, str]:
    """Turn 0: the start position, new passwords (returned as seat -> clear text, stored
    only hashed) and the printouts of turn 0 with password and order form in the outbox.

    The first deadline is the one set at creation, else the schedule's from now.
    """
    now = ctx.now
    game = locked_game(session, number)
    if game.status != GameStatus.SETUP:
        raise GmError("gm_error_game_has_started", number=number)
    players = repo.current_players(session, game.id or 0)
    engine = game_kind(game.kind).engine
    setup = Setup(
        game=game.number,
        players=[PlayerSetup(p.seat, p.ruler_name, p.seat_fields or {}) for p in players],
        scenario=game.name,
        options=rule_options(game.options),
        seed=game.seed,
    )
    state = engine.new_game(setup, turn_rng(game.seed, 0))
    repo.store_snapshot(
        session, game_id=game.id or 0, turn=0, state=state.to_json(), seed=game.seed
    )
    draw_secret(session, game.id or 0, 1)  # docs/dice.md: turn 0's printouts carry its seal
    passwords: dict[int, str] = {}
    for player in players:
        passwords[player.seat] = new_password()
        player.password_hash = hash_password(passwords[player.seat])
        session.add(player)
    game.status, game.started_at, game.turn = GameStatus.RUNNING, now, 0
    if game.next_deadline is None or game.next_deadline <= now:
        if game.schedule_every_days is not None and game.schedule_time is not None:
            game.next_deadline = next_deadline(
                now, every_days=game.schedule_every_days, at=game.schedule_time, tz=game.timezone
            )
        else:
            game.next_deadline = None
    repo.saved(session, game)
    start_game_printouts(session, game, passwords, ctx)
    return passwords
