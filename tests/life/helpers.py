"""Building a hosted game for the game-life tests: created and started by the GM, orders
written by the bots and mailed through the real intake."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from random import Random
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session, col, select

from db import repo
from db.models import PASSWORD_PLACEHOLDER, Game, Outbox, OutboxKind, Player
from db.session import transaction
from engine.ashes.bots import bot_orders
from engine.ashes.state import AshesState
from mailserver.common.terms import HostTerms
from mailserver.gm import operations as gm
from mailserver.inbound.intake import IntakeConfig, IntakeOutcome, process_mail
from mailserver.turns import run as turns
from tests.factories import order_mail

FROM = "ashes@example.org"
GM = "gm@example.org"
TERMS = HostTerms(from_address=FROM)
CONFIG = IntakeConfig(TERMS)
START = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
WEEK = timedelta(days=7)


def address(seat: int) -> str:
    return f"player{seat}@example.org"


def create(
    session: Session,
    number: int,
    *,
    kind: str = "ashes",
    seats: Sequence[gm.SeatSpec] | None = None,
    gm_address: str = GM,
    password: str = "spielleiter",
    **more: Any,
) -> Game:
    """``gm.create_game`` as the GM does it at ``START`` (by default: Ashes, two seats);
    ``more`` are its further arguments (options, rhythm, seed)."""
    if seats is None:
        seats = [gm.SeatSpec(1, address(1)), gm.SeatSpec(2, address(2))]
    return gm.create_game(
        session,
        kind=kind,
        number=number,
        gm_address=gm_address,
        gm_password=password,
        seats=list(seats),
        now=START,
        **more,
    )


def create_and_start(
    engine: Engine,
    *,
    number: int = 227,
    seats: int = 4,
    options: dict[str, Any] | None = None,
    languages: Sequence[str] = ("de", "en", "de", "de"),
) -> tuple[int, dict[int, str]]:
    """A running game (7-day rhythm at 18:00 Berlin) and the players' passwords."""
    with transaction(engine) as session:
        game = create(
            session,
            number,
            seats=[
                gm.SeatSpec(n, address(n), languages[(n - 1) % len(languages)])
                for n in range(1, seats + 1)
            ],
            options=options or {},
            every_days=7,
            seed=4711,
        )
        passwords = gm.start_game(session, number, TERMS.at(START))
        return game.id or 0, passwords


def game_of(session: Session, game_id: int) -> Game:
    game = session.get(Game, game_id, populate_existing=True)
    assert game is not None
    return game


def deadline(engine: Engine, game_id: int) -> datetime:
    with Session(engine) as session:
        when = game_of(session, game_id).next_deadline
        assert when is not None
        return when


def send_orders(
    engine: Engine,
    game_id: int,
    seat: int,
    password: str,
    *,
    now: datetime,
    extra: str = "",
) -> IntakeOutcome:
    """The bot's orders for ``seat`` (seeded by seat and turn), mailed by its occupant."""
    with transaction(engine) as session:
        game = game_of(session, game_id)
        snapshot = repo.load_snapshot(session, game_id, game.turn)
        assert snapshot is not None
        state = AshesState.from_json(snapshot.state_data())
        text = bot_orders(state, seat, Random(seat * 100 + game.turn))
        text = text.replace(f"Kennwort geheim{seat}", f"Kennwort {password}", 1) + extra
        occupant = next(p for p in repo.current_players(session, game_id) if p.seat == seat)
        return process_mail(session, order_mail(occupant.address, text), config=CONFIG, now=now)


def run(
    engine: Engine, game_id: int, now: datetime, *, turn_fee_cents: int = 0, **kwargs: Any
) -> turns.TurnRun:
    """The game's turn run at ``now`` (with the host's turn fee, if any)."""
    terms = replace(TERMS, turn_fee_cents=turn_fee_cents)
    with transaction(engine) as session:
        return turns.run_turn(session, game_id, terms.at(now), **kwargs)


def outbox(
    session: Session, kind: OutboxKind | None = None, turn: int | None = None
) -> list[Outbox]:
    stmt = select(Outbox).order_by(col(Outbox.id))
    if kind is not None:
        stmt = stmt.where(Outbox.kind == kind)
    if turn is not None:
        stmt = stmt.where(Outbox.turn == turn)
    return list(session.exec(stmt.execution_options(populate_existing=True)).all())


def occupant(session: Session, game_id: int, seat: int) -> Player:
    return next(p for p in repo.current_players(session, game_id) if p.seat == seat)


def mailed(row: Outbox) -> str:
    """The body as the sender mails it: the password replaces its placeholder only then."""
    return row.body.replace(PASSWORD_PLACEHOLDER, row.secret or "")
